// Onboarding: the athlete's goal in plain words read into a goal context, and the periodised plan of real
// sessions generated from it. Pure; rules in docs/plan-generator.md.
export * from './athlete-level.ts';
export * from './feasibility.ts';
export * from './goal.ts';
export * from './goal-evidence.ts';
export * from './goal-terms.ts';
export * from './plan-generator.ts';
export * from './plan-limits.ts';
export * from './plan-quality.ts';
export * from './plan-review.ts';
export * from './plan-types.ts';
export * from './profile.ts';
export * from './session-library.ts';
export * from './session-progressions.ts';
export * from './session-targets.ts';
export * from './status.ts';
export * from './week-input.ts';
export * from './week-sessions.ts';
export * from './week-structure.ts';
