// A recorded session as 1 Hz series over elapsed time (docs/activities.md, "Streams"): sample i is second i
// from the session's start. Readings are interpolated linearly between records up to MAX_GAP_SECONDS apart
// (devices with "smart" recording write every few seconds); a longer gap, and every second the timer was
// stopped, is null. Distance comes from the device's own running distance, else from pool lengths, else
// from the GPS track (haversine); speed from the device, else from the distance.
import { MAX_SAMPLES } from '../training/recorded-tss.ts';
import type { RecordedSession, RecordPoint } from './recording.ts';
import type { StreamType } from './stream-codec.ts';

/** Longest span between two records that is filled in by interpolation, seconds. */
export const MAX_GAP_SECONDS = 15;
/** Without timer events, a second counts as moving at or above this speed (m/s): 1.8 km/h on foot, 3.6 on a bike. */
export const MOVING_SPEED_MPS = { bike: 1, other: 0.5 } as const;

const EARTH_RADIUS_M = 6_371_008.8;

/** Great-circle distance between two points in degrees, metres (haversine on a sphere of the Earth's mean radius). */
export function haversineMeters(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Cumulative distance along the records' GPS points, metres; undefined for records without a position. */
export function trackDistances(records: readonly RecordPoint[]): (number | undefined)[] {
  let total = 0;
  let previous: RecordPoint | undefined;
  return records.map((r) => {
    if (r.lat === undefined || r.lng === undefined) return undefined;
    if (previous) total += haversineMeters(previous.lat!, previous.lng!, r.lat, r.lng);
    previous = r;
    return total;
  });
}

export interface OneHertzSession {
  /** Number of seconds (samples). */
  length: number;
  streams: Partial<Record<StreamType, (number | null)[]>>;
  /** 1 for each second the session counts as moving: the timer ran (or, without timer events, by speed). */
  moving: Uint8Array;
  /** True when the moving seconds come from the device's timer events rather than from speed. */
  movingFromTimer: boolean;
  /** Where the distance came from. */
  distanceSource: 'device' | 'lengths' | 'gps' | 'none';
}

interface Reading {
  /** Seconds from the session start. */
  t: number;
  value: number;
}

function fill(readings: readonly Reading[], length: number, maxGap: number): (number | null)[] {
  const out = new Array<number | null>(length).fill(null);
  for (let k = 0; k < readings.length; k++) {
    const a = readings[k]!;
    const index = Math.round(a.t);
    if (index >= 0 && index < length) out[index] = a.value;
    const b = readings[k + 1];
    if (!b) continue;
    const gap = b.t - a.t;
    if (gap <= 0 || gap > maxGap) continue;
    const from = Math.max(0, Math.floor(a.t) + 1);
    const to = Math.min(length - 1, Math.ceil(b.t) - 1);
    for (let s = from; s <= to; s++) out[s] = a.value + ((b.value - a.value) * (s - a.t)) / gap;
  }
  return out;
}

const FIELDS: Array<[keyof RecordPoint, StreamType]> = [
  ['power', 'power'],
  ['heartRate', 'heart_rate'],
  ['cadence', 'cadence'],
  ['altitude', 'altitude'],
  ['lat', 'lat'],
  ['lng', 'lng'],
  ['temperature', 'temperature'],
];

/** Distance readings: from pool lengths (active lengths add the pool length), else the device, else GPS. */
function distanceReadings(
  session: RecordedSession,
  seconds: (time: number) => number,
): { readings: Reading[]; source: OneHertzSession['distanceSource']; maxGap: number } {
  const pool = session.totals.poolLength;
  if (pool && session.lengths.some((l) => l.kind === 'active')) {
    const readings: Reading[] = [];
    let covered = 0;
    for (const length of session.lengths) {
      const start = seconds(length.startTime);
      readings.push({ t: start, value: covered });
      if (length.kind === 'active') covered += pool;
      readings.push({ t: start + length.elapsedSeconds, value: covered });
    }
    readings.sort((a, b) => a.t - b.t);
    return { readings, source: 'lengths', maxGap: Number.POSITIVE_INFINITY };
  }
  const device = session.records.filter((r) => r.distance !== undefined);
  if (device.length > 0)
    return {
      readings: device.map((r) => ({ t: seconds(r.time), value: r.distance! })),
      source: 'device',
      maxGap: MAX_GAP_SECONDS,
    };
  const track = trackDistances(session.records);
  const readings: Reading[] = [];
  session.records.forEach((r, i) => {
    const d = track[i];
    if (d !== undefined) readings.push({ t: seconds(r.time), value: d });
  });
  return { readings, source: readings.length > 1 ? 'gps' : 'none', maxGap: MAX_GAP_SECONDS };
}

/** Seconds from the start to the session's end: its end time, else its last record (inclusive). */
export function sessionSeconds(session: RecordedSession): number {
  let last = session.startTime;
  for (const r of session.records) if (r.time > last) last = r.time;
  const fromRecords = session.records.length > 0 ? Math.floor((last - session.startTime) / 1000) + 1 : 0;
  const fromEnd =
    session.endTime !== undefined ? Math.round((session.endTime - session.startTime) / 1000) : 0;
  return Math.min(Math.max(fromRecords, fromEnd, 0), MAX_SAMPLES);
}

export function toOneHertz(session: RecordedSession): OneHertzSession {
  const start = session.startTime;
  const seconds = (time: number) => (time - start) / 1000;
  const length = sessionSeconds(session);
  const records = session.records;
  const streams: OneHertzSession['streams'] = {};
  for (const [field, type] of FIELDS) {
    const readings: Reading[] = [];
    for (const r of records) {
      const value = r[field];
      if (typeof value === 'number') readings.push({ t: seconds(r.time), value });
    }
    if (readings.length > 0) streams[type] = fill(readings, length, MAX_GAP_SECONDS);
  }
  const distance = distanceReadings(session, seconds);
  if (distance.readings.length > 0) streams.distance = fill(distance.readings, length, distance.maxGap);
  const speedReadings: Reading[] = [];
  for (const r of records)
    if (r.speed !== undefined) speedReadings.push({ t: seconds(r.time), value: r.speed });
  if (speedReadings.length > 0 && distance.source !== 'lengths')
    streams.speed = fill(speedReadings, length, MAX_GAP_SECONDS);
  else if (streams.distance) {
    // Speed from the distance: the change over the two neighbouring seconds.
    const d = streams.distance;
    streams.speed = d.map((_, i) => {
      const before = d[Math.max(0, i - 1)];
      const after = d[Math.min(length - 1, i + 1)];
      const span = Math.min(length - 1, i + 1) - Math.max(0, i - 1);
      return before != null && after != null && span > 0 ? Math.max(0, (after - before) / span) : null;
    });
  }

  const moving = new Uint8Array(length);
  const movingFromTimer = session.timerEvents === true || session.pauses.length > 0;
  if (movingFromTimer) {
    moving.fill(1);
    for (const [stop, restart] of session.pauses) {
      const from = Math.max(0, Math.ceil(seconds(stop)));
      const to = Math.min(length, Math.ceil(seconds(restart)));
      for (let s = from; s < to; s++) moving[s] = 0;
    }
    for (const series of Object.values(streams))
      for (let s = 0; s < length; s++) if (!moving[s]) series[s] = null;
  } else {
    const threshold = session.sport === 'bike' ? MOVING_SPEED_MPS.bike : MOVING_SPEED_MPS.other;
    const speed = streams.speed;
    for (let s = 0; s < length; s++) {
      if (speed) moving[s] = (speed[s] ?? 0) >= threshold ? 1 : 0;
      else moving[s] = FIELDS.some(([, type]) => streams[type]?.[s] != null) ? 1 : 0;
    }
  }
  streams.time = Array.from({ length }, (_, i) => i);
  return { length, streams, moving, movingFromTimer, distanceSource: distance.source };
}
