CREATE TABLE "backup_schedule" (
	"id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"time" text DEFAULT '02:00' NOT NULL,
	"keep" integer DEFAULT 7 NOT NULL,
	"last_run_date" text,
	"last_run_at" timestamp with time zone,
	"last_job_id" text,
	"last_run_state" text,
	"last_run_message" text,
	"audit_retention_days" integer DEFAULT 180 NOT NULL,
	"last_purge_date" text,
	"last_purge_at" timestamp with time zone,
	"last_purge_count" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backup_schedule_keep_ck" CHECK ("backup_schedule"."keep" between 1 and 365),
	CONSTRAINT "backup_schedule_audit_retention_ck" CHECK ("backup_schedule"."audit_retention_days" >= 180)
);
