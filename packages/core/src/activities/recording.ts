// What a decoder makes of one recorded file (FIT, GPX, TCX), before any figure is computed: the sessions it
// holds (one, or one per leg of a multisport file), each with its raw records, laps, pauses and device facts.
// Decoders live at the server's edge (apps/server/src/modules/activities/decode/); every figure is computed
// from this shape by the pure functions beside it (docs/activities.md).

/**
 * Stamina's sports for recorded training: the contract's enum and the `activities_sport_check` constraint read
 * this array. A brick is a multisport recording's leg group; yoga, rowing, hiking and cross-country skiing are
 * the workouts' effort-scored sports (docs/training-load.md, "Sports scored by effort"); the rest is 'other'.
 */
export const RECORDED_SPORTS = [
  'swim',
  'bike',
  'run',
  'brick',
  'strength',
  'yoga',
  'rowing',
  'hiking',
  'xc_ski',
  'other',
] as const;
export type RecordedSport = (typeof RECORDED_SPORTS)[number];
/** Each sport's name on screen and in the Workout Bank's categories (a workout's sport is one of these too). */
export const SPORT_LABELS: Readonly<Record<RecordedSport, string>> = {
  swim: 'Swim',
  bike: 'Bike',
  run: 'Run',
  brick: 'Brick',
  strength: 'Strength',
  yoga: 'Yoga',
  rowing: 'Rowing',
  hiking: 'Hiking',
  xc_ski: 'Cross-country ski',
  other: 'Other',
};

/** One record as the device wrote it. Absent or invalid values (0xFFFF, a 0 W dropout marker) are undefined. */
export interface RecordPoint {
  /** Milliseconds since the Unix epoch. */
  time: number;
  lat?: number;
  lng?: number;
  /** Metres above sea level. */
  altitude?: number;
  /** Cumulative distance from the session's start, metres, as the device measured it. */
  distance?: number;
  /** Metres per second. */
  speed?: number;
  heartRate?: number;
  power?: number;
  /** rpm (bike) or steps per minute for both feet (run). */
  cadence?: number;
  temperature?: number;
}

/** A lap as the device closed it, with the device's own totals where it wrote them. */
export interface RecordedLap {
  startTime: number;
  /** Seconds. */
  elapsedSeconds: number;
  timerSeconds?: number;
  distance?: number;
  ascent?: number;
  avgHeartRate?: number;
  maxHeartRate?: number;
  avgPower?: number;
  maxPower?: number;
  avgSpeed?: number;
  maxSpeed?: number;
  avgCadence?: number;
  maxCadence?: number;
  calories?: number;
  /** Normalized Power as the device computed it for the lap (FIT), for comparison only. */
  normalizedPower?: number;
}

/** A pool-swim length (FIT length messages). */
export interface RecordedLength {
  startTime: number;
  elapsedSeconds: number;
  timerSeconds?: number;
  /** 'active' or 'idle' (rest); drills are active lengths with `drill` set. */
  kind: 'active' | 'idle';
  drill?: boolean;
  strokes?: number;
  stroke?: string;
}

/** What the device itself reported for the whole session (FIT session message, TCX lap totals). */
export interface DeviceTotals {
  elapsedSeconds?: number;
  timerSeconds?: number;
  distance?: number;
  ascent?: number;
  avgHeartRate?: number;
  maxHeartRate?: number;
  avgPower?: number;
  maxPower?: number;
  normalizedPower?: number;
  avgSpeed?: number;
  maxSpeed?: number;
  avgCadence?: number;
  maxCadence?: number;
  calories?: number;
  poolLength?: number;
  /** The device's own training values and the FTP it used (FIT), kept for comparison only. */
  trainingStressScore?: number;
  intensityFactor?: number;
  thresholdPower?: number;
}

export interface RecordedSession {
  sport: RecordedSport;
  /** The device's own sport and sub-sport names (e.g. 'cycling', 'indoor_cycling'). */
  deviceSport?: string;
  subSport?: string;
  /** Transition legs of a multisport file. */
  isTransition?: boolean;
  /** The device's name for the sport profile used (e.g. 'Open Water', 'ROAD'), if it wrote one. */
  profileName?: string;
  startTime: number;
  /** When the session ended (ms): the timer's final stop, or the next leg's start; else the last record. */
  endTime?: number;
  records: RecordPoint[];
  laps: RecordedLap[];
  lengths: RecordedLength[];
  /** Timer stops and starts: [stopped at, restarted at] in ms; the span between is not moving time. */
  pauses: Array<[number, number]>;
  /** True when the device recorded its timer's starts and stops (FIT): moving time is then timer time. */
  timerEvents?: boolean;
  totals: DeviceTotals;
  /**
   * Where the records' altitude came from, when the decoder can tell: 'barometric' for a device known to carry
   * a barometric altimeter, 'gps' for one known not to; absent when unknown (graded as GPS: running-grade.ts).
   */
  altitudeSource?: 'barometric' | 'gps';
}

export interface Recording {
  format: 'fit' | 'gpx' | 'tcx';
  deviceName?: string;
  /** A name the file gives the activity (GPX/TCX name), if any. */
  name?: string;
  /** One session, or the legs of a multisport file in order. */
  sessions: RecordedSession[];
}
