// The thresholds module's surface: what other modules and the wiring may import (docs/modules.md).
export { createThresholdEstimates } from './estimates.ts';
export { thresholdEstimateRoutes, thresholdRoutes } from './routes.ts';
export {
  createThresholdService,
  type DayThresholdValues,
  type ThresholdReader,
  type ThresholdService,
  tssZonesOf,
} from './service.ts';
export { parseBasesOf, parseBasisOf } from './values.ts';
