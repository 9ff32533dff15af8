CREATE TABLE "workout_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"category_type" text NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "workout_categories_type_check" CHECK ("workout_categories"."category_type" in ('discipline', 'target', 'phase', 'intensity'))
);
--> statement-breakpoint
CREATE TABLE "workout_favorites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"athlete_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workout_ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"athlete_id" uuid NOT NULL,
	"template_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"effectiveness_rating" smallint,
	"enjoyment_rating" smallint,
	"difficulty_rating" smallint,
	"review_text" text,
	"fitness_level_when_completed" text,
	"completed_as_prescribed" boolean,
	"modifications_made" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workout_ratings_rating_check" CHECK ("workout_ratings"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "workout_template_categories" (
	"template_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	CONSTRAINT "workout_template_categories_template_id_category_id_pk" PRIMARY KEY("template_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "workout_template_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_id" uuid NOT NULL,
	"athlete_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workout_template_events_kind_check" CHECK ("workout_template_events"."kind" in ('view', 'use'))
);
--> statement-breakpoint
CREATE TABLE "workout_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text,
	"content_hash" text,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"key_focus" text DEFAULT '' NOT NULL,
	"discipline" text NOT NULL,
	"sport" text NOT NULL,
	"difficulty_level" smallint NOT NULL,
	"primary_target" text NOT NULL,
	"intensity" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"training_phases" text[] DEFAULT '{}'::text[] NOT NULL,
	"required_equipment" text[] DEFAULT '{}'::text[] NOT NULL,
	"weather_suitability" text[] DEFAULT '{}'::text[] NOT NULL,
	"structure_text" text NOT NULL,
	"estimated_duration_minutes" integer NOT NULL,
	"estimated_distance_meters" integer,
	"zone1_percentage" double precision DEFAULT 0 NOT NULL,
	"zone2_percentage" double precision DEFAULT 0 NOT NULL,
	"zone3_percentage" double precision DEFAULT 0 NOT NULL,
	"zone4_percentage" double precision DEFAULT 0 NOT NULL,
	"zone5_percentage" double precision DEFAULT 0 NOT NULL,
	"estimated_tss" double precision DEFAULT 0 NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"created_by_user" boolean DEFAULT false NOT NULL,
	"owner_athlete_id" uuid,
	"avg_rating" double precision DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"usage_count" integer DEFAULT 0 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(name, '')), 'A') || setweight(to_tsvector('english', coalesce(key_focus, '') || ' ' || coalesce(primary_target, '') || ' ' || discipline), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workout_templates_difficulty_check" CHECK ("workout_templates"."difficulty_level" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "workout_favorites" ADD CONSTRAINT "workout_favorites_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_favorites" ADD CONSTRAINT "workout_favorites_template_id_workout_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."workout_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_ratings" ADD CONSTRAINT "workout_ratings_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_ratings" ADD CONSTRAINT "workout_ratings_template_id_workout_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."workout_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_template_categories" ADD CONSTRAINT "workout_template_categories_template_id_workout_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."workout_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_template_categories" ADD CONSTRAINT "workout_template_categories_category_id_workout_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."workout_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_template_events" ADD CONSTRAINT "workout_template_events_template_id_workout_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."workout_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_template_events" ADD CONSTRAINT "workout_template_events_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workout_templates" ADD CONSTRAINT "workout_templates_owner_athlete_id_athletes_id_fk" FOREIGN KEY ("owner_athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "workout_categories_slug_idx" ON "workout_categories" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "workout_favorites_athlete_template_idx" ON "workout_favorites" USING btree ("athlete_id","template_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workout_ratings_athlete_template_idx" ON "workout_ratings" USING btree ("athlete_id","template_id");--> statement-breakpoint
CREATE INDEX "workout_ratings_template_idx" ON "workout_ratings" USING btree ("template_id","created_at");--> statement-breakpoint
CREATE INDEX "workout_template_categories_category_idx" ON "workout_template_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "workout_template_events_time_idx" ON "workout_template_events" USING btree ("created_at","template_id");--> statement-breakpoint
CREATE INDEX "workout_template_events_athlete_idx" ON "workout_template_events" USING btree ("athlete_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workout_templates_slug_idx" ON "workout_templates" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "workout_templates_owner_idx" ON "workout_templates" USING btree ("owner_athlete_id");--> statement-breakpoint
CREATE INDEX "workout_templates_discipline_idx" ON "workout_templates" USING btree ("discipline","estimated_duration_minutes");--> statement-breakpoint
CREATE INDEX "workout_templates_search_idx" ON "workout_templates" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "workout_templates_tags_idx" ON "workout_templates" USING gin ("tags");