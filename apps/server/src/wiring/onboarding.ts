// Onboarding (docs/onboarding.md): its processing is a chain of jobs, one per stage.
import { createGoalModel } from '../modules/onboarding/goal-model.ts';
import { ONBOARDING_JOB, onboardingJob } from '../modules/onboarding/job.ts';
import { onboardingRoutes } from '../modules/onboarding/routes.ts';
import { createOnboardingService } from '../modules/onboarding/service.ts';
import { toPlan } from '../modules/plans/service.ts';
import type { Services, Wiring } from './context.ts';

export async function wireOnboarding(
  { app, config, db, authenticate }: Wiring,
  {
    jobs,
    planService,
    athleteService,
    trainingLoadService,
    activityService,
    workoutService,
    thresholdService,
    metricsService,
    workoutsChanged,
  }: Pick<
    Services,
    | 'jobs'
    | 'planService'
    | 'athleteService'
    | 'trainingLoadService'
    | 'activityService'
    | 'workoutService'
    | 'thresholdService'
    | 'metricsService'
    | 'workoutsChanged'
  >,
) {
  const onboardingService = createOnboardingService(db, {
    jobs,
    plans: {
      adoptGeneratedPlan: planService.adoptGeneratedPlan,
      plan: async (athleteId, id) => {
        const row = await planService.row(athleteId, id);
        return row ? toPlan(row) : null;
      },
    },
    athletes: athleteService,
    stt: config.stt ?? null,
    onChange: workoutsChanged,
  });
  jobs.register(
    ONBOARDING_JOB,
    onboardingJob(db, {
      jobs,
      log: app.log,
      goalModel: config.llm ? createGoalModel(config.llm) : null,
      readers: {
        trainingLoad: trainingLoadService,
        activities: activityService,
        workouts: workoutService,
        thresholds: thresholdService,
        metrics: metricsService,
        calendar: (athleteId) => athleteService.calendar(athleteId),
      },
    }),
  );
  await app.register(
    onboardingRoutes(onboardingService, { authenticate, voiceAvailable: Boolean(config.stt) }),
    { prefix: '/api/onboarding' },
  );
  return { onboardingService };
}
