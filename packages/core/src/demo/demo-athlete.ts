// The demo athlete: six months of plausible training, wellness and an active plan, generated from a seed so
// that every first start shows the same account. Pure: the server stores the result through its services,
// exactly like a user's own data. The rhythm is a classic triathlon week (Monday off, quality midweek, long
// ride Saturday, long run Sunday) in 3 + 1 blocks: three building weeks, then a recovery week.
import { addDays, epochDay } from '../dates.ts';
import { roundTo } from '../numbers.ts';
import { dayOfWeek, weekStartOf } from '../training/calendar.ts';
import { workoutTss } from '../training/tss.ts';
import { parseWorkout } from '../workouts/parser/index.ts';
import { primaryZone } from '../workouts/summarize.ts';
import type { Sport } from '../workouts/types.ts';
import { type ThresholdEntry, thresholdsInForce } from '../zones/history.ts';

export const DEMO_SEED = 20_240_601;
/** About six months of history, and two weeks of planned sessions from today on. */
export const DEMO_HISTORY_DAYS = 182;
export const DEMO_PLANNED_DAYS = 14;

export interface DemoWorkout {
  workout_date: string;
  sport: Sport;
  title: string;
  workout_language_text: string;
  status: 'completed' | 'skipped' | 'planned';
  /** From the plan's start day on, a session belongs to the plan (the server sets plan_id). */
  in_plan: boolean;
}

export interface DemoWellnessDay {
  date: string;
  hrv: number;
  resting_hr: number;
  sleep_hours: number;
  sleep_quality: number;
  readiness: number;
  fatigue_level: number;
  soreness: number;
  mood: number;
  weight_kg: number | null;
  vo2max: number | null;
  threshold_pace_seconds_per_km: number | null;
  ftp_watts: number | null;
}

export interface DemoPlan {
  title: string;
  race_type: 'Half Ironman';
  race_date: string;
  target_time: string;
  start_date: string;
}

export interface DemoAthlete {
  /** primary_sports as the profile form names them (running, cycling, swimming, triathlon). */
  profile: {
    name: string;
    primary_sports: Array<'running' | 'cycling' | 'swimming' | 'triathlon'>;
    goal_event: string;
    goal_date: string;
  };
  plan: DemoPlan;
  /** The athlete's thresholds, one entry per sport dated at the start of the history (docs/zones.md). */
  thresholds: ThresholdEntry[];
  /** In date order, so that writing them one by one only ever extends the daily load series. */
  workouts: DemoWorkout[];
  /** Every day of the history up to today, except a few the athlete forgot to log. */
  wellness: DemoWellnessDay[];
}

