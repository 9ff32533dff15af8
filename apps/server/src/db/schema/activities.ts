// Recorded training (docs/activities.md): imported files, the activities decoded from them with their figures
// and 1 Hz streams, and the import batches that report each file's fate. Every row belongs to an athlete.
import { type ActivityLapFigures, RECORDED_SPORTS, type RecordedSport } from '@stamina/core';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { athletes } from './athletes.ts';
import { oneOf } from './one-of.ts';
import { workouts } from './workouts.ts';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/** Stamina's sports for recorded training (core RECORDED_SPORTS); the device's own sport is kept beside it. */
export type ActivitySport = RecordedSport;
export type ImportFileStatus = 'queued' | 'processing' | 'imported' | 'duplicate' | 'failed';

/** An original file as uploaded (after unzipping; a gzip copy is kept as sent). Stored once per athlete. */
export const activityFiles = pgTable(
  'activity_files',
  {
    id: uuid('id').notNull().defaultRandom(),
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => athletes.id, { onDelete: 'cascade' }),
    /** SHA-256 of the decompressed bytes: the same recording uploaded twice is found by it. */
    sha256: text('sha256').notNull(),
    originalName: text('original_name').notNull(),
    format: text('format').$type<'fit' | 'gpx' | 'tcx'>().notNull(),
    /** 'gzip' when the stored bytes are the gzip copy that was uploaded. */
    compression: text('compression').$type<'gzip'>(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** Key in the file store (lib/file-store.ts). */
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.athleteId, t.id] }),
    uniqueIndex('activity_files_athlete_sha_key').on(t.athleteId, t.sha256),
  ],
);

/** Per-lap figures, as the device closed its laps. */
export type ActivityLap = ActivityLapFigures;

/** One recorded session. A multisport file gives one activity per leg (transitions included), sharing a group. */
export const activities = pgTable(
  'activities',
  {
    id: uuid('id').notNull().defaultRandom(),
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => athletes.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id'),
    /** Legs of one multisport recording share a group id; `legIndex` orders them. */
    multisportGroupId: uuid('multisport_group_id'),
    legIndex: smallint('leg_index'),
    /** 'file' (upload), 'demo' (demo athlete), or a device provider's name. */
    source: text('source').notNull().default('file'),
    name: text('name').notNull(),
    /** The athlete's own words and gear from a platform archive (Strava's activities.csv); null otherwise. */
    description: text('description'),
    gear: text('gear'),
    sport: text('sport').$type<ActivitySport>().notNull(),
    /** The device's own sport and sub-sport, as recorded (e.g. 'cycling' / 'virtual_activity'). */
    deviceSport: text('device_sport'),
    subSport: text('sub_sport'),
    deviceName: text('device_name'),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    /** The athlete's calendar day of the start, in their time zone at import. */
    localDate: date('local_date').notNull(),
    elapsedSeconds: integer('elapsed_seconds').notNull(),
    /** Seconds the device's timer ran; moving time is that less the stops (docs/activities.md). */
    timerSeconds: integer('timer_seconds').notNull(),
    movingSeconds: integer('moving_seconds').notNull(),
    distanceM: doublePrecision('distance_m'),
    ascentM: doublePrecision('ascent_m'),
    avgHr: doublePrecision('avg_hr'),
    maxHr: doublePrecision('max_hr'),
    avgPower: doublePrecision('avg_power'),
    maxPower: doublePrecision('max_power'),
    avgSpeedMps: doublePrecision('avg_speed_mps'),
    maxSpeedMps: doublePrecision('max_speed_mps'),
    avgCadence: doublePrecision('avg_cadence'),
    maxCadence: doublePrecision('max_cadence'),
    calories: integer('calories'),
    laps: jsonb('laps').$type<ActivityLap[]>().notNull().default([]),
    /** Training values: TSS and how it was computed (docs/activities.md, "Training values"). */
    tss: doublePrecision('tss'),
    tssMethod: text('tss_method'),
    intensityFactor: doublePrecision('intensity_factor'),
    normalizedPower: doublePrecision('normalized_power'),
    /** The thresholds the values were computed with, and which of them were defaults. */
    thresholds: jsonb('thresholds').$type<Record<string, unknown>>().notNull().default({}),
    /** Seconds in zones 1–5 per kind: {power?: [5], hr?: [5], pace?: [5]}. */
    zoneSeconds: jsonb('zone_seconds').$type<Record<string, number[]>>().notNull().default({}),
    /** Best efforts: {power: {'5s': watts, …}, pace: {'1km': seconds, …}}. */
    bestEfforts: jsonb('best_efforts').$type<Record<string, Record<string, number>>>().notNull().default({}),
    /** How hard it felt (session RPE, 1-10) and the athlete's note; the RPE scores an activity without sensors. */
    rpe: smallint('rpe'),
    note: text('note'),
    /** The planned workout this activity completed, if matched. */
    workoutId: uuid('workout_id'),
    /** 'auto' (matched on import), 'manual' (the athlete chose), 'none' (the athlete unmatched it). */
    matchState: text('match_state').$type<'auto' | 'manual' | 'none'>().notNull().default('auto'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'activities_workout_fk',
      columns: [t.athleteId, t.workoutId],
      foreignColumns: [workouts.athleteId, workouts.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'activities_file_fk',
      columns: [t.athleteId, t.fileId],
      foreignColumns: [activityFiles.athleteId, activityFiles.id],
    }).onDelete('set null'),
    primaryKey({ columns: [t.athleteId, t.id] }),
    index('activities_athlete_start_idx').on(t.athleteId, t.startTime),
    index('activities_athlete_date_idx').on(t.athleteId, t.localDate),
    index('activities_workout_idx').on(t.workoutId),
    check('activities_sport_check', oneOf(t.sport, RECORDED_SPORTS)),
    check('activities_tss_check', sql`${t.tss} >= 0`),
    check('activities_rpe_check', sql`${t.rpe} between 1 and 10`),
    check('activities_durations_check', sql`${t.elapsedSeconds} >= 0 and ${t.movingSeconds} >= 0`),
  ],
);

