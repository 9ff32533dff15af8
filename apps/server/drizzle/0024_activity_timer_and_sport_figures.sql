-- Timer time apart from moving time (docs/activities.md, "Timer and moving time"). Activities stored before
-- kept their timer time as moving time: that is their timer time.
ALTER TABLE "activities" ADD COLUMN "timer_seconds" integer;--> statement-breakpoint
UPDATE "activities" SET "timer_seconds" = "moving_seconds";--> statement-breakpoint
ALTER TABLE "activities" ALTER COLUMN "timer_seconds" SET NOT NULL;--> statement-breakpoint
-- Per-sport TSS and zone seconds of each day (docs/training-load.md); older rows are re-derived on first read.
ALTER TABLE "daily_load" ADD COLUMN "sport_figures" jsonb;
