// One segment (the text between separators) becomes steps and repeats. A duration, distance or rep count
// opens a step; words and targets around it describe that step; "5x" repeats what follows in the segment,
// "3x(…)" repeats the bracket, "… x5" repeats what came before. Segments are split and grouped here too.
import { roundTo } from '../../numbers.ts';
import type { Phase, Zone, ZoneBounds } from '../types.ts';
import type { ParseContext } from './context.ts';
import {
  rangeInTable,
  zoneFromBpm,
  zoneFromIntensityPercent,
  zoneFromLthrPercent,
  zoneFromRpe,
  zoneFromSpeedPercent,
  zoneFromThresholdPercent,
  zoneInTable,
} from './intensity.ts';
import { holdsQuantity, MARKER_START, type PartPosition, partMarker } from './parts.ts';
import { inRange, type Quantity, readQuantity, type TokenView } from './quantities.ts';
import { formatClock } from './render.ts';
import {
  addLadderRest,
  bodyHasRest,
  DEFAULT_STRIDES_COUNT,
  hasModifiers,
  type Item,
  isRestOnly,
  isSessionPart,
  isSetRest,
  MAX_REPEAT,
  newDraft,
  onlyStrides,
  pairSuffix,
  partBefore,
  type RepeatItem,
  type StepDraft,
  type StepItem,
  stretchPart,
} from './steps.ts';

export interface SegmentResult {
  items: Item[];
  /** A phase named in the segment: as its header ("Warmup: …") or inside it ("10min cooldown"). */
  phase?: Phase;
  phaseKind?: 'start' | 'label';
  /** Nothing but the header ("Warmup:"). */
  headerOnly: boolean;
  /** A repeat whose body continues after the segment ("Main set 4x", "4 rounds:"). */
  open?: RepeatItem;
  /** Only targets or intensity, no step ("…, 90rpm"): they describe the step before. */
  mods?: StepDraft;
  /** Written as a part of the step before ("last 5km @ MP", "with the first 15min easy", "including 3x …"). */
  part?: PartPosition;
}

/** Tokens [from, to) of a segment, and whether " / " came before it (it then continues a repeat). */
export type Range = readonly [from: number, to: number, slash: boolean];

const NOTHING_TO_REPEAT = 'Nothing to repeat';
/** A number as a person reads it: whole, or to one decimal below 10 (RPE 7.5). */
const num = (n: number) => String(n >= 10 ? Math.round(n) : roundTo(n, 1));
const OUT_OF_RANGE = 'Value out of range';

/** Splits tokens [from, to) at separators outside brackets. */
export function splitSegments(ctx: ParseContext, from: number, to: number): Range[] {
  const toks = ctx.toks;
  const v = ctx.view(to);
  const segs: Range[] = [];
  let start = from;
  let slash = false;
  for (let i = from; i < to; i++) {
    const t = toks[i]!;
    if (t.kind === 'punct' && ctx.match[i]! > i && (t.text === '(' || t.text === '[' || t.text === '{')) {
      i = ctx.match[i]!;
      continue;
    }
    // "2h easy with the last 30min @ MP": the part starts a segment of its own, carved from the step before.
    const marker = t.kind === 'word' && i > start && MARKER_START.has(t.text) ? partMarker(v, i) : null;
    if (marker && splitsAt(v, i, marker.length, start)) {
      segs.push([start, i, slash]);
      start = i;
      slash = false;
      i += marker.length - 1;
      continue;
    }
    if (isSeparator(ctx, i, start, to)) {
      ctx.use(i, i + 1);
      if (i > start) segs.push([start, i, slash]);
      start = i + 1;
      slash = t.kind === 'punct' && t.text === '/';
    }
  }
  if (to > start) segs.push([start, to, slash]);
  return segs;
}

/** A part marker inside a segment splits it when a quantity comes before it and right after it. */
function splitsAt(v: TokenView, i: number, length: number, segStart: number): boolean {
  const next = i + length;
  return holdsQuantity(v, segStart, i) && (v.isNum(next) || v.isClock(next));
}

function isSeparator(ctx: ParseContext, i: number, segStart: number, to: number): boolean {
  const t = ctx.toks[i]!;
  if (t.kind === 'nl') return true;
  if (t.kind === 'word') return t.text === 'then';
  if (t.kind !== 'punct') return false;
  switch (t.text) {
    case ',':
    case ';':
    case '+':
    case '|':
      return true;
    case '.':
      return i + 1 >= to || ctx.toks[i + 1]!.space;
    case '/':
      // "200 WU / 8x50 drill / 100 CD"; a tight slash belongs to a pace or "w/".
      return (
        i > segStart && i + 1 < to && t.space && ctx.toks[i + 1]!.space && ctx.toks[i - 1]!.kind !== 'clock'
      );
    case '-': {
      // " - " between steps, but not inside "250 - 270w" or "Z3 - Z4".
      if (i === segStart || i + 1 >= to || !t.space || !ctx.toks[i + 1]!.space) return false;
      const prev = ctx.toks[i - 1]!;
      const next = ctx.toks[i + 1]!;
      const nextIsNumber = next.kind === 'num' || next.kind === 'clock';
      if ((prev.kind === 'num' || prev.kind === 'clock') && nextIsNumber) return false;
      if (nextIsNumber) return true;
      return ctx.phrase(i + 1, to)?.meaning.t === 'phase';
    }
    default:
      return false;
  }
}

/** Parses a list of segments that belong together (a bracket, a repeat's lines). */
export function parseList(ctx: ParseContext, segs: readonly Range[]): Item[] {
  const items: Item[] = [];
  let attachTo: RepeatItem | null = null;
  let pending: PendingModifiers | null = null;
  for (let s = 0; s < segs.length; s++) {
    const [from, to, slash] = segs[s]!;
    const r = parseSegment(ctx, from, to, false);
    if (slash && joinSlashed(items[items.length - 1], r)) continue;
    if (r.mods) {
      if (!addModifiers(items[items.length - 1], r.mods)) pending ??= { mods: r.mods, from, to };
      attachTo = attachable(items[items.length - 1]);
      continue;
    }
    if (givePending(ctx, pending, r.items)) pending = null;
    if (joinedByPlus(ctx, from)) stretchPart(items[items.length - 1], r.items);
    if (carvePart(items[items.length - 1], r)) {
      attachTo = null;
      continue;
    }
    if (pairSuffix(items[items.length - 1], r.items, ctx)) items.pop();
    if (attachTo && r.items.length === 1 && !r.open) {
      const only = r.items[0]!;
      if (only.kind === 'step' && isSetRest(attachTo, only.d, ctx)) {
        attachRest(attachTo, only);
        attachTo = null;
        continue;
      }
    }
    if (r.open) {
      const rest = segs.slice(s + 1);
      if (rest.length) r.open.body.push(...parseList(ctx, rest));
      closeEmptyRepeat(ctx, r.items, r.open);
      items.push(...r.items);
      break;
    }
    items.push(...r.items);
    attachTo = attachable(items[items.length - 1]);
  }
  if (pending) ctx.flag(pending.from, pending.to, DESCRIBES_NOTHING);
  return items;
}

