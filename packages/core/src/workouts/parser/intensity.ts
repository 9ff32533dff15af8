// Targets to zones, and distances to time, through the athlete's thresholds or documented defaults.
// Every table here is described in docs/workout-parser.md; change both together.
import { validateZoneTable } from '../../zones/validate.ts';
import type { AthleteThresholds, EditedZoneTables, Sport, Zone, ZoneBounds } from '../types.ts';

/** Used when the athlete's own value is unknown. */
export const DEFAULT_THRESHOLDS = {
  ftpWatts: 250,
  /** 5:00 per km. */
  thresholdPaceSecondsPerKm: 300,
  /** 1:45 per 100 m. */
  cssSecondsPer100m: 105,
  maxHr: 190,
} as const;

/** The athlete's thresholds with defaults filled in, and which ones were assumed. */
export interface ResolvedThresholds {
  ftpWatts: number;
  thresholdPaceSecondsPerKm: number;
  cssSecondsPer100m: number;
  maxHr: number;
  /** Lactate-threshold heart rate: given, or 0.9 × max HR. */
  lthr: number;
  /** Resting heart rate when the athlete gave one below max HR: heart-rate zones are then Karvonen's. */
  restingHr: number | null;
  known: { ftp: boolean; pace: boolean; css: boolean; maxHr: boolean; lthr: boolean; restingHr: boolean };
  /** The athlete's edited zone tables that are well formed (a malformed one is ignored: the bands stand). */
  zones: EditedZoneTables;
}

const positive = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;

export function resolveThresholds(t: AthleteThresholds | undefined): ResolvedThresholds {
  const ftp = positive(t?.ftpWatts) && t.ftpWatts <= 3000;
  const pace = positive(t?.thresholdPaceSecondsPerKm) && t.thresholdPaceSecondsPerKm <= 1800;
  const css = positive(t?.cssSecondsPer100m) && t.cssSecondsPer100m <= 600;
  const maxHr = positive(t?.maxHr) && t.maxHr <= 260;
  const lthr = positive(t?.lthr) && t.lthr <= 260;
  const maxHrValue = maxHr ? t!.maxHr! : DEFAULT_THRESHOLDS.maxHr;
  const restingHr = positive(t?.restingHr) && t.restingHr >= 30 && t.restingHr < maxHrValue - 20;
  return {
    ftpWatts: ftp ? t!.ftpWatts! : DEFAULT_THRESHOLDS.ftpWatts,
    thresholdPaceSecondsPerKm: pace
      ? t!.thresholdPaceSecondsPerKm!
      : DEFAULT_THRESHOLDS.thresholdPaceSecondsPerKm,
    cssSecondsPer100m: css ? t!.cssSecondsPer100m! : DEFAULT_THRESHOLDS.cssSecondsPer100m,
    maxHr: maxHrValue,
    lthr: lthr ? t!.lthr! : Math.round(maxHrValue * 0.9),
    restingHr: restingHr ? t!.restingHr! : null,
    known: { ftp, pace, css, maxHr, lthr, restingHr },
    zones: editedTables(t?.zones),
  };
}

/** The edited tables that pass the Metrics & Zones checks (docs/zones.md, "Editing zones"). */
function editedTables(given: EditedZoneTables | undefined): EditedZoneTables {
  const out: EditedZoneTables = {};
  if (!given || typeof given !== 'object') return out;
  const kinds = { power: 'power', hr: 'hr', runPace: 'pace', swimPace: 'pace' } as const;
  for (const key of Object.keys(kinds) as (keyof typeof kinds)[]) {
    const table = given[key];
    if (Array.isArray(table) && validateZoneTable(kinds[key], table) === null)
      out[key] = table.map((z) => ({ zone: z.zone, min: z.min, max: z.max }));
  }
  return out;
}

/**
 * Zone of a value in an edited table: the zone whose range holds it; in a gap between two zones, the nearer
 * one (halfway: the easier one); below zone 1 or beyond zone 5, that end zone. Pace tables (`falling`) are
 * in seconds, zone 5 the fastest (fewest seconds).
 */
export function zoneInTable(value: number, table: readonly ZoneBounds[], falling = false): Zone {
  // A pace table read as a rising one: negated seconds rise with speed.
  const v = falling ? -value : value;
  const lo = (z: ZoneBounds) => (falling ? -z.max : z.min);
  const hi = (z: ZoneBounds) => (falling ? -z.min : z.max);
  for (let i = 0; i < 5; i++) {
    const z = table[i]!;
    if (v > hi(z)) continue;
    if (i === 0 || v >= lo(z)) return (i + 1) as Zone;
    const below = table[i - 1]!;
    return (v - hi(below) <= lo(z) - v ? i : i + 1) as Zone;
  }
  return 5;
}

/** The range of one zone of an edited table. */
export function rangeInTable(zone: Zone, table: readonly ZoneBounds[]): { min: number; max: number } {
  const z = table[zone - 1]!;
  return { min: z.min, max: z.max };
}

/** First zone whose upper bound the value stays below; zone 5 above the last bound. */
function band(value: number, upper: readonly [number, number, number, number]): Zone {
  if (value < upper[0]) return 1;
  if (value < upper[1]) return 2;
  if (value < upper[2]) return 3;
  if (value < upper[3]) return 4;
  return 5;
}

