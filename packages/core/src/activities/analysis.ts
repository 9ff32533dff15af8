// The analysis of one recorded activity from its stored 1 Hz streams (docs/activities.md, "Analysis"): its own
// power, heart-rate and pace curves, the work done (kJ), W/kg, the variability index, the efficiency factor and
// aerobic decoupling (Pa:HR). Pure: the server reads the streams and the athlete's weight, and calls this.
import { roundTo } from '../numbers.ts';
import { normalizedPower, runningTss } from '../training/recorded-tss.ts';
import { bestAverage, fastestTime, PACE_EFFORT_METERS, POWER_EFFORT_SECONDS } from './best-efforts.ts';

/** A stored stream: one value per second of elapsed time, null where nothing was recorded. */
export type Stream = readonly (number | null)[];

export interface AnalysisStreams {
  power?: Stream;
  heart_rate?: Stream;
  speed?: Stream;
  distance?: Stream;
  /** Grades a run's pace (normalized graded pace) for its EF. */
  altitude?: Stream;
}

/** Durations of the power and heart-rate curves, seconds; the keys match the stored best efforts where they exist. */
export const CURVE_SECONDS: ReadonlyArray<{ key: string; seconds: number }> = [
  { key: '5s', seconds: 5 },
  { key: '15s', seconds: 15 },
  { key: '30s', seconds: 30 },
  { key: '1min', seconds: 60 },
  { key: '2min', seconds: 120 },
  { key: '5min', seconds: 300 },
  { key: '10min', seconds: 600 },
  { key: '20min', seconds: 1200 },
  { key: '30min', seconds: 1800 },
  { key: '60min', seconds: 3600 },
  { key: '90min', seconds: 5400 },
  { key: '120min', seconds: 7200 },
];
/** Distances of a run's pace curve (the stored best efforts' keys), metres. */
export const RUN_CURVE_METERS: ReadonlyArray<{ key: string; meters: number }> = Object.entries(
  PACE_EFFORT_METERS,
).map(([key, meters]) => ({ key, meters }));
/** Distances of a swim's pace curve, metres. */
export const SWIM_CURVE_METERS: ReadonlyArray<{ key: string; meters: number }> = [
  { key: '50m', meters: 50 },
  { key: '100m', meters: 100 },
  { key: '200m', meters: 200 },
  { key: '400m', meters: 400 },
  { key: '800m', meters: 800 },
  { key: '1500m', meters: 1500 },
];
/** Seconds slower than this (m/s) are standing, not running or swimming: left out of a pace EF. */
export const PACE_MOVING_MPS = 0.5;
/** Decoupling below this (%) is an aerobically coupled effort (Friel). */
export const DECOUPLING_COUPLED_PERCENT = 5;
/** A half needs at least this many seconds with both figures for decoupling to mean anything. */
export const DECOUPLING_MIN_HALF_SECONDS = 600;

export interface CurvePoint {
  key: string;
  /** Seconds (power, heart rate) or metres (pace). */
  x: number;
  /** Watts, bpm, or seconds to cover the distance. */
  value: number;
}

export interface ActivityCurves {
  power: CurvePoint[];
  heart_rate: CurvePoint[];
  pace: CurvePoint[];
}

const present = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The seconds the timer ran: those where any of the streams has a value. A timer pause has no value in any
 * stream (docs/activities.md, "Streams"), so they are left out, and what is left is joined end to end, as the
 * stored best efforts are.
 */
export function recordedSeconds(streams: AnalysisStreams): number[] {
  const all = [streams.power, streams.heart_rate, streams.speed, streams.distance].filter(
    (s): s is Stream => s !== undefined,
  );
  const length = Math.max(0, ...all.map((s) => s.length));
  const out: number[] = [];
  for (let i = 0; i < length; i++) if (all.some((s) => present(s[i]))) out.push(i);
  return out;
}

/** The stream's values at the given seconds, a missing value as `missing` (power: 0 W) or left out (null). */
export function valuesAt(
  stream: Stream | undefined,
  seconds: readonly number[],
  missing: number | null,
): number[] {
  const out: number[] = [];
  if (!stream) return out;
  for (const i of seconds) {
    const v = stream[i];
    if (present(v)) out.push(v);
    else if (missing !== null) out.push(missing);
  }
  return out;
}

const hasAny = (stream: Stream | undefined): boolean => stream?.some(present) ?? false;

function durationCurve(values: readonly number[]): CurvePoint[] {
  const points: CurvePoint[] = [];
  for (const { key, seconds } of CURVE_SECONDS) {
    const best = bestAverage(values, seconds);
    if (best !== undefined) points.push({ key, x: seconds, value: best });
  }
  return points;
}

