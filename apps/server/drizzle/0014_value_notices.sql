CREATE TABLE "form_value_notices" (
	"id" text PRIMARY KEY NOT NULL,
	"fill_task_id" text NOT NULL,
	"field_key" text NOT NULL,
	"field_label" text NOT NULL,
	"source" text NOT NULL,
	"recipient_id" text,
	"known_value" text NOT NULL,
	"new_value" text NOT NULL,
	"read_at" timestamp with time zone,
	"read_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form_value_notices" ADD CONSTRAINT "form_value_notices_fill_task_id_fill_tasks_id_fk" FOREIGN KEY ("fill_task_id") REFERENCES "public"."fill_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "form_value_notices_uq" ON "form_value_notices" USING btree ("fill_task_id","field_key");--> statement-breakpoint
CREATE INDEX "form_value_notices_recipient_idx" ON "form_value_notices" USING btree ("recipient_id","read_at");