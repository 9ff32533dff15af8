// The words of a segment (segment.ts): intensity words and zones ("Z4", "tempo", "HR zone 2", "RPE 7"), a
// repeat written after what it repeats ("… x5"), names, and words that say what a step is.
import type { Zone } from '../types.ts';
import type { RepeatItem } from './items.ts';
import { inRange, type Quantity, readQuantity } from './quantities.ts';
import { SegmentBase } from './segment-base.ts';
import { validZone } from './segment-list.ts';
import { addName, bpmTarget, named, OUT_OF_RANGE, sendOff, written } from './segment-targets.ts';
import { MAX_REPEAT } from './steps.ts';

export abstract class SegmentWords extends SegmentBase {
  protected word(i: number, afterRepeat: boolean): number {
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
    // "5min easy between", "2min jog in between", "90s rest between reps": the rest between a set's repetitions,
    // whatever their zone (docs/workout-parser.md, "Sets"). Not "between 250 and 270w", a range.
    if ((w === 'between' || w === 'inbetween') && !v.isNum(i + 1)) {
      ctx.use(i, i + 1);
      this.draft().between = true;
      return i + 1;
    }
    // Zones: "Z3", "zone 3", "Z3-Z4", "Z2 HR".
    if ((w === 'z' || w === 'zone' || w === 'zones' || w === 'hrz') && v.isNum(i + 1))
      return this.zone(i, i + 1, w === 'hrz');
    if (w === 'vo' && v.isNum(i + 1) && v.value(i + 1) === 2 && v.tight(i + 1)) {
      const end = v.word(i + 2) === 'max' ? i + 3 : i + 2;
      ctx.use(i, end);
      const d = this.draft();
      named(this.ctx, d, 5, i, end);
      addName(this.ctx, d, i, end);
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
        sendOff(this.ctx, this.draft(), seconds);
        return i + 2;
      }
    }
    const m = ctx.phrase(i, to);
    if (!m) {
      if (ctx.sport === 'strength') {
        // An exercise name.
        ctx.use(i, i + 1);
        this.guessed.push(i);
        addName(this.ctx, this.draft(), i, i + 1);
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
        named(this.ctx, d, meaning.zone, i, end);
        addName(this.ctx, d, i, end);
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
        d.whyRest ??= written(this.ctx, i, end);
        if (meaning.t !== 'ri') addName(this.ctx, this.draft(), i, end);
        ctx.use(end, k);
        return k;
      }
      case 'soft': {
        const d = this.draft();
        d.softZone = Math.max(d.softZone ?? 0, meaning.zone);
        d.whySoft ??= written(this.ctx, i, end);
        addName(this.ctx, this.draft(), i, end);
        return end;
      }
      case 'sport':
        this.draft().sportNoun = true;
        addName(this.ctx, this.draft(), i, end);
        return end;
      case 'strides':
        this.draft().strides = true;
        if (written(this.ctx, i, end).toLowerCase().endsWith('s')) this.draft().stridesPlural = true;
        addName(this.ctx, this.draft(), i, end);
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
        addName(this.ctx, d, i, end);
        // "ramp 50-75% FTP" written after the range: the range becomes the ramp.
        const { targets } = d;
        if (targets.power_percent_ftp_max !== undefined && targets.ramp_to_percent_ftp === undefined) {
          targets.ramp_to_percent_ftp = targets.power_percent_ftp_max;
          delete targets.power_percent_ftp_max;
        }
        return end;
      }
      case 'neutral':
        if (meaning.name) addName(this.ctx, this.draft(), i, end);
        return end;
      default:
        return end;
    }
  }

  /** Zone at `numAt`: "Z3", "Z3-Z4", "zone 3-4", followed perhaps by "HR". */
  protected zone(i: number, numAt: number, hr: boolean): number {
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
      d.whyExplicit = written(this.ctx, i, k);
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

  protected heartRateWord(i: number, end: number): number {
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
          bpmTarget(this.ctx, this.draft(), qn.lo, qn.hi);
          return qn.next;
        }
      }
    }
    return end;
  }

  protected rpeWord(i: number, end: number): number {
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
  protected suffixRepeat(i: number): number {
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
}
