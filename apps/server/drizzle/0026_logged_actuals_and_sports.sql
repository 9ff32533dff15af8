ALTER TABLE "workouts" DROP CONSTRAINT "workouts_sport_check";--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "rpe" smallint;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "workouts" ADD COLUMN "actual_distance_m" double precision;--> statement-breakpoint
ALTER TABLE "workouts" ADD COLUMN "rpe" smallint;--> statement-breakpoint
ALTER TABLE "workouts" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_rpe_check" CHECK ("activities"."rpe" between 1 and 10);--> statement-breakpoint
ALTER TABLE "workouts" ADD CONSTRAINT "workouts_rpe_check" CHECK ("workouts"."rpe" between 1 and 10);--> statement-breakpoint
ALTER TABLE "workouts" ADD CONSTRAINT "workouts_sport_check" CHECK ("workouts"."sport" in ('run', 'bike', 'swim', 'strength', 'yoga', 'rowing', 'hiking', 'xc_ski', 'other'));