// The one place the import meets the decoder's sessions and core's figures (computeActivityFigures), and the
// thresholds a day's figures are computed with. Everything the pipeline stores of a leg is shaped here.

import type { ThresholdSport, ZoneTable } from '@stamina/contract';
import {
  type ActivityFigures,
  computeActivityFigures,
  encodeStream,
  type FiguresContext,
  type FiguresThresholds,
  type RecordedSession,
  type RecordedSport,
  type StreamType,
} from '@stamina/core';
import type { ThresholdReader } from '../thresholds/index.ts';
import type { ActivityInsert } from './repository.ts';

/** The thresholds (and zone tables, when the athlete has them) in force on an athlete's day. */
export interface ThresholdsInForce {
  /** The athlete's own values that day; an absent one falls back to core's default, named as such. */
  thresholds: FiguresThresholds;
  /** The athlete's zone tables that day; absent ones are derived from the thresholds. */
  zones: FiguresContext['zones'] | null;
  /** The day these thresholds took effect; null for the defaults. */
  effectiveFrom: string | null;
  sex?: string | null;
}

export type ThresholdsOn = (
  athleteId: string,
  day: string,
  sport: RecordedSport,
) => Promise<ThresholdsInForce>;

/**
 * The sport whose thresholds and zones score a recording (docs/zones.md): bike, swim, else running's (the heart-rate
 * values an effort-scored sport reads).
 */
const THRESHOLD_SPORT: Record<RecordedSport, ThresholdSport> = {
  bike: 'cycling',
  swim: 'swimming',
  run: 'running',
  brick: 'running',
  strength: 'running',
  yoga: 'running',
  rowing: 'running',
  hiking: 'running',
  xc_ski: 'running',
  other: 'running',
};

/**
 * The athlete's own values in force on the day, from the threshold service: only values the athlete gave
 * (the rest fall back to core's defaults, each marked as a default on the activity), and the zone tables of
 * the sport when the athlete edited them (derived tables are the same bands the figures derive).
 */
export function thresholdsFrom(reader: Pick<ThresholdReader, 'thresholdsOn'>): ThresholdsOn {
  return async (athleteId, day, recordedSport) =>
    inForceOf(await reader.thresholdsOn(athleteId, day), recordedSport);
}

/** Many days' thresholds of one athlete from one read (a platform archive's members). */
export type ThresholdsOf = (
  athleteId: string,
) => Promise<(day: string, sport: RecordedSport) => ThresholdsInForce>;

/** `ThresholdsOf` from the threshold service: its values and tables read once, each day's resolved in memory. */
export function thresholdsByDayFrom(reader: Pick<ThresholdReader, 'thresholdsByDay'>): ThresholdsOf {
  return async (athleteId) => {
    const byDay = await reader.thresholdsByDay(athleteId);
    return (day, sport) => inForceOf(byDay(day), sport);
  };
}

function inForceOf(
  on: Awaited<ReturnType<ThresholdReader['thresholdsOn']>>,
  recordedSport: RecordedSport,
): ThresholdsInForce {
  const sport = THRESHOLD_SPORT[recordedSport];
  const t = on[sport];
  const own = <T>(known: boolean, value: T) => (known ? value : null);
  const edited = (kind: ZoneTable['kind']) => {
    const table = on.zones.find((z) => z.sport === sport && z.kind === kind);
    return table && table.method === 'custom' ? table.zones : undefined;
  };
  const zones = { power: edited('power'), hr: edited('hr'), pace: edited('pace') };
  return {
    thresholds: {
      ftpWatts: own(on.cycling.known.ftp, on.cycling.ftpWatts),
      thresholdPaceSecondsPerKm: own(on.running.known.pace, on.running.thresholdPaceSecondsPerKm),
      cssSecondsPer100m: own(on.swimming.known.css, on.swimming.cssSecondsPer100m),
      maxHr: own(t.known.maxHr, t.maxHr),
      lthr: own(t.known.lthr, t.lthr),
      restingHr: own(t.known.restingHr, t.restingHr),
    },
    zones: Object.values(zones).some(Boolean) ? zones : null,
    effectiveFrom: null,
  };
}

export interface LegRecord {
  activity: Omit<
    ActivityInsert,
    'name' | 'localDate' | 'fileId' | 'multisportGroupId' | 'legIndex' | 'source'
  >;
  streams: Array<{ type: string; sampleCount: number; data: Uint8Array }>;
}

/** One leg's figures computed with the thresholds in force, as an activity row and its encoded streams. */
export function legRecord(
  session: RecordedSession,
  deviceName: string | undefined,
  inForce: ThresholdsInForce,
): LegRecord {
  const f: ActivityFigures = computeActivityFigures(session, {
    thresholds: inForce.thresholds,
    ...(inForce.zones ? { zones: inForce.zones } : {}),
    ...(inForce.sex ? { sex: inForce.sex } : {}),
  });
  const streams = (Object.entries(f.streams) as Array<[StreamType, (number | null)[] | undefined]>).flatMap(
    ([type, values]) =>
      // Time is the index (1 Hz from the start): the streams read serves it without storing it.
      type !== 'time' && values?.some((v) => v !== null)
        ? [{ type, sampleCount: values!.length, data: encodeStream(values!, type) }]
        : [],
  );
  return {
    activity: {
      sport: session.sport,
      deviceSport: session.deviceSport ?? null,
      subSport: session.subSport ?? null,
      deviceName: deviceName ?? null,
      startTime: new Date(session.startTime),
      elapsedSeconds: Math.round(f.elapsedSeconds),
      timerSeconds: Math.round(f.timerSeconds),
      movingSeconds: Math.round(f.movingSeconds),
      distanceM: f.distanceM,
      ascentM: f.ascentM,
      avgHr: f.avgHr,
      maxHr: f.maxHr,
      avgPower: f.avgPower,
      maxPower: f.maxPower,
      avgSpeedMps: f.avgSpeedMps,
      maxSpeedMps: f.maxSpeedMps,
      avgCadence: f.avgCadence,
      maxCadence: f.maxCadence,
      calories: f.calories === null ? null : Math.round(f.calories),
      laps: f.laps,
      tss: f.tss,
      tssMethod: f.tssMethod,
      intensityFactor: f.intensityFactor,
      normalizedPower: f.normalizedPower,
      thresholds: { ...f.thresholds, effective_from: inForce.effectiveFrom },
      zoneSeconds: f.zoneSeconds,
      bestEfforts: f.bestEfforts,
    },
    streams,
  };
}
