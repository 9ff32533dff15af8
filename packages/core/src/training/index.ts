// Training load and analytics: TSS (local and from recordings), fitness/fatigue/form, categories,
// polarization, consistency and streaks, achievements, periodization and race readiness. Pure functions
// on 'YYYY-MM-DD' dates; every formula, constant and choice is explained in docs/training-load.md.
export * from './achievements.ts';
export * from './analytics.ts';
export * from './calendar.ts';
export * from './categories.ts';
export * from './consistency.ts';
export * from './fitness.ts';
export * from './periodization.ts';
export * from './plans.ts';
export * from './polarization.ts';
export * from './profile-summary.ts';
export * from './progress.ts';
export * from './projection.ts';
export * from './readiness.ts';
export * from './recorded-tss.ts';
export * from './running-grade.ts';
export * from './tss.ts';
export * from './weeks.ts';
