CREATE TABLE "coach_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"athlete_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"workout_id" uuid,
	"kind" text NOT NULL,
	"status" text DEFAULT 'proposed' NOT NULL,
	"payload" jsonb NOT NULL,
	"change_id" uuid,
	"plan_id" uuid,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coach_actions_status_check" CHECK ("coach_actions"."status" in ('proposed', 'applied', 'dismissed')),
	CONSTRAINT "coach_actions_kind_check" CHECK ("coach_actions"."kind" in ('move', 'skip', 'swap', 'shorten'))
);
--> statement-breakpoint
CREATE TABLE "coach_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"athlete_id" uuid NOT NULL,
	"role" text NOT NULL,
	"text" text NOT NULL,
	"citations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coach_messages_role_check" CHECK ("coach_messages"."role" in ('athlete', 'coach'))
);
--> statement-breakpoint
CREATE TABLE "adaptation_runs" (
	"athlete_id" uuid NOT NULL,
	"day" date NOT NULL,
	"changes" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "adaptation_runs_athlete_id_day_pk" PRIMARY KEY("athlete_id","day")
);
--> statement-breakpoint
CREATE TABLE "athlete_decided_days" (
	"athlete_id" uuid NOT NULL,
	"date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "athlete_decided_days_athlete_id_date_pk" PRIMARY KEY("athlete_id","date")
);
--> statement-breakpoint
CREATE TABLE "plan_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"athlete_id" uuid NOT NULL,
	"plan_id" uuid,
	"workout_id" uuid,
	"date" date NOT NULL,
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"undone_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_changes_source_check" CHECK ("plan_changes"."source" in ('adaptation', 'coach')),
	CONSTRAINT "plan_changes_kind_check" CHECK ("plan_changes"."kind" in ('swap', 'rest', 'move', 'drop', 'ease', 'skip', 'shorten', 'rebuild'))
);
--> statement-breakpoint
ALTER TABLE "athletes" ADD COLUMN "adaptation_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "workouts" ADD COLUMN "edited_by_athlete_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "coach_actions" ADD CONSTRAINT "coach_actions_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_actions" ADD CONSTRAINT "coach_actions_message_id_coach_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."coach_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_actions" ADD CONSTRAINT "coach_actions_workout_id_workouts_id_fk" FOREIGN KEY ("workout_id") REFERENCES "public"."workouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_messages" ADD CONSTRAINT "coach_messages_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adaptation_runs" ADD CONSTRAINT "adaptation_runs_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "athlete_decided_days" ADD CONSTRAINT "athlete_decided_days_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_plan_id_training_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."training_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coach_actions_athlete_idx" ON "coach_actions" USING btree ("athlete_id","message_id");--> statement-breakpoint
CREATE INDEX "coach_messages_athlete_idx" ON "coach_messages" USING btree ("athlete_id","created_at");--> statement-breakpoint
CREATE INDEX "plan_changes_athlete_idx" ON "plan_changes" USING btree ("athlete_id","created_at");--> statement-breakpoint
CREATE INDEX "plan_changes_workout_idx" ON "plan_changes" USING btree ("athlete_id","workout_id");