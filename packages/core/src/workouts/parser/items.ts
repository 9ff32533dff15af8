// What a segment's text is read into before it becomes intervals: a step as drafted, a repeat of items, and a
// part inside a whole ("2h with the last 30min at MP"). steps.ts finalizes steps and parts.ts carves parts;
// both name these shapes from here.
import type { Interval, IntervalTargets, Zone } from '../types.ts';

/** Where a part sits in its whole: at its start, at its end, or in its middle (easy either side). */
export type PartPosition = 'first' | 'last' | 'inside';

export interface WholePart {
  position: PartPosition;
  items: Item[];
  /** Tokens of its marker ("with the last"), reported when the part does not fit in its whole. */
  from: number;
  to: number;
}

export interface StepDraft {
  seconds?: number;
  meters?: number;
  reps?: number;
  /** The distance was written in miles: a bare clock after "@" is per mile. */
  perMile?: boolean;
  /** Swim send-off ("on 1:45"): the whole repetition takes this long. */
  sendOff?: number;
  hasQuantity: boolean;
  /** The unit was a guess ("6x400" read as meters). */
  ambiguous: boolean;
  /** Zone written as a zone ("Z4", "Z3-Z4" → 3.5, rounded up). */
  zoneExplicit?: number;
  /** A written zone range ("Z2-Z3"): its easier and harder zone; its targets span both. */
  zoneLow?: Zone;
  zoneHigh?: Zone;
  /** Zone derived from the first power, pace, heart-rate, RPE or percent target. */
  zoneTarget?: Zone;
  /** Why: the words or the target each zone came from, as the athlete will read it. */
  whyExplicit?: string;
  whyTarget?: string;
  whyName?: string;
  whySoft?: string;
  whyRest?: string;
  /** "equal" or "same" was written: a recovery as long as the step it follows. */
  equal: boolean;
  /** "between" was written after it ("5min easy between"): the rest between a set's repetitions. */
  between?: boolean;
  /** The step this recovery is as long as ("with equal recovery"). */
  equalTo?: StepDraft;
  /** The target's zone relied on a default threshold. */
  targetAssumed: boolean;
  /** Highest zone among the intensity names. */
  zoneName?: number;
  hrZone: boolean;
  /** "Z3 pace", "Z2 power": the zone's range in that kind of edited table. */
  paceZone: boolean;
  powerZone: boolean;
  restHard: boolean;
  recovery: boolean;
  /** Written as work ("on", "work"): never taken for a recovery inside a set. */
  work: boolean;
  /** "ramp": a % FTP range is a ramp. */
  ramp: boolean;
  softZone?: number;
  sportNoun: boolean;
  strides: boolean;
  /** Written in the plural ("strides", "pick-ups"): without a count or a duration, a set of them. */
  stridesPlural?: boolean;
  /** Made a step with no quantity written ("recovery run", "jog"): its duration is a default. */
  untimed?: boolean;
  targets: IntervalTargets;
  names: string[];
  /** Where the last name in the text starts and ends, to join hyphenated words. */
  nameStart: number;
  nameEnd: number;
  /** A progression ("progression run"): the highest zone named in words written after it ("…, finish at
   * threshold"), where it finishes. */
  progressionTop?: number;
  /** Parts written inside this step ("with the last 30min @ MP"), carved out of it when expanded. */
  parts?: WholePart[];
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
  /** A written-out ladder or pyramid ("400-800-1200m"): its steps in order, done once; a recovery after it
   * goes after each of them. */
  ladder?: boolean;
  /** Written after its step ("4min30s @ 45% x6"). */
  suffix?: boolean;
  /** Its rest was written with "between" ("4x 15min Z3, 5min Z2 between"): none after the last repetition. */
  restBetween?: boolean;
}

export type Item = StepItem | RepeatItem;
