-- Timer time apart from moving time (docs/activities.md, "Timer and moving time"). Activities stored before
-- kept their timer time as moving time: that is their timer time.
ALTER TABLE "activities" ADD COLUMN "timer_seconds" integer;--> statement-breakpoint
UPDATE "activities" SET "timer_seconds" = "moving_seconds";--> statement-breakpoint
ALTER TABLE "activities" ALTER COLUMN "timer_seconds" SET NOT NULL;
