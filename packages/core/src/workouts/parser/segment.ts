// One segment (the text between separators) becomes steps and repeats. A duration, distance or rep count
// opens a step; words and targets around it describe that step; "5x" repeats what follows in the segment,
// "3x(…)" repeats the bracket, "… x5" repeats what came before. Segments are split and grouped here too.
import type { ParseContext } from './context.ts';
import { zoneFromIntensityPercent, zoneFromLthrPercent, zoneFromThresholdPercent } from './intensity.ts';
import type { Item, RepeatItem } from './items.ts';
import { partMarker } from './parts.ts';
import { inRange, type Quantity, readQuantity } from './quantities.ts';
import * as list from './segment-list.ts';
import {
  addName,
  bpmTarget,
  heartRate,
  named,
  num,
  OUT_OF_RANGE,
  paceTarget,
  sendOff,
  tableZone,
  targetZone,
} from './segment-targets.ts';
import { SegmentWords } from './segment-words.ts';
import { hasModifiers, isSetRest, newDraft, pairSuffix, stretchPart } from './steps.ts';

/** Parses a list of segments that belong together (a bracket, a repeat's lines). */
export function parseList(ctx: ParseContext, segs: readonly list.Range[]): Item[] {
  const items: Item[] = [];
  let attachTo: RepeatItem | null = null;
  let pending: list.PendingModifiers | null = null;
  for (let s = 0; s < segs.length; s++) {
    const [from, to, slash] = segs[s]!;
    const r = parseSegment(ctx, from, to, false);
    if (slash && list.joinSlashed(items[items.length - 1], r)) continue;
    if (r.mods) {
      if (!list.addModifiers(items[items.length - 1], r.mods)) pending ??= { mods: r.mods, from, to };
      attachTo = list.attachable(items[items.length - 1]);
      continue;
    }
    if (list.givePending(ctx, pending, r.items)) pending = null;
    if (list.joinedByPlus(ctx, from)) stretchPart(items[items.length - 1], r.items);
    if (list.carvePart(items[items.length - 1], r)) {
      attachTo = null;
      continue;
    }
    if (pairSuffix(items[items.length - 1], r.items, ctx)) items.pop();
    if (attachTo && r.items.length === 1 && !r.open) {
      const only = r.items[0]!;
      if (only.kind === 'step' && isSetRest(attachTo, only.d, ctx)) {
        list.attachRest(attachTo, only);
        attachTo = null;
        continue;
      }
    }
    if (r.open) {
      const rest = segs.slice(s + 1);
      if (rest.length) r.open.body.push(...parseList(ctx, rest));
      list.closeEmptyRepeat(ctx, r.items, r.open);
      items.push(...r.items);
      break;
    }
    items.push(...r.items);
    attachTo = list.attachable(items[items.length - 1]);
  }
  if (pending) ctx.flag(pending.from, pending.to, list.DESCRIBES_NOTHING);
  return items;
}

export function parseSegment(ctx: ParseContext, from: number, to: number, top: boolean): list.SegmentResult {
  return new SegmentParser(ctx, from, to, top).run();
}

