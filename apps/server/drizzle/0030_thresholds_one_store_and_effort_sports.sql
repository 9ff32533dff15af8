-- One dated store of thresholds (docs/zones.md, "One store"): FTP and threshold pace logged on wellness days move
-- to sport_metrics as entries from those days (the sport's other values copied from the entry in force then; a
-- day that already has an entry keeps it; a value equal to the one before adds nothing), then the wellness
-- columns go.
INSERT INTO "sport_metrics" ("athlete_id", "sport", "effective_from", "ftp_watts", "max_power_watts", "max_hr", "resting_hr", "lthr")
SELECT w."athlete_id", 'cycling', w."date", w."ftp_watts", p."max_power_watts", p."max_hr", p."resting_hr", p."lthr"
FROM (
  SELECT "athlete_id", "date", "ftp_watts", lag("ftp_watts") OVER (PARTITION BY "athlete_id" ORDER BY "date") AS "before"
  FROM "wellness_daily" WHERE "ftp_watts" IS NOT NULL
) w
LEFT JOIN LATERAL (
  SELECT * FROM "sport_metrics" s WHERE s."athlete_id" = w."athlete_id" AND s."sport" = 'cycling'
  ORDER BY (s."effective_from" <= w."date") DESC,
    CASE WHEN s."effective_from" <= w."date" THEN s."effective_from" END DESC NULLS LAST, s."effective_from"
  LIMIT 1
) p ON true
WHERE w."before" IS DISTINCT FROM w."ftp_watts" AND p."ftp_watts" IS DISTINCT FROM w."ftp_watts"
ON CONFLICT ("athlete_id", "sport", "effective_from") DO NOTHING;--> statement-breakpoint
INSERT INTO "sport_metrics" ("athlete_id", "sport", "effective_from", "threshold_pace_seconds_per_km", "max_hr", "resting_hr", "lthr")
SELECT w."athlete_id", 'running', w."date", w."threshold_pace_seconds_per_km", p."max_hr", p."resting_hr", p."lthr"
FROM (
  SELECT "athlete_id", "date", "threshold_pace_seconds_per_km",
    lag("threshold_pace_seconds_per_km") OVER (PARTITION BY "athlete_id" ORDER BY "date") AS "before"
  FROM "wellness_daily" WHERE "threshold_pace_seconds_per_km" IS NOT NULL
) w
LEFT JOIN LATERAL (
  SELECT * FROM "sport_metrics" s WHERE s."athlete_id" = w."athlete_id" AND s."sport" = 'running'
  ORDER BY (s."effective_from" <= w."date") DESC,
    CASE WHEN s."effective_from" <= w."date" THEN s."effective_from" END DESC NULLS LAST, s."effective_from"
  LIMIT 1
) p ON true
WHERE w."before" IS DISTINCT FROM w."threshold_pace_seconds_per_km"
  AND p."threshold_pace_seconds_per_km" IS DISTINCT FROM w."threshold_pace_seconds_per_km"
ON CONFLICT ("athlete_id", "sport", "effective_from") DO NOTHING;--> statement-breakpoint
ALTER TABLE "wellness_daily" DROP CONSTRAINT "wellness_threshold_pace_check";--> statement-breakpoint
ALTER TABLE "wellness_daily" DROP CONSTRAINT "wellness_ftp_check";--> statement-breakpoint
ALTER TABLE "wellness_daily" DROP COLUMN "threshold_pace_seconds_per_km";--> statement-breakpoint
ALTER TABLE "wellness_daily" DROP COLUMN "ftp_watts";
--> statement-breakpoint
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
