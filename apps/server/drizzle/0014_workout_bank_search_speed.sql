DROP INDEX "workout_templates_search_idx";--> statement-breakpoint
CREATE INDEX "workout_templates_search_idx" ON "workout_templates" USING gin ("search_vector") WITH (fastupdate=false);