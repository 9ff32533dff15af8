CREATE TABLE "onboarding_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"athlete_id" uuid NOT NULL,
	"status" text DEFAULT 'CREATED' NOT NULL,
	"consent_version" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"prompt" text,
	"revision" integer DEFAULT 0 NOT NULL,
	"goal_context" jsonb,
	"harvest" jsonb,
	"profile" jsonb,
	"plan" jsonb,
	"devices_skipped" boolean DEFAULT false NOT NULL,
	"error" text,
	"plan_id" uuid,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "onboarding_sessions_status_check" CHECK ("onboarding_sessions"."status" in ('CREATED', 'NLP_PARSED', 'DATA_HARVESTED', 'PROFILE_SYNTHESIZED', 'PLAN_DRAFTED', 'APPROVED'))
);
--> statement-breakpoint
ALTER TABLE "training_plans" ADD COLUMN "outline" jsonb;--> statement-breakpoint
ALTER TABLE "onboarding_sessions" ADD CONSTRAINT "onboarding_sessions_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "onboarding_sessions" ADD CONSTRAINT "onboarding_sessions_plan_id_training_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."training_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "onboarding_sessions_athlete_idx" ON "onboarding_sessions" USING btree ("athlete_id","created_at");