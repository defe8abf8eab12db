CREATE TABLE "warehouse_fields" (
	"id" text PRIMARY KEY NOT NULL,
	"table_id" text NOT NULL,
	"label" text NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"is_unique" boolean DEFAULT false NOT NULL,
	"ref_kind" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouse_tables" (
	"id" text PRIMARY KEY NOT NULL,
	"warehouse_id" text NOT NULL,
	"name" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"physical_name" text NOT NULL,
	"is_created" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "warehouse_fields" ADD CONSTRAINT "warehouse_fields_table_id_warehouse_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."warehouse_tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_tables" ADD CONSTRAINT "warehouse_tables_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_fields_code_uq" ON "warehouse_fields" USING btree ("table_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_fields_label_uq" ON "warehouse_fields" USING btree ("table_id","label");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_tables_physical_uq" ON "warehouse_tables" USING btree ("physical_name");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_tables_name_uq" ON "warehouse_tables" USING btree ("warehouse_id","name") WHERE "warehouse_tables"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "warehouse_tables_deleted_idx" ON "warehouse_tables" USING btree ("deleted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_name_uq" ON "warehouses" USING btree ("name");--> statement-breakpoint
-- The physical warehouse tables: live ones in dw (the schema algorithms may read), deleted ones in dw_bin.
CREATE SCHEMA IF NOT EXISTS dw;
--> statement-breakpoint
CREATE SCHEMA IF NOT EXISTS dw_bin;
--> statement-breakpoint
-- Whether a text converts to one of the warehouse column types: PostgreSQL 15 has no pg_input_is_valid,
-- and a field's type change counts the rows that would not convert before it alters anything.
CREATE OR REPLACE FUNCTION public.warehouse_castable(value text, target text) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF target NOT IN ('text', 'bigint', 'numeric', 'date', 'timestamp', 'boolean') THEN
    RAISE EXCEPTION 'unsupported type %', target;
  END IF;
  IF value IS NULL THEN
    RETURN true;
  END IF;
  EXECUTE format('SELECT %L::%s', value, target);
  RETURN true;
EXCEPTION WHEN data_exception THEN
  RETURN false;
END;
$$;
