// Training stress from recorded data (imported activities): power TSS with Normalized Power, heart-rate TSS,
// running TSS from normalised graded pace, and swim TSS.
//
// Samples: every series is one value per second (1 Hz), the recording rate of power meters and of most
// devices with "every second" recording. Files recorded at other or irregular rates go through
// `resampleToOneHertz` first. The duration of a series is its number of samples, in seconds.
//
// Thresholds must lie in THRESHOLD_RANGES; outside them a score would be meaningless (and could overflow),
// so the functions answer null. Sample values are repaired, never rejected: see each function.
import { clamp, isPositive, nonNegative, roundTo } from '../numbers.ts';
import { type AltitudeSource, runningGradients } from './running-grade.ts';
import { MAX_SESSION_MINUTES } from './tss.ts';

/** One reading of a recording: `t` seconds from the start, and its value. */
export interface TimedSample {
  t: number;
  value: number;
}

/** Plausible threshold values; anything outside is treated as unknown. */
export const THRESHOLD_RANGES = {
  ftpWatts: [20, 3000],
  heartRateBpm: [30, 260],
  /** Run threshold pace, seconds per km (2:00 to 30:00). */
  paceSecondsPerKm: [120, 1800],
  /** Swim threshold pace (CSS), seconds per 100 m (0:40 to 10:00). */
  swimPaceSecondsPer100m: [40, 600],
} as const;

/** Sample values above these are sensor errors and are clamped to them. */
export const SAMPLE_LIMITS = {
  powerWatts: 3000,
  heartRateBpm: 260,
  runSpeedMps: 15,
  swimSpeedMps: 2.5,
} as const;

/** The rolling window of Normalized Power (Coggan), seconds. */
export const NORMALIZED_POWER_WINDOW_SECONDS = 30;
/** Longest series read: 7 days of 1 Hz samples. */
export const MAX_SAMPLES = MAX_SESSION_MINUTES * 60;

const inRange = (value: unknown, [min, max]: readonly [number, number]): value is number =>
  isPositive(value) && value >= min && value <= max;

/**
 * Irregular (t, value) readings to 1 Hz: second s takes the last reading at or before it, held for at most
 * `maxHoldSeconds` (default 5); a longer gap (a pause) is NaN, which each score treats as its own kind of
 * missing (power: 0 W, heart rate: not counted). Readings with a non-finite or negative t are dropped; the
 * series starts at the first reading's whole second and is capped at MAX_SAMPLES.
 */
export function resampleToOneHertz(
  readings: readonly TimedSample[],
  options: { maxHoldSeconds?: number } = {},
): number[] {
  const hold = isPositive(options.maxHoldSeconds) ? options.maxHoldSeconds : 5;
  const points = readings.filter((r) => Number.isFinite(r.t) && r.t >= 0).sort((a, b) => a.t - b.t);
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return [];
  const start = Math.floor(first.t);
  const length = Math.min(Math.floor(last.t) - start + 1, MAX_SAMPLES);
  const out = new Array<number>(length).fill(Number.NaN);
  let p = 0;
  for (let i = 0; i < length; i++) {
    const second = start + i;
    while (p + 1 < points.length && points[p + 1]!.t <= second) p++;
    const point = points[p]!;
    if (point.t <= second && second - point.t <= hold)
      out[i] = Number.isFinite(point.value) ? point.value : Number.NaN;
  }
  return out;
}

/** The first MAX_SAMPLES samples, each repaired: non-finite or negative → `missing`, above `max` → `max`. */
function repaired(samples: readonly number[], max: number, missing: number): number[] {
  const n = Math.min(samples.length, MAX_SAMPLES);
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const v = samples[i];
    out[i] = typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.min(v, max) : missing;
  }
  return out;
}

