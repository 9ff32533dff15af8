// The structured workout: the parser's output, the editor's input, and what the server stores (docs/workout-parser.md).

/**
 * The sports a workout can be: the contract's enum and the database's CHECK constraint read this array. The
 * first four have their own thresholds, parser targets and plan sessions; the others are scored by heart rate,
 * else by the athlete's RPE (docs/training-load.md, "Sports scored by effort").
 */
export const SPORTS = [
  'run',
  'bike',
  'swim',
  'strength',
  'yoga',
  'rowing',
  'hiking',
  'xc_ski',
  'other',
] as const;
export type Sport = (typeof SPORTS)[number];
/** The sports without a power or pace threshold of their own: scored by heart rate, else RPE. */
export const EFFORT_SCORED_SPORTS = [
  'yoga',
  'rowing',
  'hiking',
  'xc_ski',
  'other',
] as const satisfies readonly Sport[];
export type EffortScoredSport = (typeof EFFORT_SCORED_SPORTS)[number];
/** Whether `sport` is scored by effort (heart rate, else RPE), not by power or pace. */
export function isEffortScored(sport: string): sport is EffortScoredSport {
  return (EFFORT_SCORED_SPORTS as readonly string[]).includes(sport);
}

export type Phase = 'warmup' | 'main' | 'cooldown';
export type Zone = 1 | 2 | 3 | 4 | 5;

/** Targets an interval carries; only those the text (or the athlete's zones) gave are present. */
export interface IntervalTargets {
  heart_rate_min?: number;
  heart_rate_max?: number;
  power_watts?: number;
  power_watts_max?: number;
  /** Power as written relative to FTP ("90% FTP"; a range "90-105% FTP" adds the max). */
  power_percent_ftp?: number;
  power_percent_ftp_max?: number;
  /** A ramp: power moves steadily from power_percent_ftp to this (% FTP; lower for a ramp down). */
  ramp_to_percent_ftp?: number;
  pace_per_km_seconds?: number;
  pace_per_100m_seconds?: number;
  cadence_rpm?: number;
  cadence_spm?: number;
  rpe?: number;
}

/**
 * Why a step got its zone (docs/workout-parser.md, "Zone source"): a target it carries ("250 W = 100% FTP"),
 * a word written for it ("'tempo'", "'Z4'"), the default zone 2 when nothing says, or its place in a set (the
 * easier step beside a harder one is that step's recovery).
 */
export interface ZoneSource {
  kind: 'target' | 'word' | 'default' | 'recovery';
  why: string;
}

/** One step. In the canonical expanded list every repetition is its own step and rest is its own step. */
export interface Interval {
  name: string;
  duration_seconds: number;
  repetitions: number;
  rest_duration_seconds: number;
  zone: Zone;
  targets: IntervalTargets;
  isRest: boolean;
  phase: Phase;
  distance_meters?: number;
  /** Set by the parser: why the step is in its zone. */
  zone_source?: ZoneSource;
}

export interface ZoneDistribution {
  zone_1: number;
  zone_2: number;
  zone_3: number;
  zone_4: number;
  zone_5: number;
}

/** A fragment of the text the parser did not understand, with its character positions [start, end). */
export interface ParseWarning {
  message: string;
  start: number;
  end: number;
  text: string;
}

export interface ParsedWorkout {
  /** Canonical expanded steps in order, each with its phase. */
  intervals: Interval[];
  warmup_intervals: Interval[];
  main_intervals: Interval[];
  cooldown_intervals: Interval[];
  /** Seconds; equals the sum of the intervals' durations. */
  total_duration_estimated: number;
  /** Percent of time per zone, rest counted as zone 1; sums to 100 (or all 0 for an empty workout). */
  zone_distribution: ZoneDistribution;
  /** 0..1 */
  parsing_confidence: number;
  warnings: ParseWarning[];
}

/** One zone of a zone table: inclusive bounds in the table's unit (watts, bpm, seconds per km or per 100 m). */
export interface ZoneBounds {
  zone: Zone;
  min: number;
  max: number;
}

/**
 * The zone tables the athlete edited (Settings → Metrics & Zones, auto-calculate off), zone 1 first; pace
 * tables in seconds, slow (zone 1) to fast. A parse reads written targets and zones with them instead of the
 * derived bands (docs/workout-parser.md, "Edited zone tables").
 */
export interface EditedZoneTables {
  /** Cycling power, watts. */
  power?: readonly ZoneBounds[];
  /** Heart rate of the workout's own sport, bpm. */
  hr?: readonly ZoneBounds[];
  /** Running pace, seconds per km. */
  runPace?: readonly ZoneBounds[];
  /** Swimming pace, seconds per 100 m. */
  swimPace?: readonly ZoneBounds[];
}

/** What the parser needs to know about the athlete to turn targets into zones and distances into time. */
export interface AthleteThresholds {
  /** Run threshold pace, seconds per km. */
  thresholdPaceSecondsPerKm?: number;
  /** Swim critical swim speed, seconds per 100 m. */
  cssSecondsPer100m?: number;
  ftpWatts?: number;
  maxHr?: number;
  lthr?: number;
  restingHr?: number;
  /** Edited zone tables, when the athlete has any; without them the bands of docs/workout-parser.md apply. */
  zones?: EditedZoneTables;
}
