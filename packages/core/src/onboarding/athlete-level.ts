// Knowing the athlete before planning: thresholds from what they said or what their devices recorded (threshold
// pace from a race result by Daniels' VDOT, CSS from a swim time, FTP and LTHR from stated or recorded figures),
// and their starting fitness from their stated volume. Pure. Rules and sources: docs/plan-generator.md,
// "Knowing the athlete".
import { isPositive, roundTo } from '../numbers.ts';
import type { Units } from '../spec/app.ts';
import { riegelTime } from '../training/readiness.ts';
import { formatRaceDistance } from '../units.ts';
import type { AthleteThresholds } from '../workouts/types.ts';
import type { GoalAthleteFacts, GoalPerformance } from './goal.ts';
import type { Experience } from './goal-terms.ts';
import { statedWeeklyHours } from './goal-volume.ts';

// ---------------------------------------------------------------------------------------------------------
// Daniels and Gilbert's VDOT (Daniels' Running Formula): the oxygen cost of running at a speed, and the share
// of VO2max a race of a given length is run at.

/** Oxygen cost, ml/kg/min, of running at `v` metres a minute. */
function oxygenCost(v: number): number {
  return -4.6 + 0.182258 * v + 0.000104 * v * v;
}

/** Share of VO2max a race lasting `minutes` is run at. */
function vo2maxShare(minutes: number): number {
  return 0.8 + 0.1894393 * Math.exp(-0.012778 * minutes) + 0.2989558 * Math.exp(-0.1932605 * minutes);
}

/** The VDOT a run race result shows (distance in metres, time in seconds); null for a result out of range. */
export function vdotFromRace(meters: number, seconds: number): number | null {
  if (!isPositive(meters) || !isPositive(seconds) || meters < 1500 || meters > 100_000) return null;
  const minutes = seconds / 60;
  const vdot = oxygenCost(meters / minutes) / vo2maxShare(minutes);
  return vdot >= 20 && vdot <= 90 ? vdot : null;
}

/** The speed, metres a minute, whose oxygen cost is `vo2`. */
function speedForOxygen(vo2: number): number {
  const a = 0.000104;
  const b = 0.182258;
  const c = -4.6 - vo2;
  return (-b + Math.sqrt(b * b - 4 * a * c)) / (2 * a);
}

/** The race time, seconds, a VDOT predicts over `meters` (bisection on the time). */
export function raceTimeFromVdot(vdot: number, meters: number): number {
  let lo = (meters / 600) * 60; // 10 m/s: faster than anyone
  let hi = (meters / 60) * 60; // 1 m/s: a walk
  for (let i = 0; i < 50; i++) {
    const mid = (lo + hi) / 2;
    const minutes = mid / 60;
    const shown = oxygenCost(meters / minutes) / vo2maxShare(minutes);
    if (shown > vdot) lo = mid;
    else hi = mid;
  }
  return Math.round((lo + hi) / 2);
}

/** Daniels' threshold (T) pace, seconds per km: the speed at about 88 % of VDOT. */
export function thresholdPaceFromVdot(vdot: number): number {
  return Math.round(1000 / (speedForOxygen(0.88 * vdot) / 60));
}

/**
 * How a first threshold pace is estimated from a run target alone (docs/plan-generator.md, "Knowing the
 * athlete"): the target's VDOT less 3 % (train at today's fitness, not the goal's), made faster where that would
 * put the goal's race pace out of Daniels' order (interval < threshold < half-marathon pace < marathon pace).
 */
export const TARGET_PACE_RULES = {
  /** The current VDOT is estimated this share of the target's. */
  currentShare: 0.97,
  /** Interval pace (0.93 × T) at least 1 % faster than any goal's race pace (I is about 3K-5K race pace). */
  intervalGap: 0.01,
  /** T at least 2 % faster than the goal pace of a race of 15 km or more lasting over an hour. */
  thresholdGap: 0.02,
  /** Interval pace as a multiple of T pace (session-library.ts, RUN.vo2). */
  intervalFactor: 0.93,
} as const;

/**
 * A first threshold (T) pace, s/km, from a run target of `meters` in `seconds`, when no result, stated or
 * recorded pace says more; null for a target out of range.
 */
export function thresholdPaceFromTarget(meters: number, seconds: number): number | null {
  const vdot = vdotFromRace(meters, seconds);
  if (vdot === null) return null;
  const r = TARGET_PACE_RULES;
  const goalPace = seconds / (meters / 1000);
  let most = Math.floor((goalPace * (1 - r.intervalGap)) / r.intervalFactor);
  // Daniels' T is about one-hour race pace: a longer race is run slower than it.
  if (meters >= 15_000 && seconds > 3600) most = Math.min(most, Math.floor(goalPace * (1 - r.thresholdGap)));
  return Math.min(thresholdPaceFromVdot(vdot * r.currentShare), most);
}

/** The VDOT whose T pace is `secondsPerKm` (the inverse of thresholdPaceFromVdot, unrounded). */
export function vdotFromThresholdPace(secondsPerKm: number): number {
  return oxygenCost(60_000 / secondsPerKm) / 0.88;
}

