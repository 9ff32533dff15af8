// The Workout Bank (docs/workout-bank.md): readiness and load from the dashboard, the plan's phase today.
import { createWorkoutBankService, workoutBankRoutes } from '../modules/workout-bank/index.ts';
import type { Services, Wiring } from './context.ts';

export async function wireWorkoutBank(
  { app, db, authenticate, readCache, cachedReads }: Wiring,
  {
    workoutService,
    dashboardService,
    planService,
  }: Pick<Services, 'workoutService' | 'dashboardService' | 'planService'>,
) {
  const workoutBankService = createWorkoutBankService(db, {
    workouts: workoutService,
    readiness: async (auth) => {
      const widget = await dashboardService.readinessWidget(auth);
      return { readiness: widget.readiness, ctl: widget.fitnessMetrics.ctl, atl: widget.fitnessMetrics.atl };
    },
    planPhases: async (auth) => (await planService.active(auth))?.phases ?? [],
    onOwnTemplate: (athleteId) => readCache.invalidate(athleteId),
  });
  await app.register(workoutBankRoutes(workoutBankService, authenticate, cachedReads), {
    prefix: '/api/v1/workout-bank',
  });
  return { workoutBankService };
}
