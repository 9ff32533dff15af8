ALTER TABLE "jobs" ADD COLUMN "athlete_id" uuid;--> statement-breakpoint
CREATE INDEX "jobs_athlete_idx" ON "jobs" USING btree ("athlete_id","updated_at");--> statement-breakpoint
UPDATE "jobs" SET "athlete_id" = ("payload"->>'athleteId')::uuid
  WHERE "payload"->>'athleteId' ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
