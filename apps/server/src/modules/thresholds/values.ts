// The stored thresholds as core's and the contract's shapes, and the reads every parse of a workout starts from
// (the dated history and the edited zone tables). Split from service.ts; rules: docs/zones.md.
import {
  SPORT_ZONE_KINDS,
  type SportMetricsUpdateRequest,
  type ThresholdSport,
  type ZoneTable,
} from '@stamina/contract';
import {
  deriveZoneTable,
  type EditedZoneTable,
  type ParseBasis,
  THRESHOLD_SPORTS,
  type ThresholdEntry,
} from '@stamina/core';
import type { Conn } from '../../db/client.ts';
import * as repo from './repository.ts';

export const SPORTS = THRESHOLD_SPORTS;

/** A stored row as core's history entry. */
function entryOf(row: repo.SportMetricsRow): ThresholdEntry {
  return {
    sport: row.sport,
    effectiveFrom: row.effectiveFrom,
    thresholdPaceSecondsPerKm: row.thresholdPaceSecondsPerKm,
    cssSecondsPer100m: row.cssSecondsPer100m,
    threshold100Seconds: row.threshold100Seconds,
    ftpWatts: row.ftpWatts,
    maxPowerWatts: row.maxPowerWatts,
    maxHr: row.maxHr,
    restingHr: row.restingHr,
    lthr: row.lthr,
  };
}

/** One sport's values in the contract's shape. */
export function valuesOf(
  sport: ThresholdSport,
  e: ThresholdEntry | undefined,
): Record<string, number | null> {
  const v = (x: number | null | undefined) => x ?? null;
  if (sport === 'running')
    return {
      threshold_pace_seconds_per_km: v(e?.thresholdPaceSecondsPerKm),
      max_hr: v(e?.maxHr),
      resting_hr: v(e?.restingHr),
      lthr: v(e?.lthr),
    };
  if (sport === 'cycling')
    return {
      ftp_watts: v(e?.ftpWatts),
      max_hr: v(e?.maxHr),
      resting_hr: v(e?.restingHr),
      lthr: v(e?.lthr),
      max_power_watts: v(e?.maxPowerWatts),
    };
  return {
    css_seconds_per_100m: v(e?.cssSecondsPer100m),
    threshold_100_seconds: v(e?.threshold100Seconds),
    max_hr: v(e?.maxHr),
  };
}

/** Contract values of one sport → the columns stored. */
export function columnsOf(
  sport: ThresholdSport,
  values: Record<string, number | null>,
): repo.SportMetricsValues {
  const v = (key: string) => values[key] ?? null;
  const empty: repo.SportMetricsValues = {
    thresholdPaceSecondsPerKm: null,
    cssSecondsPer100m: null,
    threshold100Seconds: null,
    ftpWatts: null,
    maxPowerWatts: null,
    maxHr: v('max_hr'),
    restingHr: null,
    lthr: null,
  };
  if (sport === 'running')
    return {
      ...empty,
      thresholdPaceSecondsPerKm: v('threshold_pace_seconds_per_km'),
      restingHr: v('resting_hr'),
      lthr: v('lthr'),
    };
  if (sport === 'cycling')
    return {
      ...empty,
      ftpWatts: v('ftp_watts'),
      maxPowerWatts: v('max_power_watts'),
      restingHr: v('resting_hr'),
      lthr: v('lthr'),
    };
  return {
    ...empty,
    cssSecondsPer100m: v('css_seconds_per_100m'),
    threshold100Seconds: v('threshold_100_seconds'),
  };
}

export const sameValues = (a: repo.SportMetricsValues, b: repo.SportMetricsValues) =>
  (Object.keys(a) as (keyof repo.SportMetricsValues)[]).every((k) => (a[k] ?? null) === (b[k] ?? null));

/**
 * The triathlon tab's values written as the three sports': each sport keeps its values the tab does not show
 * (resting HR, LTHR, max power, threshold 100), from the entry in force on that day.
 */