/** Whether the segment starting at token `from` follows a "+". */
export function joinedByPlus(ctx: ParseContext, from: number): boolean {
  const sep = ctx.toks[from - 1];
  return sep?.kind === 'punct' && sep.text === '+';
}

/** What an orphan descriptor is reported with: it describes no step, and makes none. */
export const DESCRIBES_NOTHING = 'Describes no step';

/**
 * Words or targets without a quantity ("very easy", "@ tempo", "90rpm") describe a step; they never make one.
 * With a step before them they describe it (a repeat: its work steps); a step that has its own intensity, or a
 * recovery, keeps it, and the words are a note. Returns false with nothing before, so the caller can give
 * them to the next step, or report them (docs/workout-parser.md, "What it reads").
 */
export function addModifiers(before: Item | undefined, mods: StepDraft): boolean {
  if (!before) return false;
  const applied = applyToWork(before.kind === 'step' ? [before] : before.body, mods);
  if (applied === 0 && before.kind === 'step' && before.d.names.length === 0)
    before.d.names = [...mods.names];
  return true;
}

/** Descriptors that came before any step, waiting for the next one. */
export interface PendingModifiers {
  mods: StepDraft;
  from: number;
  to: number;
}

/**
 * Gives waiting descriptors to the first of `items`; true when there was one to take them. Joined by "+" to a
 * step with its own intensity ("easy run + strides"), they are a part of their own, put before `items`.
 */
export function givePending(ctx: ParseContext, pending: PendingModifiers | null, items: Item[]): boolean {
  if (!pending || items.length === 0) return false;
  const sep = ctx.toks[pending.to];
  // After a comma the words are usually a title ("Tempo, 3x 10min @ 4:10/km"), except before strides alone:
  // "easy run, strides" is an easy run with strides added, as with "+".
  const joined = sep?.kind === 'punct' && (sep.text === '+' || (sep.text === ',' && onlyStrides(items)));
  if (joined) {
    const part = partBefore(pending.mods, items, ctx);
    if (part) {
      items.unshift(part);
      return true;
    }
  }
  return addModifiers(items[0], pending.mods);
}

/** "10x 30s sprint / 4min30s easy": steps after " / " continue an unbracketed repeat before them. */
export function joinSlashed(before: Item | undefined, r: SegmentResult): boolean {
  if (before?.kind !== 'repeat' || before.paren || before.colon || before.body.length === 0) return false;
  if (r.phase || r.open || r.mods || r.items.length === 0) return false;
  for (const item of r.items) if (item.kind !== 'step') return false;
  before.body.push(...r.items);
  return true;
}

/** Gives a recovery to the repeat before it: after each step of a ladder, or at the end of the body. */
export function attachRest(target: RepeatItem, rest: StepItem): void {
  if (target.ladder) addLadderRest(target, rest);
  else target.body.push(rest);
}

/**
 * "Long run 18km easy, last 5km @ MP", "90min including 3x 10min @ threshold": the segment is a part of the
 * step before, which takes it to be carved out of it when expanded (parts.ts). Returns true when it took it;
 * the caller then leaves the segment's items out.
 */
export function carvePart(before: Item | undefined, r: SegmentResult): boolean {
  if (!r.part || r.items.length === 0 || r.open || r.phase || r.mods || before?.kind !== 'step') return false;
  const d = before.d;
  if (d.sendOff !== undefined || (d.seconds === undefined && d.meters === undefined)) return false;
  d.parts ??= [];
  d.parts.push({ position: r.part, items: r.items });
  return true;
}

/** A repeat written without brackets and without its own rest takes the rest that follows it. */
export function attachable(item: Item | undefined): RepeatItem | null {
  return item?.kind === 'repeat' &&
    !item.paren &&
    !item.colon &&
    item.body.length > 0 &&
    !bodyHasRest(item.body)
    ? item
    : null;
}

/** A repeat left with nothing to repeat is reported and dropped. */
export function closeEmptyRepeat(ctx: ParseContext, items: Item[], rep: RepeatItem): void {
  if (rep.body.length > 0) return;
  ctx.unuse(rep.countFrom, rep.countTo);
  ctx.flag(rep.countFrom, rep.countTo, NOTHING_TO_REPEAT);
  const at = items.indexOf(rep);
  if (at >= 0) items.splice(at, 1);
}

export function parseSegment(ctx: ParseContext, from: number, to: number, top: boolean): SegmentResult {
  return new SegmentParser(ctx, from, to, top).run();
}

class SegmentParser {
  private readonly v: TokenView;
  private readonly res: SegmentResult = { items: [], headerOnly: false };
  private container: Item[];
  private curRepeat: RepeatItem | null = null;
  private cur: StepDraft | null = null;
  /** The bracket group just closed, which trailing words describe ("3x(…) @ Z4"). */
  private lastGroup: RepeatItem | null = null;
  /** The previous token was a repeat count: a bare number now takes the sport's default unit. */
  private afterRepeat = false;
  /** The previous token was "@" or "at". */
  private afterAt = false;
  private steps = 0;
  /** Words before "with" that may be a part of their own ("easy run with strides"). */
  private part: StepDraft | null = null;
  /** Strength: unknown words taken as the exercise name, given back if the segment has no step. */
  private readonly guessed: number[] = [];

  constructor(
    private readonly ctx: ParseContext,
    private readonly from: number,
    private readonly to: number,
    private readonly top: boolean,
  ) {
    this.v = ctx.view(to);
    this.container = this.res.items;
  }

  run(): SegmentResult {
    const { ctx, to } = this;
    let i = this.from;
    if (this.top) i = this.header(i);
    const marker = partMarker(this.v, i);
    if (marker) {
      ctx.use(i, i + marker.length);
      this.res.part = marker.position;
      i += marker.length;
    }
    while (i < to) {
      const t = ctx.toks[i]!;
      const wasAt = this.afterAt;
      const wasRepeat = this.afterRepeat;
      this.afterAt = false;
      this.afterRepeat = false;
      let next: number;
      if (t.kind === 'num' || t.kind === 'clock') next = this.number(i, wasAt, wasRepeat);
      else if (t.kind === 'word') next = this.word(i, wasRepeat);
      else if (t.kind === 'punct') next = this.punct(i);
      else next = i + 1;
      i = Math.max(next, i + 1);
    }
    this.end();
    return this.res;
  }

