CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"athlete_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('missed_session', 'recovery_warning', 'new_week_plan'))
);
--> statement-breakpoint
CREATE TABLE "wellness_daily" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"athlete_id" uuid NOT NULL,
	"date" date NOT NULL,
	"hrv" double precision,
	"resting_hr" smallint,
	"sleep_hours" double precision,
	"sleep_quality" smallint,
	"readiness" smallint,
	"fatigue_level" smallint,
	"soreness" smallint,
	"mood" smallint,
	"weight_kg" double precision,
	"vo2max" double precision,
	"threshold_pace_seconds_per_km" smallint,
	"ftp_watts" smallint,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wellness_hrv_check" CHECK ("wellness_daily"."hrv" between 5 and 300),
	CONSTRAINT "wellness_resting_hr_check" CHECK ("wellness_daily"."resting_hr" between 25 and 120),
	CONSTRAINT "wellness_sleep_hours_check" CHECK ("wellness_daily"."sleep_hours" between 0 and 24),
	CONSTRAINT "wellness_sleep_quality_check" CHECK ("wellness_daily"."sleep_quality" between 1 and 5),
	CONSTRAINT "wellness_readiness_check" CHECK ("wellness_daily"."readiness" between 1 and 5),
	CONSTRAINT "wellness_fatigue_check" CHECK ("wellness_daily"."fatigue_level" between 1 and 10),
	CONSTRAINT "wellness_soreness_check" CHECK ("wellness_daily"."soreness" between 1 and 10),
	CONSTRAINT "wellness_mood_check" CHECK ("wellness_daily"."mood" between 1 and 5),
	CONSTRAINT "wellness_weight_check" CHECK ("wellness_daily"."weight_kg" between 25 and 300),
	CONSTRAINT "wellness_vo2max_check" CHECK ("wellness_daily"."vo2max" between 10 and 100),
	CONSTRAINT "wellness_threshold_pace_check" CHECK ("wellness_daily"."threshold_pace_seconds_per_km" between 120 and 1200),
	CONSTRAINT "wellness_ftp_check" CHECK ("wellness_daily"."ftp_watts" between 30 and 2000)
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wellness_daily" ADD CONSTRAINT "wellness_daily_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_athlete_dedupe_key" ON "notifications" USING btree ("athlete_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "notifications_athlete_created_idx" ON "notifications" USING btree ("athlete_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wellness_daily_athlete_date_key" ON "wellness_daily" USING btree ("athlete_id","date");