CREATE TABLE "notices" (
	"id" text PRIMARY KEY NOT NULL,
	"recipient_id" text NOT NULL,
	"category" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"object_id" text,
	"actor_id" text,
	"actor_name" text,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "notices_recipient_idx" ON "notices" USING btree ("recipient_id","created_at");--> statement-breakpoint
CREATE INDEX "notices_unread_idx" ON "notices" USING btree ("recipient_id") WHERE "notices"."read_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notices_dedupe_uq" ON "notices" USING btree ("recipient_id","dedupe_key") WHERE "notices"."dedupe_key" is not null;