  private header(i: number): number {
    const { ctx, v } = this;
    // A line's bullet was taken before; a segment may still begin with "-" or "*".
    const m = ctx.phrase(i, this.to);
    if (m?.meaning.t !== 'phase') return i;
    ctx.use(i, m.next);
    this.res.phase = m.meaning.phase;
    this.res.phaseKind = 'start';
    let k = m.next;
    if (v.punct(k) === ':' || v.punct(k) === '-') {
      ctx.use(k, k + 1);
      k++;
    }
    if (k >= this.to) this.res.headerOnly = true;
    return k;
  }

  private draft(): StepDraft {
    if (!this.cur) this.cur = newDraft();
    return this.cur;
  }

  private emit(): void {
    const d = this.cur;
    if (!d?.hasQuantity) return;
    this.cur = null;
    this.steps++;
    const list = this.container;
    const before = list[list.length - 1];
    const item: StepItem = { kind: 'step', d };
    // After a ladder, a recovery goes after each of its steps.
    if (before?.kind === 'repeat' && before.ladder && isRestOnly(d)) {
      addLadderRest(before, item);
      return;
    }
    // "with equal recovery": as long as the step before.
    if (d.equal && d.seconds === undefined && d.meters === undefined && before?.kind === 'step')
      d.equalTo = before.d;
    list.push(item);
  }

  /** A draft for a new duration, distance or rep count. */
  private stepForQuantity(): StepDraft {
    if (this.cur?.hasQuantity) this.emit();
    // Words between a group and the next step describe the group ("400-800-1200 @ 5k pace w/ 90s jog").
    if (this.cur && this.lastGroup && hasModifiers(this.cur) && !isRestOnly(this.cur)) {
      applyToWork(this.lastGroup.body, this.cur);
      this.cur = null;
    }
    const d = this.draft();
    d.hasQuantity = true;
    this.lastGroup = null;
    return d;
  }

  private startRepeat(count: number, from: number, to: number, colon: boolean): RepeatItem {
    this.emit();
    // "3 sets of 4x 400m": a repeat that has nothing yet holds the new one.
    const outer = this.curRepeat;
    const nested = outer !== null && !outer.paren && outer.body.length === 0 && this.container === outer.body;
    const rep: RepeatItem = {
      kind: 'repeat',
      count: Math.min(count, MAX_REPEAT),
      body: [],
      paren: false,
      colon,
      countFrom: from,
      countTo: to,
    };
    if (count > MAX_REPEAT) this.ctx.flag(from, to, `Repeat count capped at ${MAX_REPEAT}`);
    this.ctx.use(from, to);
    (nested ? outer.body : this.res.items).push(rep);
    this.container = rep.body;
    this.curRepeat = rep;
    this.lastGroup = null;
    this.afterRepeat = true;
    return rep;
  }

  /** Whether tokens [from, to) open a step: a list, a duration, distance, count or bare number. A bracket
   * without one holds only words and targets. */
  private stepWithin(from: number, to: number): boolean {
    const { ctx, v } = this;
    for (let k = from; k < to; k++) {
      const t = ctx.toks[k]!;
      if (t.kind === 'punct' && (t.text === ',' || t.text === ';')) return true;
      if (t.kind === 'clock') return true;
      if (t.kind !== 'num') continue;
      const kind = readQuantity(v, k, ctx.sport).kind;
      if (
        kind === 'duration' ||
        kind === 'distance' ||
        kind === 'repeat' ||
        kind === 'reps' ||
        kind === 'bare'
      )
        return true;
    }
    return false;
  }

  /** Parses the bracket at i into `rep` (or a new single pass) and returns the index after it. */
  private group(i: number, rep: RepeatItem | null): number {
    const { ctx } = this;
    const close = ctx.match[i]!;
    ctx.use(i, i + 1);
    ctx.use(close, close + 1);
    const inner = splitSegments(ctx, i + 1, close);
    const body = parseList(ctx, inner);
    if (body.length === 0) {
      // "()" or a bracket of nothing understood: report the brackets, repeat nothing.
      ctx.unuse(i, i + 1);
      ctx.unuse(close, close + 1);
      if (rep) closeEmptyRepeat(ctx, this.res.items, rep);
      if (this.curRepeat === rep) {
        this.curRepeat = null;
        this.container = this.res.items;
      }
      return close + 1;
    }
    let target = rep;
    if (target) {
      target.body.push(...body);
      target.paren = true;
    } else {
      // "150m (50 kick, 100 swim)": the bracket breaks the step down; it replaces it.
      const cur = this.cur;
      if (cur?.hasQuantity && !hasModifiers(cur) && sameTotal(cur, body)) this.cur = null;
      this.emit();
      target = { kind: 'repeat', count: 1, body, paren: true, colon: false, countFrom: i, countTo: i + 1 };
      this.container.push(target);
    }
    // Words before the bracket ("Tempo 3x(…)") describe its steps.
    if (this.cur && !this.cur.hasQuantity) {
      applyToWork(target.body, this.cur);
      this.cur = null;
    }
    if (this.curRepeat === target) {
      this.curRepeat = null;
      this.container = this.res.items;
    }
    this.lastGroup = target;
    return close + 1;
  }

