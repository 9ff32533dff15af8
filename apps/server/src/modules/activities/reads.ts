// The reads of an athlete's activities beyond the list and the detail (docs/activities.md): an activity's
// streams, totals between two days, the best efforts, the threshold estimates' recordings and the curves.
import type { Curve } from '@stamina/contract';
import { STREAM_TYPES } from '@stamina/contract';
import {
  addDays,
  dateInTimeZone,
  decodeStream,
  type EstimateRecording,
  type RunThresholdEffort,
  rideThresholdEffortFromStreams,
  roundTo,
  runThresholdEffortFromStreams,
  type StreamType,
} from '@stamina/core';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import * as repo from './repository.ts';

const PERIOD_DAYS = { week: 7, month: 30, '3months': 91, year: 365, all: null } as const;
const POWER_POINTS = [
  { key: '5s', x: 5, label: '5 s' },
  { key: '1min', x: 60, label: '1 min' },
  { key: '5min', x: 300, label: '5 min' },
  { key: '20min', x: 1200, label: '20 min' },
  { key: '60min', x: 3600, label: '60 min' },
];
const PACE_POINTS = [
  { key: '400m', x: 400, label: '400 m' },
  { key: '1km', x: 1000, label: '1 km' },
  { key: '1mile', x: 1609.344, label: '1 mile' },
  { key: '5km', x: 5000, label: '5 km' },
  { key: '10km', x: 10000, label: '10 km' },
  { key: 'half_marathon', x: 21097.5, label: 'Half marathon' },
  { key: 'marathon', x: 42195, label: 'Marathon' },
];

export function createActivityReads(
  db: Db,
  own: (auth: AuthContext, id: string) => Promise<repo.ActivityRow>,
) {
  return {
    async streams(auth: AuthContext, id: string, typesParam: string | undefined) {
      const row = await own(auth, id);
      let types: string[] | undefined;
      if (typesParam !== undefined) {
        types = [
          ...new Set(
            typesParam
              .split(',')
              .map((t) => t.trim())
              .filter(Boolean),
          ),
        ];
        const unknown = types.filter((t) => !(STREAM_TYPES as readonly string[]).includes(t));
        if (unknown.length > 0) {
          throw new AppError(
            'VALIDATION_FAILED',
            `Unknown stream type ${unknown.join(', ')}: use ${STREAM_TYPES.join(', ')}`,
          );
        }
      }
      const stored = await repo.streams(db, auth.athleteId, row.id, types);
      const streams: Record<string, Array<number | null>> = {};
      let sampleCount = 0;
      for (const s of stored) {
        streams[s.type] = decodeStream(s.data, s.type as StreamType);
        sampleCount = Math.max(sampleCount, s.sampleCount);
      }
      // Time is the index (1 Hz from the start): served, never stored, as long as the other streams.
      if (!types || types.includes('time')) {
        if (sampleCount === 0) sampleCount = await repo.sampleCount(db, auth.athleteId, row.id);
        if (sampleCount > 0) streams.time = Array.from({ length: sampleCount }, (_, i) => i);
      }
      return { sample_count: sampleCount, streams };
    },

    /** Sessions, moving seconds and metres between two local dates (docs/profile.md, "This Year"). */
    totalsBetween(auth: AuthContext, from: string, to: string) {
      return repo.totalsBetween(db, auth.athleteId, from, to);
    },

    /** Every activity's pace best efforts (seconds per distance key), oldest first (docs/profile.md). */
    async paceBests(
      auth: AuthContext,
    ): Promise<{ activityId: string; date: string; pace: Record<string, number> }[]> {
      const rows = await repo.bestEffortsSince(db, auth.athleteId, null);
      return rows
        .filter((row) => row.bestEfforts.pace && Object.keys(row.bestEfforts.pace).length > 0)
        .map((row) => ({ activityId: row.id, date: row.localDate, pace: row.bestEfforts.pace ?? {} }));
    },

    /**
     * What the threshold estimates read of the athlete's rides and runs on or after `from`: 20-minute power and
     * the 30-minute effort of runs and rides. A recording imported before that effort was kept gets it once,
     * from its stored streams (docs/zones.md, "Estimates from recordings").
     */
    async estimateRecordings(athleteId: string, from: string): Promise<EstimateRecording[]> {
      const rows = await repo.estimateRows(db, athleteId, from);
      const out: EstimateRecording[] = [];
      for (const row of rows) {
        let effort = row.bestEfforts.threshold;
        if (effort === undefined) {
          // Kept once, from the stored streams, for a recording imported before the effort was.
          const stored = await repo.streams(db, athleteId, row.id, [
            'distance',
            'heart_rate',
            'power',
            'speed',
          ]);
          const series = (type: StreamType) => {
            const found = stored.find((st) => st.type === type);
            return found ? decodeStream(found.data, type) : [];
          };
          const found =
            row.sport === 'run'
              ? runThresholdEffortFromStreams(series('distance'), series('heart_rate'))
              : rideThresholdEffortFromStreams(series('power'), series('heart_rate'), series('speed'));
          effort = found ? { ...found } : {};
          await repo.setThresholdEffort(db, athleteId, row.id, effort);
        }
        out.push({
          activityId: row.id,
          date: row.localDate,
          sport: row.sport,
          power20min: row.bestEfforts.power?.['20min'] ?? null,
          run:
            row.sport === 'run' && typeof effort.pace_30min === 'number'
              ? (effort as unknown as RunThresholdEffort)
              : null,
          ride: row.sport === 'bike' ? effort : null,
        });
      }
      return out;
    },

    /** The best value per duration (power) or distance (pace) over the period, with the activity that set it. */
    async curve(auth: AuthContext, type: 'power' | 'pace', period: keyof typeof PERIOD_DAYS): Promise<Curve> {
      const days = PERIOD_DAYS[period];
      const today = dateInTimeZone(new Date(), auth.timezone);
      const from = days === null ? null : addDays(today, -(days - 1));
      const rows = await repo.bestEffortsSince(db, auth.athleteId, from);
      const points = [];
      for (const point of type === 'power' ? POWER_POINTS : PACE_POINTS) {
        let best: { value: number; activity_id: string; date: string } | null = null;
        for (const row of rows) {
          const value = row.bestEfforts[type]?.[point.key];
          if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) continue;
          const better = best === null || (type === 'power' ? value > best.value : value < best.value);
          if (better) best = { value, activity_id: row.id, date: row.localDate };
        }
        if (best) points.push({ x: point.x, label: point.label, ...best, value: roundTo(best.value, 1) });
      }
      return { type, period, points };
    },
  };
}
