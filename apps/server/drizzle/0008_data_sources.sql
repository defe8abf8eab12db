CREATE TABLE "data_sources" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"host" text DEFAULT '' NOT NULL,
	"port" integer,
	"database" text DEFAULT '' NOT NULL,
	"username" text DEFAULT '' NOT NULL,
	"password_cipher" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "data_sources_name_uq" ON "data_sources" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "data_sources_default_uq" ON "data_sources" USING btree ("is_default") WHERE "data_sources"."is_default";--> statement-breakpoint
CREATE INDEX "data_sources_created_idx" ON "data_sources" USING btree ("created_at");