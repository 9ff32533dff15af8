// One scale-seed athlete as rows (docs/scale.md, "The seed"): the demo athlete's rules from core
// (generateDemoAthlete: the triathlon week, 3 + 1 blocks, wellness around the load) over the asked years, each
// athlete from its own seed; the workouts parsed and scored as the workout service does (structureOf, tssOf),
// the recorded activities as the demo's (demoRecordedSession + legRecord), the daily load by the upkeep's own
// derivation (deriveDays). Parsing and recording are memoised by session text: the demo's sessions repeat
// across athletes, and everything an athlete varies (dates, ids, which sessions are recorded) stays its own.
import {
  addDays,
  type DemoSport,
  defaultWidgetConfig,
  demoRecordedSession,
  generateDemoAthlete,
  type ParsedWorkout,
  parseWorkout,
  primaryZone,
  type RecordedSport,
  type Sport,
  seededRandom,
  type ThresholdEntry,
  thresholdsInForce,
  weekStartOf,
} from '@stamina/core';
import { type LegRecord, legRecord } from '../../src/modules/activities/figures.ts';
import { compliance } from '../../src/modules/activities/matching.ts';
import { deriveDays } from '../../src/modules/training-load/upkeep.ts';
import { structureOf, tssOf } from '../../src/modules/workouts/answers.ts';
import { type CopyField, jsonField } from './copy.ts';
import type { Buffers } from './tables.ts';

/**
 * The ids of one owner (an athlete, or the library: index -1), unique by construction: the owner's index, the
 * seed and a counter laid out in a version-4 uuid. (Ids drawn from the 32-bit generator collided: mulberry32's
 * streams of two athletes overlap once thousands of athletes draw tens of thousands of values each.)
 */
export function idMaker(seed: number, index: number): () => string {
  const owner = (index >>> 0).toString(16).padStart(8, '0');
  const run = (seed & 0xffff).toString(16).padStart(4, '0');
  let counter = 0;
  return () => {
    counter += 1;
    const c = counter.toString(16).padStart(15, '0');
    return `${owner}-${run}-4${c.slice(0, 3)}-8${c.slice(3, 6)}-${c.slice(6, 15).padStart(12, '0')}`;
  };
}

/** A well-mixed 32-bit seed for athlete `index` of run `seed`. */
export function athleteSeed(seed: number, index: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35);
  h ^= h >>> 16;
  return Math.imul(h, 0x27d4eb2f) >>> 0;
}

const START_HOUR_UTC: Record<DemoSport, number> = { bike: 7, run: 17, swim: 6, strength: 18 };
const THRESHOLD_SPORT = { bike: 'cycling', swim: 'swimming' } as const;

interface Parsed {
  structure: Record<string, unknown>;
  structureField: CopyField;
  durationMinutes: number | null;
  intensityZone: number | null;
  tss: number | null;
}

/** Memo of what depends only on a session's sport and text (the demo's thresholds are everyone's). */
export class SessionMemo {
  private readonly parsed = new Map<string, Parsed>();
  private readonly recorded = new Map<string, Recording>();
  constructor(private readonly thresholds: readonly ThresholdEntry[]) {}

  parse(sport: Sport, text: string, day: string): Parsed {
    const key = `${sport}|${text}`;
    let found = this.parsed.get(key);
    if (!found) {
      const parsed: ParsedWorkout = parseWorkout(text, {
        sport,
        thresholds: thresholdsInForce(this.thresholds, day, sport),
      });
      const structure = structureOf(parsed);
      const value = {
        sport,
        durationMinutes: Math.ceil(parsed.total_duration_estimated / 60) || null,
        intensityZone: primaryZone(parsed.intervals),
        workoutStructure: structure,
      };
      found = { ...value, structure, structureField: jsonField(structure), tss: tssOf(value) };
      this.parsed.set(key, found);
    }
    return found;
  }

