// The Drizzle schema, one file per area. docs/storage.md, "Data model", lists the tables.
export * from './account.ts';
export * from './activities.ts';
export * from './athletes.ts';
export * from './auth.ts';
export * from './coach.ts';
export * from './devices.ts';
export * from './idempotency.ts';
export * from './jobs.ts';
export * from './notification-delivery.ts';
export * from './onboarding.ts';
export * from './sport-metrics.ts';
export * from './training.ts';
export * from './wellness.ts';
export * from './workout-bank.ts';
