CREATE TABLE "file_types" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dept_responsibilities" (
	"point_id" text NOT NULL,
	"department_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dept_responsibilities_point_id_department_id_pk" PRIMARY KEY("point_id","department_id")
);
--> statement-breakpoint
CREATE TABLE "quality_dept_version_items" (
	"version_id" text NOT NULL,
	"point_id" text NOT NULL,
	"department_id" text NOT NULL,
	CONSTRAINT "quality_dept_version_items_version_id_point_id_department_id_pk" PRIMARY KEY("version_id","point_id","department_id")
);
--> statement-breakpoint
CREATE TABLE "quality_dept_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"version_date" date NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"is_enabled" boolean DEFAULT false NOT NULL,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dept_responsibilities" ADD CONSTRAINT "dept_responsibilities_point_id_quality_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."quality_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dept_responsibilities" ADD CONSTRAINT "dept_responsibilities_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_dept_version_items" ADD CONSTRAINT "quality_dept_version_items_version_id_quality_dept_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."quality_dept_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_dept_version_items" ADD CONSTRAINT "quality_dept_version_items_point_id_quality_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."quality_points"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quality_dept_version_items" ADD CONSTRAINT "quality_dept_version_items_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "file_types_name_uq" ON "file_types" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "file_types_code_uq" ON "file_types" USING btree ("code");--> statement-breakpoint
CREATE INDEX "dept_responsibilities_department_idx" ON "dept_responsibilities" USING btree ("department_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quality_dept_versions_name_uq" ON "quality_dept_versions" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "quality_dept_versions_one_enabled_uq" ON "quality_dept_versions" USING btree ("is_enabled") WHERE "quality_dept_versions"."is_enabled";--> statement-breakpoint
-- The built-in file types (hand-written): the codes the program files attachments under — diagnosis's
-- 内部支撑文件 (spec 2 §7.2) and the goal file types of spec 1 §3 (GOAL_FILE_TYPES).
INSERT INTO "file_types" ("id", "code", "name", "description", "sort") VALUES
	('filetype-internal-support', 'internalSupportDocument', '内部支撑文件', '诊断改进中质控点的支撑附件', 1),
	('filetype-year-target', 'yearTargetDocument', '年度目标文件', '年度目标的文件', 2),
	('filetype-target-support', 'targetSupportDocument', '目标支撑文件', '目标任务的支撑文件', 3),
	('filetype-task-decomposition', 'taskDecompositionDocument', '任务分解文件', '目标任务的分解文件', 4),
	('filetype-process', 'processDocument', '过程文件', '进度填报与延期申请的过程文件', 5),
	('filetype-final-result', 'finalResultDocument', '最终成果文件', '最终进度的成果文件', 6);