/**
 * Coggan's "4th-power" normalisation (Allen & Coggan, "Training and Racing with a Power Meter", 2010): the
 * 30-s rolling average of the series, each raised to the 4th power, averaged, and the 4th root taken. The
 * rolling average starts once a full window exists; a series shorter than one window is just averaged.
 *
 * `restarts` (sample indices) split the series where the recording was paused: the window starts afresh
 * after each, so no rolling average spans a pause (docs/activities.md, "Training values"). Parts shorter
 * than a window add no rolling average of their own.
 */
function fourthPowerNormalized(values: readonly number[], restarts: readonly number[] = []): number {
  const n = values.length;
  if (n === 0) return 0;
  const w = NORMALIZED_POWER_WINDOW_SECONDS;
  const bounds = [...new Set([0, ...restarts.filter((r) => r > 0 && r < n), n])].sort((a, b) => a - b);
  let total = 0;
  let count = 0;
  for (let b = 0; b + 1 < bounds.length; b++) {
    const start = bounds[b]!;
    const end = bounds[b + 1]!;
    if (end - start < w) continue;
    let sum = 0;
    for (let i = start; i < start + w; i++) sum += values[i]!;
    total += (Math.max(0, sum) / w) ** 4;
    count++;
    for (let i = start + w; i < end; i++) {
      sum += values[i]! - values[i - w]!;
      total += (Math.max(0, sum) / w) ** 4;
      count++;
    }
  }
  if (count === 0) return values.reduce((a, b) => a + b, 0) / n;
  return (total / count) ** 0.25;
}

/**
 * Normalized Power of 1 Hz power samples, watts (Coggan). Dropouts (NaN, negative) count as 0 W, as
 * coasting does; values above 3000 W are clamped. `restarts`: see fourthPowerNormalized.
 */
export function normalizedPower(watts: readonly number[], restarts: readonly number[] = []): number {
  return fourthPowerNormalized(repaired(watts, SAMPLE_LIMITS.powerWatts, 0), restarts);
}

export interface RecordedTssResult {
  tss: number;
  intensity_factor: number;
  duration_seconds: number;
}

export interface PowerTssResult extends RecordedTssResult {
  normalized_power: number;
}

/**
 * Power TSS (Allen & Coggan 2010; TrainingPeaks "Normalized Power, Intensity Factor and Training Stress
 * Score"): IF = NP / FTP, TSS = (s × NP × IF) / (FTP × 3600) × 100, s the duration in seconds. One hour at
 * exactly FTP scores 100. Null when the FTP is outside THRESHOLD_RANGES. `restarts`: see normalizedPower.
 */
export function powerTss(
  watts: readonly number[],
  ftpWatts: number,
  restarts: readonly number[] = [],
): PowerTssResult | null {
  if (!inRange(ftpWatts, THRESHOLD_RANGES.ftpWatts)) return null;
  const seconds = Math.min(watts.length, MAX_SAMPLES);
  const np = normalizedPower(watts, restarts);
  const intensity = np / ftpWatts;
  return {
    tss: roundTo(((seconds * np * intensity) / (ftpWatts * 3600)) * 100, 1),
    intensity_factor: roundTo(intensity, 3),
    normalized_power: roundTo(np, 1),
    duration_seconds: seconds,
  };
}

export interface HeartRateTssOptions {
  /** Lactate-threshold heart rate, bpm. */
  lthr: number;
  resting_hr?: number | null;
  max_hr?: number | null;
  /** Picks Banister's TRIMP weighting; anything but 'female' uses the male constants of the original model. */
  sex?: string | null;
}

export interface HeartRateTssResult extends RecordedTssResult {
  /** 'trimp' when resting and max heart rate are known, else 'lthr_ratio'. */
  model: 'trimp' | 'lthr_ratio';
}

/** Banister's exponential TRIMP weighting: men 0.64·e^(1.92·x), women 0.86·e^(1.67·x), x = heart-rate reserve. */
export const TRIMP_CONSTANTS = { male: [0.64, 1.92], female: [0.86, 1.67] } as const;

