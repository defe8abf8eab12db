CREATE TABLE "goal_average_targets" (
	"task_id" text PRIMARY KEY NOT NULL,
	"average_value" double precision NOT NULL,
	"target_number" double precision NOT NULL,
	"direction" text DEFAULT '>' NOT NULL,
	"actual_value" double precision,
	"status" text DEFAULT 'normal' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goal_chargers" (
	"id" text PRIMARY KEY NOT NULL,
	"department_id" text NOT NULL,
	"target_type_id" text NOT NULL,
	"user_id" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goal_mission_statements" (
	"id" text PRIMARY KEY NOT NULL,
	"task_id" text NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"signed_date" date,
	"creator_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "goal_target_types" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"creator_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "goal_tasks" ADD COLUMN "is_top" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "goal_tasks" ADD COLUMN "target_type_id" text;--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "annual_target_breakdown" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "goal_average_targets" ADD CONSTRAINT "goal_average_targets_task_id_goal_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."goal_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_chargers" ADD CONSTRAINT "goal_chargers_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_chargers" ADD CONSTRAINT "goal_chargers_target_type_id_goal_target_types_id_fk" FOREIGN KEY ("target_type_id") REFERENCES "public"."goal_target_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_chargers" ADD CONSTRAINT "goal_chargers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_mission_statements" ADD CONSTRAINT "goal_mission_statements_task_id_goal_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."goal_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_mission_statements" ADD CONSTRAINT "goal_mission_statements_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "goal_target_types" ADD CONSTRAINT "goal_target_types_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "goal_chargers_department_type_uq" ON "goal_chargers" USING btree ("department_id","target_type_id");--> statement-breakpoint
CREATE INDEX "goal_chargers_type_idx" ON "goal_chargers" USING btree ("target_type_id");--> statement-breakpoint
CREATE INDEX "goal_chargers_user_idx" ON "goal_chargers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "goal_mission_statements_task_idx" ON "goal_mission_statements" USING btree ("task_id");--> statement-breakpoint
CREATE UNIQUE INDEX "goal_target_types_name_uq" ON "goal_target_types" USING btree ("name");--> statement-breakpoint
CREATE INDEX "goal_tasks_target_type_idx" ON "goal_tasks" USING btree ("target_type_id");