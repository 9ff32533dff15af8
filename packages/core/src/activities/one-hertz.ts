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

/** A stop shorter than this, seconds, stays in moving time (a junction, a turn, a drink); longer ones come out. */
export const MIN_STOP_SECONDS = 10;

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
  /** One value per second; NaN where nothing was recorded or the timer was stopped. */
  series: Partial<Record<StreamType, Float64Array>>;
  /** 1 for each second the session counts as moving: the timer ran (or, without timer events, by speed). */
  moving: Uint8Array;
  /** True when the moving seconds come from the device's timer events rather than from speed. */
  movingFromTimer: boolean;
  /** Where the distance came from. */
  distanceSource: 'device' | 'lengths' | 'gps' | 'none';
}

/** Readings at `times` (seconds from the start, ascending) to one value per second; NaN where none. */
function fill(
  times: ArrayLike<number>,
  values: ArrayLike<number>,
  count: number,
  length: number,
  maxGap: number,
): Float64Array {
  const out = new Float64Array(length).fill(Number.NaN);
  for (let k = 0; k < count; k++) {
    const at = times[k]!;
    const value = values[k]!;
    const index = Math.round(at);
    if (index >= 0 && index < length) out[index] = value;
    if (k + 1 >= count) continue;
    const nextAt = times[k + 1]!;
    const gap = nextAt - at;
    if (gap <= 0 || gap > maxGap) continue;
    const slope = (values[k + 1]! - value) / gap;
    const from = Math.max(0, Math.floor(at) + 1);
    const to = Math.min(length - 1, Math.ceil(nextAt) - 1);
    for (let s = from; s <= to; s++) out[s] = value + slope * (s - at);
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
  ['speed', 'speed'],
];

/** One field of the records as parallel arrays of times and values (records without it skipped). */
function readings(
  records: readonly RecordPoint[],
  secondsOf: Float64Array,
  field: keyof RecordPoint,
): { times: Float64Array; values: Float64Array; count: number } {
  const times = new Float64Array(records.length);
  const values = new Float64Array(records.length);
  let count = 0;
  for (let i = 0; i < records.length; i++) {
    const v = records[i]![field];
    if (typeof v !== 'number' || !Number.isFinite(v)) continue;
    times[count] = secondsOf[i]!;
    values[count++] = v;
  }
  return { times, values, count };
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

/** Distance per second: from pool lengths (active lengths add the pool length), else the device, else GPS. */
function distanceSeries(
  session: RecordedSession,
  secondsOf: Float64Array,
  length: number,
): { series?: Float64Array; source: OneHertzSession['distanceSource'] } {
  const pool = session.totals.poolLength;
  const start = session.startTime;
  if (pool && session.lengths.some((l) => l.kind === 'active')) {
    const points: Array<[number, number]> = [];
    let covered = 0;
    for (const swum of session.lengths) {
      const from = (swum.startTime - start) / 1000;
      points.push([from, covered]);
      if (swum.kind === 'active') covered += pool;
      points.push([from + swum.elapsedSeconds, covered]);
    }
    points.sort((a, b) => a[0] - b[0]);
    const times = Float64Array.from(points, (p) => p[0]);
    const values = Float64Array.from(points, (p) => p[1]);
    return {
      series: fill(times, values, points.length, length, Number.POSITIVE_INFINITY),
      source: 'lengths',
    };
  }
  const device = readings(session.records, secondsOf, 'distance');
  if (device.count > 0)
    return {
      series: fill(device.times, device.values, device.count, length, MAX_GAP_SECONDS),
      source: 'device',
    };
  const track = trackDistances(session.records);
  const times = new Float64Array(track.length);
  const values = new Float64Array(track.length);
  let count = 0;
  track.forEach((d, i) => {
    if (d === undefined) return;
    times[count] = secondsOf[i]!;
    values[count++] = d;
  });
  if (count < 2) return { source: 'none' };
  return { series: fill(times, values, count, length, MAX_GAP_SECONDS), source: 'gps' };
}

export function toOneHertz(session: RecordedSession): OneHertzSession {
  const length = sessionSeconds(session);
  const records = session.records;
  const secondsOf = Float64Array.from(records, (r) => (r.time - session.startTime) / 1000);
  const series: OneHertzSession['series'] = {};
  const distance = distanceSeries(session, secondsOf, length);
  for (const [field, type] of FIELDS) {
    // Pool swims: the speed of the lengths, from their distance, rather than the watch's records.
    if (type === 'speed' && distance.source === 'lengths') continue;
    const r = readings(records, secondsOf, field);
    if (r.count > 0) series[type] = fill(r.times, r.values, r.count, length, MAX_GAP_SECONDS);
  }
  if (distance.series) {
    series.distance = distance.series;
    if (!series.speed) {
      // Speed from the distance: the change over the two neighbouring seconds.
      const d = distance.series;
      const speed = new Float64Array(length).fill(Number.NaN);
      for (let i = 0; i < length; i++) {
        const a = Math.max(0, i - 1);
        const b = Math.min(length - 1, i + 1);
        const change = d[b]! - d[a]!;
        if (b > a && Number.isFinite(change)) speed[i] = Math.max(0, change / (b - a));
      }
      series.speed = speed;
    }
  }

  const moving = new Uint8Array(length);
  const movingFromTimer = session.timerEvents === true || session.pauses.length > 0;
  const all = Object.values(series);
  if (movingFromTimer) {
    moving.fill(1);
    for (const [stop, restart] of session.pauses) {
      const from = Math.max(0, Math.ceil((stop - session.startTime) / 1000));
      const to = Math.min(length, Math.ceil((restart - session.startTime) / 1000));
      for (let s = from; s < to; s++) moving[s] = 0;
      for (const values of all) if (to > from) values.fill(Number.NaN, from, to);
    }
  } else {
    const threshold = session.sport === 'bike' ? MOVING_SPEED_MPS.bike : MOVING_SPEED_MPS.other;
    const speed = series.speed;
    for (let s = 0; s < length; s++) {
      if (speed) moving[s] = speed[s]! >= threshold ? 1 : 0;
      else moving[s] = all.some((values) => !Number.isNaN(values[s]!)) ? 1 : 0;
    }
  }
  return { length, series, moving, movingFromTimer, distanceSource: distance.source };
}

/**
 * The seconds the athlete moved, 1 each (docs/activities.md, "Timer and moving time"): the seconds the timer ran
 * (`moving`: outside the device's pauses, or by speed without timer events), less every stop of
 * MIN_STOP_SECONDS or more while it ran: a run of seconds below the sport's moving speed, or with no speed at
 * all because the device wrote nothing (smart recording stays silent while standing, the Edge 705's timer runs
 * through stops). A session without a speed series (an indoor ride) moved whenever the timer ran.
 */
export function movedSeconds(oneHz: OneHertzSession, sport: RecordedSession['sport']): Uint8Array {
  const moved = Uint8Array.from(oneHz.moving);
  const speed = oneHz.series.speed;
  if (!speed) return moved;
  const threshold = sport === 'bike' ? MOVING_SPEED_MPS.bike : MOVING_SPEED_MPS.other;
  let stillFrom = -1;
  const endStill = (at: number) => {
    if (stillFrom >= 0 && at - stillFrom >= MIN_STOP_SECONDS) moved.fill(0, stillFrom, at);
    stillFrom = -1;
  };
  for (let s = 0; s < oneHz.length; s++) {
    if (oneHz.moving[s] && !(speed[s]! >= threshold)) {
      if (stillFrom < 0) stillFrom = s;
    } else endStill(s);
  }
  endStill(oneHz.length);
  return moved;
}

/** A series as the streams API gives it: numbers, null where nothing was recorded. */
export function seriesToStream(values: Float64Array): (number | null)[] {
  const out = new Array<number | null>(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    out[i] = Number.isNaN(v) ? null : v;
  }
  return out;
}
