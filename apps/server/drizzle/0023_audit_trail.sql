CREATE TABLE "audit_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"actor_id" text,
	"actor_account" text,
	"actor_name" text,
	"department_id" text,
	"department_name" text,
	"address" text,
	"user_agent" text,
	"module" text NOT NULL,
	"operation" text NOT NULL,
	"event" text,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"object_ids" jsonb NOT NULL,
	"result" text NOT NULL,
	"detail" text,
	"changes" jsonb,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_entries_seq_uq" ON "audit_entries" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "audit_entries_kind_at_idx" ON "audit_entries" USING btree ("kind","at");--> statement-breakpoint
CREATE INDEX "audit_entries_actor_idx" ON "audit_entries" USING btree ("actor_id");--> statement-breakpoint
-- Append-only (issue 27): the application may only insert. A DELETE passes only inside a transaction that
-- has said `set local eduqa.audit_purge = 'on'` — the retention purge, which deletes a prefix of the chain
-- and records that it did.
CREATE FUNCTION "audit_entries_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND coalesce(current_setting('eduqa.audit_purge', true), '') = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION '审计日志只能追加，不能修改或删除（%）', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "audit_entries_append_only" BEFORE UPDATE OR DELETE ON "audit_entries"
  FOR EACH ROW EXECUTE FUNCTION "audit_entries_append_only"();
--> statement-breakpoint
CREATE TRIGGER "audit_entries_no_truncate" BEFORE TRUNCATE ON "audit_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_entries_append_only"();
--> statement-breakpoint
-- 审计日志查看 is a new action; the administrator's role holds every action.
UPDATE "roles" SET "actions" = "actions" || '["audit.read"]'::jsonb
WHERE "id" = 'zyadmin' AND NOT ("actions" @> '["audit.read"]'::jsonb);
