// A step as the text describes it (draft), and how it becomes a canonical interval: which zone it is in,
// whether it is rest, and how long it lasts. Defaults stand in for what the text leaves out, and each one
// counts as an assumption that lowers the parse confidence.
import { roundTo } from '../../numbers.ts';
import type { Interval, Zone, ZoneBounds, ZoneSource } from '../types.ts';
import { ZONES } from '../zones.ts';
import { Assumption, type ParseContext } from './context.ts';
import { distanceToSeconds, heartRateRange, rangeInTable } from './intensity.ts';
import type { Item, RepeatItem, StepDraft, StepItem } from './items.ts';

/** Seconds per repetition of a strength exercise when only reps are given ("3x10 squats": 30 s a set). */
export const SECONDS_PER_REP = 3;
/** Duration of a step that gives no duration or distance (docs/workout-parser.md, 'Confidence'). */
export const DEFAULT_STEP_SECONDS = 60;
/** Strides and pick-ups without a duration. */
export const DEFAULT_STRIDE_SECONDS = 20;
/** Strides written with neither a count nor a duration ("easy + strides"): the set "6x 20s strides" gives. */
export const DEFAULT_STRIDES_COUNT = 6;
/**
 * A part of a session written without a duration beside a set added to it ("easy run + strides"): the
 * shortest easy run the plan generator schedules (docs/workout-parser.md, "Parts joined by + or with").
 */
const DEFAULT_SESSION_PART_SECONDS = 30 * 60;
/** Largest repeat count; larger counts are capped and reported. */
export const MAX_REPEAT = 200;
/** No single step lasts longer than a day (a 1000 km ride at an easy pace would). */
const MAX_STEP_SECONDS = 86_400;

