// Recorded activities: the decoded shape and the figures computed from it (docs/activities.md).
export * from './altimeter.ts';
export * from './analysis.ts';
export * from './best-efforts.ts';
export * from './compliance.ts';
export * from './figures.ts';
export * from './intervals.ts';
export * from './one-hertz.ts';
export * from './recording.ts';
export * from './stream-codec.ts';
export * from './zones.ts';
