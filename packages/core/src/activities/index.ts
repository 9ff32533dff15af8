// Recorded activities: the decoded shape and the figures computed from it (docs/activities.md).
export * from './recording.ts';