export function newDraft(): StepDraft {
  return {
    hasQuantity: false,
    ambiguous: false,
    targetAssumed: false,
    hrZone: false,
    paceZone: false,
    powerZone: false,
    restHard: false,
    recovery: false,
    work: false,
    ramp: false,
    equal: false,
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

const PROGRESSION_WORDS = new Set(['progression', 'progressive', 'progressively']);

/** A step named as a progression ("progression run 50 min", "progressive ride"): it rises through the zones
 * (docs/workout-parser.md, "Progressions"). */
export function isProgression(d: StepDraft): boolean {
  return d.names.some((n) => n.split(' ').some((w) => PROGRESSION_WORDS.has(w.toLowerCase())));
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

/**
 * Whether a step says how hard it is by itself: strides, a written zone, a target, an intensity name. A part
 * written before it without a quantity is then a part of its own, not a description of it.
 */
function hasOwnIntensity(d: StepDraft): boolean {
  return d.strides || d.zoneExplicit !== undefined || d.zoneTarget !== undefined || d.zoneName !== undefined;
}

/** Words without a quantity that can stand for a part of a session: an intensity, a zone or a sport noun
 * ("easy", "tempo run", "Z2", "recovery run"); not a recovery ("easy jog", "rest") and not strides. */
export function isSessionPart(d: StepDraft): boolean {
  // "Recovery run": an easy session, as in finalize.
  const easyRecovery = d.recovery && (d.sportNoun || d.zoneName !== undefined);
  return (
    !d.hasQuantity &&
    !d.restHard &&
    (!d.recovery || easyRecovery) &&
    !d.strides &&
    (d.zoneExplicit !== undefined || d.zoneName !== undefined || d.zoneTarget !== undefined || d.sportNoun)
  );
}

/** The first work step of a list (inside repeats too). */
function firstWork(items: readonly Item[]): StepDraft | undefined {
  for (const item of items) {
    if (item.kind === 'repeat') {
      const d = firstWork(item.body);
      if (d) return d;
    } else if (!isRestOnly(item.d)) return item.d;
  }
  return undefined;
}

/** Whether every work step of `items` is a stride ("6x 20s strides, 40s walk"): a set added to a session. */
export function onlyStrides(items: readonly Item[]): boolean {
  let any = false;
  const visit = (list: readonly Item[]): boolean =>
    list.every((item) => {
      if (item.kind === 'repeat') return visit(item.body);
      if (isRestOnly(item.d)) return true;
      any = true;
      return item.d.strides;
    });
  return visit(items) && any;
}

/**
 * "easy run + strides", "tempo with 4x strides": a part written without a quantity, joined by "+" or "with"
 * to a step that has its own intensity, is the session that step is added to, lasting the default session
 * part (docs/workout-parser.md, "Parts joined by + or with"). Returns that part as a step, or null when the
 * words only describe what follows.
 */
export function partBefore(part: StepDraft, items: readonly Item[], ctx: ParseContext): StepItem | null {
  const next = firstWork(items);
  if (!isSessionPart(part) || !next || !hasOwnIntensity(next)) return null;
  part.hasQuantity = true;
  part.seconds = DEFAULT_SESSION_PART_SECONDS;
  ctx.assume(Assumption.duration);
  return { kind: 'step', d: part };
}

/**
 * "recovery run + strides", "spin + 4x 10s sprints": a step made of words alone (an easy session or an easy
 * name, not a rest), joined by "+" to a step with its own intensity, is the session that step is added to and
 * lasts the default session part rather than the default step.
 */
export function stretchPart(before: Item | undefined, items: readonly Item[]): void {
  if (before?.kind !== 'step') return;
  const d = before.d;
  if (!d.untimed || d.interval || d.restHard || d.strides || d.seconds !== undefined) return;
  const easyRecovery = d.recovery && (d.sportNoun || d.zoneName !== undefined);
  if (d.recovery && !easyRecovery) return;
  const next = firstWork(items);
  if (!next || !hasOwnIntensity(next)) return;
  d.seconds = DEFAULT_SESSION_PART_SECONDS;
}

/** Copies a draft that has not been finalized (each copy becomes its own interval). */
function copyDraft(d: StepDraft): StepDraft {
  const { interval: _ignored, ...rest } = d;
  return { ...rest, targets: { ...d.targets }, names: [...d.names] };
}

/** A recovery after a ladder goes after each of its steps; "equal" makes each as long as its step. */
export function addLadderRest(ladder: RepeatItem, rest: StepItem): void {
  const steps = ladder.body.filter((item) => item.kind !== 'step' || !isRestOnly(item.d));
  ladder.body = steps.flatMap((item) => {
    if (item.kind !== 'step' || !rest.d.equal || rest.d.seconds !== undefined || rest.d.meters !== undefined)
      return [item, rest];
    const copy = copyDraft(rest.d);
    copy.equalTo = item.d;
    return [item, { kind: 'step', d: copy }];
  });
}

export function bodyHasRest(items: readonly Item[]): boolean {
  for (const item of items) if (item.kind === 'step' && isRestOnly(item.d)) return true;
  return false;
}

const clampZone = (z: number): Zone => (z <= 1 ? 1 : z >= 5 ? 5 : (Math.ceil(z - 1e-9) as Zone));

/** A zone named by words: what was written, else the usual word. */
function word(why: string | undefined, fallback: string): ZoneSource {
  return { kind: 'word', why: `'${why ?? fallback}'` };
}

/**
 * The ranges a written zone stands for (docs/workout-parser.md, "Targets" and "Edited zone tables"):
 * `Z2 HR` the heart-rate range (the edited table's, else the derived one); `Z3 pace` / `Z2 power` that
 * edited table's range; a zone written without a kind, or an intensity name, on a step with no target of its
 * own, the range of each edited table of the sport (pace and heart rate on a run or a swim, power and heart
 * rate on a ride). A pace range becomes its midpoint, which then times a distance.
 */
function zoneTargets(d: StepDraft, zone: Zone, ctx: ParseContext): void {
  const targets = d.targets;
  // "Z2-Z3": from zone 2's easy end to zone 3's hard end.
  const [low, high] = zoneSpan(d, zone);
  const edited = ctx.thresholds.zones;
  const written = d.zoneExplicit !== undefined || d.zoneName !== undefined || d.softZone !== undefined;
  const plain =
    written &&
    !d.hrZone &&
    !d.paceZone &&
    !d.powerZone &&
    d.zoneTarget === undefined &&
    targets.heart_rate_min === undefined &&
    targets.power_watts === undefined &&
    targets.power_percent_ftp === undefined &&
    targets.pace_per_km_seconds === undefined &&
    targets.pace_per_100m_seconds === undefined &&
    targets.rpe === undefined;
  const sport = ctx.sport;
  if ((d.hrZone || (plain && sport !== 'strength')) && targets.heart_rate_min === undefined) {
    const range = edited.hr
      ? spanInTable(low, high, edited.hr)
      : d.hrZone
        ? { min: heartRateRange(low, ctx.thresholds).min, max: heartRateRange(high, ctx.thresholds).max }
        : undefined;
    if (range) {
      targets.heart_rate_min = range.min;
      targets.heart_rate_max = range.max;
    }
  }
  if (d.paceZone || plain) {
    if (sport === 'run' && edited.runPace && targets.pace_per_km_seconds === undefined) {
      const { min, max } = spanInTable(low, high, edited.runPace);
      targets.pace_per_km_seconds = Math.round((min + max) / 2);
    } else if (sport === 'swim' && edited.swimPace && targets.pace_per_100m_seconds === undefined) {
      const { min, max } = spanInTable(low, high, edited.swimPace);
      targets.pace_per_100m_seconds = Math.round((min + max) / 2);
    }
  }
  if ((d.powerZone || plain) && sport === 'bike' && edited.power && targets.power_watts === undefined) {
    const { min, max } = spanInTable(low, high, edited.power);
    targets.power_watts = min;
    targets.power_watts_max = max;
  }
}

/** The zones a step's targets span: a written range's two ends when the step is in the range's zone, else its
 * own zone (docs/workout-parser.md, "Ranges"). */
function zoneSpan(d: StepDraft, zone: Zone): [Zone, Zone] {
  if (d.zoneLow === undefined || d.zoneHigh === undefined || d.zoneExplicit === undefined)
    return [zone, zone];
  if (clampZone(d.zoneExplicit) !== zone) return [zone, zone];
  return [d.zoneLow, d.zoneHigh];
}

/** Zones `low` to `high` of a table as one range: the lowest and the highest value of the two (pace tables run
 * from slow to fast, so for them `min` is the hard end's and `max` the easy end's). */
function spanInTable(low: Zone, high: Zone, table: readonly ZoneBounds[]): { min: number; max: number } {
  const a = rangeInTable(low, table);
  const b = rangeInTable(high, table);
  return { min: Math.min(a.min, b.min), max: Math.max(a.max, b.max) };
}

/** Turns a draft into its interval (without phase), counting the defaults it needed. */
export function finalize(d: StepDraft, inRepeat: boolean, ctx: ParseContext): Interval {
  if (d.interval) return d.interval;
  // "Recovery run", "Recovery 30min very easy": an easy session, not a rest.
  const easyRecovery = d.recovery && (d.sportNoun || d.zoneName !== undefined);
  const soft = d.softZone !== undefined || easyRecovery;
  const isRest = d.restHard || (d.recovery && !easyRecovery) || (inRepeat && soft);
  let zone: Zone;
  let source: ZoneSource;
  if (isRest) {
    zone = 1;
    source = word(d.whyRest ?? d.whySoft, 'rest');
  } else if (d.zoneExplicit !== undefined) {
    zone = clampZone(d.zoneExplicit);
    // "10s Z5 300% FTP": the target says why as well as the zone written with it, and says more.
    source =
      d.zoneTarget === zone && d.whyTarget
        ? { kind: 'target', why: d.whyTarget }
        : word(d.whyExplicit, `Z${zone}`);
  } else if (d.zoneTarget !== undefined) {
    zone = d.zoneTarget;
    source = { kind: 'target', why: d.whyTarget ?? 'target' };
    if (d.targetAssumed) ctx.assume(Assumption.targetThreshold);
  } else if (d.zoneName !== undefined && !(d.strides && d.zoneName < 5)) {
    // Strides are fast by their name: an easier name around them is a note ("easy run, strides").
    zone = clampZone(d.zoneName);
    source = word(d.whyName, ZONES[zone - 1]!.name);
  } else if (d.softZone !== undefined) {
    zone = clampZone(d.softZone);
    source = word(d.whySoft, 'easy');
  } else if (d.recovery) {
    zone = 1;
    source = word(d.whyRest, 'recovery');
  } else if (d.strides) {
    zone = 5;
    source = word(undefined, 'strides');
  } else if (d.work && inRepeat) {
    // "1min on, 1min off": the "on" part is an effort.
    zone = 4;
    source = word(undefined, 'on');
  } else {
    zone = 2;
    source = { kind: 'default', why: 'nothing written about intensity: zone 2' };
    ctx.assume(Assumption.zone);
  }

  if (!isRest) zoneTargets(d, zone, ctx);

  let seconds: number;
  if (d.sendOff !== undefined) seconds = d.sendOff;
  else if (d.seconds !== undefined) seconds = d.seconds;
  else if (d.equalTo) seconds = finalize(d.equalTo, inRepeat, ctx).duration_seconds;
  else if (d.meters !== undefined) {
    const pace = { perKm: d.targets.pace_per_km_seconds, per100m: d.targets.pace_per_100m_seconds };
    // A zone range without a pace of its own: the middle of its two zones' paces ("5km Z2-Z3").
    const [low, high] = isRest ? [zone, zone] : zoneSpan(d, zone);
    const a = distanceToSeconds(d.meters, low, ctx.sport, ctx.thresholds, pace);
    const r = low === high ? a : distanceToSeconds(d.meters, high, ctx.sport, ctx.thresholds, pace);
    seconds = (a.seconds + r.seconds) / 2;
    if (a.assumed || r.assumed) ctx.assume(Assumption.distanceTime);
  } else if (d.reps !== undefined) {
    seconds = d.reps * SECONDS_PER_REP;
    ctx.assume(Assumption.repTime);
  } else {
    seconds = d.strides ? DEFAULT_STRIDE_SECONDS : DEFAULT_STEP_SECONDS;
    ctx.assume(Assumption.duration);
  }
  if (d.ambiguous) ctx.assume(Assumption.unit);

  const targets = d.targets;
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
    zone_source: source,
  };
  if (d.meters !== undefined) interval.distance_meters = roundTo(d.meters, 1);
  d.interval = interval;
  return interval;
}

/** Longest a recovery written only as easy ("2min45s easy") may be and still count as a set's rest. */
const EASY_REST_MAX_SECONDS = 300;

/** The hardest and the longest work step of a body, as finalized in a repeat. */
function workOf(items: readonly Item[], ctx: ParseContext): { zone: number; seconds: number } {
  let zone = 0;
  let seconds = 0;
  for (const item of items) {
    const w =
      item.kind === 'step'
        ? isRestOnly(item.d)
          ? null
          : finalize(item.d, true, ctx)
        : { ...workOf(item.body, ctx), isRest: false };
    if (!w || w.isRest) continue;
    zone = Math.max(zone, 'zone' in w ? w.zone : 0);
    seconds = Math.max(seconds, 'duration_seconds' in w ? w.duration_seconds : w.seconds);
  }
  return { zone, seconds };
}

/**
 * Whether a step written after a set is that set's recovery: a recovery word ("2min rest", "90s jog"), or a
 * step written as easy (a word, a target or Z1-Z2, not the default) after efforts in zone 4-5, no longer than
 * 5 minutes and than 12 of its efforts ("8x 15s @ 300% FTP, 2min45s easy"), or any easier step written with
 * "between" (docs/workout-parser.md, "Rest after a repeat").
 */
export function isSetRest(rep: RepeatItem, d: StepDraft, ctx: ParseContext): boolean {
  if (isRestOnly(d)) return true;
  const work = workOf(rep.body, ctx);
  // Written as the rest between the repetitions: easier than them is enough ("4x 15min Z3, 5min Z2 between",
  // "400m easy between").
  if (d.between && (d.seconds !== undefined || d.meters !== undefined))
    return finalize(d, false, ctx).zone < work.zone;
  // Timed only: "200 easy" after a swim set is the swim-down.
  if (d.seconds === undefined) return false;
  if (work.zone < 4) return false;
  const x = finalize(d, false, ctx);
  return (
    x.zone <= 2 &&
    x.zone_source?.kind !== 'default' &&
    x.duration_seconds <= Math.min(EASY_REST_MAX_SECONDS, 12 * work.seconds)
  );
}

/**
 * "30s @ 200% FTP, 4min30s @ 45% FTP x6": a count written after a recovery repeats it with the effort before
 * it. Moves `before` into the repeat and returns true when `r` is such a repeat.
 */
export function pairSuffix(before: Item | undefined, items: readonly Item[], ctx: ParseContext): boolean {
  const rep = items[0];
  if (items.length !== 1 || rep?.kind !== 'repeat' || !rep.suffix || rep.body.length !== 1) return false;
  const after = rep.body[0]!;
  if (before?.kind !== 'step' || after.kind !== 'step' || isRestOnly(before.d)) return false;
  const work = finalize(before.d, false, ctx);
  if (work.zone < 4) return false;
  if (!isRestOnly(after.d)) {
    const x = finalize(after.d, true, ctx);
    if (x.zone > 2 || x.zone_source?.kind === 'default') return false;
  }
  rep.body.unshift(before);
  return true;
}
