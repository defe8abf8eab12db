CREATE TABLE "algorithm_folders" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "algorithm_group_points" (
	"group_id" text NOT NULL,
	"point_id" text NOT NULL,
	CONSTRAINT "algorithm_group_points_group_id_point_id_pk" PRIMARY KEY("group_id","point_id")
);
--> statement-breakpoint
CREATE TABLE "algorithm_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"folder_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"data_source_id" text,
	"current_result_version" integer,
	"current_detail_version" integer,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "algorithms" (
	"id" text PRIMARY KEY NOT NULL,
	"group_id" text NOT NULL,
	"type" text NOT NULL,
	"version" integer NOT NULL,
	"sql" text NOT NULL,
	"sql_hash" text NOT NULL,
	"parameters" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" text,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "algorithm_folders" ADD CONSTRAINT "algorithm_folders_parent_id_algorithm_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."algorithm_folders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "algorithm_group_points" ADD CONSTRAINT "algorithm_group_points_group_id_algorithm_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."algorithm_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "algorithm_group_points" ADD CONSTRAINT "algorithm_group_points_point_id_quality_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."quality_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "algorithm_groups" ADD CONSTRAINT "algorithm_groups_folder_id_algorithm_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."algorithm_folders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "algorithm_groups" ADD CONSTRAINT "algorithm_groups_data_source_id_data_sources_id_fk" FOREIGN KEY ("data_source_id") REFERENCES "public"."data_sources"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "algorithm_groups" ADD CONSTRAINT "algorithm_groups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "algorithms" ADD CONSTRAINT "algorithms_group_id_algorithm_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."algorithm_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "algorithms" ADD CONSTRAINT "algorithms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "algorithms" ADD CONSTRAINT "algorithms_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "algorithm_folders_sibling_name_uq" ON "algorithm_folders" USING btree (coalesce("parent_id", ''),"name");--> statement-breakpoint
CREATE INDEX "algorithm_group_points_point_idx" ON "algorithm_group_points" USING btree ("point_id");--> statement-breakpoint
CREATE UNIQUE INDEX "algorithm_groups_name_uq" ON "algorithm_groups" USING btree ("name");--> statement-breakpoint
CREATE INDEX "algorithm_groups_folder_idx" ON "algorithm_groups" USING btree ("folder_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "algorithms_version_uq" ON "algorithms" USING btree ("group_id","type","version");--> statement-breakpoint
-- The warehouse schema algorithms read (its tables are created by the warehouse module).
CREATE SCHEMA IF NOT EXISTS dw;
--> statement-breakpoint
-- The role algorithms run as on the built-in database (SET LOCAL ROLE inside a read-only transaction):
-- it cannot log in and can only read the warehouse schema. Roles are cluster-wide, so it may exist
-- already (another database of the same server); a server that refuses CREATE ROLE leaves it missing
-- and algorithms on the built-in database then fail closed with 算法运行角色不可用.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'eduqa_algorithm') THEN
    CREATE ROLE eduqa_algorithm NOLOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation OR insufficient_privilege THEN
  RAISE NOTICE 'role eduqa_algorithm not created: %', SQLERRM;
END $$;
--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'eduqa_algorithm') THEN
    -- The application's own user must be able to SET ROLE to it (a superuser always can).
    IF NOT pg_has_role(current_user, 'eduqa_algorithm', 'MEMBER') THEN
      EXECUTE format('GRANT eduqa_algorithm TO %I', current_user);
    END IF;
    GRANT USAGE ON SCHEMA dw TO eduqa_algorithm;
    GRANT SELECT ON ALL TABLES IN SCHEMA dw TO eduqa_algorithm;
    -- Tables the warehouse module creates later (as this same user) are readable at once.
    ALTER DEFAULT PRIVILEGES IN SCHEMA dw GRANT SELECT ON TABLES TO eduqa_algorithm;
  END IF;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'eduqa_algorithm grants not applied: %', SQLERRM;
END $$;
