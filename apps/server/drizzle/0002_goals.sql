CREATE TABLE "goal_delays" (
	"id" text PRIMARY KEY NOT NULL,
	"task_id" text NOT NULL,
	"node_id" text NOT NULL,
	"original_end_date" date NOT NULL,
	"requested_end_date" date NOT NULL,
	"reason" text NOT NULL,
	"audit_state" integer DEFAULT 0 NOT NULL,
	"opinion" text DEFAULT '' NOT NULL,
	"requester_user_id" text NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"auditor_user_id" text,
	"audited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "goal_files" (
	"id" text PRIMARY KEY NOT NULL,
	"task_id" text NOT NULL,
	"owner_type" text NOT NULL,
	"owner_id" text NOT NULL,
	"file_id" text NOT NULL,
	"file_type" text NOT NULL,
	"uploader_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goal_nodes" (
	"id" text PRIMARY KEY NOT NULL,
	"task_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"principal_user_id" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"state" text DEFAULT 'notPushed' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goal_progress" (
	"id" text PRIMARY KEY NOT NULL,
	"task_id" text NOT NULL,
	"node_id" text NOT NULL,
	"type" text NOT NULL,
	"content" text NOT NULL,
	"completion" double precision,
	"audit_state" text DEFAULT 'reviewing' NOT NULL,
	"opinion" text DEFAULT '' NOT NULL,
	"reporter_user_id" text NOT NULL,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"auditor_user_id" text,
	"audited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "goal_task_audits" (
	"id" text PRIMARY KEY NOT NULL,
	"task_id" text NOT NULL,
	"audit_state" integer DEFAULT 0 NOT NULL,
	"opinion" text DEFAULT '' NOT NULL,
	"submitter_user_id" text NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"auditor_user_id" text,
	"audited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "goal_task_collaborators" (
	"task_id" text NOT NULL,
	"department_id" text NOT NULL,
	CONSTRAINT "goal_task_collaborators_task_id_department_id_pk" PRIMARY KEY("task_id","department_id")
);
--> statement-breakpoint
CREATE TABLE "goal_tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"year_target_id" text NOT NULL,
	"parent_id" text,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"exam_type" text NOT NULL,
	"target_value" text DEFAULT '' NOT NULL,
	"department_id" text NOT NULL,
	"principal_user_id" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"situation" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'waitResolve' NOT NULL,
	"audit_state" integer,
	"is_withdrawn" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"creator_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goal_urges" (
	"id" text PRIMARY KEY NOT NULL,
	"year_target_id" text NOT NULL,
	"department_id" text NOT NULL,
	"current_status" integer NOT NULL,
	"urge_type" integer DEFAULT 0 NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"urger_user_id" text NOT NULL,
	"urged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acceptor_user_id" text,
	"accepted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "goal_warning_conditions" (
	"id" text PRIMARY KEY NOT NULL,
	"task_type" text NOT NULL,
	"days" integer NOT NULL,
	"configured_by_user_id" text NOT NULL,
	"configured_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goal_year_targets" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"cycle_year" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"creator_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "goal_delays" ADD CONSTRAINT "goal_delays_task_id_goal_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."goal_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_delays" ADD CONSTRAINT "goal_delays_node_id_goal_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."goal_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_delays" ADD CONSTRAINT "goal_delays_requester_user_id_users_id_fk" FOREIGN KEY ("requester_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_delays" ADD CONSTRAINT "goal_delays_auditor_user_id_users_id_fk" FOREIGN KEY ("auditor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_files" ADD CONSTRAINT "goal_files_task_id_goal_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."goal_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_files" ADD CONSTRAINT "goal_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_files" ADD CONSTRAINT "goal_files_uploader_user_id_users_id_fk" FOREIGN KEY ("uploader_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_nodes" ADD CONSTRAINT "goal_nodes_task_id_goal_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."goal_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_nodes" ADD CONSTRAINT "goal_nodes_principal_user_id_users_id_fk" FOREIGN KEY ("principal_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_progress" ADD CONSTRAINT "goal_progress_task_id_goal_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."goal_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_progress" ADD CONSTRAINT "goal_progress_node_id_goal_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."goal_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_progress" ADD CONSTRAINT "goal_progress_reporter_user_id_users_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_progress" ADD CONSTRAINT "goal_progress_auditor_user_id_users_id_fk" FOREIGN KEY ("auditor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_task_audits" ADD CONSTRAINT "goal_task_audits_task_id_goal_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."goal_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_task_audits" ADD CONSTRAINT "goal_task_audits_submitter_user_id_users_id_fk" FOREIGN KEY ("submitter_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_task_audits" ADD CONSTRAINT "goal_task_audits_auditor_user_id_users_id_fk" FOREIGN KEY ("auditor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_task_collaborators" ADD CONSTRAINT "goal_task_collaborators_task_id_goal_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."goal_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_task_collaborators" ADD CONSTRAINT "goal_task_collaborators_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_tasks" ADD CONSTRAINT "goal_tasks_year_target_id_goal_year_targets_id_fk" FOREIGN KEY ("year_target_id") REFERENCES "public"."goal_year_targets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_tasks" ADD CONSTRAINT "goal_tasks_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_tasks" ADD CONSTRAINT "goal_tasks_principal_user_id_users_id_fk" FOREIGN KEY ("principal_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_tasks" ADD CONSTRAINT "goal_tasks_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_urges" ADD CONSTRAINT "goal_urges_year_target_id_goal_year_targets_id_fk" FOREIGN KEY ("year_target_id") REFERENCES "public"."goal_year_targets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_urges" ADD CONSTRAINT "goal_urges_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_urges" ADD CONSTRAINT "goal_urges_urger_user_id_users_id_fk" FOREIGN KEY ("urger_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_urges" ADD CONSTRAINT "goal_urges_acceptor_user_id_users_id_fk" FOREIGN KEY ("acceptor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_warning_conditions" ADD CONSTRAINT "goal_warning_conditions_configured_by_user_id_users_id_fk" FOREIGN KEY ("configured_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_year_targets" ADD CONSTRAINT "goal_year_targets_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goal_delays_task_idx" ON "goal_delays" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "goal_delays_node_idx" ON "goal_delays" USING btree ("node_id");--> statement-breakpoint
CREATE UNIQUE INDEX "goal_files_owner_file_uq" ON "goal_files" USING btree ("owner_type","owner_id","file_id");--> statement-breakpoint
CREATE INDEX "goal_files_task_idx" ON "goal_files" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "goal_nodes_task_idx" ON "goal_nodes" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "goal_nodes_principal_idx" ON "goal_nodes" USING btree ("principal_user_id");--> statement-breakpoint
CREATE INDEX "goal_progress_task_idx" ON "goal_progress" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "goal_progress_node_idx" ON "goal_progress" USING btree ("node_id");--> statement-breakpoint
CREATE INDEX "goal_task_audits_task_idx" ON "goal_task_audits" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "goal_task_collaborators_department_idx" ON "goal_task_collaborators" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "goal_tasks_year_target_idx" ON "goal_tasks" USING btree ("year_target_id","sort");--> statement-breakpoint
CREATE INDEX "goal_tasks_parent_idx" ON "goal_tasks" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "goal_tasks_department_idx" ON "goal_tasks" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "goal_tasks_principal_idx" ON "goal_tasks" USING btree ("principal_user_id");--> statement-breakpoint
CREATE INDEX "goal_tasks_creator_idx" ON "goal_tasks" USING btree ("creator_user_id");--> statement-breakpoint
CREATE INDEX "goal_tasks_end_idx" ON "goal_tasks" USING btree ("end_date");--> statement-breakpoint
CREATE INDEX "goal_urges_year_target_idx" ON "goal_urges" USING btree ("year_target_id");--> statement-breakpoint
CREATE INDEX "goal_urges_department_idx" ON "goal_urges" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "goal_warning_conditions_type_idx" ON "goal_warning_conditions" USING btree ("task_type","configured_at");--> statement-breakpoint
CREATE UNIQUE INDEX "goal_year_targets_name_uq" ON "goal_year_targets" USING btree ("cycle_year","name");