  private number(i: number, afterAt: boolean, afterRepeat: boolean): number {
    const { ctx, v } = this;
    if (v.isNum(i) && v.punct(i + 1) === '-' && v.isNum(i + 2) && v.punct(i + 3) === '-') {
      const end = this.ladder(i);
      if (end > i) return end;
    }
    const qn = readQuantity(v, i, ctx.sport);
    const next = Math.max(qn.next, i + 1);
    if (qn.kind === 'bare') return this.bare(i, qn, afterAt, afterRepeat);
    if (!inRange(qn)) {
      ctx.flag(i, next, OUT_OF_RANGE);
      return next;
    }
    ctx.use(i, next);
    const mid = (qn.lo + qn.hi) / 2;
    const t = ctx.thresholds;
    switch (qn.kind) {
      case 'repeat':
        this.startRepeat(Math.max(1, Math.round(mid)), i, next, qn.colon === true);
        if (v.punct(next) === '(' || v.punct(next) === '[' || v.punct(next) === '{') {
          if (ctx.match[next]! > next) return this.group(next, this.curRepeat);
        }
        return next;
      case 'duration': {
        const cur = this.cur;
        if (afterAt && cur?.hasQuantity && cur.meters !== undefined && cur.seconds === undefined) {
          // "400 @ 88 sec": the time for the distance, a pace.
          if (ctx.sport === 'run') this.pace(cur, true, (mid * 1000) / cur.meters);
          else if (ctx.sport === 'swim') this.pace(cur, false, (mid * 100) / cur.meters);
          if (ctx.sport === 'run' || ctx.sport === 'swim') return next;
        }
        const d = this.stepForQuantity();
        d.seconds = mid;
        d.ambiguous ||= qn.ambiguous;
        return next;
      }
      case 'distance': {
        if (afterAt && this.cur?.hasQuantity && ctx.sport !== 'swim') {
          // "3' @ 10k": the pace of a race of that distance.
          const km = qn.hi / 1000;
          this.named(this.cur, km <= 5.5 ? 5 : km <= 22 ? 4 : 3, i, next);
          return next;
        }
        const d = this.stepForQuantity();
        d.meters = mid;
        d.perMile = qn.unitMeters !== undefined && qn.unitMeters > 1000;
        return next;
      }
      case 'reps': {
        this.stepForQuantity().reps = mid;
        return next;
      }
      case 'clock':
        return this.clock(i, qn, next, afterAt);
      case 'watts': {
        const d = this.draft();
        d.targets.power_watts ??= Math.round(qn.lo);
        if (qn.hi > qn.lo) d.targets.power_watts_max ??= Math.round(qn.hi);
        if (t.zones.power) {
          this.tableZone(d, mid, t.zones.power, false, ' W', 'power zones');
          return next;
        }
        const pct = (mid / t.ftpWatts) * 100;
        this.targetZone(
          d,
          zoneFromThresholdPercent(pct),
          !t.known.ftp,
          () => `${num(mid)} W = ${num(pct)}% FTP${t.known.ftp ? '' : ` (default FTP ${t.ftpWatts} W)`}`,
        );
        return next;
      }
      case 'pct':
      case 'pctThreshold': {
        const d = this.draft();
        const ofThreshold = qn.kind === 'pctThreshold' || ctx.sport === 'bike';
        if (ofThreshold && ctx.sport === 'bike') {
          // The percentage is kept as written; watts only when the athlete's FTP is known.
          const [lo, hi] = [Math.round(qn.lo), Math.round(qn.hi)];
          if (d.targets.power_percent_ftp === undefined) {
            d.targets.power_percent_ftp = lo;
            if (d.ramp && hi !== lo) d.targets.ramp_to_percent_ftp = hi;
            else if (hi > lo) d.targets.power_percent_ftp_max = hi;
          }
          if (t.known.ftp) {
            d.targets.power_watts ??= Math.round((Math.min(lo, hi) * t.ftpWatts) / 100);
            if (hi !== lo) d.targets.power_watts_max ??= Math.round((Math.max(lo, hi) * t.ftpWatts) / 100);
          }
        }
        const what = !ofThreshold
          ? '(intensity bands)'
          : ctx.sport === 'bike'
            ? 'FTP'
            : ctx.sport === 'swim'
              ? 'CSS'
              : 'threshold';
        this.targetZone(
          d,
          ofThreshold ? zoneFromThresholdPercent(mid) : zoneFromIntensityPercent(mid),
          ofThreshold && !t.known.ftp,
          () => `${num(mid)}% ${what}`,
        );
        return next;
      }
      case 'pctMaxHr': {
        const d = this.draft();
        if (t.known.maxHr) this.heartRate(d, (qn.lo * t.maxHr) / 100, (qn.hi * t.maxHr) / 100);
        this.targetZone(d, zoneFromIntensityPercent(mid), false, () => `${num(mid)}% max HR`);
        return next;
      }
      case 'pctLthr': {
        const d = this.draft();
        if (t.known.lthr || t.known.maxHr) this.heartRate(d, (qn.lo * t.lthr) / 100, (qn.hi * t.lthr) / 100);
        this.targetZone(d, zoneFromLthrPercent(mid), false, () => `${num(mid)}% LTHR`);
        return next;
      }
      case 'bpm': {
        const d = this.draft();
        this.bpmTarget(d, qn.lo, qn.hi);
        return next;
      }
      case 'rpm':
        this.draft().targets.cadence_rpm ??= Math.round(mid);
        return next;
      case 'spm':
        this.draft().targets.cadence_spm ??= Math.round(mid);
        return next;
      case 'rpe':
        this.rpe(mid);
        return next;
      case 'pacePerKm':
        this.pace(this.draft(), true, mid);
        return next;
      case 'pacePer100m':
        this.pace(this.draft(), false, mid);
        return next;
      case 'namedPace':
        this.named(this.draft(), qn.zone ?? 3, i, next);
        this.addName(this.draft(), i, next);
        return next;
      case 'load':
        this.addName(this.draft(), i, next);
        return next;
      default:
        return next;
    }
  }

  /** A number without a unit. */
  private bare(i: number, qn: Quantity, afterAt: boolean, afterRepeat: boolean): number {
    const { ctx, v } = this;
    const next = qn.next;
    const mid = (qn.lo + qn.hi) / 2;
    const sport = ctx.sport;
    if (!Number.isFinite(mid) || mid <= 0) return next;
    if (afterRepeat) {
      // "3x10" (strength reps), "10x100" (swim meters), "6x400" (run meters), "4x8" (minutes).
      if (sport === 'strength') {
        if (mid > 1000) return next;
        ctx.use(i, next);
        this.stepForQuantity().reps = mid;
        return next;
      }
      const meters = sport === 'swim' ? mid >= 25 : sport === 'run' ? mid >= 100 : false;
      if (meters ? mid > 1_000_000 : mid > 1440) return next;
      ctx.use(i, next);
      const d = this.stepForQuantity();
      if (meters) d.meters = mid;
      else d.seconds = mid * 60;
      d.ambiguous = true;
      return next;
    }
    if (afterAt && mid >= 1 && mid <= 10) {
      // "@ 7": an effort out of ten.
      ctx.use(i, next);
      this.rpe(mid);
      return next;
    }
    const after = ctx.phrase(next, this.to);
    const afterWord = v.word(next);
    if (sport === 'strength' && afterWord && mid <= 1000) {
      // "10 push-ups".
      ctx.use(i, next);
      this.stepForQuantity().reps = mid;
      return next;
    }
    if (!afterAt && ((sport === 'swim' && mid >= 25) || (sport === 'run' && mid >= 100)) && mid <= 100_000) {
      // "300 choice", "400 easy": meters, as swimmers and track runners write them.
      ctx.use(i, next);
      const d = this.stepForQuantity();
      d.meters = mid;
      d.ambiguous = true;
      return next;
    }
    const countable =
      after &&
      (after.meaning.t === 'strides' ||
        (after.meaning.t === 'neutral' && after.meaning.name) ||
        (after.meaning.t === 'zone' && after.meaning.zone >= 4));
    if (countable && Number.isInteger(mid) && mid >= 2 && mid <= 50) {
      // "6 strides", "4 hill repeats".
      this.startRepeat(mid, i, next, false);
      return next;
    }
    return next;
  }

