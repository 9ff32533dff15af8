// The athlete's thresholds and training zones (docs/zones.md).
export {
  type HeartRateMethod,
  heartRateMethod,
  type ResolvedThresholds,
  resolveThresholds,
} from '../workouts/parser/intensity.ts';
export * from './coggan.ts';
export * from './derive.ts';
export * from './estimates.ts';
export * from './history.ts';
export * from './tables.ts';
export * from './validate.ts';
