// Time in zone for recorded activities (docs/activities.md, "Zones and best efforts"). The athlete's tables
// are passed in; where one is missing, a default table is derived from the threshold with the same bands the
// workout parser uses: power by % FTP, heart rate by % LTHR, pace by % of threshold speed.

/** One zone with inclusive integer bounds in its table's unit (watts, bpm, s/km or s/100 m). */
export interface ZoneBound {
  zone: number;
  min: number;
  max: number;
}
/** Five zones; pace tables run from slow (zone 1, the most seconds) to fast. */
export type ZoneTable5 = readonly ZoneBound[];

/** The open top of the highest zone, in any unit. */
const OPEN_TOP = 9999;

/** Upper bounds, in % of the threshold, of zones 1–4 (zone 5 is everything above). */
const POWER_BANDS = [55, 75, 87, 105] as const;
const HR_BANDS = [80, 89, 93, 99] as const;
/** % of threshold speed (threshold pace ÷ pace). */
const PACE_BANDS = [77, 87, 94, 100] as const;

function risingTable(threshold: number, bands: readonly number[]): ZoneBound[] {
  const tops = bands.map((b) => Math.round((threshold * b) / 100));
  return [0, 1, 2, 3, 4].map((i) => ({
    zone: i + 1,
    min: i === 0 ? 0 : tops[i - 1]! + 1,
    max: i === 4 ? OPEN_TOP : tops[i]!,
  }));
}

/** Power zones from FTP: ≤55 %, ≤75 %, ≤87 %, ≤105 %, above (Coggan's levels folded into five). */
export const defaultPowerZones = (ftpWatts: number): ZoneBound[] => risingTable(ftpWatts, POWER_BANDS);
/** Heart-rate zones from LTHR: ≤80 %, ≤89 %, ≤93 %, ≤99 %, 100 % and above (Friel's run bands). */
export const defaultHeartRateZones = (lthr: number): ZoneBound[] => risingTable(lthr, HR_BANDS);

/** Pace zones from a threshold pace (s/km or s/100 m): speed ≤77 %, ≤87 %, ≤94 %, ≤100 %, faster. */
export function defaultPaceZones(thresholdSeconds: number): ZoneBound[] {
  // Zone z covers paces from (threshold ÷ upper band) down to just above the next zone's slowest pace.
  const slowest = PACE_BANDS.map((b) => Math.round((thresholdSeconds * 100) / b));
  return [0, 1, 2, 3, 4].map((i) => ({
    zone: i + 1,
    min: i === 4 ? 0 : slowest[i]!,
    max: i === 0 ? OPEN_TOP : slowest[i - 1]! - 1,
  }));
}

/** Zone (1–5) of a power or heart rate: the highest zone whose minimum it reaches. */
export function risingZone(value: number, table: ZoneTable5): number {
  let zone = 1;
  for (const z of table) if (value >= z.min) zone = Math.max(zone, z.zone);
  return zone;
}

/** Zone (1–5) of a pace in seconds per unit: the fastest zone whose slowest pace it is at or under. */
export function paceZone(secondsPerUnit: number, table: ZoneTable5): number {
  let zone = 1;
  for (const z of table) if (secondsPerUnit <= z.max + 0.5) zone = Math.max(zone, z.zone);
  return zone;
}

/**
 * Seconds in each of zones 1–`count` (5, or 7 for Coggan's power levels) of the values given (one per second;
 * null seconds are not counted).
 */
export function secondsInZones(
  values: readonly (number | null)[],
  zoneOf: (value: number) => number,
  count = 5,
): number[] {
  const seconds = new Array<number>(count).fill(0);
  for (const v of values) {
    if (v === null || !Number.isFinite(v)) continue;
    const zone = zoneOf(v);
    seconds[Math.min(count, Math.max(1, zone)) - 1]! += 1;
  }
  return seconds;
}