// ---------------------------------------------------------------------------------------------------------
// Thresholds with their method

export interface DerivedThreshold<T extends number = number> {
  value: T;
  /** How it was found, in words ("VDOT 47 from your 3:21:00 marathon"). */
  method: string;
  source: 'recorded' | 'stated' | 'race' | 'estimate';
}

export interface AthleteLevel {
  thresholdPace: DerivedThreshold | null;
  ftp: DerivedThreshold | null;
  css: DerivedThreshold | null;
  lthr: DerivedThreshold | null;
  maxHr: DerivedThreshold | null;
  /** The best run VDOT the results show, when any. */
  vdot: number | null;
  /** Hours a week trained now (recorded, else stated), 0 when unknown. */
  currentWeeklyHours: number;
  /** Starting CTL: recorded, else estimated from the stated volume (docs: "Starting fitness"). */
  startCtl: number;
  startCtlMethod: 'recorded' | 'stated volume' | 'none';
  /** Sports whose threshold is unknown: the first week holds a test for each. */
  unknown: Array<'run' | 'bike' | 'swim'>;
}

export interface RecordedLevel {
  ctl?: number;
  weeklyHours?: number;
  thresholds?: AthleteThresholds;
}

const hms = (seconds: number) => {
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${h > 0 ? `${h}:${String(m).padStart(2, '0')}` : m}:${String(s % 60).padStart(2, '0')}`;
};

/** The best (highest VDOT) run result, with its VDOT. */
export function bestRunResult(
  performances: readonly GoalPerformance[],
): { performance: GoalPerformance; vdot: number } | null {
  let best: { performance: GoalPerformance; vdot: number } | null = null;
  for (const p of performances) {
    if (p.sport !== 'run') continue;
    const vdot = vdotFromRace(p.distance_meters, p.time_seconds);
    if (vdot !== null && (!best || vdot > best.vdot)) best = { performance: p, vdot };
  }
  return best;
}

/** CSS from a swim result: its pace scaled to a 1500 m effort (Riegel), about what CSS tests give. */
export function cssFromSwim(meters: number, seconds: number): number | null {
  if (!isPositive(meters) || !isPositive(seconds) || meters < 200 || meters > 10_000) return null;
  const at1500 = Math.round(riegelTime(seconds, meters, 1500));
  const css = at1500 / 15;
  return css >= 55 && css <= 240 ? Math.round(css) : null;
}

/** Average TSS an hour of mostly easy endurance training earns (IF about 0.7: 49 TSS an hour). */
export const TSS_PER_EASY_HOUR = 50;

/** Easy running pace as a multiple of threshold pace: the middle of zone 2 (session-targets.ts, RUN.z2). */
const EASY_PACE_OF_THRESHOLD = 1.23;

/** Starting CTL from weekly hours: a chronic load of that many easy hours a week, as TSS a day. */
export function ctlFromWeeklyHours(hours: number): number {
  return isPositive(hours) ? roundTo(Math.min(hours, 30) * (TSS_PER_EASY_HOUR / 7), 1) : 0;
}

/**
 * The athlete's level: recorded figures first (devices and history), then what they stated, then what a race
 * result gives. Never throws.
 */
export function athleteLevel(
  facts: GoalAthleteFacts | undefined,
  recorded: RecordedLevel,
  experience: Experience,
  sports: ReadonlyArray<'run' | 'bike' | 'swim'>,
  /** The athlete's units, for the distances the methods name ('21.1 km', '13.1 mi'). */
  units: Units = 'metric',
): AthleteLevel {
  const f = facts;
  const t = recorded.thresholds ?? {};
  const best = f ? bestRunResult(f.performances) : null;

  let thresholdPace: DerivedThreshold | null = null;
  if (isPositive(t.thresholdPaceSecondsPerKm))
    thresholdPace = {
      value: t.thresholdPaceSecondsPerKm,
      method: 'your recorded threshold pace',
      source: 'recorded',
    };
  else if (best)
    thresholdPace = {
      value: thresholdPaceFromVdot(best.vdot),
      method: `Daniels' VDOT ${roundTo(best.vdot, 1)} from your ${hms(best.performance.time_seconds)} over ${formatRaceDistance(best.performance.distance_meters, units)}`,
      source: 'race',
    };
  else if (isPositive(f?.threshold_pace_seconds_per_km))
    thresholdPace = {
      value: f.threshold_pace_seconds_per_km,
      method: 'the threshold pace you gave',
      source: 'stated',
    };

  let ftp: DerivedThreshold | null = null;
  if (isPositive(t.ftpWatts)) ftp = { value: t.ftpWatts, method: 'your recorded FTP', source: 'recorded' };
  else if (isPositive(f?.ftp_watts))
    ftp = { value: f.ftp_watts, method: 'the FTP you gave', source: 'stated' };

  let css: DerivedThreshold | null = null;
  if (isPositive(t.cssSecondsPer100m))
    css = { value: t.cssSecondsPer100m, method: 'your recorded CSS', source: 'recorded' };
  else if (isPositive(f?.css_seconds_per_100m))
    css = { value: f.css_seconds_per_100m, method: 'the CSS you gave', source: 'stated' };
  else {
    const swim = f?.performances.find((p) => p.sport === 'swim');
    const value = swim ? cssFromSwim(swim.distance_meters, swim.time_seconds) : null;
    if (swim && value !== null)
      css = {
        value,
        method: `your ${hms(swim.time_seconds)} over ${swim.distance_meters} m swim, scaled to 1500 m (Riegel)`,
        source: 'race',
      };
  }

  let maxHr: DerivedThreshold | null = null;
  if (isPositive(t.maxHr))
    maxHr = { value: t.maxHr, method: 'your recorded maximum heart rate', source: 'recorded' };
  else if (isPositive(f?.max_hr))
    maxHr = { value: f.max_hr, method: 'the maximum heart rate you gave', source: 'stated' };

  let lthr: DerivedThreshold | null = null;
  if (isPositive(t.lthr))
    lthr = { value: t.lthr, method: 'your recorded threshold heart rate', source: 'recorded' };
  else if (isPositive(f?.lthr))
    lthr = { value: f.lthr, method: 'the threshold heart rate you gave', source: 'stated' };
  else if (maxHr)
    lthr = {
      value: Math.round(maxHr.value * 0.89),
      method: `about 89 % of your maximum heart rate (${maxHr.value} bpm)`,
      source: 'estimate',
    };

  const recordedHours = isPositive(recorded.weeklyHours) ? Math.min(recorded.weeklyHours, 40) : 0;
  // Kilometres at the athlete's own easy pace when their threshold is known (the middle of zone 2, 1.23 x T).
  const statedHours = statedWeeklyHours(
    f,
    experience,
    thresholdPace ? thresholdPace.value * EASY_PACE_OF_THRESHOLD : undefined,
  );
  const currentWeeklyHours = roundTo(recordedHours || statedHours, 1);
  let startCtl = 0;
  let startCtlMethod: AthleteLevel['startCtlMethod'] = 'none';
  if (isPositive(recorded.ctl)) {
    startCtl = Math.min(recorded.ctl, 250);
    startCtlMethod = 'recorded';
  } else if (currentWeeklyHours > 0) {
    startCtl = ctlFromWeeklyHours(currentWeeklyHours);
    startCtlMethod = 'stated volume';
  }

  const unknown = sports.filter(
    (s) => (s === 'run' && !thresholdPace) || (s === 'bike' && !ftp) || (s === 'swim' && !css),
  );
  return {
    thresholdPace,
    ftp,
    css,
    lthr,
    maxHr,
    vdot: best?.vdot ?? null,
    currentWeeklyHours,
    startCtl,
    startCtlMethod,
    unknown,
  };
}