/**
 * Heart-rate TSS: the session's stress relative to one hour at LTHR, which scores 100.
 *
 * - 'trimp' (resting < LTHR < max known): Banister's TRIMP (Banister 1991, "Modeling elite athletic
 *   performance", in MacDougall et al., Physiological Testing of the High-Performance Athlete; Morton,
 *   Fitz-Clarke & Banister 1990, J Appl Physiol 69:1171-1177), summed per second with the heart-rate reserve
 *   x = (HR − rest) / (max − rest), divided by the TRIMP of one hour at LTHR. This is how TrainingPeaks
 *   describes its hrTSS.
 * - 'lthr_ratio' otherwise: IF = HR / LTHR per second, TSS = Σ IF² / 3600 × 100 (Coggan's TSS with heart rate
 *   standing in for power).
 *
 * Dropouts (NaN, 0, negative) are not counted: the duration is the number of valid samples. Null when no
 * usable LTHR (THRESHOLD_RANGES) or no valid sample.
 */
export function heartRateTss(
  bpm: readonly number[],
  options: HeartRateTssOptions,
): HeartRateTssResult | null {
  const { lthr } = options;
  if (!inRange(lthr, THRESHOLD_RANGES.heartRateBpm)) return null;
  const samples = repaired(bpm, SAMPLE_LIMITS.heartRateBpm, 0).filter((v) => v > 0);
  const seconds = samples.length;
  if (seconds === 0) return null;
  const rest = options.resting_hr;
  const max = options.max_hr;
  let tss: number;
  let model: HeartRateTssResult['model'];
  if (
    inRange(rest, THRESHOLD_RANGES.heartRateBpm) &&
    inRange(max, THRESHOLD_RANGES.heartRateBpm) &&
    rest < lthr &&
    lthr < max
  ) {
    const [a, b] = options.sex === 'female' ? TRIMP_CONSTANTS.female : TRIMP_CONSTANTS.male;
    const weight = (hr: number) => {
      const x = clamp((hr - rest) / (max - rest), 0, 1);
      return x * a * Math.exp(b * x);
    };
    let trimpMinutes = 0;
    for (const hr of samples) trimpMinutes += weight(hr) / 60;
    tss = (trimpMinutes / (60 * weight(lthr))) * 100;
    model = 'trimp';
  } else {
    let sum = 0;
    for (const hr of samples) sum += (hr / lthr) ** 2;
    tss = (sum / 3600) * 100;
    model = 'lthr_ratio';
  }
  // The IF that would give this TSS over this duration: TSS = hours × IF² × 100.
  const intensity = Math.sqrt(tss / ((seconds / 3600) * 100));
  return { tss: roundTo(tss, 1), intensity_factor: roundTo(intensity, 3), duration_seconds: seconds, model };
}

/**
 * Metabolic cost of running on a gradient i (rise/run), J/kg/m (Minetti et al. 2002, "Energy cost of walking
 * and running at extreme uphill and downhill slopes", J Appl Physiol 93:1039-1046). Valid for −0.45..0.45;
 * the gradient is clamped into that range.
 */
export function runningCostOfGradient(gradient: number): number {
  const i = clamp(Number.isFinite(gradient) ? gradient : 0, -0.45, 0.45);
  return 155.4 * i ** 5 - 30.4 * i ** 4 - 43.3 * i ** 3 + 46.3 * i ** 2 + 19.5 * i + 3.6;
}

export interface RunningTssOptions {
  /** Threshold pace, seconds per km. */
  threshold_pace_per_km: number;
  /** Elevation per second, metres, aligned with the speed samples. Without it the pace is not graded. */
  elevation_m?: readonly number[] | null;
  /** Where the elevation came from; sets the grade model's smoothing (running-grade.ts). Unknown: GPS. */
  altitude_source?: AltitudeSource | null;
}

export interface RunningTssResult extends RecordedTssResult {
  /** Normalised graded pace, seconds per km (null when the athlete did not move). */
  normalized_graded_pace_per_km: number | null;
  grade_adjusted: boolean;
}

