ALTER TABLE "activities" DROP CONSTRAINT "activities_sport_check";--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_sport_check" CHECK ("activities"."sport" in ('swim', 'bike', 'run', 'brick', 'strength', 'yoga', 'rowing', 'hiking', 'xc_ski', 'other'));--> statement-breakpoint
-- Recordings imported as 'other' whose device named one of these sports take it (docs/activities.md, "Decoding").
UPDATE "activities" SET "sport" = CASE
  WHEN "device_sport" = 'rowing' THEN 'rowing'
  WHEN "device_sport" = 'hiking' THEN 'hiking'
  WHEN "device_sport" = 'cross_country_skiing' THEN 'xc_ski'
  ELSE 'yoga' END
WHERE "sport" = 'other'
  AND ("device_sport" IN ('rowing', 'hiking', 'cross_country_skiing') OR "sub_sport" = 'yoga');