/**
 * mulberry32: a small 32-bit generator with good mixing. Math.random cannot be seeded, and the demo must be
 * the same on every machine and every start.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Random = () => number;

/** Standard normal noise (Box-Muller); wellness values scatter around their trend, not uniformly. */
function gaussian(random: Random): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const between = (random: Random, min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const round = (value: number, step: number) => Math.round(value / step) * step;
/** Minutes scaled by the week's load, to whole 5 minutes as a coach would write them. */
const scaled = (minutes: number, load: number) => Math.max(20, round(minutes * load, 5));

interface Session {
  sport: Sport;
  title: string;
  text: string;
}

interface Week {
  /** Relative volume: rises through a block and over the months, drops in recovery weeks. */
  load: number;
  recovery: boolean;
}

// Each session's text is in a form the parser reads without a warning (the core tests check every one).
function bikeQuality(random: Random, week: Week): Session {
  if (week.recovery)
    return { sport: 'bike', title: 'Recovery spin', text: `Recovery spin ${scaled(50, 1)}min Z1` };
  return pick<() => Session>(random, [
    () => ({
      sport: 'bike',
      title: 'VO2max intervals',
      text: `WU 15min, ${between(random, 4, 6)}x 4min @ 118% FTP RI 4min, CD 15min`,
    }),
    () => ({
      sport: 'bike',
      title: 'Threshold intervals',
      text: `WU 20min\n${between(random, 3, 5)}x 8min @ threshold, 4min Z1\nCD 10min`,
    }),
    () => ({
      sport: 'bike',
      title: 'Sweet spot',
      text: `Warmup: 10min easy; Main: ${between(random, 2, 3)}x 15min @ 90% FTP w/ 5min rest; Cooldown: 10min easy`,
    }),
  ])();
}

function swimQuality(random: Random, week: Week): Session {
  if (week.recovery)
    return { sport: 'swim', title: 'Easy swim', text: `${between(random, 10, 15) * 100}m easy swim` };
  return pick<() => Session>(random, [
    () => ({
      sport: 'swim',
      title: 'CSS 100s',
      text: `WU 400m easy, ${between(random, 8, 14)}x100m @ 1:40/100m RI 20s, CD 200m`,
    }),
    () => ({
      sport: 'swim',
      title: 'Pull and kick',
      text: '300 choice, 8x50 kick, 4x200 pull @ CSS, 200 easy',
    }),
    () => ({
      sport: 'swim',
      title: '150s at race pace',
      text: `Warmup: 300m\nMain: ${between(random, 5, 8)}x 150m @ 1:50/100m, 20s rest\nCooldown: 200m`,
    }),
  ])();
}

function strength(random: Random): Session {
  return pick(random, [
    {
      sport: 'strength',
      title: 'Strength: legs',
      text: 'Warmup: 5min row easy\nMain: 4x 10 goblet squats, 90s rest\nCooldown: 5min stretch',
    },
    { sport: 'strength', title: 'Strength circuit', text: '30min strength circuit' },
    {
      sport: 'strength',
      title: 'Strength: full body',
      text: '4 rounds:\n- 10 pull-ups\n- 15 push-ups\n- 20 squats\n- 2min rest',
    },
    {
      sport: 'strength',
      title: 'Core and mobility',
      text: 'Warmup 10min easy\nPlank 3x 45s, 30s rest\nCooldown: 5min stretch',
    },
  ] satisfies Session[]);
}

function runQuality(random: Random, week: Week): Session {
  if (week.recovery) return { sport: 'run', title: 'Easy run', text: `Easy run ${scaled(40, 1)}min Z2` };
  return pick<() => Session>(random, [
    () => ({
      sport: 'run',
      title: 'Run intervals',
      text: `Warmup: 15min easy, ${between(random, 5, 7)}x 3min @ Z4 with 2min recovery, cooldown 10min`,
    }),
    () => ({
      sport: 'run',
      title: 'Lactate threshold',
      text: `WU 15', ${between(random, 2, 4)} x 10' @ LT w/ 3' jog, CD 15'`,
    }),
    () => ({
      sport: 'run',
      title: 'Tempo run',
      text: `Tempo: 15min WU, ${scaled(20, week.load)}min @ 4:30/km, 10min CD`,
    }),
    () => ({
      sport: 'run',
      title: 'Track 400s',
      text: `WU 10min, ${between(random, 8, 12)}x 400m @ 5k pace w/ 200m jog, CD 10min`,
    }),
  ])();
}

function swimEndurance(random: Random, week: Week): Session {
  return random() < 0.5
    ? { sport: 'swim', title: 'Endurance swim', text: `${round(2000 * week.load, 100)}m steady` }
    : {
        sport: 'swim',
        title: 'Aerobic 100s',
        text: 'Warmup 200m easy\n4x 50m build\n8x 100m @ 1:50/100m, 20s rest\nCooldown 200m',
      };
}

function longRide(random: Random, week: Week): Session {
  if (week.recovery)
    return { sport: 'bike', title: 'Endurance ride', text: `Endurance ride ${scaled(90, 1)}min Z2` };
  const minutes = scaled(150, week.load);
  return random() < 0.6
    ? { sport: 'bike', title: 'Long ride', text: `Endurance ride ${minutes}min Z2, 90rpm` }
    : {
        sport: 'bike',
        title: 'Long ride with tempo',
        text: `${minutes} min endurance ride with 3x 10min at tempo`,
      };
}

function longRun(random: Random, week: Week): Session {
  if (week.recovery) return { sport: 'run', title: 'Easy run', text: `Easy run ${scaled(50, 1)}min Z2` };
  const minutes = scaled(85, week.load);
  return random() < 0.7
    ? { sport: 'run', title: 'Long run', text: `Long run ${minutes}min easy` }
    : {
        sport: 'run',
        title: 'Progression run',
        text: `Progression run: ${minutes - 25}min easy, 15min steady, 10min tempo`,
      };
}

/** The sessions of one week by day of the week (0 = Sunday); Monday is the rest day. */
function weekSessions(random: Random, week: Week): Array<[day: number, session: Session]> {
  const sessions: Array<[number, Session]> = [
    [2, bikeQuality(random, week)],
    [3, swimQuality(random, week)],
    [4, runQuality(random, week)],
    [6, longRide(random, week)],
    [0, longRun(random, week)],
  ];
  // A recovery week drops Friday's swim; strength stays, once a week.
  if (!week.recovery) sessions.push([5, swimEndurance(random, week)]);
  sessions.push([3, strength(random)]);
  return sessions;
}

/**
 * A 70.3 age-grouper: runs at 4:10/km threshold, rides at 265 W, swims 1:40/100 m, so that "20min @ 4:30/km"
 * reads as tempo (zone 3) and "4x 4min @ 118% FTP" as VO2max.
 */
function demoThresholds(firstDay: string): ThresholdEntry[] {
  return [
    {
      sport: 'running',
      effectiveFrom: firstDay,
      thresholdPaceSecondsPerKm: 250,
      maxHr: 188,
      restingHr: 48,
      lthr: 170,
    },
    {
      sport: 'cycling',
      effectiveFrom: firstDay,
      ftpWatts: 265,
      maxPowerWatts: 950,
      maxHr: 182,
      restingHr: 48,
      lthr: 165,
    },
    {
      sport: 'swimming',
      effectiveFrom: firstDay,
      cssSecondsPer100m: 100,
      threshold100Seconds: 97,
      maxHr: 178,
    },
  ];
}

/**
 * Session TSS by sport, text and the thresholds in force: the demo's sessions repeat (a few dozen texts), and
 * the scale seed generates thousands of athletes (docs/scale.md), so each is parsed once. Bounded, so a long
 * run never grows it without end.
 */
const tssMemo = new Map<string, number>();

/** Local TSS as the server will compute it when the workout is stored: same parser, thresholds and model. */
function sessionTss(
  session: Pick<DemoWorkout, 'sport' | 'workout_language_text' | 'workout_date'>,
  thresholds: readonly ThresholdEntry[],
): number {
  const inForce = thresholdsInForce(thresholds, session.workout_date, session.sport);
  const key = `${session.sport}|${JSON.stringify(inForce)}|${session.workout_language_text}`;
  const known = tssMemo.get(key);
  if (known !== undefined) return known;
  if (tssMemo.size > 10_000) tssMemo.clear();
  const tss = parsedTss(session, inForce);
  tssMemo.set(key, tss);
  return tss;
}

function parsedTss(
  session: Pick<DemoWorkout, 'sport' | 'workout_language_text'>,
  thresholds: ReturnType<typeof thresholdsInForce>,
): number {
  const parsed = parseWorkout(session.workout_language_text, { sport: session.sport, thresholds });
  return (
    workoutTss({
      sport: session.sport,
      duration_minutes: Math.ceil(parsed.total_duration_estimated / 60),
      intensity_zone: primaryZone(parsed.intervals),
      zone_distribution: parsed.zone_distribution,
    }) ?? 0
  );
}

/** Linear drift from `from` to `to` over the history (measured values improve with training). */
const drift = (from: number, to: number, progress: number) => from + (to - from) * progress;

function wellnessDays(
  random: Random,
  firstDay: string,
  today: string,
  tssByDate: ReadonlyMap<string, number>,
): DemoWellnessDay[] {
  const days: DemoWellnessDay[] = [];
  const total = epochDay(today) - epochDay(firstDay);
  // A seven-day fatigue average (as ATL): heavy weeks weigh on HRV, not only the hard day before.
  const decay = 1 - Math.exp(-1 / 7);
  let fatigue = 40;
  let weight = 73.5;
  for (let i = 0; i <= total; i++) {
    const date = addDays(firstDay, i);
    const progress = total === 0 ? 1 : i / total;
    const yesterday = tssByDate.get(addDays(date, -1)) ?? 0;
    fatigue += (yesterday - fatigue) * decay;
    // Random draws happen whether or not the day is logged, so a skipped day never shifts the rest.
    const noise = Array.from({ length: 11 }, () => gaussian(random));
    const missing = random() < 0.04;
    const weighIn = random() < 0.2;
    if (missing) continue;

    // Personal baseline 63 ms rising to 67 ms as fitness grows; a hard day (over 100 TSS) costs several ms
    // the next morning, and a heavy week lowers the level.
    const baseline = drift(63, 67, progress);
    const hrv = clamp(
      Math.round(baseline - 0.06 * Math.max(0, yesterday - 40) - 0.12 * (fatigue - 55) + 3.5 * noise[0]!),
      38,
      95,
    );
    const hrvDelta = hrv - baseline;
    const restingHr = clamp(Math.round(drift(50, 48, progress) - 0.3 * hrvDelta + 1.2 * noise[1]!), 40, 62);
    const weekend = dayOfWeek(date) === 0 || dayOfWeek(date) === 6;
    const sleepHours = roundTo(clamp(7.3 + (weekend ? 0.4 : 0) + 0.6 * noise[2]!, 6, 9), 1);
    const sleepQuality = clamp(Math.round(3.6 + (sleepHours - 7.3) * 0.8 + 0.6 * noise[3]!), 2, 5);
    const readiness = clamp(
      Math.round(3.4 + hrvDelta / 8 + (sleepQuality - 3.5) * 0.5 + 0.5 * noise[4]!),
      1,
      5,
    );
    const fatigueLevel = clamp(Math.round(2 + fatigue / 22 + yesterday / 70 + 0.8 * noise[5]!), 1, 10);
    const soreness = clamp(Math.round(1.5 + yesterday / 45 + 0.8 * noise[6]!), 1, 10);
    const mood = clamp(Math.round(3.3 + (readiness - 3) * 0.5 + 0.6 * noise[7]!), 1, 5);
    weight = drift(73.5, 72.2, progress);

    // Lab-style measurements every few weeks: FTP and threshold pace every fourth Tuesday, VO2max every
    // third Saturday; all improve slowly with the training.
    const week = Math.floor(i / 7);
    const ftpDay = dayOfWeek(date) === 2 && week % 4 === 0;
    const vo2Day = dayOfWeek(date) === 6 && week % 3 === 1;
    days.push({
      date,
      hrv,
      resting_hr: restingHr,
      sleep_hours: sleepHours,
      sleep_quality: sleepQuality,
      readiness,
      fatigue_level: fatigueLevel,
      soreness,
      mood,
      weight_kg: weighIn ? roundTo(weight + 0.3 * noise[8]!, 1) : null,
      vo2max: vo2Day ? roundTo(drift(52.5, 55, progress) + 0.3 * noise[9]!, 1) : null,
      threshold_pace_seconds_per_km: ftpDay ? Math.round(drift(275, 263, progress) + 2 * noise[10]!) : null,
      ftp_watts: ftpDay ? Math.round(drift(238, 254, progress) + 2 * noise[8]!) : null,
    });
  }
  return days;
}

/**
 * The demo athlete as of `today` (the athlete's local date): Monday-started weeks from about six months ago
 * up to two weeks ahead. Past sessions are completed (about one in twenty skipped); today's and later ones are
 * planned. The same seed and day give the same athlete.
 */
export function generateDemoAthlete(options: {
  today: string;
  seed?: number;
  /** Days of history before today (default DEMO_HISTORY_DAYS); the scale seed asks for years. */
  historyDays?: number;
}): DemoAthlete {
  const { today } = options;
  const random = seededRandom(options.seed ?? DEMO_SEED);
  const firstDay = weekStartOf(addDays(today, -(options.historyDays ?? DEMO_HISTORY_DAYS)));
  const lastDay = addDays(today, DEMO_PLANNED_DAYS - 1);

  // The goal race is a Sunday 10-12 weeks away; the plan began about eight weeks ago.
  const raceDate = addDays(weekStartOf(addDays(today, 77)), 6);
  const plan: DemoPlan = {
    title: 'Road to the 70.3',
    race_type: 'Half Ironman',
    race_date: raceDate,
    target_time: '5:15:00',
    start_date: weekStartOf(addDays(today, -56)),
  };

  const workouts: DemoWorkout[] = [];
  const weeks = Math.ceil((epochDay(lastDay) - epochDay(firstDay) + 1) / 7);
  for (let w = 0; w < weeks; w++) {
    const monday = addDays(firstDay, w * 7);
    const recovery = w % 4 === 3;
    // Volume builds over the months (0.8 → 1.05) and through each block (+7 % a week); recovery ~70 %.
    const season = 0.8 + 0.25 * Math.min(1, w / 20);
    const load = recovery ? 0.7 : season * (1 + 0.07 * (w % 4));
    const week: Week = { load, recovery };
    const sessions = weekSessions(random, week)
      .map(([day, session]) => ({ date: addDays(monday, (day + 6) % 7), session }))
      .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    for (const { date, session } of sessions) {
      const skipped = random() < 0.05;
      if (date < firstDay || date > lastDay) continue;
      workouts.push({
        workout_date: date,
        sport: session.sport,
        title: session.title,
        workout_language_text: session.text,
        status: date >= today ? 'planned' : skipped ? 'skipped' : 'completed',
        in_plan: date >= plan.start_date,
      });
    }
  }

  // The dashboard opens on today's session: on a rest day (or a recovery week's dropped swim) the demo has an
  // easy spin planned, the active-recovery option many plans give, so every weekday shows a real workout.
  if (!workouts.some((w) => w.workout_date === today)) {
    workouts.push({
      workout_date: today,
      sport: 'bike',
      title: 'Recovery spin',
      workout_language_text: '30min Z1 easy spin, high cadence',
      status: 'planned',
      in_plan: today >= plan.start_date,
    });
    workouts.sort((a, b) => (a.workout_date < b.workout_date ? -1 : a.workout_date > b.workout_date ? 1 : 0));
  }

  const thresholds = demoThresholds(firstDay);
  const tssByDate = new Map<string, number>();
  for (const workout of workouts) {
    if (workout.status !== 'completed') continue;
    tssByDate.set(
      workout.workout_date,
      (tssByDate.get(workout.workout_date) ?? 0) + sessionTss(workout, thresholds),
    );
  }

  return {
    profile: {
      name: 'Alex Demo',
      primary_sports: ['triathlon', 'swimming', 'cycling', 'running'],
      goal_event: plan.race_type,
      goal_date: plan.race_date,
    },
    plan,
    thresholds,
    workouts,
    wellness: wellnessDays(random, firstDay, today, tssByDate),
  };
}
