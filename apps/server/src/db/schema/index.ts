// The Drizzle schema, one file per area. docs/ARCHITECTURE.md lists the tables later areas add.
export * from './athletes.ts';
export * from './auth.ts';
export * from './idempotency.ts';
export * from './training.ts';
export * from './wellness.ts';
