CREATE TABLE "training_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"athlete_id" uuid NOT NULL,
	"title" text NOT NULL,
	"race_type" text,
	"race_date" date,
	"target_time" text,
	"phases" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"athlete_id" uuid NOT NULL,
	"plan_id" uuid,
	"template_id" uuid,
	"title" text NOT NULL,
	"workout_date" date NOT NULL,
	"sport" text NOT NULL,
	"workout_language_text" text,
	"duration_minutes" integer,
	"intensity_zone" smallint,
	"status" text DEFAULT 'planned' NOT NULL,
	"description" text,
	"target_heart_rate_min" integer,
	"target_heart_rate_max" integer,
	"workout_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"workout_structure" jsonb,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workouts_sport_check" CHECK ("workouts"."sport" in ('run', 'bike', 'swim', 'strength')),
	CONSTRAINT "workouts_status_check" CHECK ("workouts"."status" in ('planned', 'completed', 'skipped')),
	CONSTRAINT "workouts_zone_check" CHECK ("workouts"."intensity_zone" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "training_plans" ADD CONSTRAINT "training_plans_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workouts" ADD CONSTRAINT "workouts_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workouts" ADD CONSTRAINT "workouts_plan_id_training_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."training_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "training_plans_athlete_idx" ON "training_plans" USING btree ("athlete_id");--> statement-breakpoint
CREATE INDEX "workouts_athlete_date_idx" ON "workouts" USING btree ("athlete_id","workout_date");