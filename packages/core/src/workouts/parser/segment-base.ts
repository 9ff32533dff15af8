// The state of reading one segment (segment.ts) and the steps it builds: the step being written, the repeat it
// belongs to, and how a step or repeat is closed and put in its place.
import { roundTo } from '../../numbers.ts';
import type { ParseContext } from './context.ts';
import { zoneFromRpe } from './intensity.ts';
import type { Item, RepeatItem, StepDraft, StepItem } from './items.ts';
import { readQuantity, type TokenView } from './quantities.ts';
import { applyToWork, type SegmentResult } from './segment-list.ts';
import { num, targetZone } from './segment-targets.ts';
import {
  addLadderRest,
  DEFAULT_STRIDES_COUNT,
  hasModifiers,
  isRestOnly,
  isSessionPart,
  MAX_REPEAT,
  newDraft,
  partBefore,
} from './steps.ts';

export abstract class SegmentBase {
  protected readonly v: TokenView;
  protected readonly res: SegmentResult = { items: [], headerOnly: false };
  protected container: Item[];
  protected curRepeat: RepeatItem | null = null;
  protected cur: StepDraft | null = null;
  /** The bracket group just closed, which trailing words describe ("3x(…) @ Z4"). */
  protected lastGroup: RepeatItem | null = null;
  /** The previous token was a repeat count: a bare number now takes the sport's default unit. */
  protected afterRepeat = false;
  /** The previous token was "@" or "at". */
  protected afterAt = false;
  protected steps = 0;
  /** Words before "with" that may be a part of their own ("easy run with strides"). */
  protected part: StepDraft | null = null;
  /** Strength: unknown words taken as the exercise name, given back if the segment has no step. */
  protected readonly guessed: number[] = [];

  constructor(
    protected readonly ctx: ParseContext,
    protected readonly from: number,
    protected readonly to: number,
    protected readonly top: boolean,
  ) {
    this.v = ctx.view(to);
    this.container = this.res.items;
  }

  protected header(i: number): number {
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

  protected draft(): StepDraft {
    if (!this.cur) this.cur = newDraft();
    return this.cur;
  }

  protected emit(): void {
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
  protected stepForQuantity(): StepDraft {
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

  protected startRepeat(count: number, from: number, to: number, colon: boolean): RepeatItem {
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
  protected stepWithin(from: number, to: number): boolean {
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

  protected rpe(value: number): void {
    const d = this.draft();
    d.targets.rpe ??= roundTo(value, 1);
    targetZone(d, zoneFromRpe(value), false, () => `RPE ${num(value)}`);
  }

  /**
   * "w/", "with": what follows is the next step of the same repetition ("w/ 90s jog", "with equal recovery"),
   * unless it is only a description of this one ("w/ paddles", "with high cadence").
   */
  protected withNext(from: number): void {
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
  protected stepAhead(from: number): boolean {
    const { ctx, to } = this;
    for (let k = from; k < to; k++) {
      const t = ctx.toks[k]!;
      if (t.kind === 'num' || t.kind === 'clock') return true;
      if (t.kind === 'word' && ctx.phrase(k, to)?.meaning.t === 'strides') return true;
    }
    return false;
  }

  protected end(): void {
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