  /** The session's recording (one of four variants), as figures at the demo's start hour on an epoch day. */
  record(sport: DemoSport, text: string, structure: Record<string, unknown>, variant: number): Recording {
    const key = `${sport}|${variant}|${text}`;
    let found = this.recorded.get(key);
    if (!found) {
      const steps = ['warmup_intervals', 'main_intervals', 'cooldown_intervals'].flatMap(
        (part) => (structure[part] as never[] | undefined) ?? [],
      );
      const recorded = demoRecordedSession({ sport, startTime: 0, steps, seed: 1_000 + variant });
      const entry = this.entryFor(sport);
      const leg = legRecord(recorded, 'Stamina scale seed', {
        thresholds: {
          ftpWatts: entry('cycling')?.ftpWatts ?? null,
          thresholdPaceSecondsPerKm: entry('running')?.thresholdPaceSecondsPerKm ?? null,
          cssSecondsPer100m: entry('swimming')?.cssSecondsPer100m ?? null,
          maxHr: entry(null)?.maxHr ?? null,
          lthr: entry(null)?.lthr ?? null,
          restingHr: entry(null)?.restingHr ?? null,
        },
        zones: null,
        effectiveFrom: null,
      });
      found = prototypeOf(leg);
      this.recorded.set(key, found);
    }
    return found;
  }

  /** The demo's threshold entry of a sport (null: the recording sport's own, running's for run/strength). */
  private entryFor(sport: DemoSport) {
    const own = THRESHOLD_SPORT[sport as keyof typeof THRESHOLD_SPORT] ?? 'running';
    return (of: ThresholdEntry['sport'] | null) => this.thresholds.find((t) => t.sport === (of ?? own));
  }
}

export interface AthleteOptions {
  index: number;
  seed: number;
  today: string;
  historyDays: number;
  streamsShare: number;
  passwordHash: string;
  templateIds: readonly string[];
  memo: SessionMemo;
}

/**
 * A recording recorded from the epoch, kept for many activities: its figures, its jsonb columns serialised
 * once, and its laps' JSON with each lap's start as an offset to put the activity's own start into.
 */
interface Recording {
  activity: LegRecord['activity'];
  fields: Record<string, CopyField>;
  lapsJson: string | null;
  streams: LegRecord['streams'];
}

const LAP_START = /"@lap:(\d+)"/g;

function prototypeOf(leg: LegRecord): Recording {
  const fields: Record<string, CopyField> = {};
  for (const [key, value] of Object.entries(leg.activity))
    if (value !== null && typeof value === 'object' && !(value instanceof Date) && key !== 'laps')
      fields[key] = jsonField(value);
  const laps = leg.activity.laps as Array<{ startTime?: string }> | null | undefined;
  const lapsJson = laps
    ? JSON.stringify(
        laps.map((lap) => (lap.startTime ? { ...lap, startTime: `@lap:${Date.parse(lap.startTime)}` } : lap)),
      )
    : null;
  return { activity: leg.activity, fields, lapsJson, streams: leg.streams };
}

/** The recording's row values starting at `startMs`: the shared fields, and its laps at their own times. */
function startedAt(recording: Recording, startMs: number): Record<string, unknown> {
  const laps =
    recording.lapsJson === null
      ? null
      : jsonField(
          null,
          recording.lapsJson.replace(
            LAP_START,
            (_, offset) => `"${new Date(startMs + Number(offset)).toISOString()}"`,
          ),
        );
  return { ...recording.activity, ...recording.fields, laps, startTime: new Date(startMs) };
}

