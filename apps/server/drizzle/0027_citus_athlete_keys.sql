-- Ready for Citus (docs/scale.md, "Citus: sharding by athlete"): athlete_id joins the primary key of every
-- athlete table, and the foreign keys between athlete tables pair athlete_id on both sides. An ON DELETE SET NULL
-- clears only the referencing column (PostgreSQL 15), never athlete_id.
-- A reference to another athlete's row (none is written by the app) is cleared, or the child follows its parent,
-- so that the new keys hold on any existing database.
UPDATE "activities" c SET "file_id" = NULL FROM "activity_files" p WHERE p."id" = c."file_id" AND p."athlete_id" <> c."athlete_id";
--> statement-breakpoint
UPDATE "activities" c SET "workout_id" = NULL FROM "workouts" p WHERE p."id" = c."workout_id" AND p."athlete_id" <> c."athlete_id";
--> statement-breakpoint
UPDATE "import_files" c SET "activity_id" = NULL FROM "activities" p WHERE p."id" = c."activity_id" AND p."athlete_id" <> c."athlete_id";
--> statement-breakpoint
UPDATE "coach_actions" c SET "workout_id" = NULL FROM "workouts" p WHERE p."id" = c."workout_id" AND p."athlete_id" <> c."athlete_id";
--> statement-breakpoint
UPDATE "onboarding_sessions" c SET "plan_id" = NULL FROM "training_plans" p WHERE p."id" = c."plan_id" AND p."athlete_id" <> c."athlete_id";
--> statement-breakpoint
UPDATE "plan_changes" c SET "plan_id" = NULL FROM "training_plans" p WHERE p."id" = c."plan_id" AND p."athlete_id" <> c."athlete_id";
--> statement-breakpoint
UPDATE "workouts" c SET "plan_id" = NULL FROM "training_plans" p WHERE p."id" = c."plan_id" AND p."athlete_id" <> c."athlete_id";
--> statement-breakpoint
UPDATE "activity_streams" c SET "athlete_id" = p."athlete_id" FROM "activities" p WHERE p."id" = c."activity_id" AND p."athlete_id" <> c."athlete_id";
--> statement-breakpoint
UPDATE "import_files" c SET "athlete_id" = p."athlete_id" FROM "import_batches" p WHERE p."id" = c."batch_id" AND p."athlete_id" <> c."athlete_id";
--> statement-breakpoint
UPDATE "coach_actions" c SET "athlete_id" = p."athlete_id" FROM "coach_messages" p WHERE p."id" = c."message_id" AND p."athlete_id" <> c."athlete_id";
--> statement-breakpoint
UPDATE "device_sync_runs" c SET "athlete_id" = p."athlete_id" FROM "device_connections" p WHERE p."id" = c."connection_id" AND p."athlete_id" <> c."athlete_id";
--> statement-breakpoint
ALTER TABLE "activities" DROP CONSTRAINT "activities_file_id_activity_files_id_fk";
--> statement-breakpoint
ALTER TABLE "activities" DROP CONSTRAINT "activities_workout_id_workouts_id_fk";
--> statement-breakpoint
ALTER TABLE "activity_streams" DROP CONSTRAINT "activity_streams_activity_id_activities_id_fk";
--> statement-breakpoint
ALTER TABLE "import_files" DROP CONSTRAINT "import_files_batch_id_import_batches_id_fk";
--> statement-breakpoint
ALTER TABLE "import_files" DROP CONSTRAINT "import_files_activity_id_activities_id_fk";
--> statement-breakpoint
ALTER TABLE "coach_actions" DROP CONSTRAINT "coach_actions_message_id_coach_messages_id_fk";
--> statement-breakpoint
ALTER TABLE "coach_actions" DROP CONSTRAINT "coach_actions_workout_id_workouts_id_fk";
--> statement-breakpoint
ALTER TABLE "device_sync_runs" DROP CONSTRAINT "device_sync_runs_connection_id_device_connections_id_fk";
--> statement-breakpoint
ALTER TABLE "onboarding_sessions" DROP CONSTRAINT "onboarding_sessions_plan_id_training_plans_id_fk";
--> statement-breakpoint
ALTER TABLE "plan_changes" DROP CONSTRAINT "plan_changes_plan_id_training_plans_id_fk";
--> statement-breakpoint
ALTER TABLE "workouts" DROP CONSTRAINT "workouts_plan_id_training_plans_id_fk";
--> statement-breakpoint
ALTER TABLE "account_exports" DROP CONSTRAINT "account_exports_pkey";
--> statement-breakpoint
ALTER TABLE "activities" DROP CONSTRAINT "activities_pkey";
--> statement-breakpoint
ALTER TABLE "activity_files" DROP CONSTRAINT "activity_files_pkey";
--> statement-breakpoint
ALTER TABLE "activity_streams" DROP CONSTRAINT "activity_streams_activity_id_type_pk";
--> statement-breakpoint
ALTER TABLE "import_batches" DROP CONSTRAINT "import_batches_pkey";
--> statement-breakpoint
ALTER TABLE "import_files" DROP CONSTRAINT "import_files_pkey";
--> statement-breakpoint
ALTER TABLE "coach_actions" DROP CONSTRAINT "coach_actions_pkey";
--> statement-breakpoint
ALTER TABLE "coach_messages" DROP CONSTRAINT "coach_messages_pkey";
--> statement-breakpoint
ALTER TABLE "device_authorizations" DROP CONSTRAINT "device_authorizations_pkey";
--> statement-breakpoint
ALTER TABLE "device_connections" DROP CONSTRAINT "device_connections_pkey";
--> statement-breakpoint
ALTER TABLE "device_sync_runs" DROP CONSTRAINT "device_sync_runs_pkey";
--> statement-breakpoint
ALTER TABLE "onboarding_sessions" DROP CONSTRAINT "onboarding_sessions_pkey";
--> statement-breakpoint
ALTER TABLE "sport_metrics" DROP CONSTRAINT "sport_metrics_pkey";
--> statement-breakpoint
ALTER TABLE "plan_changes" DROP CONSTRAINT "plan_changes_pkey";
--> statement-breakpoint
ALTER TABLE "training_plans" DROP CONSTRAINT "training_plans_pkey";
--> statement-breakpoint
ALTER TABLE "workouts" DROP CONSTRAINT "workouts_pkey";
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_pkey";
--> statement-breakpoint
ALTER TABLE "wellness_daily" DROP CONSTRAINT "wellness_daily_pkey";
--> statement-breakpoint
ALTER TABLE "workout_favorites" DROP CONSTRAINT "workout_favorites_pkey";
--> statement-breakpoint
ALTER TABLE "workout_ratings" DROP CONSTRAINT "workout_ratings_pkey";
--> statement-breakpoint
ALTER TABLE "workout_template_events" DROP CONSTRAINT "workout_template_events_pkey";
--> statement-breakpoint
ALTER TABLE "account_exports" ADD CONSTRAINT "account_exports_athlete_id_id_pk" PRIMARY KEY("athlete_id","id");
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_athlete_id_id_pk" PRIMARY KEY("athlete_id","id");
--> statement-breakpoint
ALTER TABLE "activity_files" ADD CONSTRAINT "activity_files_athlete_id_id_pk" PRIMARY KEY("athlete_id","id");
--> statement-breakpoint
ALTER TABLE "activity_streams" ADD CONSTRAINT "activity_streams_athlete_id_activity_id_type_pk" PRIMARY KEY("athlete_id","activity_id","type");
--> statement-breakpoint
ALTER TABLE "import_batches" ADD CONSTRAINT "import_batches_athlete_id_id_pk" PRIMARY KEY("athlete_id","id");
--> statement-breakpoint
ALTER TABLE "import_files" ADD CONSTRAINT "import_files_athlete_id_id_pk" PRIMARY KEY("athlete_id","id");
--> statement-breakpoint
ALTER TABLE "coach_actions" ADD CONSTRAINT "coach_actions_athlete_id_id_pk" PRIMARY KEY("athlete_id","id");
--> statement-breakpoint
ALTER TABLE "coach_messages" ADD CONSTRAINT "coach_messages_athlete_id_id_pk" PRIMARY KEY("athlete_id","id");
--> statement-breakpoint
ALTER TABLE "device_authorizations" ADD CONSTRAINT "device_authorizations_athlete_id_id_pk" PRIMARY KEY("athlete_id","id");
--> statement-breakpoint
ALTER TABLE "device_connections" ADD CONSTRAINT "device_connections_athlete_id_id_pk" PRIMARY KEY("athlete_id","id");
--> statement-breakpoint
ALTER TABLE "device_sync_runs" ADD CONSTRAINT "device_sync_runs_athlete_id_id_pk" PRIMARY KEY("athlete_id","id");
--> statement-breakpoint
ALTER TABLE "onboarding_sessions" ADD CONSTRAINT "onboarding_sessions_athlete_id_id_pk" PRIMARY KEY("athlete_id","id");
--> statement-breakpoint
ALTER TABLE "sport_metrics" ADD CONSTRAINT "sport_metrics_athlete_id_id_pk" PRIMARY KEY("athlete_id","id");
--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_athlete_id_id_pk" PRIMARY KEY("athlete_id","id");
--> statement-breakpoint
ALTER TABLE "training_plans" ADD CONSTRAINT "training_plans_athlete_id_id_pk" PRIMARY KEY("athlete_id","id");
--> statement-breakpoint
ALTER TABLE "workouts" ADD CONSTRAINT "workouts_athlete_id_id_pk" PRIMARY KEY("athlete_id","id");
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_athlete_id_id_pk" PRIMARY KEY("athlete_id","id");
--> statement-breakpoint
ALTER TABLE "wellness_daily" ADD CONSTRAINT "wellness_daily_athlete_id_id_pk" PRIMARY KEY("athlete_id","id");
--> statement-breakpoint
ALTER TABLE "workout_favorites" ADD CONSTRAINT "workout_favorites_athlete_id_id_pk" PRIMARY KEY("athlete_id","id");
--> statement-breakpoint
ALTER TABLE "workout_ratings" ADD CONSTRAINT "workout_ratings_athlete_id_id_pk" PRIMARY KEY("athlete_id","id");
--> statement-breakpoint
ALTER TABLE "workout_template_events" ADD CONSTRAINT "workout_template_events_athlete_id_id_pk" PRIMARY KEY("athlete_id","id");
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_workout_fk" FOREIGN KEY ("athlete_id","workout_id") REFERENCES "public"."workouts"("athlete_id","id") ON DELETE SET NULL ("workout_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_file_fk" FOREIGN KEY ("athlete_id","file_id") REFERENCES "public"."activity_files"("athlete_id","id") ON DELETE SET NULL ("file_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "activity_streams" ADD CONSTRAINT "activity_streams_activity_fk" FOREIGN KEY ("athlete_id","activity_id") REFERENCES "public"."activities"("athlete_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "import_files" ADD CONSTRAINT "import_files_activity_fk" FOREIGN KEY ("athlete_id","activity_id") REFERENCES "public"."activities"("athlete_id","id") ON DELETE SET NULL ("activity_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "import_files" ADD CONSTRAINT "import_files_batch_fk" FOREIGN KEY ("athlete_id","batch_id") REFERENCES "public"."import_batches"("athlete_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "coach_actions" ADD CONSTRAINT "coach_actions_workout_fk" FOREIGN KEY ("athlete_id","workout_id") REFERENCES "public"."workouts"("athlete_id","id") ON DELETE SET NULL ("workout_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "coach_actions" ADD CONSTRAINT "coach_actions_message_fk" FOREIGN KEY ("athlete_id","message_id") REFERENCES "public"."coach_messages"("athlete_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "device_sync_runs" ADD CONSTRAINT "device_sync_runs_connection_fk" FOREIGN KEY ("athlete_id","connection_id") REFERENCES "public"."device_connections"("athlete_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "onboarding_sessions" ADD CONSTRAINT "onboarding_sessions_plan_fk" FOREIGN KEY ("athlete_id","plan_id") REFERENCES "public"."training_plans"("athlete_id","id") ON DELETE SET NULL ("plan_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "plan_changes" ADD CONSTRAINT "plan_changes_plan_fk" FOREIGN KEY ("athlete_id","plan_id") REFERENCES "public"."training_plans"("athlete_id","id") ON DELETE SET NULL ("plan_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "workouts" ADD CONSTRAINT "workouts_plan_fk" FOREIGN KEY ("athlete_id","plan_id") REFERENCES "public"."training_plans"("athlete_id","id") ON DELETE SET NULL ("plan_id") ON UPDATE no action;
