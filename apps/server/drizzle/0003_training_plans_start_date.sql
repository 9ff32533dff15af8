ALTER TABLE "training_plans" ADD COLUMN "start_date" date DEFAULT current_date NOT NULL;--> statement-breakpoint
-- Plans made before this column started on their creation day (never after their race).
UPDATE "training_plans" SET "start_date" = least("created_at"::date, coalesce("race_date", "created_at"::date));--> statement-breakpoint
-- Only the newest active plan of each athlete stays active, so that the unique index can be built.
UPDATE "training_plans" SET "status" = 'archived', "updated_at" = now() WHERE "status" = 'active' AND "id" NOT IN (SELECT DISTINCT ON ("athlete_id") "id" FROM "training_plans" WHERE "status" = 'active' ORDER BY "athlete_id", "created_at" DESC, "id" DESC);--> statement-breakpoint
CREATE UNIQUE INDEX "training_plans_one_active_idx" ON "training_plans" USING btree ("athlete_id") WHERE "training_plans"."status" = 'active';
