// Which thresholds are in force on a day, from the athlete's dated history (docs/zones.md, "Dated history").
import type { AthleteThresholds, EditedZoneTables, Sport, ZoneBounds } from '../workouts/types.ts';
import type { ZoneKind } from './tables.ts';

/**
 * The sports that have their own thresholds (triathlon is a view over these three): the contract's enum and the
 * `sport_metrics_sport_check` constraint read this array.
 */
export const THRESHOLD_SPORTS = ['running', 'cycling', 'swimming'] as const;
export type ThresholdSport = (typeof THRESHOLD_SPORTS)[number];

/** One dated entry of one sport's values; null means the athlete gave none. */
export interface ThresholdEntry {
  sport: ThresholdSport;
  /** YYYY-MM-DD: the entry applies from this day until the sport's next entry. */
  effectiveFrom: string;
  thresholdPaceSecondsPerKm?: number | null;
  cssSecondsPer100m?: number | null;
  threshold100Seconds?: number | null;
  ftpWatts?: number | null;
  maxPowerWatts?: number | null;
  maxHr?: number | null;
  restingHr?: number | null;
  lthr?: number | null;
}

/**
 * Each sport's entry in force on `day`: the latest with effectiveFrom ≤ day. Before a sport's first entry,
 * its earliest entry applies: an athlete who enters their FTP today and imports last month's rides means
 * that FTP, not the defaults.
 */
export function entriesInForce(
  history: readonly ThresholdEntry[],
  day: string,
): Partial<Record<ThresholdSport, ThresholdEntry>> {
  const out: Partial<Record<ThresholdSport, ThresholdEntry>> = {};
  const earliest: Partial<Record<ThresholdSport, ThresholdEntry>> = {};
  for (const entry of history) {
    const first = earliest[entry.sport];
    if (!first || entry.effectiveFrom < first.effectiveFrom) earliest[entry.sport] = entry;
    if (entry.effectiveFrom > day) continue;
    const current = out[entry.sport];
    if (!current || entry.effectiveFrom > current.effectiveFrom) out[entry.sport] = entry;
  }
  for (const sport of THRESHOLD_SPORTS) out[sport] ??= earliest[sport];
  return out;
}

/** The sport whose heart-rate values a workout of `sport` uses; a brick or strength session uses running's. */
export function heartRateSportOf(sport: Sport | ThresholdSport): ThresholdSport {
  if (sport === 'bike' || sport === 'cycling') return 'cycling';
  if (sport === 'swim' || sport === 'swimming') return 'swimming';
  return 'running';
}

const value = (v: number | null | undefined): number | undefined => (v === null ? undefined : v);

/** A zone table the athlete edited (auto-calculate off). Edited tables are not dated: they apply every day. */
export interface EditedZoneTable {
  sport: ThresholdSport;
  kind: ZoneKind;
  zones: readonly ZoneBounds[];
}

/** What a parse of the athlete's workouts reads: the dated thresholds and the edited zone tables. */
export interface ParseBasis {
  history: readonly ThresholdEntry[];
  edited: readonly EditedZoneTable[];
}

/**
 * The thresholds a `sport` workout on `day` is read with: threshold pace from running, FTP from cycling and
 * CSS from swimming whatever the sport (a brick or a strength circuit may name any of them), and heart rate
 * from the workout's own sport (a run and a ride have different max HRs). Missing values stay undefined, for
 * the parser's defaults (resolveThresholds).
 */
export function thresholdsInForce(
  history: readonly ThresholdEntry[],
  day: string,
  sport: Sport | ThresholdSport,
  /** The athlete's edited tables: power from cycling, run and swim pace from their sports, heart rate from
   * the workout's own sport, as the thresholds (docs/workout-parser.md, "Edited zone tables"). */
  edited: readonly EditedZoneTable[] = [],
): AthleteThresholds & { maxPowerWatts?: number } {
  const e = entriesInForce(history, day);
  const hr = e[heartRateSportOf(sport)];
  const out: AthleteThresholds & { maxPowerWatts?: number } = {};
  const set = <K extends keyof typeof out>(key: K, v: number | null | undefined) => {
    const x = value(v);
    if (x !== undefined) out[key] = x;
  };
  set('thresholdPaceSecondsPerKm', e.running?.thresholdPaceSecondsPerKm);
  set('ftpWatts', e.cycling?.ftpWatts);
  set('maxPowerWatts', e.cycling?.maxPowerWatts);
  set('cssSecondsPer100m', e.swimming?.cssSecondsPer100m ?? e.swimming?.threshold100Seconds);
  set('maxHr', hr?.maxHr);
  set('restingHr', hr?.restingHr);
  set('lthr', hr?.lthr);
  const table = (s: ThresholdSport, kind: ZoneKind) =>
    edited.find((t) => t.sport === s && t.kind === kind)?.zones;
  const zones: EditedZoneTables = {};
  const power = table('cycling', 'power');
  const hrTable = table(heartRateSportOf(sport), 'hr');
  const runPace = table('running', 'pace');
  const swimPace = table('swimming', 'pace');
  if (power) zones.power = power;
  if (hrTable) zones.hr = hrTable;
  if (runPace) zones.runPace = runPace;
  if (swimPace) zones.swimPace = swimPace;
  if (Object.keys(zones).length > 0) out.zones = zones;
  return out;
}
