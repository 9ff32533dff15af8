// The Workout Bank (docs/workout-bank.md): readiness and load from the dashboard, the plan's phase today.
import type { DashboardService } from '../modules/dashboard/service.ts';
import type { PlanService } from '../modules/plans/service.ts';
import { workoutBankRoutes } from '../modules/workout-bank/routes.ts';
import { createWorkoutBankService } from '../modules/workout-bank/service.ts';
import type { WorkoutService } from '../modules/workouts/service.ts';
import type { Wiring } from './context.ts';

export async function wireWorkoutBank(
  { app, db, authenticate, readCache, cachedReads }: Wiring,
  {
    workoutService,
    dashboardService,
    planService,
  }: {
    workoutService: WorkoutService;
    dashboardService: DashboardService;
    planService: PlanService;
  },
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
