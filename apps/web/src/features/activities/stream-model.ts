// The detail page's charts and track from the 1 Hz streams (docs/activities.md, "Web"): which series to draw
// for the sport and units, a zoom window in seconds, and rows averaged down to a size a chart draws quickly
// (more detail as the window narrows).
import type { ActivitySport, ActivityStreams } from '@stamina/contract';
import { heightInUnits, paceInUnits, speedInUnits, type Units } from '@stamina/core';
import { speedKind } from '../../components/activities/format.ts';

/** At most this many points per chart. */
const MAX_CHART_POINTS = 600;

export interface SeriesSpec {
  key: 'power' | 'heart_rate' | 'pace' | 'cadence' | 'altitude';
  title: string;
  unit: string;
  color: string;
  /** Pace charts put faster (smaller) values at the top. */
  reversed?: boolean;
  /** How a value reads in the tooltip and axis. */
  format: (value: number) => string;
}

function clock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** The x axis: time from the start. */
export const formatOffset = clock;

/** Speed in m/s → the sport's pace or speed number, or null when stopped. */
function speedValue(mps: number | null, sport: ActivitySport, units: Units): number | null {
  if (mps === null || !Number.isFinite(mps)) return null;
  const kind = speedKind(sport);
  if (kind === 'speed') return speedInUnits(mps, units);
  // Below a slow walk a pace is meaningless (and huge): leave a gap.
  if (mps < 0.5) return null;
  if (kind === 'swim_pace') return 100 / mps;
  return paceInUnits(1000 / mps, units);
}

/** The series the streams hold, in the page's order: power, heart rate, pace or speed, cadence, elevation. */
export function seriesFor(streams: ActivityStreams, sport: ActivitySport, units: Units): SeriesSpec[] {
  const has = (key: string) => (streams.streams[key] ?? []).some((v) => v !== null);
  const kind = speedKind(sport);
  const specs: SeriesSpec[] = [];
  if (has('power'))
    specs.push({
      key: 'power',
      title: 'Power',
      unit: 'W',
      color: '#8B5CF6',
      format: (v) => `${Math.round(v)} W`,
    });
  if (has('heart_rate'))
    specs.push({
      key: 'heart_rate',
      title: 'Heart rate',
      unit: 'bpm',
      color: '#EF4444',
      format: (v) => `${Math.round(v)} bpm`,
    });
  if (has('speed')) {
    if (kind === 'speed') {
      const unit = units === 'imperial' ? 'mph' : 'km/h';
      specs.push({
        key: 'pace',
        title: 'Speed',
        unit,
        color: '#0EA5E9',
        format: (v) => `${v.toFixed(1)} ${unit}`,
      });
    } else {
      const unit = kind === 'swim_pace' ? '/100m' : units === 'imperial' ? '/mi' : '/km';
      specs.push({
        key: 'pace',
        title: 'Pace',
        unit,
        color: '#0EA5E9',
        reversed: true,
        format: (v) => `${clock(v)} ${unit}`,
      });
    }
  }
  if (has('cadence'))
    specs.push({
      key: 'cadence',
      title: 'Cadence',
      unit: sport === 'bike' ? 'rpm' : 'spm',
      color: '#F59E0B',
      format: (v) => `${Math.round(v)} ${sport === 'bike' ? 'rpm' : 'spm'}`,
    });
  if (has('altitude')) {
    const unit = units === 'imperial' ? 'ft' : 'm';
    specs.push({
      key: 'altitude',
      title: 'Elevation',
      unit,
      color: '#10B981',
      format: (v) => `${Math.round(v)} ${unit}`,
    });
  }
  return specs;
}

export type ChartRow = { t: number } & Partial<Record<SeriesSpec['key'], number | null>>;

/** The value of series `key` at sample i, in display units. */
function sampleOf(
  streams: ActivityStreams,
  key: SeriesSpec['key'],
  i: number,
  sport: ActivitySport,
  units: Units,
): number | null {
  const s = streams.streams;
  switch (key) {
    case 'pace':
      return speedValue(s.speed?.[i] ?? null, sport, units);
    case 'altitude': {
      const v = s.altitude?.[i] ?? null;
      return v === null ? null : heightInUnits(v, units);
    }
    default:
      return s[key]?.[i] ?? null;
  }
}

/**
 * Rows for the window [from, to) (seconds), each the mean of its bucket of samples (nulls left out; a bucket
 * of only nulls stays a gap), at most MAX_CHART_POINTS of them.
 */
export function chartRows(
  streams: ActivityStreams,
  specs: readonly SeriesSpec[],
  sport: ActivitySport,
  units: Units,
  window: { from: number; to: number },
  maxPoints = MAX_CHART_POINTS,
): ChartRow[] {
  const from = Math.max(0, Math.floor(window.from));
  const to = Math.min(streams.sample_count, Math.ceil(window.to));
  const span = to - from;
  if (span <= 0) return [];
  const step = Math.max(1, Math.ceil(span / maxPoints));
  const time = streams.streams.time;
  const rows: ChartRow[] = [];
  for (let start = from; start < to; start += step) {
    const end = Math.min(to, start + step);
    const row: ChartRow = { t: time?.[start] ?? start };
    for (const spec of specs) {
      let sum = 0;
      let n = 0;
      for (let i = start; i < end; i++) {
        const v = sampleOf(streams, spec.key, i, sport, units);
        if (v !== null) {
          sum += v;
          n++;
        }
      }
      row[spec.key] = n ? sum / n : null;
    }
    rows.push(row);
  }
  return rows;
}

/** The GPS points of the track, one in every `step` samples, leaving out missing fixes. */
export function trackPoints(streams: ActivityStreams, maxPoints = 2000): [number, number][] {
  const lat = streams.streams.lat ?? [];
  const lng = streams.streams.lng ?? [];
  const n = Math.min(lat.length, lng.length);
  const step = Math.max(1, Math.ceil(n / maxPoints));
  const points: [number, number][] = [];
  for (let i = 0; i < n; i += step) {
    const a = lat[i];
    const b = lng[i];
    if (a != null && b != null && Math.abs(a) <= 90 && Math.abs(b) <= 180) points.push([a, b]);
  }
  return points;
}

/** A zoom window after zooming in (half the span, around its centre) or out (double, within the activity). */
export function zoomBy(window: { from: number; to: number }, factor: number, total: number) {
  const span = Math.max(10, (window.to - window.from) * factor);
  const centre = (window.from + window.to) / 2;
  if (span >= total) return { from: 0, to: total };
  let from = centre - span / 2;
  from = Math.max(0, Math.min(total - span, from));
  return { from, to: from + span };
}
