// Onboarding (docs/onboarding.md): its processing is a chain of jobs, one per stage.
import {
  createGoalModel,
  createOnboardingService,
  ONBOARDING_JOB,
  onboardingJob,
  onboardingRoutes,
} from '../modules/onboarding/index.ts';
import { toPlan } from '../modules/plans/index.ts';
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
