CREATE TABLE "activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"athlete_id" uuid NOT NULL,
	"file_id" uuid,
	"multisport_group_id" uuid,
	"leg_index" smallint,
	"source" text DEFAULT 'file' NOT NULL,
	"name" text NOT NULL,
	"sport" text NOT NULL,
	"device_sport" text,
	"sub_sport" text,
	"device_name" text,
	"start_time" timestamp with time zone NOT NULL,
	"local_date" date NOT NULL,
	"elapsed_seconds" integer NOT NULL,
	"moving_seconds" integer NOT NULL,
	"distance_m" double precision,
	"ascent_m" double precision,
	"avg_hr" double precision,
	"max_hr" double precision,
	"avg_power" double precision,
	"max_power" double precision,
	"avg_speed_mps" double precision,
	"max_speed_mps" double precision,
	"avg_cadence" double precision,
	"max_cadence" double precision,
	"calories" integer,
	"laps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tss" double precision,
	"tss_method" text,
	"intensity_factor" double precision,
	"normalized_power" double precision,
	"thresholds" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"zone_seconds" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"best_efforts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"workout_id" uuid,
	"match_state" text DEFAULT 'auto' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_sport_check" CHECK ("activities"."sport" in ('swim', 'bike', 'run', 'brick', 'strength', 'other')),
	CONSTRAINT "activities_tss_check" CHECK ("activities"."tss" >= 0),
	CONSTRAINT "activities_durations_check" CHECK ("activities"."elapsed_seconds" >= 0 and "activities"."moving_seconds" >= 0)
);
--> statement-breakpoint
CREATE TABLE "activity_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"athlete_id" uuid NOT NULL,
	"sha256" text NOT NULL,
	"original_name" text NOT NULL,
	"format" text NOT NULL,
	"compression" text,
	"size_bytes" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_streams" (
	"activity_id" uuid NOT NULL,
	"athlete_id" uuid NOT NULL,
	"type" text NOT NULL,
	"sample_count" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "activity_streams_activity_id_type_pk" PRIMARY KEY("activity_id","type")
);
--> statement-breakpoint
CREATE TABLE "import_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"athlete_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"batch_id" uuid NOT NULL,
	"athlete_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"message" text,
	"storage_key" text,
	"activity_id" uuid,
	"activity_ids" uuid[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_files_status_check" CHECK ("import_files"."status" in ('queued', 'processing', 'imported', 'duplicate', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 5 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "sport_metrics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"athlete_id" uuid NOT NULL,
	"sport" text NOT NULL,
	"effective_from" date NOT NULL,
	"threshold_pace_seconds_per_km" integer,
	"css_seconds_per_100m" integer,
	"threshold_100_seconds" integer,
	"ftp_watts" integer,
	"max_power_watts" integer,
	"max_hr" integer,
	"resting_hr" integer,
	"lthr" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sport_metrics_sport_check" CHECK ("sport_metrics"."sport" in ('running', 'cycling', 'swimming'))
);
--> statement-breakpoint
CREATE TABLE "sport_zones" (
	"athlete_id" uuid NOT NULL,
	"sport" text NOT NULL,
	"kind" text NOT NULL,
	"auto_calculate" boolean DEFAULT true NOT NULL,
	"zones" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sport_zones_athlete_id_sport_kind_pk" PRIMARY KEY("athlete_id","sport","kind"),
	CONSTRAINT "sport_zones_kind_check" CHECK ("sport_zones"."kind" in ('power', 'hr', 'pace'))
);
--> statement-breakpoint
ALTER TABLE "athletes" ADD COLUMN "tracked_metrics" jsonb DEFAULT '{"heartRate":true,"pace":true,"power":true,"hrv":true,"sleep":true,"fatigue":true,"rpe":true}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "workouts" ADD COLUMN "actual_duration_seconds" integer;--> statement-breakpoint
ALTER TABLE "workouts" ADD COLUMN "actual_tss" double precision;--> statement-breakpoint
ALTER TABLE "workouts" ADD COLUMN "compliance" jsonb;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_file_id_activity_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."activity_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_workout_id_workouts_id_fk" FOREIGN KEY ("workout_id") REFERENCES "public"."workouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_files" ADD CONSTRAINT "activity_files_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_streams" ADD CONSTRAINT "activity_streams_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_streams" ADD CONSTRAINT "activity_streams_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_files" ADD CONSTRAINT "import_files_batch_id_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."import_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_files" ADD CONSTRAINT "import_files_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_files" ADD CONSTRAINT "import_files_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_metrics" ADD CONSTRAINT "sport_metrics_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sport_zones" ADD CONSTRAINT "sport_zones_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_athlete_start_idx" ON "activities" USING btree ("athlete_id","start_time");--> statement-breakpoint
CREATE INDEX "activities_athlete_date_idx" ON "activities" USING btree ("athlete_id","local_date");--> statement-breakpoint
CREATE INDEX "activities_workout_idx" ON "activities" USING btree ("workout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "activity_files_athlete_sha_key" ON "activity_files" USING btree ("athlete_id","sha256");--> statement-breakpoint
CREATE INDEX "activity_streams_athlete_idx" ON "activity_streams" USING btree ("athlete_id");--> statement-breakpoint
CREATE INDEX "import_batches_athlete_idx" ON "import_batches" USING btree ("athlete_id","created_at");--> statement-breakpoint
CREATE INDEX "import_files_batch_idx" ON "import_files" USING btree ("batch_id","position");--> statement-breakpoint
CREATE INDEX "jobs_claim_idx" ON "jobs" USING btree ("status","run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sport_metrics_athlete_sport_day_key" ON "sport_metrics" USING btree ("athlete_id","sport","effective_from");--> statement-breakpoint
CREATE INDEX "sport_metrics_athlete_idx" ON "sport_metrics" USING btree ("athlete_id");