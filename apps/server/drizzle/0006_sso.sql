CREATE TABLE "sso_logins" (
	"id" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"protocol" text NOT NULL,
	"ticket" text
);
--> statement-breakpoint
CREATE TABLE "sso_settings" (
	"app_id" text PRIMARY KEY NOT NULL,
	"mode" text DEFAULT 'none' NOT NULL,
	"cas_server_url" text DEFAULT '' NOT NULL,
	"cas_service_url" text DEFAULT '' NOT NULL,
	"cas_account_attribute" text DEFAULT '' NOT NULL,
	"oidc_issuer" text DEFAULT '' NOT NULL,
	"oidc_client_id" text DEFAULT '' NOT NULL,
	"oidc_client_secret" text DEFAULT '' NOT NULL,
	"oidc_redirect_uri" text DEFAULT '' NOT NULL,
	"oidc_scopes" text DEFAULT 'openid profile' NOT NULL,
	"oidc_account_claim" text DEFAULT 'preferred_username' NOT NULL,
	"auto_create" boolean DEFAULT false NOT NULL,
	"default_role_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sso_sessions" ADD CONSTRAINT "sso_sessions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sso_settings" ADD CONSTRAINT "sso_settings_default_role_id_roles_id_fk" FOREIGN KEY ("default_role_id") REFERENCES "public"."roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sso_logins_created_idx" ON "sso_logins" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sso_sessions_ticket_idx" ON "sso_sessions" USING btree ("ticket");