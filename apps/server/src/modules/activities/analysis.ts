// The analysis of one activity (docs/activities.md, "Analysis", "Intervals"): read its stored streams, the body
// weight in force on its day, the thresholds and zones of that day and the athlete's stored best efforts; core
// computes the rest on the CPU pool (workers/tasks.ts `analyseActivity`). Computed on read and served through the
// cached reads (docs/activities.md, "Why the analysis is computed on read").
import type { ActivityAnalysis } from '@stamina/contract';
import {
  type AnalysisStreams,
  addDays,
  type CurvePoint,
  DEFAULT_THRESHOLDS,
  defaultHeartRateZones,
  defaultPaceZones,
  defaultPowerZones,
  EFFORT_MERGE_GAP_SECONDS,
  EFFORT_MIN_SECONDS,
  EFFORT_POWER_SHARE,
  EFFORT_SMOOTHING_SECONDS,
  EFFORT_SPEED_SHARE,
  type IntervalContext,
  LTHR_FROM_MAX_HR,
} from '@stamina/core';
import type { Db } from '../../db/client.ts';
import type { CpuPool } from '../../workers/pool.ts';
import type { ThresholdsOn } from './figures.ts';
import * as repo from './repository.ts';

/** How many days before an activity (its own day included) its "42-day best" looks back. */
const RECENT_BEST_DAYS = 42;

const ANALYSIS_STREAMS: Array<keyof AnalysisStreams> = [
  'power',
  'heart_rate',
  'speed',
  'distance',
  'altitude',
];

export interface AnalysisDeps {
  pool: Pick<CpuPool, 'run'>;
  thresholdsOn: ThresholdsOn;
  /** The latest body weight on or before a day (the wellness store). */
  weightOn: (athleteId: string, date: string) => Promise<{ date: string; weightKg: number } | null>;
}

type Best = { value: number; activity_id: string; date: string } | null;
type BestRow = Awaited<ReturnType<typeof repo.bestEffortsSince>>[number];

/** The kinds of stored best efforts the analysis sets beside its curves, and whether higher is better. */
const BEST_KINDS = { power: true, heart_rate: true, pace: false, swim_pace: false } as const;
type BestKind = keyof typeof BEST_KINDS;

/** The best stored effort at `key` among rows (power and heart rate: highest; paces: shortest time). */
function bestOf(rows: readonly BestRow[], kind: BestKind, key: string): Best {
  let best: Best = null;
  for (const row of rows) {
    const value = row.bestEfforts[kind]?.[key];
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) continue;
    if (best === null || (BEST_KINDS[kind] ? value > best.value : value < best.value)) {
      best = { value, activity_id: row.id, date: row.localDate };
    }
  }
  return best;
}

async function intervalContext(
  deps: AnalysisDeps,
  athleteId: string,
  row: repo.ActivityRow,
): Promise<IntervalContext> {
  const inForce = await deps.thresholdsOn(athleteId, row.localDate, row.sport);
  const t = inForce.thresholds;
  const ftp = t.ftpWatts ?? DEFAULT_THRESHOLDS.ftpWatts;
  const lthr = t.lthr ?? Math.round((t.maxHr ?? DEFAULT_THRESHOLDS.maxHr) * LTHR_FROM_MAX_HR);
  const swim = row.sport === 'swim';
  const pace = swim
    ? (t.cssSecondsPer100m ?? DEFAULT_THRESHOLDS.cssSecondsPer100m)
    : (t.thresholdPaceSecondsPerKm ?? DEFAULT_THRESHOLDS.thresholdPaceSecondsPerKm);
  return {
    sport: row.sport,
    ftpWatts: ftp,
    thresholdSpeedMps: (swim ? 100 : 1000) / pace,
    zones: {
      power: inForce.zones?.power ?? defaultPowerZones(ftp),
      hr: inForce.zones?.hr ?? defaultHeartRateZones(lthr),
      pace: inForce.zones?.pace ?? defaultPaceZones(pace),
    },
  };
}

/** The rule that found the efforts, in words, with the line it used. */
function effortRule(context: IntervalContext): string {
  const paced = context.sport === 'run' || context.sport === 'swim';
  const line = paced
    ? `speed at or above ${Math.round(EFFORT_SPEED_SHARE * 100)} % of threshold speed`
    : `power at or above ${Math.round(EFFORT_POWER_SHARE * 100)} % of FTP (${Math.round(context.ftpWatts * EFFORT_POWER_SHARE)} W)`;
  return `Efforts: ${line}, smoothed over ${EFFORT_SMOOTHING_SECONDS} s, gaps under ${EFFORT_MERGE_GAP_SECONDS} s merged, at least ${EFFORT_MIN_SECONDS} s long.`;
}

export function createActivityAnalysis(db: Db, deps: AnalysisDeps) {
  return async function analysisOf(athleteId: string, row: repo.ActivityRow): Promise<ActivityAnalysis> {
    const stored = await repo.streams(db, athleteId, row.id, ANALYSIS_STREAMS);
    const streams: Partial<Record<keyof AnalysisStreams, Uint8Array>> = {};
    for (const s of stored) streams[s.type as keyof AnalysisStreams] = s.data;
    const [weight, context, bests] = await Promise.all([
      deps.weightOn(athleteId, row.localDate),
      intervalContext(deps, athleteId, row),
      repo.bestEffortsSince(db, athleteId, null),
    ]);
    const start = row.startTime.getTime();
    const { curves, efficiency, intervals } = await deps.pool.run('analyseActivity', {
      streams,
      efficiency: {
        sport: row.sport,
        normalizedPower: row.normalizedPower,
        avgPower: row.avgPower,
        avgHr: row.avgHr,
        weightKg: weight?.weightKg ?? null,
      },
      context,
      laps: row.laps.map((lap) => ({
        startSecond: (new Date(lap.startTime).getTime() - start) / 1000,
        elapsedSeconds: lap.elapsedSeconds,
      })),
    });
    const recentFrom = addDays(row.localDate, -(RECENT_BEST_DAYS - 1));
    const recent = bests.filter((b) => b.localDate >= recentFrom && b.localDate <= row.localDate);
    const beside = (points: CurvePoint[], kind: BestKind | null) =>
      points.map((p) => ({
        ...p,
        best_42d: kind ? bestOf(recent, kind, p.key) : null,
        best_all_time: kind ? bestOf(bests, kind, p.key) : null,
      }));
    return {
      activity_id: row.id,
      curves: {
        power: beside(curves.power, 'power'),
        // Heart rate from every activity that kept its curve (imported since it is kept).
        heart_rate: beside(curves.heart_rate, 'heart_rate'),
        // Runs keep pace best efforts, swims their own (the keys overlap: never mixed).
        pace: beside(curves.pace, row.sport === 'run' ? 'pace' : row.sport === 'swim' ? 'swim_pace' : null),
      },
      weight_kg: weight?.weightKg ?? null,
      weight_date: weight?.date ?? null,
      ...efficiency,
      intervals,
      effort_rule: effortRule(context),
    };
  };
}
