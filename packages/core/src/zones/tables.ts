// The athlete's five-zone tables, derived from their thresholds (docs/zones.md, "Derived zones").
// Each table is built by asking the workout parser's own zone functions (workouts/parser/intensity.ts) about
// every whole value in range, so a value falls in the same zone in a table, in a parsed workout target and in
// a time-in-zone figure: the percentages live in one place only.
import {
  type HeartRateMethod,
  heartRateMethod,
  type ResolvedThresholds,
  zoneFromBpm,
  zoneFromSpeedPercent,
  zoneFromThresholdPercent,
} from '../workouts/parser/intensity.ts';
import type { Zone } from '../workouts/types.ts';
import type { ZoneKind } from './validate.ts';

// The kind is declared with the checks, which the parser uses too; it is one of the tables' words.
export type { ZoneKind };

/** One zone with inclusive whole-number bounds in its table's unit (min ≤ max). */
export interface ZoneRange {
  zone: Zone;
  min: number;
  max: number;
}

/**
 * Scans lo..hi (whole numbers) and keeps, for each zone, the smallest and largest value in it. The zone
 * functions are monotone, so every zone is one run of values.
 */
function scan(lo: number, hi: number, zoneOf: (value: number) => Zone): ZoneRange[] {
  const ranges = new Map<Zone, ZoneRange>();
  for (let value = lo; value <= hi; value++) {
    const zone = zoneOf(value);
    const range = ranges.get(zone);
    if (range) {
      range.min = Math.min(range.min, value);
      range.max = Math.max(range.max, value);
    } else ranges.set(zone, { zone, min: value, max: value });
  }
  return ([1, 2, 3, 4, 5] as const).map((zone) => ranges.get(zone) ?? { zone, min: 0, max: 0 });
}

/** Power zones (Coggan's levels in five, with the parser's % FTP bands), watts from 0 to 150 % FTP or max power. */
export function powerZoneTable(ftpWatts: number, maxPowerWatts?: number | null): ZoneRange[] {
  const top = Math.max(Math.round(ftpWatts * 1.5), maxPowerWatts ?? 0);
  return scan(0, top, (watts) => zoneFromThresholdPercent((watts / ftpWatts) * 100));
}

/**
 * Heart-rate zones in bpm and the method behind them: Friel (% of LTHR) when the athlete gave an LTHR,
 * Karvonen (% of heart-rate reserve) with a resting HR, else % of max HR. Zone 1 starts at the resting HR
 * (or half of max HR), zone 5 ends at max HR (or 106 % of LTHR when that is higher).
 */
export function heartRateZoneTable(t: ResolvedThresholds): { method: HeartRateMethod; zones: ZoneRange[] } {
  const method = heartRateMethod(t);
  const lo = t.restingHr ?? Math.round(t.maxHr / 2);
  const hi = method === 'friel' ? Math.max(t.maxHr, Math.round(t.lthr * 1.06)) : t.maxHr;
  // Friel's zone 1 may start below the resting HR when LTHR is low: start low enough to hold it.
  return { method, zones: scan(Math.min(lo, Math.round(t.lthr * 0.6)), hi, (bpm) => zoneFromBpm(bpm, t)) };
}

/**
 * Pace zones in seconds per km (run, from threshold pace) or per 100 m (swim, from CSS): zone 1 is the
 * slowest, so in seconds the table falls. From 85 % to 150 % of the threshold time.
 */
export function paceZoneTable(thresholdSeconds: number): ZoneRange[] {
  return scan(Math.round(thresholdSeconds * 0.85), Math.round(thresholdSeconds * 1.5), (seconds) =>
    zoneFromSpeedPercent((thresholdSeconds / seconds) * 100),
  );
}