  /**
   * A ladder or pyramid written out with dashes ("400-800-1200-800-400", "1-2-3-4-3-2-1 min"): one step per
   * number, in the unit written after the last one (or the sport's usual unit). Returns the index after it,
   * or i when the numbers are not a ladder.
   */
  private ladder(i: number): number {
    const { ctx, v } = this;
    const values = [v.value(i)];
    let k = i;
    while (v.punct(k + 1) === '-' && v.isNum(k + 2) && values.length < 50) {
      values.push(v.value(k + 2));
      k += 2;
    }
    const last = readQuantity(v, k, ctx.sport);
    const lastValue = values[values.length - 1]!;
    if (!(lastValue > 0) || values.some((x) => !(x > 0))) return i;
    const sport = ctx.sport;
    const scale = last.lo / lastValue;
    const body: Item[] = [];
    for (const value of values) {
      const d = newDraft();
      d.hasQuantity = true;
      if (last.kind === 'duration') d.seconds = value * scale;
      else if (last.kind === 'distance') d.meters = value * scale;
      else if (last.kind === 'reps' || (last.kind === 'bare' && sport === 'strength')) d.reps = value;
      else if (last.kind === 'bare') {
        // The sport's usual unit, as after a repeat count.
        const meters = sport === 'swim' ? lastValue >= 25 : sport === 'run' ? lastValue >= 100 : false;
        if (meters) d.meters = value;
        else d.seconds = value * 60;
        d.ambiguous = true;
      } else return i;
      d.ambiguous ||= last.ambiguous;
      if (
        !inRange({
          ...last,
          lo: d.seconds ?? d.meters ?? d.reps ?? 0,
          hi: d.seconds ?? d.meters ?? d.reps ?? 0,
        })
      )
        return i;
      body.push({ kind: 'step', d });
    }
    const next = Math.max(last.next, k + 1);
    this.emit();
    const group: RepeatItem = {
      kind: 'repeat',
      count: 1,
      body,
      paren: false,
      colon: false,
      countFrom: i,
      countTo: next,
      ladder: true,
    };
    // Words before it ("Pyramid hard 1-2-3-2-1min") describe its steps.
    if (this.cur && hasModifiers(this.cur)) applyToWork(body, this.cur);
    this.cur = null;
    ctx.use(i, next);
    this.container.push(group);
    this.lastGroup = group;
    this.steps++;
    return next;
  }

  private clock(i: number, qn: Quantity, next: number, afterAt: boolean): number {
    const { ctx } = this;
    const mid = (qn.lo + qn.hi) / 2;
    const sport = ctx.sport;
    const cur = this.cur;
    if (afterAt && cur?.hasQuantity && (sport === 'run' || sport === 'swim')) {
      const meters = cur.meters;
      // "10x 100 @ 1:45" in a swim set: the send-off, unless it would be faster than anyone swims.
      if (sport === 'swim' && this.curRepeat && meters !== undefined && mid / (meters / 100) >= 55) {
        ctx.use(i, next);
        this.sendOff(cur, mid);
        return next;
      }
      // "1km @ 4:00": a pace in the sport's usual unit; "400m @ 1:30", the time for the distance when that
      // is a pace people run; "1 mile @ 6:30", per mile.
      let pace = mid;
      if (sport === 'run' && meters !== undefined && meters < 1000) {
        const split = (mid * 1000) / meters;
        if (split >= 150 && split < 600) pace = split;
      } else if (sport === 'run' && cur.perMile) pace = mid / 1.609344;
      const perKm = sport === 'run';
      const q2: Quantity = { ...qn, lo: pace, hi: pace, kind: perKm ? 'pacePerKm' : 'pacePer100m' };
      if (!inRange(q2)) {
        ctx.unuse(i, next);
        ctx.flag(i, next, OUT_OF_RANGE);
        return next;
      }
      this.pace(this.draft(), perKm, pace);
      return next;
    }
    const d = this.stepForQuantity();
    d.seconds = mid;
    return next;
  }

  /**
   * "w/", "with": what follows is the next step of the same repetition ("w/ 90s jog", "with equal recovery"),
   * unless it is only a description of this one ("w/ paddles", "with high cadence").
   */
  private withNext(from: number): void {
    const { ctx, to } = this;
    // "1-2-3-2-1min hard w/ equal recovery": the words before "w/" describe the group.
    const cur = this.cur;
    // "easy run with strides", "tempo w/ 4x 20s strides": perhaps a part of its own (decided in end()).
    if (
      cur &&
      isSessionPart(cur) &&
      !this.lastGroup &&
      this.part === null &&
      this.res.items.length === 0 &&
      this.container === this.res.items &&
      this.stepAhead(from)
    ) {
      this.part = cur;
      this.cur = null;
      return;
    }
    if (cur && !cur.hasQuantity && this.lastGroup && hasModifiers(cur)) {
      applyToWork(this.lastGroup.body, cur);
      this.cur = null;
    }
    for (let k = from; k < to; k++) {
      const t = ctx.toks[k]!;
      const kind = t.kind === 'word' ? ctx.phrase(k, to)?.meaning.t : undefined;
      if (
        t.kind === 'num' ||
        t.kind === 'clock' ||
        kind === 'rest' ||
        kind === 'recovery' ||
        kind === 'soft' ||
        kind === 'ri' ||
        (t.kind === 'punct' && (t.text === '(' || t.text === '['))
      ) {
        this.emit();
        return;
      }
    }
  }

  /** Whether a quantity or strides come in tokens [from, to) of the segment. */
  private stepAhead(from: number): boolean {
    const { ctx, to } = this;
    for (let k = from; k < to; k++) {
      const t = ctx.toks[k]!;
      if (t.kind === 'num' || t.kind === 'clock') return true;
      if (t.kind === 'word' && ctx.phrase(k, to)?.meaning.t === 'strides') return true;
    }
    return false;
  }

  /** The text of tokens [from, to) as written. */
  private written(from: number, to: number): string {
    const { toks, text } = this.ctx;
    return text.slice(toks[from]!.start, toks[to - 1]!.end);
  }

  /** An intensity name: the step takes the highest zone named, and says which word named it. */
  private named(d: StepDraft, zone: number, from: number, to: number): void {
    if (d.zoneName !== undefined && d.zoneName >= zone) return;
    d.zoneName = zone;
    d.whyName = this.written(from, to);
  }

  /** Adds tokens [from, to) to the step's name; words joined by a hyphen stay one word ("push-ups"). */
  private addName(d: StepDraft, from: number, to: number): void {
    const { toks, text } = this.ctx;
    const start = toks[from]!.start;
    const end = toks[to - 1]!.end;
    const last = d.names.length - 1;
    if (last >= 0 && d.nameEnd === start - 1 && text.charCodeAt(start - 1) === 45) {
      d.names[last] = text.slice(d.nameStart, end);
    } else {
      d.names.push(text.slice(start, end));
      d.nameStart = start;
    }
    d.nameEnd = end;
  }

  /** The first target sets the step's zone; `why` is only worked out for that one. */
  private targetZone(d: StepDraft, zone: Zone, assumed: boolean, why: () => string): void {
    if (d.zoneTarget !== undefined) return;
    d.zoneTarget = zone;
    d.targetAssumed = assumed;
    d.whyTarget = why();
  }

