// The athlete's thresholds and zones (docs/zones.md). Thresholds keep a dated history: a row applies from its
// `effective_from` day until the next row of the same sport. Zones are stored only when the athlete edits
// them (auto-calculate off); otherwise they are derived from the thresholds in force.
import { THRESHOLD_SPORTS, type ThresholdSport, ZONE_KINDS, type ZoneKind } from '@stamina/core';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { athletes } from './athletes.ts';
import { oneOf } from './one-of.ts';

export const sportMetrics = pgTable(
  'sport_metrics',
  {
    id: uuid('id').notNull().defaultRandom(),
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => athletes.id, { onDelete: 'cascade' }),
    sport: text('sport').$type<ThresholdSport>().notNull(),
    effectiveFrom: date('effective_from').notNull(),
    /** Running: threshold pace, seconds per km (stored in one unit whatever the display). */
    thresholdPaceSecondsPerKm: integer('threshold_pace_seconds_per_km'),
    /** Swimming: critical swim speed as a pace, and the threshold 100 m time, seconds per 100 m. */
    cssSecondsPer100m: integer('css_seconds_per_100m'),
    threshold100Seconds: integer('threshold_100_seconds'),
    /** Cycling: functional threshold power and 5 s max power, watts. */
    ftpWatts: integer('ftp_watts'),
    maxPowerWatts: integer('max_power_watts'),
    maxHr: integer('max_hr'),
    restingHr: integer('resting_hr'),
    /** Lactate-threshold heart rate; Friel's heart-rate zones use it when known. */
    lthr: integer('lthr'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.athleteId, t.id] }),
    uniqueIndex('sport_metrics_athlete_sport_day_key').on(t.athleteId, t.sport, t.effectiveFrom),
    index('sport_metrics_athlete_idx').on(t.athleteId),
    check('sport_metrics_sport_check', oneOf(t.sport, THRESHOLD_SPORTS)),
  ],
);

/** One zone: its number (1–5) and inclusive integer bounds in the table's unit. */
export interface StoredZone {
  zone: number;
  min: number;
  max: number;
}

export const sportZones = pgTable(
  'sport_zones',
  {
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => athletes.id, { onDelete: 'cascade' }),
    sport: text('sport').$type<ThresholdSport>().notNull(),
    kind: text('kind').$type<ZoneKind>().notNull(),
    autoCalculate: boolean('auto_calculate').notNull().default(true),
    /** The athlete's own table; used only while auto-calculate is off. */
    zones: jsonb('zones').$type<StoredZone[]>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.athleteId, t.sport, t.kind] }),
    check('sport_zones_kind_check', oneOf(t.kind, ZONE_KINDS)),
  ],
);