/** Cumulative distance over the recorded seconds, never decreasing (a GPS jitter backwards is held). */
function cumulativeDistance(distance: Stream | undefined, seconds: readonly number[]): number[] {
  const out: number[] = [];
  if (!distance) return out;
  let last = 0;
  for (const i of seconds) {
    const d = distance[i];
    if (present(d) && d >= last) last = d;
    out.push(last);
  }
  return out;
}

/**
 * The activity's curves: the best mean power and heart rate over each of CURVE_SECONDS, and for runs and swims
 * the shortest time over each distance. Power dropouts count as 0 W (as in Normalized Power); a heart-rate
 * second without a reading is left out.
 */
export function activityCurves(streams: AnalysisStreams, sport: string): ActivityCurves {
  const seconds = recordedSeconds(streams);
  const power = hasAny(streams.power) ? durationCurve(valuesAt(streams.power, seconds, 0)) : [];
  const heartRate = hasAny(streams.heart_rate)
    ? durationCurve(valuesAt(streams.heart_rate, seconds, null))
    : [];
  const pace: CurvePoint[] = [];
  if ((sport === 'run' || sport === 'swim') && hasAny(streams.distance)) {
    const cumulative = cumulativeDistance(streams.distance, seconds);
    for (const { key, meters } of sport === 'swim' ? SWIM_CURVE_METERS : RUN_CURVE_METERS) {
      const time = fastestTime(cumulative, meters);
      if (time !== undefined) pace.push({ key, x: meters, value: time });
    }
  }
  return { power, heart_rate: heartRate, pace };
}

/**
 * The curve points an activity keeps with its best efforts, beside power and run pace, so its analysis can show
 * the athlete's 42-day and all-time bests for them too (docs/activities.md, "Analysis"): the heart-rate curve
 * (`heart_rate`, bpm per CURVE_SECONDS key) and a swim's pace curve (`swim_pace`, seconds per SWIM_CURVE_METERS
 * key; kept apart from the runs' `pace`, whose keys overlap). Computed exactly as `activityCurves` computes them.
 */
export function keptCurveBests(
  streams: Pick<AnalysisStreams, 'power' | 'heart_rate' | 'speed' | 'distance'>,
  sport: string,
): { heart_rate?: Record<string, number>; swim_pace?: Record<string, number> } {
  const seconds = recordedSeconds(streams);
  const out: { heart_rate?: Record<string, number>; swim_pace?: Record<string, number> } = {};
  const asRecord = (points: readonly CurvePoint[]) => Object.fromEntries(points.map((p) => [p.key, p.value]));
  if (hasAny(streams.heart_rate)) {
    const points = durationCurve(valuesAt(streams.heart_rate, seconds, null));
    if (points.length > 0) out.heart_rate = asRecord(points);
  }
  if (sport === 'swim' && hasAny(streams.distance)) {
    const cumulative = cumulativeDistance(streams.distance, seconds);
    const points: CurvePoint[] = [];
    for (const { key, meters } of SWIM_CURVE_METERS) {
      const time = fastestTime(cumulative, meters);
      if (time !== undefined) points.push({ key, x: meters, value: time });
    }
    if (points.length > 0) out.swim_pace = asRecord(points);
  }
  return out;
}

/** Keys of the power curve that the stored best efforts also keep (for the athlete's 42-day and all-time bests). */
export const STORED_POWER_KEYS: ReadonlySet<string> = new Set(Object.keys(POWER_EFFORT_SECONDS));

export interface EfficiencyFigures {
  /** Work, kilojoules: the sum of the power seconds ÷ 1000. */
  kilojoules: number | null;
  /** Average and normalized power ÷ body weight. */
  watts_per_kg: number | null;
  np_watts_per_kg: number | null;
  /** NP ÷ average power. */
  variability_index: number | null;
  /** NP (bikes) or speed in m/min (runs: normalized graded pace; swims: average) ÷ average heart rate. */
  efficiency_factor: number | null;
  /** What the efficiency factor's output is: 'power' or 'speed'. */
  efficiency_basis: 'power' | 'speed' | null;
  /** Pa:HR (or Pw:HR): the first half's EF less the second half's, as a % of the first half's. */
  decoupling_percent: number | null;
  first_half_ef: number | null;
  second_half_ef: number | null;
}

export interface EfficiencyInput {
  sport: string;
  /** The activity's stored NP and average power (the device's average where it wrote one). */
  normalizedPower: number | null;
  avgPower: number | null;
  avgHr: number | null;
  weightKg: number | null;
}

const mean = (values: readonly number[]): number | null =>
  values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : null;

/**
 * Output of a stretch on foot or in the water, metres per minute: a run's normalized graded pace (the model of
 * rTSS, graded when every second has an altitude; docs/training-load.md), a swim's average speed.
 */
