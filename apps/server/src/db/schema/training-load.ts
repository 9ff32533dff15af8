import { date, doublePrecision, integer, jsonb, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { athletes } from './athletes.ts';
export interface SportDayFigures {
  /** `minutes`: the sport's minutes (moving time of a recording); absent on a row written before it was kept. */
  [sport: string]: { tss: number; zoneSeconds: [number, number, number, number, number]; minutes?: number };
}

export const dailyLoad = pgTable(
  'daily_load',
  {
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => athletes.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    tss: doublePrecision('tss').notNull().default(0),
    ctl: doublePrecision('ctl').notNull().default(0),
    atl: doublePrecision('atl').notNull().default(0),
    tsb: doublePrecision('tsb').notNull().default(0),
    sessions: integer('sessions').notNull().default(0),
    runMinutes: doublePrecision('run_minutes').notNull().default(0),
    bikeMinutes: doublePrecision('bike_minutes').notNull().default(0),
    swimMinutes: doublePrecision('swim_minutes').notNull().default(0),
    strengthMinutes: doublePrecision('strength_minutes').notNull().default(0),
    /** Seconds in zones 1–5 (rest counted as zone 1), from the sessions' parsed structure or their zone. */
    zoneSeconds: jsonb('zone_seconds')
      .$type<[number, number, number, number, number]>()
      .notNull()
      .default([0, 0, 0, 0, 0]),
    /**
     * Per sport (run, bike, swim, strength), the day's TSS and seconds in zones 1–5, made by the same rule as the
     * day's totals, so that a sport's figures and the totals never disagree (docs/training-load.md, "The daily
     * load table"). Null on a row written before it was kept: re-derived on its first read (`ensureSportFigures`).
     */
    sportFigures: jsonb('sport_figures').$type<SportDayFigures>(),
    /**
     * The training streak facts as of this day, kept with it so that a streak read is one row, not the whole
     * history: the consecutive days with sessions ending on this day, and the longest such run on or before it.
     */
    streakDays: integer('streak_days').notNull().default(0),
    longestStreak: integer('longest_streak').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.athleteId, t.date] })],
);