/** Percent of FTP (or of any threshold): ≤55 Z1, ≤75 Z2, ≤87 Z3, ≤105 Z4, above Z5. */
/** Where each zone of "% FTP" / "% threshold" ends (zones 1-4); the intensity chart draws them as lines. */
export const THRESHOLD_ZONE_LIMITS = [55.5, 75.5, 87.5, 105.5] as const;
export const zoneFromThresholdPercent = (pct: number): Zone => band(pct, THRESHOLD_ZONE_LIMITS);

/** The editor's intensity bands, also used for % of max HR and bare percentages: <60 Z1 … ≥90 Z5. */
export const zoneFromIntensityPercent = (pct: number): Zone => band(pct, [60, 70, 80, 90]);

/** Percent of LTHR: <81 Z1, <90 Z2, <94 Z3, <100 Z4, ≥100 Z5. */
export const zoneFromLthrPercent = (pct: number): Zone => band(pct, [81, 90, 94, 100]);

/** Speed as percent of threshold speed (threshold pace / pace): <78 Z1, <88 Z2, <95 Z3, <101 Z4, else Z5. */
export const zoneFromSpeedPercent = (pct: number): Zone => band(pct, [78, 88, 95, 101]);

/** RPE 1-10: 1-2 Z1, 3-4 Z2, 5-6 Z3, 7-8 Z4, 9-10 Z5. */
export const zoneFromRpe = (rpe: number): Zone => band(rpe, [2.5, 4.5, 6.5, 8.5]);

/** How heart-rate zones are set (docs/zones.md): Friel from LTHR, Karvonen from max and resting HR, or % of max. */
export type HeartRateMethod = 'friel' | 'karvonen' | 'max_hr';

export function heartRateMethod(t: ResolvedThresholds): HeartRateMethod {
  if (t.known.lthr) return 'friel';
  return t.restingHr === null ? 'max_hr' : 'karvonen';
}

/**
 * Zone of an absolute heart rate: % of LTHR (Friel) when the athlete gave one; else % of heart-rate reserve
 * (Karvonen) when a resting HR is known; else % of max HR. Karvonen and % of max share the intensity bands.
 */
export function zoneFromBpm(bpm: number, t: ResolvedThresholds): Zone {
  if (t.known.lthr) return zoneFromLthrPercent((bpm / t.lthr) * 100);
  const rest = t.restingHr ?? 0;
  return zoneFromIntensityPercent(((bpm - rest) / (t.maxHr - rest)) * 100);
}

/** Heart-rate range of a zone: LTHR bands when the athlete gave an LTHR, else reserve or max-HR bands (50-60 % …). */
export function heartRateRange(zone: Zone, t: ResolvedThresholds): { min: number; max: number } {
  if (t.known.lthr) {
    const bands: Record<Zone, [number, number]> = {
      1: [0.65, 0.81],
      2: [0.81, 0.89],
      3: [0.9, 0.93],
      4: [0.94, 0.99],
      5: [1, 1.06],
    };
    const [lo, hi] = bands[zone];
    return { min: Math.round(lo * t.lthr), max: Math.round(hi * t.lthr) };
  }
  const rest = t.restingHr ?? 0;
  const at = (fraction: number) => Math.round(rest + fraction * (t.maxHr - rest));
  return { min: at(0.4 + zone * 0.1), max: at(0.5 + zone * 0.1) };
}

/** Zone → pace as a multiple of threshold pace (run) or CSS (swim, and strength carries). */
const RUN_PACE_FACTOR: Record<Zone, number> = { 1: 1.3, 2: 1.2, 3: 1.08, 4: 1, 5: 0.92 };
const SWIM_PACE_FACTOR: Record<Zone, number> = { 1: 1.2, 2: 1.12, 3: 1.05, 4: 1, 5: 0.95 };
/** Assumed bike speed per zone, km/h. */
const BIKE_SPEED_KMH: Record<Zone, number> = { 1: 20, 2: 27, 3: 31, 4: 35, 5: 38 };

/**
 * Seconds to cover a distance. An explicit pace wins; otherwise the zone's pace from threshold pace (run,
 * strength), CSS (swim) or the assumed bike speed. `assumed` is true when a default had to stand in.
 */
export function distanceToSeconds(
  meters: number,
  zone: Zone,
  sport: Sport,
  t: ResolvedThresholds,
  pace: { perKm?: number | undefined; per100m?: number | undefined },
): { seconds: number; assumed: boolean } {
  if (pace.per100m !== undefined) return { seconds: (meters / 100) * pace.per100m, assumed: false };
  if (pace.perKm !== undefined) return { seconds: (meters / 1000) * pace.perKm, assumed: false };
  if (sport === 'swim')
    return { seconds: (meters / 100) * t.cssSecondsPer100m * SWIM_PACE_FACTOR[zone], assumed: !t.known.css };
  if (sport === 'bike') return { seconds: (meters / 1000 / BIKE_SPEED_KMH[zone]) * 3600, assumed: true };
  return {
    seconds: (meters / 1000) * t.thresholdPaceSecondsPerKm * RUN_PACE_FACTOR[zone],
    assumed: !t.known.pace,
  };
}
