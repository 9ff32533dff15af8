// Plan changes (docs/adaptation.md): the daily adaptation and the coach's confirmed actions write through it.
import { addDays, dateInTimeZone, type ReadinessDay } from '@stamina/core';
import { ADAPTATION_JOB, adaptationRoutes, createAdaptationService } from '../modules/adaptation/index.ts';
import type { Services, Wiring } from './context.ts';

export async function wireAdaptation(
  { app, db, authenticate, readCache, events }: Wiring,
  {
    jobs,
    workoutService,
    planService,
    athleteService,
    notificationService,
    deliveryService,
    trainingLoadService,
    metricsService,
  }: Pick<
    Services,
    | 'jobs'
    | 'deliveryService'
    | 'workoutService'
    | 'planService'
    | 'athleteService'
    | 'notificationService'
    | 'trainingLoadService'
    | 'metricsService'
  >,
) {
  const adaptationService = createAdaptationService(db, {
    workouts: workoutService,
    plans: planService,
    athletes: athleteService,
    // In the app, and pushed to the athlete's browsers (docs/notifications.md, "Web Push").
    notifications: {
      planChanged: async (athleteId, changes) => {
        await notificationService.planChanged(athleteId, changes);
        await deliveryService.plansChanged(changes.map((c) => ({ ...c, athleteId })));
      },
      plansChanged: async (changes) => {
        await notificationService.plansChanged(changes);
        await deliveryService.plansChanged(changes);
      },
    },
    jobs,
    readers: {
      // The batch's load read once (14 days before the earliest today to the latest), for readiness and ramp,
      // at the same time as readiness's wellness read (two connections: docs/scale.md, "What grows, measured").
      inputs: async (athletes, now) => {
        const todays = new Map(athletes.map((a) => [a.athleteId, dateInTimeZone(now, a.timezone)]));
        const days = [...todays.values()].sort();
        const loaded = trainingLoadService.loadDaysOfAthletes(
          [...todays.keys()],
          addDays(days[0]!, -14),
          days.at(-1)!,
        );
        const loadDays = async (athleteId: string, from: string, to: string) =>
          (await loaded)(athleteId, from, to);
        const [readiness, batchLoadDays] = await Promise.all([
          metricsService.dailyReadinessOfAthletes(athletes, 2, now, loadDays),
          loaded,
        ]);
        const out = new Map<string, { readiness: ReadinessDay[]; ctlRamp: number | null }>();
        for (const [athleteId, today] of todays) {
          const { rows } = await batchLoadDays(athleteId, addDays(today, -14), today);
          const before = rows.filter((r) => r.date <= addDays(today, -7)).at(-1);
          const latest = rows.at(-1);
          out.set(athleteId, {
            readiness: readiness.get(athleteId) ?? [],
            ctlRamp: before && latest ? latest.ctl - before.ctl : null,
          });
        }
        return out;
      },
    },
    onChange: (id) => readCache.invalidate(id),
  });
  // A generated plan's rebuild is recorded in the plan's history of changes, in the rebuild's transaction.
  events.onInTransaction('plan.rebuilt', ({ conn, auth, change }) =>
    adaptationService.recordRebuild(conn, auth, change),
  );
  jobs.register(ADAPTATION_JOB, adaptationService.job);
  app.decorate('adaptation', adaptationService);
  await app.register(adaptationRoutes(adaptationService, authenticate), { prefix: '/api/training' });
  return { adaptationService };
}
