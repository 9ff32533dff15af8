// Training load calls of the Training API, under /api/training (docs/training-load.md; the calls are listed in
// docs/training-load.md, "How it is built: load, dates, plans and analytics"). Schemas and default spans: the contract's endpoint map.
import type { FastifyInstance } from 'fastify';
import { type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import { route } from '../../plugins/contract-route.ts';
import { requireOwnAthlete } from '../../plugins/own-athlete-routes.ts';
import { secured } from '../../plugins/route-schema.ts';
import type { TrainingLoadService } from './service.ts';

const doc = (summary: string) => ({ schema: { ...secured('training'), summary } });

export function trainingLoadRoutes(service: TrainingLoadService, authenticate: Authenticate) {
  return async function register(app: FastifyInstance) {
    app.addHook('onRequest', authenticate);

    route(
      app,
      'GET /training/form-fitness/{id}',
      doc('Daily fitness (CTL), fatigue (ATL) and form (TSB) with their levels, ending today'),
      async (request) => ({
        data: await service.formFitness(requireOwnAthlete(request), request.query.days),
      }),
    );
    route(
      app,
      'GET /training/load-trends/{id}',
      doc(
        "Weekly TSS with the week's closing fitness, fatigue and form (the athlete's weeks, Monday by default)",
      ),
      async (request) => ({
        data: await service.loadTrends(requireOwnAthlete(request), request.query.weeks),
      }),
    );
    route(
      app,
      'GET /training/consistency/{id}',
      doc('Each day as rest, complete, partial or missed, with the summary'),
      async (request) => ({
        data: await service.consistency(requireOwnAthlete(request), request.query.days),
      }),
    );
    route(
      app,
      'POST /training/calculate-tss',
      doc('Local TSS of one session (docs/training-load.md §1)'),
      async (request) => ({ data: await service.calculateTss(requireAuth(request), request.body) }),
    );
    route(
      app,
      'POST /training/calculate-bulk-tss',
      doc('Local TSS of up to 1000 sessions, in order'),
      async (request) => ({
        data: await service.calculateBulkTss(requireAuth(request), request.body.workouts),
      }),
    );
    route(
      app,
      'POST /training/calculate-ctl-atl-tsb/{id}',
      doc('Daily fitness, fatigue and form of a given daily TSS list'),
      async (request) => {
        requireOwnAthlete(request);
        return { data: service.calculateCtlAtlTsb(request.body) };
      },
    );
    route(
      app,
      'GET /training/weekly-load',
      doc("TSS per week (from the athlete's week start), day by day, with the load trend"),
      async (request) => ({ data: await service.weeklyLoad(requireAuth(request), request.query.weeks) }),
    );
    route(
      app,
      'GET /training/load/{id}',
      doc("One of the athlete's weeks of weekly-load: the week holding `week_start` (default this week)"),
      async (request) => ({
        data: await service.weekLoad(requireOwnAthlete(request), request.query.week_start),
      }),
    );
    route(
      app,
      'GET /training/streak',
      doc('Current and longest run of days with a completed workout'),
      async (request) => ({ data: await service.streak(requireAuth(request)) }),
    );
    route(
      app,
      'GET /training/summary/week',
      doc('Sessions, hours and TSS of the week holding `start` (default this week)'),
      async (request) => ({ data: await service.weekSummary(requireAuth(request), request.query.start) }),
    );
  };
}
