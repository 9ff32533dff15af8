// Pure domain logic and product constants shared by the server and the web app. No I/O here.
export * from './activities/index.ts';
export * from './adaptation/index.ts';
export * from './coach/index.ts';
export * from './dates.ts';
export * from './demo/demo-athlete.ts';
export * from './demo/demo-recording.ts';
export { roundTo } from './numbers.ts';
export * from './onboarding/index.ts';
export * from './spec/app.ts';
export * from './spec/user.ts';
export * from './spec/widgets.ts';
export * from './training/index.ts';
export * from './wellness/index.ts';
export * from './wellness/metrics-sample.ts';
export * from './workouts/files/index.ts';
export * from './workouts/index.ts';
export * from './zones/index.ts';
