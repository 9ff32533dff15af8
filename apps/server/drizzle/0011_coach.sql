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
ALTER TABLE "coach_actions" ADD CONSTRAINT "coach_actions_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_actions" ADD CONSTRAINT "coach_actions_message_id_coach_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."coach_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_actions" ADD CONSTRAINT "coach_actions_workout_id_workouts_id_fk" FOREIGN KEY ("workout_id") REFERENCES "public"."workouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coach_messages" ADD CONSTRAINT "coach_messages_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coach_actions_athlete_idx" ON "coach_actions" USING btree ("athlete_id","message_id");--> statement-breakpoint
CREATE INDEX "coach_messages_athlete_idx" ON "coach_messages" USING btree ("athlete_id","created_at");