  /**
   * A target zoned by the athlete's edited table (docs/workout-parser.md, "Edited zone tables"): the zone that
   * holds the value, or the nearer one in a gap. Pace tables run from slow to fast (`falling`).
   */
  private tableZone(
    d: StepDraft,
    value: number,
    table: readonly ZoneBounds[],
    falling: boolean,
    unit: string,
    what: string,
  ): void {
    const zone = zoneInTable(value, table, falling);
    const { min, max } = rangeInTable(zone, table);
    const show = (x: number) => (falling ? formatClock(x) : num(x));
    this.targetZone(
      d,
      zone,
      false,
      () => `${show(value)}${unit} = zone ${zone} of your ${what} (${show(min)}-${show(max)}${unit})`,
    );
  }

  /** A pace per km (run) or per 100 m (swim), zoned by speed against threshold pace or CSS. */
  private pace(d: StepDraft, perKm: boolean, seconds: number): void {
    const t = this.ctx.thresholds;
    const threshold = perKm ? t.thresholdPaceSecondsPerKm : t.cssSecondsPer100m;
    const known = perKm ? t.known.pace : t.known.css;
    if (perKm) d.targets.pace_per_km_seconds ??= Math.round(seconds);
    else d.targets.pace_per_100m_seconds ??= Math.round(seconds);
    const unit = perKm ? '/km' : '/100m';
    const table = perKm ? t.zones.runPace : t.zones.swimPace;
    if (table) {
      this.tableZone(d, seconds, table, true, unit, perKm ? 'run pace zones' : 'swim pace zones');
      return;
    }
    const pct = (threshold / seconds) * 100;
    const name = perKm ? 'threshold pace' : 'CSS';
    this.targetZone(
      d,
      zoneFromSpeedPercent(pct),
      !known,
      () =>
        `${formatClock(seconds)}${unit} = ${num(pct)}% of ${known ? '' : 'default '}${name} ${formatClock(threshold)}${unit}`,
    );
  }

  /** A swim send-off: each repetition takes this long, swum faster than the send-off's pace. */
  private sendOff(d: StepDraft, seconds: number): void {
    d.sendOff = seconds;
    if (d.meters === undefined || d.meters <= 0) return;
    const t = this.ctx.thresholds;
    const per100 = seconds / (d.meters / 100);
    if (t.zones.swimPace) {
      const zone = zoneInTable(per100, t.zones.swimPace, true);
      const { min, max } = rangeInTable(zone, t.zones.swimPace);
      this.targetZone(
        d,
        zone,
        false,
        () =>
          `send-off ${formatClock(seconds)} = ${formatClock(per100)}/100m, zone ${zone} of your swim pace zones (${formatClock(min)}-${formatClock(max)}/100m)`,
      );
      return;
    }
    const pct = (t.cssSecondsPer100m / per100) * 100;
    this.targetZone(
      d,
      zoneFromSpeedPercent(pct),
      !t.known.css,
      () =>
        `send-off ${formatClock(seconds)} = ${formatClock(per100)}/100m, ${num(pct)}% of ${t.known.css ? '' : 'default '}CSS ${formatClock(t.cssSecondsPer100m)}/100m`,
    );
  }

  private bpmTarget(d: StepDraft, lo: number, hi: number): void {
    const t = this.ctx.thresholds;
    this.heartRate(d, lo, hi);
    const mid = (lo + hi) / 2;
    if (t.zones.hr) {
      this.tableZone(d, mid, t.zones.hr, false, ' bpm', 'heart-rate zones');
      return;
    }
    this.targetZone(d, zoneFromBpm(mid, t), !t.known.lthr && !t.known.maxHr, () => {
      const against = t.known.lthr
        ? `${num((mid / t.lthr) * 100)}% LTHR`
        : `${num((mid / t.maxHr) * 100)}% max HR`;
      return `${num(mid)} bpm = ${against}${t.known.lthr || t.known.maxHr ? '' : ' (default max HR)'}`;
    });
  }

  private heartRate(d: StepDraft, lo: number, hi: number): void {
    if (d.targets.heart_rate_min !== undefined) return;
    d.targets.heart_rate_min = Math.round(lo);
    d.targets.heart_rate_max = Math.round(hi);
  }

  private rpe(value: number): void {
    const d = this.draft();
    d.targets.rpe ??= roundTo(value, 1);
    this.targetZone(d, zoneFromRpe(value), false, () => `RPE ${num(value)}`);
  }

