// The Metrics API's logic (docs/wellness.md), composed of three parts: the wellness store (store.ts: writes),
// the CSV import (import.ts) and the scores and histories (scores.ts: every read). Routes and the dashboard
// see them as one service.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { TrainingLoadService } from '../training-load/index.ts';
import { createWellnessImport } from './import.ts';
import { latestWeightOn, listDays } from './repository.ts';
import { createWellnessScores } from './scores.ts';
import { createWellnessStore, type MetricsHooks, type MetricsThresholds } from './store.ts';

export type { MetricsHooks } from './store.ts';

export function createMetricsService(
  db: Db,
  trainingLoad: TrainingLoadService,
  /**
   * The one dated threshold store (docs/zones.md, "One store"): FTP and threshold pace are read from it, and a
   * wellness day's FTP and threshold pace are written to it.
   */
  thresholds: MetricsThresholds,
  hooks: MetricsHooks = {},
  log?: Pick<FastifyBaseLogger, 'error'>,
) {
  const thresholdHistory = (athleteId: string) => thresholds.history(db, athleteId);
  const scores = createWellnessScores(db, trainingLoad, { thresholdHistory });
  const store = createWellnessStore(db, scores, thresholds, hooks, log);
  const { notifyScored: _notifyScored, ...writes } = store;
  return {
    ...scores,
    ...writes,
    ...createWellnessImport(db, store),
    /** The athlete's stored wellness days from `from` to `to`, oldest first (the onboarding job's read). */
    wellnessDays: (athleteId: string, from: string, to: string) => listDays(db, athleteId, from, to),
    /** The latest body weight logged on or before a day, with its day (W/kg of an activity). */
    weightOn: (athleteId: string, date: string) => latestWeightOn(db, athleteId, date),
    /**
     * The scores for the reads of one request: each range is scored once and each load range read once
     * (a narrower one is cut from a wider one), however many of the request's parts ask for it. Pass the
     * request's shared `loadDays` when other parts of it read load too.
     */
    withSharedReads: (loadDays = trainingLoad.sharedLoadDays()) =>
      createWellnessScores(db, { loadDays }, { shareReads: true, thresholdHistory }),
  };
}

export type MetricsService = ReturnType<typeof createMetricsService>;
