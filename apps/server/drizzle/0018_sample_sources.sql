ALTER TABLE "assigned_points" ADD COLUMN "revised_by" text;--> statement-breakpoint
ALTER TABLE "assigned_points" ADD COLUMN "revised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "point_samples" ADD COLUMN "source" text DEFAULT 'typed' NOT NULL;--> statement-breakpoint
ALTER TABLE "point_samples" ADD COLUMN "entered_by" text;--> statement-breakpoint
ALTER TABLE "assigned_points" ADD CONSTRAINT "assigned_points_revised_by_users_id_fk" FOREIGN KEY ("revised_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_samples" ADD CONSTRAINT "point_samples_entered_by_users_id_fk" FOREIGN KEY ("entered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Samples an accepted collection wrote before samples said where they came from: those with lineage.
UPDATE "point_samples" SET "source" = 'collected' WHERE "id" IN (SELECT "sample_id" FROM "sample_lineage");
