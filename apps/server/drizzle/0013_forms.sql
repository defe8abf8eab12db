CREATE TABLE "collect_task_forms" (
	"task_id" text NOT NULL,
	"form_id" text NOT NULL,
	"form_version" integer NOT NULL,
	CONSTRAINT "collect_task_forms_task_id_form_id_pk" PRIMARY KEY("task_id","form_id")
);
--> statement-breakpoint
CREATE TABLE "collect_tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"cycle_id" text,
	"start_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'normal' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "constant_types" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "constants" (
	"id" text PRIMARY KEY NOT NULL,
	"type_id" text NOT NULL,
	"label" text NOT NULL,
	"value" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fill_tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"allocation_id" text NOT NULL,
	"task_id" text NOT NULL,
	"form_id" text NOT NULL,
	"filler_id" text NOT NULL,
	"state" text DEFAULT 'uncommitted' NOT NULL,
	"rollback_reason" text DEFAULT '' NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"committed_at" timestamp with time zone,
	"audited_by" text,
	"audited_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_directories" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_public_hits" (
	"link_id" text NOT NULL,
	"address_hash" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_public_links" (
	"id" text PRIMARY KEY NOT NULL,
	"form_id" text NOT NULL,
	"title" text NOT NULL,
	"max_submissions" integer NOT NULL,
	"submission_count" integer DEFAULT 0 NOT NULL,
	"is_closed" boolean DEFAULT false NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_records" (
	"id" text PRIMARY KEY NOT NULL,
	"form_id" text NOT NULL,
	"fill_task_id" text,
	"public_link_id" text,
	"data" jsonb NOT NULL,
	"parent_id" text,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_unique_values" (
	"form_id" text NOT NULL,
	"field_key" text NOT NULL,
	"value" text NOT NULL,
	"record_id" text NOT NULL,
	CONSTRAINT "form_unique_values_form_id_field_key_value_pk" PRIMARY KEY("form_id","field_key","value")
);
--> statement-breakpoint
CREATE TABLE "form_versions" (
	"form_id" text NOT NULL,
	"version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"published_by" text,
	CONSTRAINT "form_versions_form_id_version_pk" PRIMARY KEY("form_id","version")
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"id" text PRIMARY KEY NOT NULL,
	"directory_id" text,
	"name" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"form_type" text NOT NULL,
	"layout" text NOT NULL,
	"sync_type" text DEFAULT 'syn' NOT NULL,
	"publish_state" text DEFAULT 'unpublished' NOT NULL,
	"audit_state" text DEFAULT 'unaudited' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"published_version" integer,
	"warehouse_table_id" text,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_allocations" (
	"id" text PRIMARY KEY NOT NULL,
	"task_id" text NOT NULL,
	"department_id" text NOT NULL,
	"state" text DEFAULT 'unallocated' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"audited_by" text,
	"audited_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collect_task_forms" ADD CONSTRAINT "collect_task_forms_task_id_collect_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."collect_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collect_task_forms" ADD CONSTRAINT "collect_task_forms_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "constants" ADD CONSTRAINT "constants_type_id_constant_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."constant_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fill_tasks" ADD CONSTRAINT "fill_tasks_allocation_id_task_allocations_id_fk" FOREIGN KEY ("allocation_id") REFERENCES "public"."task_allocations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fill_tasks" ADD CONSTRAINT "fill_tasks_task_id_collect_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."collect_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fill_tasks" ADD CONSTRAINT "fill_tasks_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_public_hits" ADD CONSTRAINT "form_public_hits_link_id_form_public_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."form_public_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_public_links" ADD CONSTRAINT "form_public_links_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_records" ADD CONSTRAINT "form_records_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_records" ADD CONSTRAINT "form_records_fill_task_id_fill_tasks_id_fk" FOREIGN KEY ("fill_task_id") REFERENCES "public"."fill_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_records" ADD CONSTRAINT "form_records_public_link_id_form_public_links_id_fk" FOREIGN KEY ("public_link_id") REFERENCES "public"."form_public_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_unique_values" ADD CONSTRAINT "form_unique_values_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_unique_values" ADD CONSTRAINT "form_unique_values_record_id_form_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."form_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_directory_id_form_directories_id_fk" FOREIGN KEY ("directory_id") REFERENCES "public"."form_directories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_warehouse_table_id_warehouse_tables_id_fk" FOREIGN KEY ("warehouse_table_id") REFERENCES "public"."warehouse_tables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_allocations" ADD CONSTRAINT "task_allocations_task_id_collect_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."collect_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "constant_types_code_uq" ON "constant_types" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "constant_types_name_uq" ON "constant_types" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "constants_value_uq" ON "constants" USING btree ("type_id","value");--> statement-breakpoint
CREATE UNIQUE INDEX "fill_tasks_uq" ON "fill_tasks" USING btree ("allocation_id","form_id","filler_id");--> statement-breakpoint
CREATE INDEX "fill_tasks_filler_idx" ON "fill_tasks" USING btree ("filler_id","state");--> statement-breakpoint
CREATE INDEX "form_public_hits_idx" ON "form_public_hits" USING btree ("link_id","address_hash","at");--> statement-breakpoint
CREATE INDEX "form_records_fill_idx" ON "form_records" USING btree ("fill_task_id");--> statement-breakpoint
CREATE INDEX "form_records_form_idx" ON "form_records" USING btree ("form_id");--> statement-breakpoint
CREATE INDEX "form_unique_values_record_idx" ON "form_unique_values" USING btree ("record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "forms_name_uq" ON "forms" USING btree ("name") WHERE "forms"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "forms_directory_idx" ON "forms" USING btree ("directory_id");--> statement-breakpoint
CREATE UNIQUE INDEX "task_allocations_uq" ON "task_allocations" USING btree ("task_id","department_id");