CREATE TABLE "assigned_points" (
	"id" text PRIMARY KEY NOT NULL,
	"object_task_id" text NOT NULL,
	"quality_point_id" text NOT NULL,
	"target_value" text,
	"revised_target" text,
	"result" text,
	"revised_result" text,
	"grade" text,
	"previous_result" text,
	"previous_grade" text,
	"below" boolean DEFAULT false NOT NULL,
	"unfinished" boolean DEFAULT false NOT NULL,
	"cause" text DEFAULT '' NOT NULL,
	"measure" text DEFAULT '' NOT NULL,
	"audit_state" text DEFAULT 'draft' NOT NULL,
	"audit_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diagnosis_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"level" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"department_id" text,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diagnosis_tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"level" text NOT NULL,
	"cycle_id" text,
	"period" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"state" text DEFAULT 'normal' NOT NULL,
	"publisher_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "object_task_sharers" (
	"object_task_id" text NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "object_task_sharers_object_task_id_user_id_pk" PRIMARY KEY("object_task_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "object_tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"task_id" text NOT NULL,
	"object_id" text NOT NULL,
	"charger_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_audits" (
	"id" text PRIMARY KEY NOT NULL,
	"assigned_point_id" text NOT NULL,
	"action" text NOT NULL,
	"reason" text,
	"actor_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_files" (
	"id" text PRIMARY KEY NOT NULL,
	"assigned_point_id" text NOT NULL,
	"file_id" text NOT NULL,
	"stage" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_focus" (
	"user_id" text NOT NULL,
	"assigned_point_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_focus_user_id_assigned_point_id_pk" PRIMARY KEY("user_id","assigned_point_id")
);
--> statement-breakpoint
CREATE TABLE "point_samples" (
	"id" text PRIMARY KEY NOT NULL,
	"assigned_point_id" text NOT NULL,
	"sampled_at" timestamp with time zone NOT NULL,
	"value" text NOT NULL,
	"numeric_value" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_warnings" (
	"id" text PRIMARY KEY NOT NULL,
	"assigned_point_id" text NOT NULL,
	"cycle_key" text NOT NULL,
	"warned_at" timestamp with time zone NOT NULL,
	"warning_value" text NOT NULL,
	"monitored_value" text NOT NULL,
	"handled_at" timestamp with time zone,
	"cause" text,
	"measure" text,
	"handler_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_chunks" (
	"upload_id" text NOT NULL,
	"index" integer NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "upload_chunks_upload_id_index_pk" PRIMARY KEY("upload_id","index")
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_user_id" text NOT NULL,
	"file_name" text,
	"state" text DEFAULT 'uploading' NOT NULL,
	"total_chunks" integer,
	"size" integer,
	"file_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cycle_types" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cycles" (
	"id" text PRIMARY KEY NOT NULL,
	"type_id" text NOT NULL,
	"number" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dimension_types" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "indicator_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"icon" text NOT NULL,
	"level" text NOT NULL,
	"table_name" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "indicators" (
	"id" text PRIMARY KEY NOT NULL,
	"category_id" text NOT NULL,
	"parent_id" text,
	"code" text,
	"name" text NOT NULL,
	"depth" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quality_points" (
	"id" text PRIMARY KEY NOT NULL,
	"indicator_id" text NOT NULL,
	"code" text,
	"name" text NOT NULL,
	"connotation" text DEFAULT '' NOT NULL,
	"diagnostic_standard" text DEFAULT '' NOT NULL,
	"standard_value" text,
	"level" text NOT NULL,
	"dimension" text NOT NULL,
	"period" text NOT NULL,
	"direction" text DEFAULT '>' NOT NULL,
	"data_type" text NOT NULL,
	"calc_mode" text DEFAULT 'result' NOT NULL,
	"sampling_period" text DEFAULT 'month' NOT NULL,
	"warning_period" text DEFAULT 'month' NOT NULL,
	"is_quantitative" boolean DEFAULT true NOT NULL,
	"is_join" boolean DEFAULT true NOT NULL,
	"hide_no_reach_target" boolean DEFAULT false NOT NULL,
	"hide_no_complete_target" boolean DEFAULT false NOT NULL,
	"not_allow_change" boolean DEFAULT false NOT NULL,
	"is_file_point" boolean DEFAULT false NOT NULL,
	"warning_mode" text,
	"warning_condition" text,
	"warning_value" text,
	"grades" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cal_rule" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"collection_method" text DEFAULT 'report' NOT NULL,
	"display_mode" text DEFAULT 'table' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assigned_points" ADD CONSTRAINT "assigned_points_object_task_id_object_tasks_id_fk" FOREIGN KEY ("object_task_id") REFERENCES "public"."object_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assigned_points" ADD CONSTRAINT "assigned_points_quality_point_id_quality_points_id_fk" FOREIGN KEY ("quality_point_id") REFERENCES "public"."quality_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnosis_objects" ADD CONSTRAINT "diagnosis_objects_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnosis_objects" ADD CONSTRAINT "diagnosis_objects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnosis_tasks" ADD CONSTRAINT "diagnosis_tasks_cycle_id_cycles_id_fk" FOREIGN KEY ("cycle_id") REFERENCES "public"."cycles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnosis_tasks" ADD CONSTRAINT "diagnosis_tasks_publisher_user_id_users_id_fk" FOREIGN KEY ("publisher_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "object_task_sharers" ADD CONSTRAINT "object_task_sharers_object_task_id_object_tasks_id_fk" FOREIGN KEY ("object_task_id") REFERENCES "public"."object_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "object_task_sharers" ADD CONSTRAINT "object_task_sharers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "object_tasks" ADD CONSTRAINT "object_tasks_task_id_diagnosis_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."diagnosis_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "object_tasks" ADD CONSTRAINT "object_tasks_object_id_diagnosis_objects_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."diagnosis_objects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "object_tasks" ADD CONSTRAINT "object_tasks_charger_user_id_users_id_fk" FOREIGN KEY ("charger_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_audits" ADD CONSTRAINT "point_audits_assigned_point_id_assigned_points_id_fk" FOREIGN KEY ("assigned_point_id") REFERENCES "public"."assigned_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_audits" ADD CONSTRAINT "point_audits_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_files" ADD CONSTRAINT "point_files_assigned_point_id_assigned_points_id_fk" FOREIGN KEY ("assigned_point_id") REFERENCES "public"."assigned_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_files" ADD CONSTRAINT "point_files_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_focus" ADD CONSTRAINT "point_focus_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_focus" ADD CONSTRAINT "point_focus_assigned_point_id_assigned_points_id_fk" FOREIGN KEY ("assigned_point_id") REFERENCES "public"."assigned_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_samples" ADD CONSTRAINT "point_samples_assigned_point_id_assigned_points_id_fk" FOREIGN KEY ("assigned_point_id") REFERENCES "public"."assigned_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_warnings" ADD CONSTRAINT "point_warnings_assigned_point_id_assigned_points_id_fk" FOREIGN KEY ("assigned_point_id") REFERENCES "public"."assigned_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_warnings" ADD CONSTRAINT "point_warnings_handler_user_id_users_id_fk" FOREIGN KEY ("handler_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_chunks" ADD CONSTRAINT "upload_chunks_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cycles" ADD CONSTRAINT "cycles_type_id_cycle_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."cycle_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "indicators" ADD CONSTRAINT "indicators_category_id_indicator_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."indicator_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_points" ADD CONSTRAINT "quality_points_indicator_id_indicators_id_fk" FOREIGN KEY ("indicator_id") REFERENCES "public"."indicators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assigned_points_object_point_uq" ON "assigned_points" USING btree ("object_task_id","quality_point_id");--> statement-breakpoint
CREATE INDEX "assigned_points_point_idx" ON "assigned_points" USING btree ("quality_point_id");--> statement-breakpoint
CREATE UNIQUE INDEX "diagnosis_objects_code_uq" ON "diagnosis_objects" USING btree ("level","code");--> statement-breakpoint
CREATE INDEX "diagnosis_objects_name_idx" ON "diagnosis_objects" USING btree ("level","name");--> statement-breakpoint
CREATE INDEX "diagnosis_tasks_level_idx" ON "diagnosis_tasks" USING btree ("level","start_date");--> statement-breakpoint
CREATE INDEX "object_task_sharers_user_idx" ON "object_task_sharers" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "object_tasks_task_object_uq" ON "object_tasks" USING btree ("task_id","object_id");--> statement-breakpoint
CREATE INDEX "object_tasks_charger_idx" ON "object_tasks" USING btree ("charger_user_id");--> statement-breakpoint
CREATE INDEX "object_tasks_object_idx" ON "object_tasks" USING btree ("object_id");--> statement-breakpoint
CREATE INDEX "point_audits_point_idx" ON "point_audits" USING btree ("assigned_point_id","created_at");--> statement-breakpoint
CREATE INDEX "point_files_point_idx" ON "point_files" USING btree ("assigned_point_id","stage");--> statement-breakpoint
CREATE UNIQUE INDEX "point_files_file_uq" ON "point_files" USING btree ("assigned_point_id","file_id");--> statement-breakpoint
CREATE INDEX "point_samples_point_time_idx" ON "point_samples" USING btree ("assigned_point_id","sampled_at");--> statement-breakpoint
CREATE UNIQUE INDEX "point_warnings_point_cycle_uq" ON "point_warnings" USING btree ("assigned_point_id","cycle_key");--> statement-breakpoint
CREATE INDEX "point_warnings_open_idx" ON "point_warnings" USING btree ("assigned_point_id") WHERE "point_warnings"."handled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "cycle_types_name_uq" ON "cycle_types" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "cycles_type_number_uq" ON "cycles" USING btree ("type_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "cycles_one_default_uq" ON "cycles" USING btree ("type_id") WHERE "cycles"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "dimension_types_name_uq" ON "dimension_types" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "indicator_categories_name_uq" ON "indicator_categories" USING btree ("level","name");--> statement-breakpoint
CREATE INDEX "indicators_category_idx" ON "indicators" USING btree ("category_id","sort");--> statement-breakpoint
CREATE INDEX "indicators_parent_idx" ON "indicators" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "indicators_sibling_name_uq" ON "indicators" USING btree ("category_id",coalesce("parent_id", ''),"name");--> statement-breakpoint
CREATE INDEX "quality_points_indicator_idx" ON "quality_points" USING btree ("indicator_id","sort");--> statement-breakpoint
CREATE INDEX "quality_points_level_idx" ON "quality_points" USING btree ("level");