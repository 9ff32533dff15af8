// Onboarding (docs/onboarding.md): its processing is a chain of jobs, one per stage.
import type { JobQueue } from '../lib/job-queue.ts';
import type { ActivityService } from '../modules/activities/service.ts';
import type { AthleteService } from '../modules/athletes/service.ts';
import type { MetricsService } from '../modules/metrics/service.ts';
import { ONBOARDING_JOB, onboardingJob } from '../modules/onboarding/job.ts';
import { onboardingRoutes } from '../modules/onboarding/routes.ts';
import { createOnboardingService } from '../modules/onboarding/service.ts';
import { type PlanService, toPlan } from '../modules/plans/service.ts';
import type { ThresholdService } from '../modules/thresholds/service.ts';
import type { TrainingLoadService } from '../modules/training-load/service.ts';
import type { WorkoutService } from '../modules/workouts/service.ts';
import type { Wiring } from './context.ts';

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
  }: {
    jobs: JobQueue;
    planService: PlanService;
    athleteService: AthleteService;
    trainingLoadService: TrainingLoadService;
    activityService: ActivityService;
    workoutService: WorkoutService;
    thresholdService: ThresholdService;
    metricsService: MetricsService;
    workoutsChanged: (athleteId: string) => void;
  },
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
      readers: {
        trainingLoad: trainingLoadService,
        activities: activityService,
        workouts: workoutService,
        thresholds: thresholdService,
        metrics: metricsService,
        timezone: (athleteId) => athleteService.timezone(athleteId),
      },
    }),
  );
  await app.register(
    onboardingRoutes(onboardingService, { authenticate, voiceAvailable: Boolean(config.stt) }),
    { prefix: '/api/onboarding' },
  );
  return { onboardingService };
}
