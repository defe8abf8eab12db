CREATE TABLE "object_task_scores" (
	"object_task_id" text PRIMARY KEY NOT NULL,
	"score" double precision NOT NULL,
	"graded_points" integer NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quality_report_covers" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"school_name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"creator_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quality_report_discussions" (
	"id" text PRIMARY KEY NOT NULL,
	"report_id" text NOT NULL,
	"user_id" text NOT NULL,
	"content" text NOT NULL,
	"reply_to_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quality_report_experts" (
	"report_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quality_report_experts_report_id_user_id_pk" PRIMARY KEY("report_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "quality_report_explains" (
	"id" text PRIMARY KEY NOT NULL,
	"report_id" text NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"content" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quality_report_reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"report_id" text NOT NULL,
	"kind" text NOT NULL,
	"reviewer_user_id" text NOT NULL,
	"result" text,
	"score" double precision,
	"opinion" text DEFAULT '' NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quality_report_seals" (
	"kind" text NOT NULL,
	"result" text NOT NULL,
	"file_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quality_report_seals_kind_result_pk" PRIMARY KEY("kind","result")
);
--> statement-breakpoint
CREATE TABLE "quality_report_shares" (
	"id" text PRIMARY KEY NOT NULL,
	"report_id" text NOT NULL,
	"user_id" text,
	"department_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quality_report_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sections" jsonb NOT NULL,
	"creator_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quality_reports" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"task_id" text NOT NULL,
	"scope" text NOT NULL,
	"object_task_id" text,
	"department_id" text,
	"template_id" text,
	"cover_id" text,
	"principal_user_id" text NOT NULL,
	"creator_user_id" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"reject_reason" text,
	"round" integer DEFAULT 1 NOT NULL,
	"school_result" text,
	"expert_result" text,
	"expert_score" double precision,
	"file_id" text,
	"generated_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "indicators" ADD COLUMN "weight" double precision;--> statement-breakpoint
ALTER TABLE "object_task_scores" ADD CONSTRAINT "object_task_scores_object_task_id_object_tasks_id_fk" FOREIGN KEY ("object_task_id") REFERENCES "public"."object_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_report_covers" ADD CONSTRAINT "quality_report_covers_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_report_discussions" ADD CONSTRAINT "quality_report_discussions_report_id_quality_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."quality_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_report_discussions" ADD CONSTRAINT "quality_report_discussions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_report_experts" ADD CONSTRAINT "quality_report_experts_report_id_quality_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."quality_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_report_experts" ADD CONSTRAINT "quality_report_experts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_report_explains" ADD CONSTRAINT "quality_report_explains_report_id_quality_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."quality_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_report_reviews" ADD CONSTRAINT "quality_report_reviews_report_id_quality_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."quality_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_report_reviews" ADD CONSTRAINT "quality_report_reviews_reviewer_user_id_users_id_fk" FOREIGN KEY ("reviewer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_report_seals" ADD CONSTRAINT "quality_report_seals_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_report_shares" ADD CONSTRAINT "quality_report_shares_report_id_quality_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."quality_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_report_shares" ADD CONSTRAINT "quality_report_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_report_shares" ADD CONSTRAINT "quality_report_shares_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_report_templates" ADD CONSTRAINT "quality_report_templates_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_reports" ADD CONSTRAINT "quality_reports_task_id_diagnosis_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."diagnosis_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_reports" ADD CONSTRAINT "quality_reports_object_task_id_object_tasks_id_fk" FOREIGN KEY ("object_task_id") REFERENCES "public"."object_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_reports" ADD CONSTRAINT "quality_reports_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_reports" ADD CONSTRAINT "quality_reports_template_id_quality_report_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."quality_report_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_reports" ADD CONSTRAINT "quality_reports_cover_id_quality_report_covers_id_fk" FOREIGN KEY ("cover_id") REFERENCES "public"."quality_report_covers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_reports" ADD CONSTRAINT "quality_reports_principal_user_id_users_id_fk" FOREIGN KEY ("principal_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_reports" ADD CONSTRAINT "quality_reports_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_reports" ADD CONSTRAINT "quality_reports_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quality_report_covers_default_uq" ON "quality_report_covers" USING btree ("is_default") WHERE is_default;--> statement-breakpoint
CREATE INDEX "quality_report_discussions_report_idx" ON "quality_report_discussions" USING btree ("report_id","created_at");--> statement-breakpoint
CREATE INDEX "quality_report_experts_user_idx" ON "quality_report_experts" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quality_report_explains_position_uq" ON "quality_report_explains" USING btree ("report_id","position");--> statement-breakpoint
CREATE INDEX "quality_report_reviews_report_idx" ON "quality_report_reviews" USING btree ("report_id","created_at");--> statement-breakpoint
CREATE INDEX "quality_report_shares_report_idx" ON "quality_report_shares" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "quality_report_shares_user_idx" ON "quality_report_shares" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "quality_report_shares_department_idx" ON "quality_report_shares" USING btree ("department_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quality_report_templates_name_uq" ON "quality_report_templates" USING btree ("name");--> statement-breakpoint
CREATE INDEX "quality_reports_task_idx" ON "quality_reports" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "quality_reports_state_idx" ON "quality_reports" USING btree ("state","created_at");