/**
 * 1 Hz streams of an activity, one row per kind (power, heart_rate, cadence, speed, distance, altitude, lat,
 * lng, temperature), encoded by core `encodeStream` (docs/activities.md, "Streams").
 */
export const activityStreams = pgTable(
  'activity_streams',
  {
    activityId: uuid('activity_id').notNull(),
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => athletes.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    sampleCount: integer('sample_count').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [
    foreignKey({
      name: 'activity_streams_activity_fk',
      columns: [t.athleteId, t.activityId],
      foreignColumns: [activities.athleteId, activities.id],
    }).onDelete('cascade'),
    primaryKey({ columns: [t.athleteId, t.activityId, t.type] }),
    index('activity_streams_athlete_idx').on(t.athleteId),
  ],
);

/** One upload request; its files are processed by jobs and report their status here. */
export const importBatches = pgTable(
  'import_batches',
  {
    id: uuid('id').notNull().defaultRandom(),
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => athletes.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.athleteId, t.id] }),
    index('import_batches_athlete_idx').on(t.athleteId, t.createdAt),
  ],
);

export const importFiles = pgTable(
  'import_files',
  {
    id: uuid('id').notNull().defaultRandom(),
    batchId: uuid('batch_id').notNull(),
    athleteId: uuid('athlete_id')
      .notNull()
      .references(() => athletes.id, { onDelete: 'cascade' }),
    /** Position in the batch (zip members keep their order after the zip's own position). */
    position: integer('position').notNull(),
    name: text('name').notNull(),
    status: text('status').$type<ImportFileStatus>().notNull().default('queued'),
    message: text('message'),
    /** The staged bytes, in the file store, until the job has read them. */
    storageKey: text('storage_key'),
    /** The activity made (the first leg of a multisport file), or the existing one a duplicate matches. */
    activityId: uuid('activity_id'),
    activityIds: uuid('activity_ids').array().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'import_files_activity_fk',
      columns: [t.athleteId, t.activityId],
      foreignColumns: [activities.athleteId, activities.id],
    }).onDelete('set null'),
    foreignKey({
      name: 'import_files_batch_fk',
      columns: [t.athleteId, t.batchId],
      foreignColumns: [importBatches.athleteId, importBatches.id],
    }).onDelete('cascade'),
    primaryKey({ columns: [t.athleteId, t.id] }),
    // Job handlers and webhooks find the row by id alone (docs/scale.md, "Citus: sharding by athlete").
    index('import_files_id_idx').on(t.id),
    index('import_files_batch_idx').on(t.batchId, t.position),
    check(
      'import_files_status_check',
      sql`${t.status} in ('queued', 'processing', 'imported', 'duplicate', 'failed')`,
    ),
  ],
);