export function triathlonWrites(
  values: Extract<SportMetricsUpdateRequest, { sport: 'triathlon' }>['values'],
  inForce: Partial<Record<ThresholdSport, ThresholdEntry>>,
): Record<ThresholdSport, Record<string, number | null>> {
  return {
    running: {
      ...valuesOf('running', inForce.running),
      threshold_pace_seconds_per_km: values.run_threshold_pace_seconds_per_km,
      max_hr: values.run_max_hr,
    },
    cycling: {
      ...valuesOf('cycling', inForce.cycling),
      ftp_watts: values.ftp_watts,
      max_hr: values.bike_max_hr,
    },
    swimming: {
      ...valuesOf('swimming', inForce.swimming),
      css_seconds_per_100m: values.css_seconds_per_100m,
      max_hr: values.swim_max_hr,
    },
  };
}

/** The stored tables the athlete edited and keeps in use (auto-calculate off), as core's edited tables. */
export function editedOf(rows: readonly repo.SportZonesRow[]): EditedZoneTable[] {
  return rows.flatMap((row) =>
    !row.autoCalculate && row.zones?.length === 5
      ? [
          {
            sport: row.sport,
            kind: row.kind,
            zones: row.zones.map((z) => ({
              zone: z.zone as EditedZoneTable['zones'][number]['zone'],
              min: z.min,
              max: z.max,
            })),
          },
        ]
      : [],
  );
}

export function tables(
  history: readonly ThresholdEntry[],
  stored: readonly repo.SportZonesRow[],
  day: string,
): ZoneTable[] {
  return SPORTS.flatMap((sport) =>
    SPORT_ZONE_KINDS[sport].map((kind): ZoneTable => {
      const derived = deriveZoneTable(history, day, sport, kind);
      const row = stored.find((r) => r.sport === sport && r.kind === kind);
      const custom = row && !row.autoCalculate && row.zones?.length === 5 ? row.zones : null;
      return {
        sport,
        kind,
        unit: derived.unit,
        auto_calculate: row?.autoCalculate ?? true,
        method: custom ? 'custom' : derived.method,
        from_defaults: custom ? false : derived.fromDefaults,
        zones: (custom ?? derived.zones).map((z) => ({ zone: z.zone, min: z.min, max: z.max })),
        // Coggan's seven levels come from the FTP whatever the five zones are (edited or derived).
        ...(derived.levels ? { levels: derived.levels } : {}),
      };
    }),
  );
}

/** Every dated entry of the athlete, oldest first. */
export async function historyOf(conn: Conn, athleteId: string): Promise<ThresholdEntry[]> {
  return (await repo.history(conn, athleteId)).map(entryOf);
}

/** What the athlete's workouts are parsed with: the dated thresholds and the edited zone tables. */
export async function parseBasisOf(conn: Conn, athleteId: string): Promise<ParseBasis> {
  const [history, rows] = await Promise.all([historyOf(conn, athleteId), repo.zoneRows(conn, athleteId)]);
  return { history, edited: editedOf(rows) };
}

/** `parseBasisOf` of many athletes, in two reads: athlete id → basis (no thresholds and no tables → no key). */
export async function parseBasesOf(
  conn: Conn,
  athleteIds: readonly string[],
): Promise<Map<string, ParseBasis>> {
  const out = new Map<string, { history: ThresholdEntry[]; edited: EditedZoneTable[] }>();
  const of = (id: string) => {
    const basis = out.get(id) ?? { history: [], edited: [] };
    out.set(id, basis);
    return basis;
  };
  const [rows, zoneRows] = await Promise.all([
    repo.histories(conn, athleteIds),
    repo.zoneRowsOf(conn, athleteIds),
  ]);
  for (const row of rows) of(row.athleteId).history.push(entryOf(row));
  for (const row of zoneRows) of(row.athleteId).edited.push(...editedOf([row]));
  return out;
}
