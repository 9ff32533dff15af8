CREATE TABLE "notification_deliveries" (
	"athlete_id" uuid NOT NULL,
	"key" text NOT NULL,
	"channel" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_deliveries_athlete_id_key_pk" PRIMARY KEY("athlete_id","key"),
	CONSTRAINT "notification_deliveries_channel_check" CHECK ("notification_deliveries"."channel" in ('email', 'push'))
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"athlete_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"device" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_subscriptions_athlete_id_id_pk" PRIMARY KEY("athlete_id","id")
);
--> statement-breakpoint
ALTER TABLE "athletes" ALTER COLUMN "notification_preferences" SET DEFAULT '{"missedSession":true,"newWeekPlan":true,"recoveryWarning":true,"dailyEmail":false,"pushPlanChanges":true,"pushMissedKeySession":true}'::jsonb;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_athlete_id_athletes_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."athletes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_athlete_endpoint_key" ON "push_subscriptions" USING btree ("athlete_id","endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_endpoint_idx" ON "push_subscriptions" USING btree ("endpoint");