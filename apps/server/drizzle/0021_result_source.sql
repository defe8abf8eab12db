ALTER TABLE "assigned_points" ADD COLUMN "result_source" text;--> statement-breakpoint
-- Points computed before the column existed: a result equal to a collected sample's value came from it
-- (the next recompute of the point records the exact source).
UPDATE "assigned_points" ap SET "result_source" = 'collected'
WHERE ap."result" IS NOT NULL AND EXISTS (
  SELECT 1 FROM "point_samples" s
  WHERE s."assigned_point_id" = ap."id" AND s."source" = 'collected' AND s."value" = ap."result"
);