  private word(i: number, afterRepeat: boolean): number {
    const { ctx, v, to } = this;
    const w = v.word(i);
    // "4 sets x 12 reps": the x joins the count to what is repeated.
    if (w === 'x' && afterRepeat && v.isNum(i + 1)) {
      ctx.use(i, i + 1);
      this.afterRepeat = true;
      return i + 1;
    }
    // "10min from 50 to 75% FTP": a ramp.
    if (w === 'from' && v.isNum(i + 1) && v.word(i + 2) === 'to') {
      ctx.use(i, i + 1);
      this.draft().ramp = true;
      return i + 1;
    }
    if (w === 'equal' || w === 'same') {
      ctx.use(i, i + 1);
      this.draft().equal = true;
      return i + 1;
    }
    // Zones: "Z3", "zone 3", "Z3-Z4", "Z2 HR".
    if ((w === 'z' || w === 'zone' || w === 'zones' || w === 'hrz') && v.isNum(i + 1))
      return this.zone(i, i + 1, w === 'hrz');
    if (w === 'vo' && v.isNum(i + 1) && v.value(i + 1) === 2 && v.tight(i + 1)) {
      const end = v.word(i + 2) === 'max' ? i + 3 : i + 2;
      ctx.use(i, end);
      const d = this.draft();
      this.named(d, 5, i, end);
      this.addName(d, i, end);
      return end;
    }
    if (w === 'x' && v.isNum(i + 1)) return this.suffixRepeat(i);
    // "w/", "w/rest"; but "w/u" is a warm-up.
    if (w === 'w' && v.punct(i + 1) === '/' && !(v.tight(i + 2) && v.word(i + 2).length === 1)) {
      ctx.use(i, i + 2);
      this.withNext(i + 2);
      return i + 2;
    }
    if (w === 'at') {
      ctx.use(i, i + 1);
      this.afterAt = true;
      return i + 1;
    }
    if (w === 'on' && ctx.sport === 'swim' && v.isClock(i + 1)) {
      // Send-off: "10x100 on 1:45".
      const seconds = v.value(i + 1);
      if (seconds > 0 && seconds <= 3600) {
        ctx.use(i, i + 2);
        this.sendOff(this.draft(), seconds);
        return i + 2;
      }
    }
    const m = ctx.phrase(i, to);
    if (!m) {
      if (ctx.sport === 'strength') {
        // An exercise name.
        ctx.use(i, i + 1);
        this.guessed.push(i);
        this.addName(this.draft(), i, i + 1);
      }
      return i + 1;
    }
    const meaning = m.meaning;
    const end = m.next;
    ctx.use(i, end);
    switch (meaning.t) {
      case 'phase':
        if (this.top && this.res.phase === undefined) {
          this.res.phase = meaning.phase;
          this.res.phaseKind = 'label';
        }
        return end;
      case 'zone': {
        const d = this.draft();
        this.named(d, meaning.zone, i, end);
        this.addName(d, i, end);
        return end;
      }
      case 'rest':
      case 'recovery':
      case 'ri': {
        // "3min Z4 rest 2min": the rest is the next step.
        let k = end;
        while (v.punct(k) === ':' || v.word(k) === 'for' || v.word(k) === 'of') k++;
        if (this.cur?.hasQuantity && (v.isNum(k) || v.isClock(k))) {
          const ahead = readQuantity(v, k, ctx.sport);
          if (ahead.kind === 'duration' || ahead.kind === 'distance' || ahead.kind === 'clock') this.emit();
        }
        const d = this.draft();
        if (meaning.t === 'recovery') d.recovery = true;
        else d.restHard = true;
        d.whyRest ??= this.written(i, end);
        if (meaning.t !== 'ri') this.addName(this.draft(), i, end);
        ctx.use(end, k);
        return k;
      }
      case 'soft': {
        const d = this.draft();
        d.softZone = Math.max(d.softZone ?? 0, meaning.zone);
        d.whySoft ??= this.written(i, end);
        this.addName(this.draft(), i, end);
        return end;
      }
      case 'sport':
        this.draft().sportNoun = true;
        this.addName(this.draft(), i, end);
        return end;
      case 'strides':
        this.draft().strides = true;
        if (this.written(i, end).toLowerCase().endsWith('s')) this.draft().stridesPlural = true;
        this.addName(this.draft(), i, end);
        return end;
      case 'with':
        this.withNext(end);
        return end;
      case 'hr':
        return this.heartRateWord(i, end);
      case 'rpe':
        return this.rpeWord(i, end);
      case 'zoneword':
        return end;
      case 'work':
        this.draft().work = true;
        return end;
      case 'ramp': {
        const d = this.draft();
        d.ramp = true;
        this.addName(d, i, end);
        // "ramp 50-75% FTP" written after the range: the range becomes the ramp.
        const { targets } = d;
        if (targets.power_percent_ftp_max !== undefined && targets.ramp_to_percent_ftp === undefined) {
          targets.ramp_to_percent_ftp = targets.power_percent_ftp_max;
          delete targets.power_percent_ftp_max;
        }
        return end;
      }
      case 'neutral':
        if (meaning.name) this.addName(this.draft(), i, end);
        return end;
      default:
        return end;
    }
  }

  /** Zone at `numAt`: "Z3", "Z3-Z4", "zone 3-4", followed perhaps by "HR". */
  private zone(i: number, numAt: number, hr: boolean): number {
    const { ctx, v } = this;
    const lo = v.value(numAt);
    let hi = lo;
    let k = numAt + 1;
    if (v.punct(k) === '-' || v.punct(k) === '/' || v.word(k) === 'to') {
      let j = k + 1;
      const prefixed = v.word(j) === 'z' || v.word(j) === 'zone';
      if (prefixed) j++;
      // "Z3-Z4", "Z3-4", "Z3/Z4", "zone 2-3 HR" (heart rate, not 3 hours); not "Z4/2min".
      if (
        v.isNum(j) &&
        (prefixed ||
          (v.punct(k) !== '/' &&
            (readQuantity(v, j, this.ctx.sport).kind === 'bare' ||
              (validZone(v.value(j)) &&
                !v.tight(j + 1) &&
                (v.word(j + 1) === 'hr' || v.word(j + 1) === 'heart')))))
      ) {
        hi = v.value(j);
        k = j + 1;
      }
    }
    if (!validZone(lo) || !validZone(hi)) {
      ctx.flag(i, k, OUT_OF_RANGE);
      return k;
    }
    let hrZone = hr;
    let paceZone = false;
    let powerZone = false;
    if (v.word(k) === 'hr') {
      hrZone = true;
      k++;
    } else if (v.word(k) === 'heart' && v.word(k + 1) === 'rate') {
      hrZone = true;
      k += 2;
    } else if (!hr && v.word(k) === 'pace') {
      paceZone = true;
      k++;
    } else if (!hr && (v.word(k) === 'power' || v.word(k) === 'watts')) {
      powerZone = true;
      k++;
    }
    ctx.use(i, k);
    const d = this.draft();
    if (d.zoneExplicit === undefined) {
      const [a, b] = [Math.min(lo, 5), Math.min(hi, 5)].sort((x, y) => x - y) as [Zone, Zone];
      d.zoneExplicit = (a + b) / 2;
      d.whyExplicit = this.written(i, k);
      // "Z2-Z3": the step is in zone 3 (the middle, rounded up); its targets span zones 2 and 3.
      if (a !== b) {
        d.zoneLow = a;
        d.zoneHigh = b;
      }
    }
    d.hrZone ||= hrZone;
    d.paceZone ||= paceZone;
    d.powerZone ||= powerZone;
    return k;
  }

  private heartRateWord(i: number, end: number): number {
    const { v } = this;
    let k = end;
    if (v.punct(k) === ':' || v.punct(k) === '@') k++;
    const w = v.word(k);
    if ((w === 'z' || w === 'zone') && v.isNum(k + 1)) {
      this.ctx.use(i, k);
      return this.zone(k, k + 1, true);
    }
    if (v.isNum(k)) {
      const qn = readQuantity(v, k, this.ctx.sport);
      if (qn.kind === 'bare' || qn.kind === 'bpm') {
        const bpm: Quantity = { ...qn, kind: 'bpm' };
        if (inRange(bpm)) {
          this.ctx.use(i, qn.next);
          this.bpmTarget(this.draft(), qn.lo, qn.hi);
          return qn.next;
        }
      }
    }
    return end;
  }

  private rpeWord(i: number, end: number): number {
    const { v } = this;
    let k = end;
    if (v.punct(k) === ':' || v.punct(k) === '@') k++;
    if (!v.isNum(k)) return end;
    const lo = v.value(k);
    let hi = lo;
    let next = k + 1;
    if ((v.punct(next) === '-' || v.word(next) === 'to') && v.isNum(next + 1)) {
      hi = v.value(next + 1);
      next += 2;
    }
    if (v.punct(next) === '/' && v.isNum(next + 1) && v.value(next + 1) === 10) next += 2;
    if (!(lo >= 0 && hi <= 10)) {
      this.ctx.flag(i, next, OUT_OF_RANGE);
      return next;
    }
    this.ctx.use(i, next);
    this.rpe((lo + hi) / 2);
    return next;
  }