function paceOutput(sport: string, streams: AnalysisStreams, seconds: readonly number[]): number {
  if (sport === 'run') {
    const altitude = valuesAt(streams.altitude, seconds, Number.NaN);
    const graded = runningTss(valuesAt(streams.speed, seconds, 0), {
      // Any valid threshold: only the normalized graded pace is read.
      threshold_pace_per_km: 300,
      elevation_m: altitude.length === seconds.length && altitude.every(Number.isFinite) ? altitude : null,
    });
    const pace = graded?.normalized_graded_pace_per_km;
    return pace ? (1000 / pace) * 60 : 0;
  }
  return (mean(valuesAt(streams.speed, seconds, null)) ?? 0) * 60;
}

/**
 * The efficiency factor of one stretch: output ÷ average heart rate. Output is Normalized Power for power, or
 * paceOutput (m/min) for pace, over the seconds given (the caller leaves standing out). Null without a heart rate.
 */
function stretchEf(
  basis: 'power' | 'speed',
  sport: string,
  streams: AnalysisStreams,
  seconds: readonly number[],
): number | null {
  const hr = mean(valuesAt(streams.heart_rate, seconds, null));
  if (hr === null || hr <= 0) return null;
  const output =
    basis === 'power'
      ? normalizedPower(valuesAt(streams.power, seconds, 0))
      : paceOutput(sport, streams, seconds);
  return output > 0 ? output / hr : null;
}

/**
 * kJ, W/kg, VI, EF and aerobic decoupling (docs/activities.md, "Analysis"). Decoupling splits the seconds that
 * have both a heart rate and the output (power, or speed for runs and swims) into two halves of equal time and
 * compares their EF: (EF₁ − EF₂) ÷ EF₁ × 100 (Friel; TrainingPeaks' Pw:HR and Pa:HR). Each half needs
 * DECOUPLING_MIN_HALF_SECONDS, else it is null.
 */
export function efficiencyFigures(streams: AnalysisStreams, input: EfficiencyInput): EfficiencyFigures {
  const seconds = recordedSeconds(streams);
  const power = hasAny(streams.power) ? valuesAt(streams.power, seconds, 0) : [];
  const np = input.normalizedPower ?? (power.length > 0 ? normalizedPower(power) : null);
  const avgPower = input.avgPower ?? mean(power);
  const weight = input.weightKg !== null && input.weightKg > 0 ? input.weightKg : null;
  // Rides without power have no EF: speed on a bike says too little about effort (wind, drafting, grade).
  const basis: 'power' | 'speed' | null =
    power.length > 0 && input.sport !== 'run' && input.sport !== 'swim'
      ? 'power'
      : hasAny(streams.speed) && input.sport !== 'bike'
        ? 'speed'
        : null;
  const avgHr = input.avgHr ?? mean(valuesAt(streams.heart_rate, seconds, null));
  let ef: number | null = null;
  if (basis !== null && avgHr !== null && avgHr > 0) {
    const moving = seconds.filter((i) => (streams.speed?.[i] ?? 0) >= PACE_MOVING_MPS);
    ef =
      basis === 'power'
        ? np !== null
          ? np / avgHr
          : null
        : stretchEf('speed', input.sport, streams, moving);
  }
  // Decoupling: the seconds with both figures (on foot or in the water, moving), halved by time.
  const output = basis === 'power' ? streams.power : streams.speed;
  const both = seconds.filter(
    (i) =>
      present(streams.heart_rate?.[i]) &&
      present(output?.[i]) &&
      (basis === 'power' || (output?.[i] ?? 0) >= PACE_MOVING_MPS),
  );
  let first: number | null = null;
  let second: number | null = null;
  let decoupling: number | null = null;
  if (basis !== null && both.length >= 2 * DECOUPLING_MIN_HALF_SECONDS) {
    const half = Math.floor(both.length / 2);
    first = stretchEf(basis, input.sport, streams, both.slice(0, half));
    second = stretchEf(basis, input.sport, streams, both.slice(half));
    if (first !== null && second !== null) decoupling = ((first - second) / first) * 100;
  }
  const r = (v: number | null, digits: number) =>
    v === null || !Number.isFinite(v) ? null : roundTo(v, digits);
  return {
    kilojoules: power.length > 0 ? r(power.reduce((a, b) => a + b, 0) / 1000, 0) : null,
    watts_per_kg: weight && avgPower !== null ? r(avgPower / weight, 2) : null,
    np_watts_per_kg: weight && np !== null ? r(np / weight, 2) : null,
    variability_index: np !== null && avgPower !== null && avgPower > 0 ? r(np / avgPower, 2) : null,
    efficiency_factor: r(ef, 2),
    efficiency_basis: ef === null ? null : basis,
    decoupling_percent: r(decoupling, 1),
    first_half_ef: r(first, 2),
    second_half_ef: r(second, 2),
  };
}
