CREATE TABLE "notice_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"notice_id" text,
	"channel" text NOT NULL,
	"target" text NOT NULL,
	"recipient_name" text NOT NULL,
	"subject" text NOT NULL,
	"content" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notice_digests" (
	"user_id" text NOT NULL,
	"day" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notice_digests_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "notice_robots" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"channel" text NOT NULL,
	"webhook_sealed" text NOT NULL,
	"secret_sealed" text,
	"department_id" text,
	"categories" text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"reminder_days" integer[] DEFAULT '{3,1}'::integer[] NOT NULL,
	"public_url" text DEFAULT '' NOT NULL,
	"smtp_host" text DEFAULT '' NOT NULL,
	"smtp_port" integer DEFAULT 465 NOT NULL,
	"smtp_secure" boolean DEFAULT true NOT NULL,
	"smtp_user" text DEFAULT '' NOT NULL,
	"smtp_password_sealed" text,
	"smtp_from" text DEFAULT '' NOT NULL,
	"email_categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notice_user_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"email_categories" text[] NOT NULL,
	"digest" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
	"read_at" timestamp with time zone,
	"dispatched_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "notice_deliveries_due_idx" ON "notice_deliveries" USING btree ("next_attempt_at") WHERE "notice_deliveries"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "notice_deliveries_state_idx" ON "notice_deliveries" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "notices_recipient_idx" ON "notices" USING btree ("recipient_id","created_at");--> statement-breakpoint
CREATE INDEX "notices_unread_idx" ON "notices" USING btree ("recipient_id") WHERE "notices"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notices_undispatched_idx" ON "notices" USING btree ("created_at") WHERE "notices"."dispatched_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notices_dedupe_uq" ON "notices" USING btree ("recipient_id","dedupe_key") WHERE "notices"."dedupe_key" is not null;