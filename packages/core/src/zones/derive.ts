// Every derived zone table of an athlete on a day (docs/zones.md, "Derived zones").
import { type HeartRateMethod, resolveThresholds } from '../workouts/parser/intensity.ts';
import { type CogganLevelRange, cogganPowerLevels } from './coggan.ts';
import { type ThresholdEntry, type ThresholdSport, thresholdsInForce } from './history.ts';
import {
  heartRateZoneTable,
  paceZoneTable,
  powerZoneTable,
  type ZoneKind,
  type ZoneRange,
} from './tables.ts';

export type ZoneUnit = 'watts' | 'bpm' | 'sec_per_km' | 'sec_per_100m';
export type ZoneMethod = HeartRateMethod | 'coggan' | 'threshold_pace' | 'css';

export interface DerivedZoneTable {
  sport: ThresholdSport;
  kind: ZoneKind;
  unit: ZoneUnit;
  method: ZoneMethod;
  /** True when the threshold behind the table is a default, not the athlete's. */
  fromDefaults: boolean;
  zones: ZoneRange[];
  /** Power only: Coggan's seven levels from the same FTP, shown beside the five zones (coggan.ts). */
  levels?: CogganLevelRange[];
}

/** The tables each sport has, in the page's order. */
export const SPORT_ZONE_TABLES: Record<ThresholdSport, readonly ZoneKind[]> = {
  running: ['hr', 'pace'],
  cycling: ['power', 'hr'],
  swimming: ['pace', 'hr'],
};

/** The table of one sport and kind, from the thresholds in force on `day`. */
export function deriveZoneTable(
  history: readonly ThresholdEntry[],
  day: string,
  sport: ThresholdSport,
  kind: ZoneKind,
): DerivedZoneTable {
  const given = thresholdsInForce(history, day, sport);
  const t = resolveThresholds(given);
  if (kind === 'power')
    return {
      sport,
      kind,
      unit: 'watts',
      method: 'coggan',
      fromDefaults: !t.known.ftp,
      zones: powerZoneTable(t.ftpWatts, given.maxPowerWatts),
      levels: cogganPowerLevels(t.ftpWatts),
    };
  if (kind === 'hr') {
    const { method, zones } = heartRateZoneTable(t);
    const fromDefaults = method === 'friel' ? false : !t.known.maxHr;
    return { sport, kind, unit: 'bpm', method, fromDefaults, zones };
  }
  if (sport === 'swimming')
    return {
      sport,
      kind,
      unit: 'sec_per_100m',
      method: 'css',
      fromDefaults: !t.known.css,
      zones: paceZoneTable(t.cssSecondsPer100m),
    };
  return {
    sport,
    kind,
    unit: 'sec_per_km',
    method: 'threshold_pace',
    fromDefaults: !t.known.pace,
    zones: paceZoneTable(t.thresholdPaceSecondsPerKm),
  };
}

/** Every sport's tables on `day`. */
export function deriveZoneTables(history: readonly ThresholdEntry[], day: string): DerivedZoneTable[] {
  return (Object.keys(SPORT_ZONE_TABLES) as ThresholdSport[]).flatMap((sport) =>
    SPORT_ZONE_TABLES[sport].map((kind) => deriveZoneTable(history, day, sport, kind)),
  );
}
