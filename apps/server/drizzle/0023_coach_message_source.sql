-- A coach message without a known source (none was required before) reads as the built-in rules'; an athlete's
-- own message has none. Then every coach message must say who answered it (docs/coach.md, "API").
UPDATE "coach_messages" SET "source" = 'built_in' WHERE "role" = 'coach' AND ("source" IS NULL OR "source" NOT IN ('built_in', 'model'));--> statement-breakpoint
UPDATE "coach_messages" SET "source" = NULL WHERE "role" = 'athlete' AND "source" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "coach_messages" ADD CONSTRAINT "coach_messages_source_check" CHECK (("coach_messages"."role" = 'athlete' and "coach_messages"."source" is null) or ("coach_messages"."role" = 'coach' and "coach_messages"."source" is not null and "coach_messages"."source" in ('built_in', 'model')));
