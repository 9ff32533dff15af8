// The one place the import meets the decoder (./decode) and core's figures (computeActivityFigures), and the
// thresholds a day's figures are computed with. Everything the pipeline stores of a leg is shaped here.
import {
  type ActivityFigures,
  computeActivityFigures,
  encodeStream,
  type RecordedSession,
  type ResolvedThresholds,
  resolveThresholds,
} from '@stamina/core';
import type { ActivityInsert } from './repository.ts';

/** The thresholds (and zone tables, when the athlete has them) in force on an athlete's day. */
export interface ThresholdsInForce {
  thresholds: ResolvedThresholds;
  /** The athlete's zone tables for that day; null uses the zones derived from the thresholds. */
  zones: unknown | null;
  /** The day these thresholds took effect; null for the defaults. */
  effectiveFrom: string | null;
}

export type ThresholdsOn = (athleteId: string, day: string) => Promise<ThresholdsInForce>;

/**
 * Until the athlete's own thresholds are stored, every day is computed with core's documented defaults (each
 * marked as a default on the activity). The app wires this in app.ts; it is the one place to replace.
 */
export const defaultThresholdsOn: ThresholdsOn = async () => ({
  thresholds: resolveThresholds(undefined),
  zones: null,
  effectiveFrom: null,
});

/** The thresholds as the activity keeps and shows them: values, which were defaults, and since when. */
function thresholdsRecord(inForce: ThresholdsInForce) {
  const t = inForce.thresholds;
  const values = {
    ftp_watts: t.ftpWatts,
    threshold_pace_seconds_per_km: t.thresholdPaceSecondsPerKm,
    css_seconds_per_100m: t.cssSecondsPer100m,
    max_hr: t.maxHr,
    lthr: t.lthr,
  };
  const known: Record<keyof typeof values, boolean> = {
    ftp_watts: t.known.ftp,
    threshold_pace_seconds_per_km: t.known.pace,
    css_seconds_per_100m: t.known.css,
    max_hr: t.known.maxHr,
    lthr: t.known.lthr,
  };
  const defaultsUsed = Object.keys(values).filter((k) => !known[k as keyof typeof values]);
  return { values, defaults_used: defaultsUsed, effective_from: inForce.effectiveFrom };
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
  const figures: ActivityFigures = computeActivityFigures(session, {
    thresholds: inForce.thresholds,
    zones: inForce.zones,
  });
  const s = figures.summary;
  const streams = Object.entries(figures.streams).flatMap(([type, values]) =>
    values && values.length > 0 ? [{ type, sampleCount: values.length, data: encodeStream(values) }] : [],
  );
  return {
    activity: {
      sport: session.sport,
      deviceSport: session.deviceSport ?? null,
      subSport: session.subSport ?? null,
      deviceName: deviceName ?? null,
      startTime: new Date(session.startTime),
      elapsedSeconds: Math.round(s.elapsedSeconds),
      movingSeconds: Math.round(s.movingSeconds),
      distanceM: s.distanceM,
      ascentM: s.ascentM,
      avgHr: s.avgHr,
      maxHr: s.maxHr,
      avgPower: s.avgPower,
      maxPower: s.maxPower,
      avgSpeedMps: s.avgSpeedMps,
      maxSpeedMps: s.maxSpeedMps,
      avgCadence: s.avgCadence,
      maxCadence: s.maxCadence,
      calories: s.calories === null ? null : Math.round(s.calories),
      laps: figures.laps,
      tss: figures.tss,
      tssMethod: figures.tssMethod,
      intensityFactor: figures.intensityFactor,
      normalizedPower: figures.normalizedPower,
      thresholds: thresholdsRecord(inForce),
      zoneSeconds: figures.zoneSeconds,
      bestEfforts: figures.bestEfforts,
    },
    streams,
  };
}
