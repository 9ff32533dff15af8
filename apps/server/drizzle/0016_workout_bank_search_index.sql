CREATE TABLE "workout_bank_search_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"text_version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "workout_bank_search_state_single_check" CHECK ("workout_bank_search_state"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "workout_templates" ADD COLUMN "search_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "workout_templates_search_version_idx" ON "workout_templates" USING btree ("search_version");--> statement-breakpoint
INSERT INTO "workout_bank_search_state" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
-- docs/workout-bank.md, "Search index in each process": every change of a template bumps the search version in
-- the writing transaction and stamps the row with it; a new or deleted row, or a change of the searched text or
-- the name, moves text_version too (a truncate as well).
CREATE FUNCTION "workout_templates_search_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'TRUNCATE') THEN
    UPDATE "workout_bank_search_state" SET "version" = "version" + 1, "text_version" = "version" + 1 WHERE "id" = 1;
    RETURN OLD;
  END IF;
  IF TG_OP = 'INSERT'
    OR NEW."name" IS DISTINCT FROM OLD."name"
    OR NEW."description" IS DISTINCT FROM OLD."description"
    OR NEW."key_focus" IS DISTINCT FROM OLD."key_focus"
    OR NEW."primary_target" IS DISTINCT FROM OLD."primary_target"
    OR NEW."discipline" IS DISTINCT FROM OLD."discipline" THEN
    UPDATE "workout_bank_search_state" SET "version" = "version" + 1, "text_version" = "version" + 1 WHERE "id" = 1
      RETURNING "version" INTO NEW."search_version";
  ELSE
    UPDATE "workout_bank_search_state" SET "version" = "version" + 1 WHERE "id" = 1
      RETURNING "version" INTO NEW."search_version";
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "workout_templates_search_version_write" BEFORE INSERT OR UPDATE ON "workout_templates"
  FOR EACH ROW EXECUTE FUNCTION "workout_templates_search_version"();--> statement-breakpoint
CREATE TRIGGER "workout_templates_search_version_delete" AFTER DELETE ON "workout_templates"
  FOR EACH ROW EXECUTE FUNCTION "workout_templates_search_version"();--> statement-breakpoint
CREATE TRIGGER "workout_templates_search_version_truncate" AFTER TRUNCATE ON "workout_templates"
  FOR EACH STATEMENT EXECUTE FUNCTION "workout_templates_search_version"();
