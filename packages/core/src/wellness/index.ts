// Daily wellness: ranges, personal baselines, the recovery and readiness scores with their labels, display
// indicators, recommendations and the CSV import. Every formula and rule is explained in docs/wellness.md.
export * from './csv.ts';
export * from './ranges.ts';
export * from './readiness.ts';
export * from './recommendations.ts';
export * from './recovery.ts';