/** The thresholds the plan writes targets from: the level's, with the recorded ones it does not replace. */
export function levelThresholds(
  level: AthleteLevel,
  recorded: AthleteThresholds | undefined,
): AthleteThresholds {
  const out: AthleteThresholds = { ...(recorded ?? {}) };
  if (level.thresholdPace) out.thresholdPaceSecondsPerKm = level.thresholdPace.value;
  if (level.ftp) out.ftpWatts = level.ftp.value;
  if (level.css) out.cssSecondsPer100m = level.css.value;
  if (level.lthr) out.lthr = level.lthr.value;
  if (level.maxHr) out.maxHr = level.maxHr.value;
  return out;
}

/** The longest run, minutes, that shows an athlete already runs without walking (docs: "A new runner runs and walks"). */
export const CONTINUOUS_RUN_MINUTES = 20;

/**
 * Whether anything said or recorded shows the athlete already runs continuously (docs/plan-generator.md, "A new
 * runner runs and walks"): a longest run of 20 minutes or more (recorded, said in minutes, or 3 km or more said
 * as a distance), running they do now (sessions, kilometres or hours a week), a run result or a threshold pace,
 * a race of the goal's kind finished, or half a year of running. A beginner with none of these starts with
 * run/walk sessions.
 */
export function runsContinuously(
  facts: GoalAthleteFacts | undefined,
  recorded: { longestRunMinutes?: number; thresholdPaceSecondsPerKm?: number },
): boolean {
  const f = facts;
  const at = (n: number | null | undefined, least: number) => isPositive(n) && n >= least;
  return (
    at(recorded.longestRunMinutes, CONTINUOUS_RUN_MINUTES) ||
    isPositive(recorded.thresholdPaceSecondsPerKm) ||
    at(f?.longest_recent_minutes?.run, CONTINUOUS_RUN_MINUTES) ||
    at(f?.longest_recent_km?.run, 3) ||
    isPositive(f?.current_weekly_sessions?.run) ||
    isPositive(f?.current_weekly_km) ||
    isPositive(f?.current_weekly_hours) ||
    (f?.performances ?? []).some((p) => p.sport === 'run') ||
    isPositive(f?.threshold_pace_seconds_per_km) ||
    at(f?.events_completed, 1) ||
    at(f?.years_training, 0.5)
  );
}
