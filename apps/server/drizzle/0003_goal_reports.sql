CREATE TABLE "goal_report_covers" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"school_name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"creator_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goal_report_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"report_id" text NOT NULL,
	"requester_user_id" text NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"file_id" text,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "goal_report_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"outline" text NOT NULL,
	"creator_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goal_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"subject_id" text NOT NULL,
	"year_target_id" text NOT NULL,
	"task_id" text,
	"level_self" text,
	"state" text DEFAULT 'draft' NOT NULL,
	"opinion" text DEFAULT '' NOT NULL,
	"file_id" text,
	"generated_at" timestamp with time zone,
	"template_id" text,
	"submitter_user_id" text,
	"submitted_at" timestamp with time zone,
	"auditor_user_id" text,
	"audited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "goal_report_covers" ADD CONSTRAINT "goal_report_covers_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_report_jobs" ADD CONSTRAINT "goal_report_jobs_report_id_goal_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."goal_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_report_jobs" ADD CONSTRAINT "goal_report_jobs_requester_user_id_users_id_fk" FOREIGN KEY ("requester_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_report_jobs" ADD CONSTRAINT "goal_report_jobs_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_report_templates" ADD CONSTRAINT "goal_report_templates_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_reports" ADD CONSTRAINT "goal_reports_year_target_id_goal_year_targets_id_fk" FOREIGN KEY ("year_target_id") REFERENCES "public"."goal_year_targets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_reports" ADD CONSTRAINT "goal_reports_task_id_goal_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."goal_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_reports" ADD CONSTRAINT "goal_reports_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_reports" ADD CONSTRAINT "goal_reports_template_id_goal_report_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."goal_report_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_reports" ADD CONSTRAINT "goal_reports_submitter_user_id_users_id_fk" FOREIGN KEY ("submitter_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_reports" ADD CONSTRAINT "goal_reports_auditor_user_id_users_id_fk" FOREIGN KEY ("auditor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "goal_report_covers_default_uq" ON "goal_report_covers" USING btree ("is_default") WHERE is_default;--> statement-breakpoint
CREATE INDEX "goal_report_jobs_report_idx" ON "goal_report_jobs" USING btree ("report_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "goal_report_jobs_running_uq" ON "goal_report_jobs" USING btree ("report_id") WHERE state = 'running';--> statement-breakpoint
CREATE UNIQUE INDEX "goal_report_templates_name_uq" ON "goal_report_templates" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "goal_reports_subject_uq" ON "goal_reports" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "goal_reports_year_target_idx" ON "goal_reports" USING btree ("year_target_id");