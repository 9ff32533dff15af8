// The onboarding module's surface: what other modules and the wiring may import (docs/modules.md).
export { createGoalModel } from './goal-model.ts';
export { ONBOARDING_JOB, onboardingJob } from './job.ts';
export { onboardingRoutes } from './routes.ts';
export { createOnboardingService } from './service.ts';
export type { SttConfig } from './stt.ts';
