CREATE TABLE "daily_load" (
	"athlete_id" uuid NOT NULL,
	"date" date NOT NULL,
	"tss" double precision DEFAULT 0 NOT NULL,
	"ctl" double precision DEFAULT 0 NOT NULL,
	"atl" double precision DEFAULT 0 NOT NULL,
	"tsb" double precision DEFAULT 0 NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"run_minutes" double precision DEFAULT 0 NOT NULL,
	"bike_minutes" double precision DEFAULT 0 NOT NULL,
	"swim_minutes" double precision DEFAULT 0 NOT NULL,
	"strength_minutes" double precision DEFAULT 0 NOT NULL,
	"zone_seconds" jsonb DEFAULT '[0,0,0,0,0]'::jsonb NOT NULL,
	CONSTRAINT "daily_load_athlete_id_date_pk" PRIMARY KEY("athlete_id","date")
);
--> statement-breakpoint
ALTER TABLE "workouts" ADD COLUMN "tss" double precision;--> statement-breakpoint
ALTER TABLE "daily_load" ADD CONSTRAINT "daily_load_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workouts" ADD CONSTRAINT "workouts_tss_check" CHECK ("workouts"."tss" >= 0);