// Zod schemas for every request and response, shared by the server (validation, OpenAPI) and the web app.
export * from './activities.ts';
export * from './adaptation.ts';
export * from './analytics.ts';
export * from './auth.ts';
export * from './coach.ts';
export * from './common.ts';
export * from './dashboard.ts';
export * from './endpoints.ts';
export * from './health.ts';
export * from './logs.ts';
export * from './metrics.ts';
export * from './onboarding.ts';
export * from './plans.ts';
export * from './profile.ts';
export * from './sport-metrics.ts';
export * from './training-load.ts';
export * from './workouts.ts';
