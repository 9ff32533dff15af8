// Training load calls of the Training API, under /api/training (docs/training-load.md; the calls are listed in
// docs/training-load.md, "How it is built: load, dates, plans and analytics").
import {
  dataEnvelope,
  ZAthleteIdParam,
  ZBulkTssRequest,
  ZConsistency,
  ZCtlAtlTsbRequest,
  ZDaysQuery,
  ZFitnessFormRecord,
  ZLoadTrendWeek,
  ZStreak,
  ZTrainingLoad,
  ZTssInput,
  ZTssResult,
  ZWeeklyLoad,
  ZWeekStartQuery,
  ZWeekSummary,
  ZWeekSummaryQuery,
  ZWeeksQuery,
} from '@stamina/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import { requireOwnAthlete } from '../../plugins/own-athlete-routes.ts';
import { errors, secured } from '../../plugins/route-schema.ts';
import type { TrainingLoadService } from './service.ts';

const route = secured('training');
/** Default spans (docs/training-load.md, "How it is built: load, dates, plans and analytics"). */
const FORM_FITNESS_DAYS = 42;
const WEEKLY_LOAD_WEEKS = 12;
const LOAD_TRENDS_WEEKS = 12;
const CONSISTENCY_DAYS = 28;

export function trainingLoadRoutes(service: TrainingLoadService, authenticate: Authenticate) {
  return async function register(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', authenticate);

    app.get(
      '/form-fitness/:id',
      {
        schema: {
          ...route,
          summary: 'Daily fitness (CTL), fatigue (ATL) and form (TSB) with their levels, ending today',
          params: ZAthleteIdParam,
          querystring: ZDaysQuery(FORM_FITNESS_DAYS),
          response: { 200: dataEnvelope(z.array(ZFitnessFormRecord)), ...errors },
        },
      },
      async (request) => ({
        data: await service.formFitness(requireOwnAthlete(request), request.query.days),
      }),
    );

    app.get(
      '/load-trends/:id',
      {
        schema: {
          ...route,
          summary:
            "Weekly TSS with the week's closing fitness, fatigue and form (the athlete's weeks, Monday by default)",
          params: ZAthleteIdParam,
          querystring: ZWeeksQuery(LOAD_TRENDS_WEEKS),
          response: { 200: dataEnvelope(z.array(ZLoadTrendWeek)), ...errors },
        },
      },
      async (request) => ({
        data: await service.loadTrends(requireOwnAthlete(request), request.query.weeks),
      }),
    );

    app.get(
      '/consistency/:id',
      {
        schema: {
          ...route,
          summary: 'Each day as rest, complete, partial or missed, with the summary',
          params: ZAthleteIdParam,
          querystring: ZDaysQuery(CONSISTENCY_DAYS),
          response: { 200: dataEnvelope(ZConsistency), ...errors },
        },
      },
      async (request) => ({
        data: await service.consistency(requireOwnAthlete(request), request.query.days),
      }),
    );

    const tssSchema = (summary: string) => ({
      ...route,
      summary,
      body: ZTssInput,
      response: { 200: dataEnvelope(ZTssResult), ...errors },
    });
    app.post(
      '/calculate-tss',
      { schema: tssSchema('Local TSS of one session (docs/training-load.md §1)') },
      async (request) => {
        return { data: await service.calculateTss(requireAuth(request), request.body) };
      },
    );
    app.post(
      '/calculate-tss/:id',
      {
        schema: {
          ...tssSchema("Local TSS of one session, for the caller's own athlete id"),
          params: ZAthleteIdParam,
        },
      },
      async (request) => {
        return { data: await service.calculateTss(requireOwnAthlete(request), request.body) };
      },
    );

    app.post(
      '/calculate-bulk-tss',
      {
        schema: {
          ...route,
          summary: 'Local TSS of up to 1000 sessions, in order',
          body: ZBulkTssRequest,
          response: { 200: dataEnvelope(z.array(ZTssResult)), ...errors },
        },
      },
      async (request) => {
        return { data: await service.calculateBulkTss(requireAuth(request), request.body.workouts) };
      },
    );

    app.post(
      '/calculate-ctl-atl-tsb/:id',
      {
        schema: {
          ...route,
          summary: 'Daily fitness, fatigue and form of a given daily TSS list',
          params: ZAthleteIdParam,
          body: ZCtlAtlTsbRequest,
          response: { 200: dataEnvelope(z.array(ZFitnessFormRecord)), ...errors },
        },
      },
      async (request) => {
        requireOwnAthlete(request);
        return { data: service.calculateCtlAtlTsb(request.body) };
      },
    );

    app.get(
      '/weekly-load',
      {
        schema: {
          ...route,
          summary: "TSS per week (from the athlete's week start), day by day, with the load trend",
          querystring: ZWeeksQuery(WEEKLY_LOAD_WEEKS),
          response: { 200: dataEnvelope(z.array(ZWeeklyLoad)), ...errors },
        },
      },
      async (request) => ({ data: await service.weeklyLoad(requireAuth(request), request.query.weeks) }),
    );

    app.get(
      '/load/:id',
      {
        schema: {
          ...route,
          summary:
            "One of the athlete's weeks of weekly-load: the week holding `week_start` (default this week)",
          params: ZAthleteIdParam,
          querystring: ZWeekStartQuery,
          response: { 200: dataEnvelope(ZTrainingLoad), ...errors },
        },
      },
      async (request) => ({
        data: await service.weekLoad(requireOwnAthlete(request), request.query.week_start),
      }),
    );

    app.get(
      '/streak',
      {
        schema: {
          ...route,
          summary: 'Current and longest run of days with a completed workout',
          response: { 200: dataEnvelope(ZStreak), ...errors },
        },
      },
      async (request) => ({ data: await service.streak(requireAuth(request)) }),
    );

    app.get(
      '/summary/week',
      {
        schema: {
          ...route,
          summary: 'Sessions, hours and TSS of the week holding `start` (default this week)',
          querystring: ZWeekSummaryQuery,
          response: { 200: dataEnvelope(ZWeekSummary), ...errors },
        },
      },
      async (request) => ({ data: await service.weekSummary(requireAuth(request), request.query.start) }),
    );
  };
}