  /** "… x5": repeats what this segment has so far; "x5 3min" at the start works like "5x 3min". */
  private suffixRepeat(i: number): number {
    const { ctx, v } = this;
    const count = v.value(i + 1);
    const next = i + 2;
    if (!Number.isInteger(count) || count < 1 || count > 1000) {
      ctx.flag(i, next, OUT_OF_RANGE);
      return next;
    }
    this.emit();
    const list = this.container;
    if (list.length === 0) {
      this.startRepeat(count, i, next, false);
      return next;
    }
    ctx.use(i, next);
    const capped = Math.min(count, MAX_REPEAT);
    if (count > MAX_REPEAT) ctx.flag(i, next, `Repeat count capped at ${MAX_REPEAT}`);
    const last = list[list.length - 1]!;
    if (list.length === 1 && last.kind === 'repeat' && last.count === 1) {
      last.count = capped;
      last.countFrom = i;
      last.countTo = next;
      return next;
    }
    const rep: RepeatItem = {
      kind: 'repeat',
      count: capped,
      body: list.splice(0, list.length),
      paren: false,
      colon: false,
      countFrom: i,
      countTo: next,
      suffix: true,
    };
    list.push(rep);
    this.lastGroup = null;
    return next;
  }

  private punct(i: number): number {
    const { ctx } = this;
    const t = ctx.toks[i]!;
    switch (t.text) {
      case '(':
      case '[':
      case '{':
        if (ctx.match[i]! > i) {
          // Words or targets in brackets after a step ("100m @ threshold (CSS)", "at sweet spot (88-94% FTP)")
          // are a note on it, not a group.
          if (this.cur?.hasQuantity && !this.stepWithin(i + 1, ctx.match[i]!)) {
            ctx.use(i, i + 1);
            ctx.use(ctx.match[i]!, ctx.match[i]! + 1);
            return i + 1;
          }
          return this.group(i, null);
        }
        return i + 1;
      case '@':
        ctx.use(i, i + 1);
        this.afterAt = true;
        return i + 1;
      case ':':
        ctx.use(i, i + 1);
        if (this.curRepeat && this.curRepeat.body.length === 0 && !this.cur?.hasQuantity)
          this.curRepeat.colon = true;
        return i + 1;
      case '/':
        // "3min on/2min off": the next step of the same repetition.
        if (this.v.isNum(i + 1) || this.v.isClock(i + 1)) {
          ctx.use(i, i + 1);
          this.emit();
        }
        return i + 1;
      case '.':
      case '!':
      case '~':
      case '&':
      case '*':
      case '-':
        // Joiners and bullets ("push-ups", "- 3min").
        ctx.use(i, i + 1);
        return i + 1;
      default:
        return i + 1;
    }
  }

  private end(): void {
    const { ctx } = this;
    const d = this.cur;
    if (d) {
      if (d.hasQuantity) this.emit();
      else if (hasModifiers(d)) {
        const group = this.lastGroup;
        if (group?.ladder && isRestOnly(d) && this.container[this.container.length - 1] === group) {
          d.hasQuantity = true;
          addLadderRest(group, { kind: 'step', d });
        } else if (group && this.res.items[this.res.items.length - 1] === group) {
          applyToWork(group.body, d);
        } else if (
          this.res.items.length === 0 &&
          !d.restHard &&
          !d.recovery &&
          d.softZone === undefined &&
          !d.strides
        ) {
          this.res.mods = d;
        } else if (d.strides && d.stridesPlural && this.container === this.res.items && !this.curRepeat) {
          // "easy + strides": strides with no count or duration are the usual set.
          d.hasQuantity = true;
          this.res.items.push({
            kind: 'repeat',
            count: DEFAULT_STRIDES_COUNT,
            body: [{ kind: 'step', d }],
            paren: false,
            colon: false,
            countFrom: this.from,
            countTo: this.to,
          });
          this.steps++;
        } else {
          // "4x strides", "rest": a step with the default duration.
          d.hasQuantity = true;
          d.untimed = true;
          this.emit();
        }
      }
      this.cur = null;
    }
    const part = this.part;
    if (part) {
      const own = partBefore(part, this.res.items, ctx);
      if (own) this.res.items.unshift(own);
      else if (this.res.items.length > 0) applyToWork(this.res.items, part);
      else if (this.res.mods) applyToWork([{ kind: 'step', d: this.res.mods }], part);
      else this.res.mods = part;
    }
    if (this.steps === 0 && this.res.items.length === 0) for (const g of this.guessed) ctx.unuse(g, g + 1);
    const rep = this.curRepeat;
    if (rep && !rep.paren && (rep.colon || rep.body.length === 0)) this.res.open = rep;
  }
}

/** Whether the steps of a bracket add up to the step written before it (in meters or seconds). */
function sameTotal(d: StepDraft, body: readonly Item[]): boolean {
  let meters = 0;
  let seconds = 0;
  for (const item of body) {
    if (item.kind !== 'step') return false;
    meters += item.d.meters ?? 0;
    seconds += item.d.seconds ?? 0;
  }
  const close = (a: number, b: number) => Math.abs(a - b) < 0.5;
  return d.meters !== undefined
    ? close(d.meters, meters)
    : d.seconds !== undefined && close(d.seconds, seconds);
}

/** Zones 1-5; 6 and 7 (seven-zone models) count as 5. */
function validZone(z: number): boolean {
  return Number.isInteger(z) && z >= 1 && z <= 7;
}

/** Gives the words around a bracket to its work steps that have no intensity of their own; returns how
 * many work steps there were. */
function applyToWork(items: Item[], mods: StepDraft): number {
  let applied = 0;
  for (const item of items) {
    if (item.kind === 'repeat') {
      applied += applyToWork(item.body, mods);
      continue;
    }
    const d = item.d;
    if (isRestOnly(d) || d.restHard || d.recovery) continue;
    applied++;
    if (d.zoneExplicit === undefined && mods.zoneExplicit !== undefined) {
      d.zoneExplicit = mods.zoneExplicit;
      d.whyExplicit = mods.whyExplicit;
      if (mods.zoneLow !== undefined) d.zoneLow = mods.zoneLow;
      if (mods.zoneHigh !== undefined) d.zoneHigh = mods.zoneHigh;
    }
    if (d.zoneTarget === undefined && mods.zoneTarget !== undefined) {
      d.zoneTarget = mods.zoneTarget;
      d.targetAssumed = mods.targetAssumed;
      d.whyTarget = mods.whyTarget;
    }
    if (d.zoneName === undefined && mods.zoneName !== undefined) {
      d.zoneName = mods.zoneName;
      d.whyName = mods.whyName;
    }
    d.hrZone ||= mods.hrZone;
    d.paceZone ||= mods.paceZone;
    d.powerZone ||= mods.powerZone;
    d.strides ||= mods.strides;
    d.targets = { ...mods.targets, ...d.targets };
    if (d.names.length === 0) d.names = [...mods.names];
  }
  return applied;
}
