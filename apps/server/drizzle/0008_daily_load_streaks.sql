ALTER TABLE "daily_load" ADD COLUMN "streak_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_load" ADD COLUMN "longest_streak" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The stored days' streak facts, as rederiveDailyLoad writes them: the run of consecutive days with sessions
-- ending on each day (gaps and islands over the days with sessions; 0 on an empty day an earlier version kept),
-- and the longest run on or before it (carried across empty days too).
UPDATE "daily_load" AS d
SET "streak_days" = s.streak_days, "longest_streak" = s.longest_streak
FROM (
	SELECT athlete_id, date, streak_days,
		(max(streak_days) OVER (PARTITION BY athlete_id ORDER BY date))::int AS longest_streak
	FROM (
		SELECT athlete_id, date,
			CASE WHEN sessions > 0
				THEN (row_number() OVER (PARTITION BY athlete_id, island ORDER BY date))::int
				ELSE 0 END AS streak_days
		FROM (
			SELECT athlete_id, date, sessions,
				CASE WHEN sessions > 0
					THEN date - (row_number() OVER (PARTITION BY athlete_id, sessions > 0 ORDER BY date))::int
					END AS island
			FROM "daily_load"
		) AS islands
	) AS runs
) AS s
WHERE d.athlete_id = s.athlete_id AND d.date = s.date;