/**
 * Running TSS (TrainingPeaks rTSS): IF = normalised graded speed / threshold speed, rTSS = hours × IF² × 100.
 *
 * TrainingPeaks does not publish its Normalized Graded Pace, so ours is written down here: each second's
 * speed is graded by the Minetti cost ratio C(gradient) / C(0) when an elevation series of the same length is
 * given (the gradient from altitude smoothed over distance: running-grade.ts); otherwise (or when any elevation is not finite) the
 * pace is not graded. The graded speeds are then normalised like power (30-s rolling average, 4th-power
 * mean, 4th root). Speed samples are m/s; NaN or negative counts as standing still, above 15 m/s is clamped.
 * Null when the threshold pace is outside THRESHOLD_RANGES.
 */
export function runningTss(speedMps: readonly number[], options: RunningTssOptions): RunningTssResult | null {
  const threshold = options.threshold_pace_per_km;
  if (!inRange(threshold, THRESHOLD_RANGES.paceSecondsPerKm)) return null;
  const speed = repaired(speedMps, SAMPLE_LIMITS.runSpeedMps, 0);
  const n = speed.length;
  const elevation = options.elevation_m;
  const graded =
    Array.isArray(elevation) &&
    elevation.length >= n &&
    elevation.slice(0, n).every((e) => typeof e === 'number' && Number.isFinite(e));
  let adjusted = speed;
  if (graded && n > 0) {
    const gradients = runningGradients(speed, elevation, options.altitude_source);
    const flat = runningCostOfGradient(0);
    adjusted = speed.map((v, i) => v * (runningCostOfGradient(gradients[i]!) / flat));
  }
  const ngs = fourthPowerNormalized(adjusted);
  const intensity = ngs / (1000 / threshold);
  return {
    tss: roundTo((n / 3600) * intensity ** 2 * 100, 1),
    intensity_factor: roundTo(intensity, 3),
    duration_seconds: n,
    normalized_graded_pace_per_km: ngs > 0 ? roundTo(1000 / ngs, 1) : null,
    grade_adjusted: graded && n > 0,
  };
}

export interface SwimTssInput {
  distance_meters: number;
  /** Swimming time, seconds: moving time as TrainingPeaks counts it, or total time (rest lowers the score). */
  duration_seconds: number;
  /** Threshold swim pace (CSS), seconds per 100 m. */
  threshold_pace_per_100m: number;
}

export interface SwimTssResult extends RecordedTssResult {
  /** Normalized swim speed (distance / time), metres per minute. */
  normalized_swim_speed: number;
}

/**
 * Swim TSS (McGregor & Fitzgerald, "Calculating TSS for swim workouts", TrainingPeaks 2008; TrainingPeaks
 * help "Why don't TrainingPeaks and WKO4 agree on my swim TSS?"): NSS = distance / time, IF = NSS /
 * threshold swim speed (equivalently threshold pace / swim pace), sTSS = IF³ × hours × 100. The cube, not
 * the square, because water resistance makes stress rise faster with speed than on land.
 * Negative or non-finite distance or time counts as 0; the speed is capped at 2.5 m/s and the time at
 * MAX_SESSION_MINUTES. Null when the threshold pace is outside THRESHOLD_RANGES.
 */
export function swimTss(input: SwimTssInput): SwimTssResult | null {
  const threshold = input.threshold_pace_per_100m;
  if (!inRange(threshold, THRESHOLD_RANGES.swimPaceSecondsPer100m)) return null;
  const seconds = Math.min(nonNegative(input.duration_seconds), MAX_SESSION_MINUTES * 60);
  const distance = nonNegative(input.distance_meters);
  const speed = seconds > 0 ? Math.min(distance / seconds, SAMPLE_LIMITS.swimSpeedMps) * 60 : 0;
  const intensity = speed / (100 / (threshold / 60));
  return {
    tss: roundTo(intensity ** 3 * (seconds / 3600) * 100, 1),
    intensity_factor: roundTo(intensity, 3),
    duration_seconds: seconds,
    normalized_swim_speed: roundTo(speed, 2),
  };
}
