// The gradient under each second of a run, for grading its pace (docs/training-load.md, "Running TSS",
// "Grade model"). A recorded altitude is noisy: GPS altitude wanders by several metres from one fix to the next,
// and since Minetti's cost curve is convex, noise that averages to zero still raises the average cost. So the
// altitude is first smoothed over distance (not time: a slow runner should not get a longer baseline), the
// gradient is then measured over a fixed stretch of road, clamped, and taken as 0 where too little distance
// was covered to measure one (standing still, a pause).
import { clamp } from '../numbers.ts';

/** Where the altitude came from: a barometric altimeter (smooth, fine steps) or GPS (noisy by metres). */
export type AltitudeSource = 'barometric' | 'gps';

/**
 * The grade model's constants, per altitude source (metres; the gradient as rise/run). A barometric
 * altimeter steps by tenths of a metre, so a short window suffices; GPS altitude needs a longer one.
 * Unknown sources are treated as GPS.
 */
export const GRADE_MODEL = {
  barometric: { smoothingWindowM: 50, baselineM: 30 },
  gps: { smoothingWindowM: 200, baselineM: 100 },
  /** Less distance than this across the baseline and no gradient is measured (0). */
  minimumDistanceM: 10,
  /** No 100-m stretch of a running route is steeper: beyond it is an altitude artefact (a GPS jump, a tunnel). */
  maxGradient: 0.3,
} as const;

/** Index of the first sample at or beyond `target` metres, searching forward from `from`. */
function firstAtOrAfter(distance: readonly number[], target: number, from: number): number {
  let i = from;
  while (i < distance.length - 1 && distance[i]! < target) i++;
  return i;
}

/**
 * Altitude smoothed over distance: each sample becomes the mean altitude of the samples within ±window/2
 * metres of road around it. `distance` is cumulative metres, non-decreasing.
 */
export function smoothOverDistance(
  distance: readonly number[],
  altitude: readonly number[],
  windowM: number,
): number[] {
  const n = distance.length;
  const prefix = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) prefix[i + 1] = prefix[i]! + altitude[i]!;
  const out = new Array<number>(n);
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < n; i++) {
    const d = distance[i]!;
    while (distance[lo]! < d - windowM / 2) lo++;
    if (hi < i) hi = i;
    while (hi + 1 < n && distance[hi + 1]! <= d + windowM / 2) hi++;
    out[i] = (prefix[hi + 1]! - prefix[lo]!) / (hi - lo + 1);
  }
  return out;
}

/**
 * The gradient at each second: smoothed altitude (smoothOverDistance) compared across `baselineM` of road
 * centred on the sample, clamped to ±GRADE_MODEL.maxGradient; 0 where less than minimumDistanceM was covered
 * across the baseline. `speed` is m/s, one sample per second; `elevation` metres, the same length.
 */
export function runningGradients(
  speed: readonly number[],
  elevation: readonly number[],
  source: AltitudeSource | null | undefined,
): number[] {
  const model = GRADE_MODEL[source === 'barometric' ? 'barometric' : 'gps'];
  const n = speed.length;
  const distance = new Array<number>(n);
  let covered = 0;
  for (let i = 0; i < n; i++) distance[i] = covered += speed[i]!;
  const smooth = smoothOverDistance(distance, elevation.slice(0, n), model.smoothingWindowM);
  const out = new Array<number>(n);
  let back = 0;
  let ahead = 0;
  for (let i = 0; i < n; i++) {
    const d = distance[i]!;
    back = firstAtOrAfter(distance, d - model.baselineM / 2, back);
    ahead = firstAtOrAfter(distance, d + model.baselineM / 2, Math.max(ahead, i));
    const run = distance[ahead]! - distance[back]!;
    out[i] =
      run >= GRADE_MODEL.minimumDistanceM
        ? clamp((smooth[ahead]! - smooth[back]!) / run, -GRADE_MODEL.maxGradient, GRADE_MODEL.maxGradient)
        : 0;
  }
  return out;
}
