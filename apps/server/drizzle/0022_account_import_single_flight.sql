CREATE TABLE "account_imports" (
	"athlete_id" uuid PRIMARY KEY NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"percent" integer DEFAULT 0 NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"rows_total" integer DEFAULT 0 NOT NULL,
	"message" text,
	"lease_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_imports_status_check" CHECK ("account_imports"."status" in ('running', 'done', 'failed')),
	CONSTRAINT "account_imports_percent_check" CHECK ("account_imports"."percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "account_imports" ADD CONSTRAINT "account_imports_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Exports started twice before the index existed: all but the newest active one per athlete are failed first.
UPDATE "account_exports" SET "status" = 'failed', "message" = 'Replaced by a newer export.' WHERE "status" in ('queued', 'running') AND "id" NOT IN (SELECT DISTINCT ON ("athlete_id") "id" FROM "account_exports" WHERE "status" in ('queued', 'running') ORDER BY "athlete_id", "created_at" DESC);--> statement-breakpoint
CREATE UNIQUE INDEX "account_exports_one_active_idx" ON "account_exports" USING btree ("athlete_id") WHERE "account_exports"."status" in ('queued', 'running');