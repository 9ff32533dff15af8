// A step as the text describes it (draft), and how it becomes a canonical interval: which zone it is in,
// whether it is rest, and how long it lasts. Defaults stand in for what the text leaves out, and each one
// counts as an assumption that lowers the parse confidence.
import { roundTo } from '../../numbers.ts';
import type { Interval, IntervalTargets, Zone } from '../types.ts';
import { ZONES } from '../zones.ts';
import { Assumption, type ParseContext } from './context.ts';
import { distanceToSeconds, heartRateRange } from './intensity.ts';

/** Seconds per repetition of a strength exercise when only reps are given ("3x10 squats": 30 s a set). */
export const SECONDS_PER_REP = 3;
/** Duration of a step that gives no duration or distance (the spec's interval default). */
export const DEFAULT_STEP_SECONDS = 60;
/** Strides and pick-ups without a duration. */
export const DEFAULT_STRIDE_SECONDS = 20;
/** Largest repeat count; larger counts are capped and reported. */
export const MAX_REPEAT = 200;
/** No single step lasts longer than a day (a 1000 km ride at an easy pace would). */
export const MAX_STEP_SECONDS = 86_400;

export interface StepDraft {
  seconds?: number;
  meters?: number;
  reps?: number;
  /** Swim send-off ("on 1:45"): the whole repetition takes this long. */
  sendOff?: number;
  hasQuantity: boolean;
  /** The unit was a guess ("6x400" read as meters). */
  ambiguous: boolean;
  /** Zone written as a zone ("Z4", "Z3-Z4" → 3.5, rounded up). */
  zoneExplicit?: number;
  /** Zone derived from the first power, pace, heart-rate, RPE or percent target. */
  zoneTarget?: Zone;
  /** The target's zone relied on a default threshold. */
  targetAssumed: boolean;
  /** Highest zone among the intensity names. */
  zoneName?: number;
  hrZone: boolean;
  restHard: boolean;
  recovery: boolean;
  /** Written as work ("on", "work"): never taken for a recovery inside a set. */
  work: boolean;
  /** "ramp": a % FTP range is a ramp. */
  ramp: boolean;
  softZone?: number;
  sportNoun: boolean;
  strides: boolean;
  targets: IntervalTargets;
  names: string[];
  /** Where the last name in the text starts and ends, to join hyphenated words. */
  nameStart: number;
  nameEnd: number;
  /** Set once finalized. */
  interval?: Interval;
}

export interface StepItem {
  kind: 'step';
  d: StepDraft;
}

export interface RepeatItem {
  kind: 'repeat';
  count: number;
  body: Item[];
  /** Written with brackets: "3x(…)". */
  paren: boolean;
  /** Written as "4x:" or as a header: its body is the rest of the line or the lines below. */
  colon: boolean;
  /** Tokens of the count, for messages. */
  countFrom: number;
  countTo: number;
}

export type Item = StepItem | RepeatItem;

export function newDraft(): StepDraft {
  return {
    hasQuantity: false,
    ambiguous: false,
    targetAssumed: false,
    hrZone: false,
    restHard: false,
    recovery: false,
    work: false,
    ramp: false,
    sportNoun: false,
    strides: false,
    targets: {},
    names: [],
    nameStart: -1,
    nameEnd: -1,
  };
}

/** The draft says something about intensity or rest (not only descriptive words). */
export function hasModifiers(d: StepDraft): boolean {
  return (
    d.zoneExplicit !== undefined ||
    d.zoneTarget !== undefined ||
    d.zoneName !== undefined ||
    d.restHard ||
    d.recovery ||
    d.softZone !== undefined ||
    d.strides ||
    Object.keys(d.targets).length > 0
  );
}

/** Only a recovery: "2min rest", "90s easy jog". Such a step after "5x 3min" is the rest between reps. */
export function isRestOnly(d: StepDraft): boolean {
  return (
    (d.restHard || d.recovery || d.softZone !== undefined) &&
    d.zoneExplicit === undefined &&
    d.zoneTarget === undefined &&
    d.zoneName === undefined &&
    !d.strides
  );
}

export function bodyHasRest(items: readonly Item[]): boolean {
  for (const item of items) if (item.kind === 'step' && isRestOnly(item.d)) return true;
  return false;
}

const clampZone = (z: number): Zone => (z <= 1 ? 1 : z >= 5 ? 5 : (Math.ceil(z - 1e-9) as Zone));

/** Turns a draft into its interval (without phase), counting the defaults it needed. */
export function finalize(d: StepDraft, inRepeat: boolean, ctx: ParseContext): Interval {
  if (d.interval) return d.interval;
  const soft = d.softZone !== undefined || (d.recovery && d.sportNoun);
  const isRest = d.restHard || (d.recovery && !d.sportNoun) || (inRepeat && soft);
  let zone: Zone;
  if (isRest) zone = 1;
  else if (d.zoneExplicit !== undefined) zone = clampZone(d.zoneExplicit);
  else if (d.zoneTarget !== undefined) {
    zone = d.zoneTarget;
    if (d.targetAssumed) ctx.assume(Assumption.targetThreshold);
  } else if (d.zoneName !== undefined) zone = clampZone(d.zoneName);
  else if (d.softZone !== undefined) zone = clampZone(d.softZone);
  else if (d.recovery) zone = 1;
  else if (d.strides) zone = 5;
  else {
    zone = 2;
    ctx.assume(Assumption.zone);
  }

  let seconds: number;
  if (d.sendOff !== undefined) seconds = d.sendOff;
  else if (d.seconds !== undefined) seconds = d.seconds;
  else if (d.meters !== undefined) {
    const r = distanceToSeconds(d.meters, zone, ctx.sport, ctx.thresholds, {
      perKm: d.targets.pace_per_km_seconds,
      per100m: d.targets.pace_per_100m_seconds,
    });
    seconds = r.seconds;
    if (r.assumed) ctx.assume(Assumption.distanceTime);
  } else if (d.reps !== undefined) {
    seconds = d.reps * SECONDS_PER_REP;
    ctx.assume(Assumption.repTime);
  } else {
    seconds = d.strides ? DEFAULT_STRIDE_SECONDS : DEFAULT_STEP_SECONDS;
    ctx.assume(Assumption.duration);
  }
  if (d.ambiguous) ctx.assume(Assumption.unit);

  const targets = d.targets;
  if (d.hrZone && !isRest && targets.heart_rate_min === undefined) {
    const range = heartRateRange(zone, ctx.thresholds);
    targets.heart_rate_min = range.min;
    targets.heart_rate_max = range.max;
  }
  const name = d.names.join(' ').slice(0, 80);
  const interval: Interval = {
    name: name || (isRest ? 'Rest' : ZONES[zone - 1]!.name),
    duration_seconds: Math.min(MAX_STEP_SECONDS, Math.max(1, Math.round(seconds))),
    repetitions: 1,
    rest_duration_seconds: 0,
    zone,
    targets,
    isRest,
    phase: 'main',
  };
  if (d.meters !== undefined) interval.distance_meters = roundTo(d.meters, 1);
  d.interval = interval;
  return interval;
}
