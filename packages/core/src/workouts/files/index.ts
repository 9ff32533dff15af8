// Workout files for trainers and apps: Zwift .zwo, and .mrc/.erg. Pure string in, string out; FIT lives in the
// server, which carries the FIT SDK.
export {
  DEFAULT_FTP_WATTS,
  type FileThresholds,
  MAX_FILE_DURATION_SECONDS,
  MAX_FILE_STEPS,
  type WorkoutFileContent,
  WorkoutFileError,
  type WorkoutFileInput,
  workoutFileName,
  ZONE_FTP_FRACTION,
  zoneForFtpFraction,
} from './common.ts';
export { fromErg, fromMrc, toErg, toMrc } from './course.ts';
export { fromZwo, toZwo } from './zwo.ts';
