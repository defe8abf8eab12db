CREATE TABLE "jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject_key" text,
	"state" text DEFAULT 'waiting' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"actor_user_id" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result" jsonb,
	"result_file_key" text,
	"result_file_name" text,
	"runner_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Report generations move onto the jobs platform; the latest of each report keeps showing.
INSERT INTO "jobs" ("id", "kind", "subject_key", "state", "progress", "message", "actor_user_id", "result_file_key",
  "attempts", "created_at", "started_at", "finished_at", "heartbeat_at")
SELECT "id", 'goal-report', "report_id", CASE "state" WHEN 'done' THEN 'finished' ELSE 'failed' END, "progress",
  CASE WHEN "state" = 'running' THEN '报告生成已中断，请重新生成' ELSE "message" END, "requester_user_id", "file_id",
  1, "created_at", "created_at", coalesce("finished_at", "updated_at"), "updated_at"
FROM "goal_report_jobs";--> statement-breakpoint
DROP TABLE "goal_report_jobs" CASCADE;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_active_subject_uq" ON "jobs" USING btree ("kind","subject_key") WHERE state in ('waiting', 'running') and subject_key is not null;--> statement-breakpoint
CREATE INDEX "jobs_subject_idx" ON "jobs" USING btree ("kind","subject_key","created_at");--> statement-breakpoint
CREATE INDEX "jobs_running_idx" ON "jobs" USING btree ("heartbeat_at") WHERE state = 'running';