// The coach chat (docs/coach.md): reads through the other services; confirmed actions become plan changes.
import {
  applyThroughPlanChanges,
  coachRoutes,
  createCoachModel,
  createCoachService,
  recentPlanChanges,
  undoThroughPlanChanges,
} from '../modules/coach/index.ts';
import type { Services, Wiring } from './context.ts';

export async function wireCoach(
  { app, config, db, limits, authenticate, readCache }: Wiring,
  {
    metricsService,
    workoutService,
    trainingLoadService,
    analyticsService,
    planService,
    adaptationService,
    workoutsChanged,
  }: Pick<
    Services,
    | 'metricsService'
    | 'workoutService'
    | 'trainingLoadService'
    | 'analyticsService'
    | 'planService'
    | 'adaptationService'
    | 'workoutsChanged'
  >,
) {
  const coachService = createCoachService(db, {
    readers: {
      readiness: (auth) => metricsService.calculateReadiness(auth),
      workouts: (athleteId, from, to) =>
        workoutService.rows(athleteId, { dateFrom: from, dateTo: to, limit: 200 }),
      loadTrend: (auth, weeks) => trainingLoadService.loadTrends(auth, weeks),
      raceReadiness: (auth) => analyticsService.raceReadiness(auth, undefined),
      activePlan: (athleteId) => planService.activeRow(athleteId),
      changes: recentPlanChanges(adaptationService),
    },
    apply: applyThroughPlanChanges(adaptationService),
    undo: undoThroughPlanChanges(adaptationService),
    model: config.llm ? createCoachModel(config.llm) : null,
    log: app.log,
    onChange: workoutsChanged,
    // The snapshot's parts in the cached reads' cache: every write to what they show drops it (docs/coach.md).
    cache: {
      async read(athleteId, key, load) {
        const found = readCache.lookup(athleteId, key);
        if (found.hit) return JSON.parse(found.value.toString('utf8'));
        const value = await load();
        readCache.store(athleteId, key, found.generation, Buffer.from(JSON.stringify(value)));
        return value;
      },
    },
  });
  await app.register(coachRoutes(coachService, authenticate, limits.coachMessagesPerMinute), {
    prefix: '/api/coach',
  });
  return { coachService };
}