/** Writes one athlete's rows into the batch's buffers; answers the counts the seed reports. */
export function writeAthlete(out: Buffers, o: AthleteOptions): { workouts: number; activities: number } {
  const random = seededRandom(athleteSeed(o.seed, o.index));
  const id = idMaker(o.seed, o.index);
  const demo = generateDemoAthlete({
    today: o.today,
    seed: athleteSeed(o.seed, o.index),
    historyDays: o.historyDays,
  });
  const userId = id();
  const athleteId = id();
  const joined = new Date(`${demo.wellness[0]?.date ?? o.today}T08:00:00Z`);
  out.users.add({
    id: userId,
    email: `athlete${o.index}@scale.stamina.test`,
    passwordHash: o.passwordHash,
    name: `Scale Athlete ${o.index}`,
    emailConfirmedAt: joined,
    createdAt: joined,
  });
  out.athletes.add({
    id: athleteId,
    authUserId: userId,
    widgetConfig: defaultWidgetConfig(),
    onboardingComplete: true,
    timezone: 'UTC',
    primarySports: demo.profile.primary_sports,
    goalEvent: demo.profile.goal_event,
    goalDate: demo.profile.goal_date,
    createdAt: joined,
  });
  for (const entry of demo.thresholds) out.sportMetrics.add({ id: id(), athleteId, ...entry });
  const planId = id();
  out.trainingPlans.add({
    id: planId,
    athleteId,
    title: demo.plan.title,
    raceType: demo.plan.race_type,
    raceDate: demo.plan.race_date,
    targetTime: demo.plan.target_time,
    startDate: demo.plan.start_date,
    status: 'active',
  });

  // Workouts, and for a completed one (nine in ten: the others were logged by hand) its recording.
  const sessions: Parameters<typeof deriveDays>[1][number][] = [];
  const recordedLoad: Parameters<typeof deriveDays>[2][number][] = [];
  let activityCount = 0;
  for (const w of demo.workouts) {
    const parsed = o.memo.parse(w.sport, w.workout_language_text, w.workout_date);
    const workoutId = id();
    const done = w.status === 'completed';
    const recorded = done && random() < 0.9;
    let actual: Record<string, unknown> = {};
    if (recorded) {
      const sport = w.sport as DemoSport;
      const prototype = o.memo.record(
        sport,
        w.workout_language_text,
        parsed.structure,
        Math.floor(random() * 4),
      );
      const startMs =
        Date.parse(`${w.workout_date}T00:00:00Z`) +
        (START_HOUR_UTC[sport] * 60 + Math.floor(random() * 60)) * 60_000;
      const activityId = id();
      const activity = {
        ...startedAt(prototype, startMs),
        id: activityId,
        athleteId,
        name: w.title,
        localDate: w.workout_date,
        source: 'demo',
        workoutId,
        matchState: 'auto',
        createdAt: new Date(startMs + 3 * 3_600_000),
      };
      out.activities.add(activity);
      if (random() < o.streamsShare)
        for (const s of prototype.streams) out.activityStreams.add({ ...s, activityId, athleteId });
      actual = {
        actualDurationSeconds: prototype.activity.timerSeconds,
        actualTss: prototype.activity.tss,
        compliance: compliance(parsed, prototype.activity as Parameters<typeof compliance>[1]),
      };
      const figures = prototype.activity;
      recordedLoad.push({
        date: w.workout_date,
        sport: figures.sport as RecordedSport,
        movingSeconds: figures.movingSeconds,
        tss: figures.tss ?? null,
        intensityFactor: figures.intensityFactor ?? null,
        zoneSeconds: figures.zoneSeconds ?? null,
      } as Parameters<typeof deriveDays>[2][number]);
      activityCount += 1;
    } else if (done) {
      sessions.push({
        date: w.workout_date,
        sport: w.sport,
        durationMinutes: parsed.durationMinutes,
        intensityZone: parsed.intensityZone,
        tss: parsed.tss,
        structure: parsed.structure,
        actualTss: null,
        actualDurationSeconds: null,
      });
    }
    const created = new Date(`${addDays(w.workout_date, -7)}T20:00:00Z`);
    out.workouts.add({
      id: workoutId,
      athleteId,
      planId: w.in_plan ? planId : null,
      title: w.title,
      workoutDate: w.workout_date,
      sport: w.sport,
      workoutLanguageText: w.workout_language_text,
      durationMinutes: parsed.durationMinutes,
      intensityZone: parsed.intensityZone,
      status: w.status,
      workoutData: {},
      workoutStructure: parsed.structureField,
      tss: parsed.tss,
      completedAt: done ? new Date(`${w.workout_date}T19:00:00Z`) : null,
      actualDurationSeconds: null,
      actualTss: null,
      compliance: null,
      ...actual,
      createdAt: created,
      updatedAt: created,
    });
    if (w.status === 'skipped')
      out.notifications.add({
        id: id(),
        athleteId,
        kind: 'missed_session',
        title: `Missed: ${w.title}`,
        body: 'Your plan has been adjusted around it.',
        link: `/calendar?date=${w.workout_date}`,
        data: { workoutId },
        dedupeKey: `missed:${workoutId}`,
        createdAt: new Date(`${addDays(w.workout_date, 1)}T06:00:00Z`),
        readAt: new Date(`${addDays(w.workout_date, 1)}T12:00:00Z`),
      });
  }
  sessions.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  recordedLoad.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  for (const day of deriveDays(undefined, sessions, recordedLoad)) out.dailyLoad.add({ ...day, athleteId });

  for (const day of demo.wellness)
    out.wellnessDaily.add({
      id: id(),
      athleteId,
      date: day.date,
      hrv: day.hrv,
      restingHr: day.resting_hr,
      sleepHours: day.sleep_hours,
      sleepQuality: day.sleep_quality,
      readiness: day.readiness,
      fatigueLevel: day.fatigue_level,
      soreness: day.soreness,
      mood: day.mood,
      weightKg: day.weight_kg,
      vo2max: day.vo2max,
      thresholdPaceSecondsPerKm: day.threshold_pace_seconds_per_km,
      ftpWatts: day.ftp_watts,
    });

  // Every Monday's "your week" notification, read except the latest.
  for (
    let monday = weekStartOf(demo.wellness[0]?.date ?? o.today);
    monday <= o.today;
    monday = addDays(monday, 7)
  )
    out.notifications.add({
      id: id(),
      athleteId,
      kind: 'new_week_plan',
      title: 'Your week is planned',
      body: 'See this week’s sessions on your calendar.',
      link: `/calendar?date=${monday}`,
      data: { weekStart: monday },
      dedupeKey: `week:${monday}`,
      createdAt: new Date(`${monday}T05:00:00Z`),
      readAt: addDays(monday, 7) <= o.today ? new Date(`${monday}T09:00:00Z`) : null,
    });

  // Workout Bank use: a few favourites and ratings of shared templates, and views (some turned into a use).
  const chosen = new Set<string>();
  const pickTemplate = () => o.templateIds[Math.floor(random() * o.templateIds.length)]!;
  for (let n = Math.floor(random() * 7); n > 0; n--) {
    const templateId = pickTemplate();
    if (chosen.has(templateId)) continue;
    chosen.add(templateId);
    out.workoutFavorites.add({ id: id(), athleteId, templateId, createdAt: joined });
  }
  const rated = new Set<string>();
  for (let n = Math.floor(random() * 4); n > 0; n--) {
    const templateId = pickTemplate();
    if (rated.has(templateId)) continue;
    rated.add(templateId);
    const rating = 3 + Math.floor(random() * 3);
    out.workoutRatings.add({
      id: id(),
      athleteId,
      templateId,
      rating,
      enjoymentRating: rating,
      createdAt: joined,
    });
  }
  const views = Math.round((o.historyDays / 7) * random());
  for (let n = 0; n < views; n++) {
    const at = new Date(joined.getTime() + random() * o.historyDays * 86_400_000);
    const templateId = pickTemplate();
    out.workoutTemplateEvents.add({ id: id(), athleteId, templateId, kind: 'view', createdAt: at });
    if (random() < 0.2)
      out.workoutTemplateEvents.add({ id: id(), athleteId, templateId, kind: 'use', createdAt: at });
  }
  return { workouts: demo.workouts.length, activities: activityCount };
}
