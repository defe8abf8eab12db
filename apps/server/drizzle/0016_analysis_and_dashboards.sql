CREATE TABLE "analysis_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"own_school_code" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "double_high_units" (
	"id" text PRIMARY KEY NOT NULL,
	"round" integer NOT NULL,
	"category" text NOT NULL,
	"grade" text NOT NULL,
	"school_name" text NOT NULL,
	"school_code" text,
	"major_group" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "peer_indicator_values" (
	"school_code" text NOT NULL,
	"indicator_id" text NOT NULL,
	"year" integer NOT NULL,
	"value" double precision NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "peer_indicator_values_school_code_indicator_id_year_pk" PRIMARY KEY("school_code","indicator_id","year")
);
--> statement-breakpoint
CREATE TABLE "peer_indicators" (
	"id" text PRIMARY KEY NOT NULL,
	"table_kind" text NOT NULL,
	"name" text NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"direction" text DEFAULT '>' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"point_id" text
);
--> statement-breakpoint
CREATE TABLE "peer_schools" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"province" text NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"level" text NOT NULL,
	"authority" text DEFAULT '' NOT NULL,
	"nature" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portrait_grants" (
	"portrait_id" text NOT NULL,
	"role_id" text NOT NULL,
	CONSTRAINT "portrait_grants_portrait_id_role_id_pk" PRIMARY KEY("portrait_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "portraits" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"name" text NOT NULL,
	"parent_id" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"config" jsonb NOT NULL,
	"creator_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_histories" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"filter" jsonb NOT NULL,
	"school_codes" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_screen_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"levels" jsonb NOT NULL,
	"natures" jsonb NOT NULL,
	"provinces" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_cards" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"algorithm_group_id" text,
	"algorithm_version" integer,
	"measure" text,
	"url" text,
	"config" jsonb NOT NULL,
	"creator_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_layouts" (
	"owner_kind" text NOT NULL,
	"owner_id" text NOT NULL,
	"card_id" text NOT NULL,
	"x" integer NOT NULL,
	"y" integer NOT NULL,
	"w" integer NOT NULL,
	"h" integer NOT NULL,
	CONSTRAINT "dashboard_layouts_owner_kind_owner_id_card_id_pk" PRIMARY KEY("owner_kind","owner_id","card_id")
);
--> statement-breakpoint
CREATE TABLE "dynamic_charts" (
	"id" text PRIMARY KEY NOT NULL,
	"source_id" text NOT NULL,
	"source_type" text DEFAULT 'portrayal' NOT NULL,
	"name" text NOT NULL,
	"chart_kind" text NOT NULL,
	"algorithm_group_id" text,
	"algorithm_version" integer,
	"width" integer DEFAULT 8 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analysis_settings" ADD CONSTRAINT "analysis_settings_own_school_code_peer_schools_code_fk" FOREIGN KEY ("own_school_code") REFERENCES "public"."peer_schools"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "double_high_units" ADD CONSTRAINT "double_high_units_school_code_peer_schools_code_fk" FOREIGN KEY ("school_code") REFERENCES "public"."peer_schools"("code") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_indicator_values" ADD CONSTRAINT "peer_indicator_values_school_code_peer_schools_code_fk" FOREIGN KEY ("school_code") REFERENCES "public"."peer_schools"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_indicator_values" ADD CONSTRAINT "peer_indicator_values_indicator_id_peer_indicators_id_fk" FOREIGN KEY ("indicator_id") REFERENCES "public"."peer_indicators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "peer_indicators" ADD CONSTRAINT "peer_indicators_point_id_quality_points_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."quality_points"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portrait_grants" ADD CONSTRAINT "portrait_grants_portrait_id_portraits_id_fk" FOREIGN KEY ("portrait_id") REFERENCES "public"."portraits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portrait_grants" ADD CONSTRAINT "portrait_grants_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portraits" ADD CONSTRAINT "portraits_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_histories" ADD CONSTRAINT "school_histories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_screen_settings" ADD CONSTRAINT "school_screen_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_cards" ADD CONSTRAINT "dashboard_cards_algorithm_group_id_algorithm_groups_id_fk" FOREIGN KEY ("algorithm_group_id") REFERENCES "public"."algorithm_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_cards" ADD CONSTRAINT "dashboard_cards_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_layouts" ADD CONSTRAINT "dashboard_layouts_card_id_dashboard_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."dashboard_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dynamic_charts" ADD CONSTRAINT "dynamic_charts_algorithm_group_id_algorithm_groups_id_fk" FOREIGN KEY ("algorithm_group_id") REFERENCES "public"."algorithm_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "double_high_units_round_idx" ON "double_high_units" USING btree ("round","category","grade");--> statement-breakpoint
CREATE INDEX "peer_indicator_values_indicator_idx" ON "peer_indicator_values" USING btree ("indicator_id","year");--> statement-breakpoint
CREATE UNIQUE INDEX "peer_indicators_name_uq" ON "peer_indicators" USING btree ("table_kind","name");--> statement-breakpoint
CREATE INDEX "peer_schools_name_idx" ON "peer_schools" USING btree ("name");--> statement-breakpoint
CREATE INDEX "peer_schools_province_idx" ON "peer_schools" USING btree ("province");--> statement-breakpoint
CREATE INDEX "portraits_kind_idx" ON "portraits" USING btree ("kind","subject","sort_order");--> statement-breakpoint
CREATE INDEX "school_histories_user_idx" ON "school_histories" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "dashboard_cards_creator_idx" ON "dashboard_cards" USING btree ("creator_user_id");--> statement-breakpoint
CREATE INDEX "dynamic_charts_source_idx" ON "dynamic_charts" USING btree ("source_type","source_id","sort_order");