// Best efforts of one activity (docs/activities.md, "Zones and best efforts"): the highest average power
// over fixed durations, and the shortest time over fixed distances. Both run over the moving seconds only,
// joined end to end (a pause neither breaks an effort nor counts toward it), as Strava and Garmin count them.

export const POWER_EFFORT_SECONDS = {
  '5s': 5,
  '1min': 60,
  '5min': 300,
  '20min': 1200,
  '60min': 3600,
} as const;
export const PACE_EFFORT_METERS = {
  '400m': 400,
  '1km': 1000,
  '1mile': 1609.344,
  '5km': 5000,
  '10km': 10000,
  half_marathon: 21097.5,
  marathon: 42195,
} as const;

/** Highest mean of `seconds` consecutive samples, watts (rounded); undefined when the series is shorter. */
export function bestAverage(values: readonly number[], seconds: number): number | undefined {
  if (values.length < seconds || seconds <= 0) return undefined;
  let sum = 0;
  for (let i = 0; i < seconds; i++) sum += values[i]!;
  let best = sum;
  for (let i = seconds; i < values.length; i++) {
    sum += values[i]! - values[i - seconds]!;
    if (sum > best) best = sum;
  }
  return Math.round(best / seconds);
}

/**
 * Shortest time to cover `meters` along a cumulative distance per second (non-decreasing), seconds, with the
 * last second interpolated; undefined when the whole series covers less.
 */
export function fastestTime(cumulative: readonly number[], meters: number): number | undefined {
  const n = cumulative.length;
  if (n < 2 || cumulative[n - 1]! - cumulative[0]! < meters) return undefined;
  let best = Number.POSITIVE_INFINITY;
  let i = 0;
  for (let j = 1; j < n; j++) {
    // Move the start forward while the span from the next start still covers the distance.
    while (i + 1 < j && cumulative[j]! - cumulative[i + 1]! >= meters) i++;
    const covered = cumulative[j]! - cumulative[i]!;
    if (covered < meters) continue;
    const lastStep = cumulative[j]! - cumulative[j - 1]!;
    const over = covered - meters;
    const time = j - i - (lastStep > 0 ? Math.min(1, over / lastStep) : 0);
    if (time < best) best = time;
  }
  return Number.isFinite(best) ? Math.round(best) : undefined;
}

export function powerBestEfforts(moving: readonly number[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [label, seconds] of Object.entries(POWER_EFFORT_SECONDS)) {
    const best = bestAverage(moving, seconds);
    if (best !== undefined) out[label] = best;
  }
  return out;
}

export function paceBestEfforts(cumulative: readonly number[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [label, meters] of Object.entries(PACE_EFFORT_METERS)) {
    const best = fastestTime(cumulative, meters);
    if (best !== undefined) out[label] = best;
  }
  return out;
}

/** Recorded efforts shorter than this (metres) are not race efforts: Riegel's model extrapolates them poorly. */
export const RACE_EFFORT_MIN_METERS = 5000;

/**
 * A recorded run's pace best efforts (`{'5km': seconds, …}`) as race efforts for the predictions
 * (docs/training-load.md, "Race readiness"): each known distance of 5 km or more, with its time and day.
 */
export function raceEffortsOf(
  pace: Readonly<Record<string, number>> | undefined,
  date: string,
): Array<{ distance_meters: number; time_seconds: number; date: string }> {
  const efforts = [];
  for (const [label, meters] of Object.entries(PACE_EFFORT_METERS)) {
    const seconds = pace?.[label];
    if (meters < RACE_EFFORT_MIN_METERS || typeof seconds !== 'number') continue;
    if (!Number.isFinite(seconds) || seconds <= 0) continue;
    efforts.push({ distance_meters: meters, time_seconds: seconds, date });
  }
  return efforts;
}