class SegmentParser extends SegmentWords {
  run(): list.SegmentResult {
    const { ctx, to } = this;
    let i = this.from;
    if (this.top) i = this.header(i);
    const marker = partMarker(this.v, i);
    if (marker) {
      ctx.use(i, i + marker.length);
      this.res.part = {
        position: marker.position,
        plainWith: marker.plainWith,
        from: i,
        to: i + marker.length,
      };
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

  /** Parses the bracket at i into `rep` (or a new single pass) and returns the index after it. */
  private group(i: number, rep: RepeatItem | null): number {
    const { ctx } = this;
    const close = ctx.match[i]!;
    ctx.use(i, i + 1);
    ctx.use(close, close + 1);
    const inner = list.splitSegments(ctx, i + 1, close);
    const body = parseList(ctx, inner);
    if (body.length === 0) {
      // "()" or a bracket of nothing understood: report the brackets, repeat nothing.
      ctx.unuse(i, i + 1);
      ctx.unuse(close, close + 1);
      if (rep) list.closeEmptyRepeat(ctx, this.res.items, rep);
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
      if (cur?.hasQuantity && !hasModifiers(cur) && list.sameTotal(cur, body)) this.cur = null;
      this.emit();
      target = { kind: 'repeat', count: 1, body, paren: true, colon: false, countFrom: i, countTo: i + 1 };
      this.container.push(target);
    }
    // Words before the bracket ("Tempo 3x(…)") describe its steps.
    if (this.cur && !this.cur.hasQuantity) {
      list.applyToWork(target.body, this.cur);
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
          if (ctx.sport === 'run') paceTarget(this.ctx, cur, true, (mid * 1000) / cur.meters);
          else if (ctx.sport === 'swim') paceTarget(this.ctx, cur, false, (mid * 100) / cur.meters);
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
          named(this.ctx, this.cur, km <= 5.5 ? 5 : km <= 22 ? 4 : 3, i, next);
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
          tableZone(d, mid, t.zones.power, false, ' W', 'power zones');
          return next;
        }
        const pct = (mid / t.ftpWatts) * 100;
        targetZone(
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
        targetZone(
          d,
          ofThreshold ? zoneFromThresholdPercent(mid) : zoneFromIntensityPercent(mid),
          ofThreshold && !t.known.ftp,
          () => `${num(mid)}% ${what}`,
        );
        return next;
      }
      case 'pctMaxHr': {
        const d = this.draft();
        if (t.known.maxHr) heartRate(d, (qn.lo * t.maxHr) / 100, (qn.hi * t.maxHr) / 100);
        targetZone(d, zoneFromIntensityPercent(mid), false, () => `${num(mid)}% max HR`);
        return next;
      }
      case 'pctLthr': {
        const d = this.draft();
        if (t.known.lthr || t.known.maxHr) heartRate(d, (qn.lo * t.lthr) / 100, (qn.hi * t.lthr) / 100);
        targetZone(d, zoneFromLthrPercent(mid), false, () => `${num(mid)}% LTHR`);
        return next;
      }
      case 'bpm': {
        const d = this.draft();
        bpmTarget(this.ctx, d, qn.lo, qn.hi);
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
        paceTarget(this.ctx, this.draft(), true, mid);
        return next;
      case 'pacePer100m':
        paceTarget(this.ctx, this.draft(), false, mid);
        return next;
      case 'namedPace':
        named(this.ctx, this.draft(), qn.zone ?? 3, i, next);
        addName(this.ctx, this.draft(), i, next);
        return next;
      case 'load':
        addName(this.ctx, this.draft(), i, next);
        return next;
      default:
        return next;
    }
  }

  /** A number without a unit. */
  /** The distance or duration of the whole a part is carved from: the last one on its line before the part. */
  private wholeBefore(): Quantity | null {
    const { ctx, v } = this;
    for (let k = this.from - 1; k >= 0 && ctx.toks[k]!.kind !== 'nl'; k--) {
      if (!v.isNum(k)) continue;
      const q = readQuantity(v, k, ctx.sport);
      if ((q.kind === 'distance' || q.kind === 'duration') && q.next <= this.from) return q;
    }
    return null;
  }

  private bare(i: number, qn: Quantity, afterAt: boolean, afterRepeat: boolean): number {
    const { ctx, v } = this;
    const next = qn.next;
    const mid = (qn.lo + qn.hi) / 2;
    const sport = ctx.sport;
    if (!Number.isFinite(mid) || mid <= 0) return next;
    // "18 miles with the last 6 @ MP", "2h w/ last 30 at MP": a part's bare number takes its whole's unit,
    // minutes for a whole in time (docs/workout-parser.md, "A part of a whole").
    const whole =
      this.res.part && !afterAt && !afterRepeat && !this.cur?.hasQuantity ? this.wholeBefore() : null;
    if (whole) {
      ctx.use(i, next);
      const d = this.stepForQuantity();
      if (whole.kind === 'distance') d.meters = mid * (whole.unitMeters ?? 1);
      else d.seconds = mid * 60;
      return next;
    }
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
    if (this.cur && hasModifiers(this.cur)) list.applyToWork(body, this.cur);
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
        sendOff(this.ctx, cur, mid);
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
      paceTarget(this.ctx, this.draft(), perKm, pace);
      return next;
    }
    const d = this.stepForQuantity();
    d.seconds = mid;
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
}
