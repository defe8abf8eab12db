-- A `constant` key field names its constant type: the browse and the export show the constants' names.
ALTER TABLE "warehouse_fields" ADD COLUMN "ref_type_id" text;
--> statement-breakpoint
-- The system columns of a form's table are keys too: the browse shows who answered (user, department)
-- and in which task by name, and keeps the record's id off the screen.
UPDATE "warehouse_fields" f SET "ref_kind" = CASE f."code"
    WHEN 'department_id' THEN 'department'
    WHEN 'filler_id' THEN 'user'
    WHEN 'fill_task_id' THEN 'task'
    ELSE 'record' END
  FROM "forms" fo
  WHERE fo."warehouse_table_id" = f."table_id" AND f."ref_kind" IS NULL
    AND f."code" IN ('department_id', 'filler_id', 'fill_task_id', 'record_id');
--> statement-breakpoint
-- A published select's column holds values of its constant type (a multi-select's joined by commas).
UPDATE "warehouse_fields" f SET "ref_kind" = 'constant', "ref_type_id" = x.type_id
  FROM (
    SELECT fo."warehouse_table_id" AS table_id, e ->> 'key' AS key, e -> 'options' ->> 'constantTypeId' AS type_id
      FROM "forms" fo
      JOIN "form_versions" v ON v."form_id" = fo."id" AND v."version" = fo."published_version"
      CROSS JOIN LATERAL jsonb_array_elements(v."definition" -> 'fields') e
      WHERE e ->> 'component' IN ('select', 'multiSelect')
  ) x
  WHERE f."table_id" = x.table_id AND f."code" = x.key AND f."ref_kind" IS NULL AND f."type" = 'text'
    AND EXISTS (SELECT 1 FROM "constant_types" ct WHERE ct."id" = x.type_id);
