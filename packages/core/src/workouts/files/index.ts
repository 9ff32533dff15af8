// Workout files for trainers and apps: Zwift .zwo, .mrc/.erg, and the mapping of FIT workout steps (the server
// carries the FIT SDK, decodes and encodes the bytes). Pure: strings and plain values in and out.
export {
  DEFAULT_FTP_WATTS,
  type FileThresholds,
  intervalPowerRange,
  MAX_FILE_DURATION_SECONDS,
  MAX_FILE_STEPS,
  type PowerRange,
  type WorkoutFileContent,
  WorkoutFileError,
  type WorkoutFileInput,
  workoutFileName,
  ZONE_FTP_FRACTION,
  zoneForFtpFraction,
} from './common.ts';
export { fromErg, fromMrc, toErg, toMrc } from './course.ts';
export { type FitStepInput, type FitWorkoutDecoded, fromFit } from './fit.ts';
export { fromZwo, toZwo } from './zwo.ts';
