// Workouts: structure types, zones, summaries, and the plain-language parser and renderer.
export * from './load.ts';
export {
  confidenceLabel,
  DEFAULT_STEP_SECONDS,
  DEFAULT_STRIDE_SECONDS,
  DEFAULT_THRESHOLDS,
  formatDuration,
  type ParseOptions,
  parseWorkout,
  renderWorkout,
  SECONDS_PER_REP,
  THRESHOLD_ZONE_LIMITS,
  zoneFromThresholdPercent,
} from './parser/index.ts';
export * from './planned-distance.ts';
export * from './summarize.ts';
export * from './types.ts';
export * from './zones.ts';
