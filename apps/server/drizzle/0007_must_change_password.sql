ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Seeded dimension types were named by their English key; they take their Chinese display name.
UPDATE "dimension_types" SET "name" = "display_name"
WHERE "name" IN ('school', 'college', 'major', 'course', 'class', 'teacher', 'student', 'department', 'teachingTeam', 'special', 'professional')
  AND NOT EXISTS (SELECT 1 FROM "dimension_types" AS "other" WHERE "other"."name" = "dimension_types"."display_name");
