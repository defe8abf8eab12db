CREATE TABLE "collection_run_values" (
	"id" text PRIMARY KEY NOT NULL,
	"run_id" text NOT NULL,
	"assigned_point_id" text NOT NULL,
	"cycle_key" text NOT NULL,
	"cycle_start" text NOT NULL,
	"cycle_end" text NOT NULL,
	"sampled_at" timestamp with time zone NOT NULL,
	"value" text,
	"numeric_value" double precision,
	"flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"held" boolean DEFAULT false NOT NULL,
	"method" text NOT NULL,
	"group_id" text,
	"group_name" text,
	"algorithm_id" text,
	"version" integer,
	"sql_hash" text,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"data_source_id" text,
	"data_source_name" text,
	"endpoint_url" text,
	"input_rows" integer DEFAULT 0 NOT NULL,
	"elapsed_ms" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"task_id" text NOT NULL,
	"job_id" text,
	"state" text DEFAULT 'running' NOT NULL,
	"actor_user_id" text NOT NULL,
	"object_task_ids" jsonb,
	"auto_apply" boolean DEFAULT false NOT NULL,
	"object_count" integer DEFAULT 0 NOT NULL,
	"value_count" integer DEFAULT 0 NOT NULL,
	"flagged_count" integer DEFAULT 0 NOT NULL,
	"applied_count" integer DEFAULT 0 NOT NULL,
	"held_count" integer DEFAULT 0 NOT NULL,
	"unmapped_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"applied_at" timestamp with time zone,
	"applied_by" text
);
--> statement-breakpoint
CREATE TABLE "point_collection_bindings" (
	"point_id" text PRIMARY KEY NOT NULL,
	"result_group_id" text,
	"detail_group_id" text,
	"endpoint_url" text,
	"list_path" text,
	"code_field" text,
	"value_field" text,
	"date_field" text,
	"plausible_min" double precision,
	"plausible_max" double precision,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sample_lineage" (
	"sample_id" text PRIMARY KEY NOT NULL,
	"assigned_point_id" text NOT NULL,
	"run_id" text,
	"job_id" text,
	"cycle_key" text NOT NULL,
	"method" text NOT NULL,
	"group_id" text,
	"group_name" text,
	"algorithm_id" text,
	"version" integer,
	"sql_hash" text,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"data_source_id" text,
	"data_source_name" text,
	"endpoint_url" text,
	"input_rows" integer DEFAULT 0 NOT NULL,
	"collected_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_by" text
);
--> statement-breakpoint
ALTER TABLE "collection_run_values" ADD CONSTRAINT "collection_run_values_run_id_collection_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."collection_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_run_values" ADD CONSTRAINT "collection_run_values_assigned_point_id_assigned_points_id_fk" FOREIGN KEY ("assigned_point_id") REFERENCES "public"."assigned_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_runs" ADD CONSTRAINT "collection_runs_task_id_diagnosis_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."diagnosis_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_runs" ADD CONSTRAINT "collection_runs_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_runs" ADD CONSTRAINT "collection_runs_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_collection_bindings" ADD CONSTRAINT "point_collection_bindings_point_id_quality_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."quality_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_collection_bindings" ADD CONSTRAINT "point_collection_bindings_result_group_id_algorithm_groups_id_fk" FOREIGN KEY ("result_group_id") REFERENCES "public"."algorithm_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_collection_bindings" ADD CONSTRAINT "point_collection_bindings_detail_group_id_algorithm_groups_id_fk" FOREIGN KEY ("detail_group_id") REFERENCES "public"."algorithm_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_collection_bindings" ADD CONSTRAINT "point_collection_bindings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_lineage" ADD CONSTRAINT "sample_lineage_sample_id_point_samples_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."point_samples"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_lineage" ADD CONSTRAINT "sample_lineage_assigned_point_id_assigned_points_id_fk" FOREIGN KEY ("assigned_point_id") REFERENCES "public"."assigned_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_lineage" ADD CONSTRAINT "sample_lineage_run_id_collection_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."collection_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sample_lineage" ADD CONSTRAINT "sample_lineage_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collection_run_values_uq" ON "collection_run_values" USING btree ("run_id","assigned_point_id","cycle_key");--> statement-breakpoint
CREATE INDEX "collection_run_values_point_idx" ON "collection_run_values" USING btree ("assigned_point_id");--> statement-breakpoint
CREATE INDEX "collection_runs_task_idx" ON "collection_runs" USING btree ("task_id","started_at");--> statement-breakpoint
CREATE INDEX "sample_lineage_point_idx" ON "sample_lineage" USING btree ("assigned_point_id","collected_at");