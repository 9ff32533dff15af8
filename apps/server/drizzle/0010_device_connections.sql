CREATE TABLE "device_authorizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"athlete_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"session_id" text NOT NULL,
	"code_verifier_enc" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"athlete_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"provider_user_id" text,
	"access_token_enc" text NOT NULL,
	"refresh_token_enc" text,
	"expires_at" timestamp with time zone,
	"scopes" text,
	"auto_sync" boolean DEFAULT true NOT NULL,
	"last_sync_at" timestamp with time zone,
	"synced_through" timestamp with time zone,
	"next_sync_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"backoff_until" timestamp with time zone,
	"backfill_done" integer DEFAULT 0 NOT NULL,
	"backfill_total" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "device_connections_status_check" CHECK ("device_connections"."status" in ('connected', 'error'))
);
--> statement-breakpoint
CREATE TABLE "device_sync_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"athlete_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"imported" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"wellness_days" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "device_sync_runs_status_check" CHECK ("device_sync_runs"."status" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "device_sync_runs_kind_check" CHECK ("device_sync_runs"."kind" in ('manual', 'auto', 'backfill', 'webhook'))
);
--> statement-breakpoint
ALTER TABLE "device_authorizations" ADD CONSTRAINT "device_authorizations_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_connections" ADD CONSTRAINT "device_connections_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_sync_runs" ADD CONSTRAINT "device_sync_runs_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_sync_runs" ADD CONSTRAINT "device_sync_runs_connection_id_device_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."device_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_authorizations_athlete_idx" ON "device_authorizations" USING btree ("athlete_id");--> statement-breakpoint
CREATE UNIQUE INDEX "device_connections_athlete_provider_idx" ON "device_connections" USING btree ("athlete_id","provider");--> statement-breakpoint
CREATE INDEX "device_connections_due_idx" ON "device_connections" USING btree ("next_sync_at");--> statement-breakpoint
CREATE INDEX "device_connections_provider_user_idx" ON "device_connections" USING btree ("provider","provider_user_id");--> statement-breakpoint
CREATE INDEX "device_sync_runs_athlete_idx" ON "device_sync_runs" USING btree ("athlete_id","created_at");--> statement-breakpoint
CREATE INDEX "device_sync_runs_connection_idx" ON "device_sync_runs" USING btree ("connection_id","status");