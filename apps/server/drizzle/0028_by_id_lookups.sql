CREATE INDEX "account_exports_id_idx" ON "account_exports" USING btree ("id");--> statement-breakpoint
CREATE INDEX "import_files_id_idx" ON "import_files" USING btree ("id");--> statement-breakpoint
CREATE INDEX "device_authorizations_id_idx" ON "device_authorizations" USING btree ("id");--> statement-breakpoint
CREATE INDEX "device_connections_id_idx" ON "device_connections" USING btree ("id");--> statement-breakpoint
CREATE INDEX "device_sync_runs_id_idx" ON "device_sync_runs" USING btree ("id");--> statement-breakpoint
CREATE INDEX "onboarding_sessions_id_idx" ON "onboarding_sessions" USING btree ("id");