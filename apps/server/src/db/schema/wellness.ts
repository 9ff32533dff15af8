// Daily wellness: HRV, resting HR, sleep, subjective scores, body and threshold measures (the metrics module).
// Every row belongs to an athlete (athlete_id, indexed).
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { athletes } from './athletes.ts';

/**
 * One row per athlete and day. Every value is optional (an athlete logs what they measure); the ranges of the
 * contract's WELLNESS_RANGES are also checked here, so no path can store an impossible value.
 */
export const wellnessDaily = pgTable(
  'wellness_daily',
  {
    id: uuid('id').notNull().defaultRandom(),
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => athletes.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    /** rMSSD, milliseconds. */
    hrv: doublePrecision('hrv'),
    /** SDNN, milliseconds (Apple Health's HRV measure; never mixed with rMSSD). */
    hrvSdnn: doublePrecision('hrv_sdnn'),
    restingHr: smallint('resting_hr'),
    sleepHours: doublePrecision('sleep_hours'),
    sleepQuality: smallint('sleep_quality'),
    /** Subjective readiness 1-5. */
    readiness: smallint('readiness'),
    fatigueLevel: smallint('fatigue_level'),
    soreness: smallint('soreness'),
    mood: smallint('mood'),
    weightKg: doublePrecision('weight_kg'),
    vo2max: doublePrecision('vo2max'),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.athleteId, t.id] }),
    uniqueIndex('wellness_daily_athlete_date_key').on(t.athleteId, t.date),
    check('wellness_hrv_check', sql`${t.hrv} between 5 and 300`),
    check('wellness_hrv_sdnn_check', sql`${t.hrvSdnn} between 5 and 300`),
    check('wellness_resting_hr_check', sql`${t.restingHr} between 25 and 120`),
    check('wellness_sleep_hours_check', sql`${t.sleepHours} between 0 and 24`),
    check('wellness_sleep_quality_check', sql`${t.sleepQuality} between 1 and 5`),
    check('wellness_readiness_check', sql`${t.readiness} between 1 and 5`),
    check('wellness_fatigue_check', sql`${t.fatigueLevel} between 1 and 10`),
    check('wellness_soreness_check', sql`${t.soreness} between 1 and 10`),
    check('wellness_mood_check', sql`${t.mood} between 1 and 5`),
    check('wellness_weight_check', sql`${t.weightKg} between 25 and 300`),
    check('wellness_vo2max_check', sql`${t.vo2max} between 10 and 100`),
  ],
);
