// The whole text: lines (with bullets, indentation and blank lines), repeats whose steps are on the lines
// below ("Main set 4x"), phases (which header covers which steps), and the expansion into the canonical
// list where every repetition and every rest is its own step.
import type { Interval, IntervalTargets, Phase, Zone } from '../types.ts';
import { Assumption, type ParseContext } from './context.ts';
import { distanceToSeconds } from './intensity.ts';
import type { Item, StepDraft, StepItem, WholePart } from './items.ts';
import { carveWhole, PART_LONGER_THAN_WHOLE, riseThrough } from './parts.ts';
import { parseList, parseSegment } from './segment.ts';
import {
  addModifiers,
  attachable,
  attachRest,
  carvePart,
  closeEmptyRepeat,
  DESCRIBES_NOTHING,
  givePending,
  joinedByPlus,
  joinSlashed,
  type PendingModifiers,
  type Range,
  type SegmentResult,
  splitSegments,
} from './segment-list.ts';
import { finalize, isProgression, isSetRest, pairSuffix, stretchPart } from './steps.ts';

/** Upper bound on expanded steps; larger repeats are cut short and reported. */
const MAX_STEPS = 5000;

interface Line {
  from: number;
  to: number;
  /** Characters before the first token. */
  indent: number;
  bullet: boolean;
  /** An empty line came before this one. */
  blankBefore: boolean;
}

interface Entry {
  items: Item[];
  phase: Phase | undefined;
  phaseKind: 'start' | 'label' | undefined;
  headerOnly: boolean;
  blankBefore: boolean;
}

/** Splits the tokens into lines; a bracket spanning several lines keeps them together. */
function splitLines(ctx: ParseContext): Line[] {
  const toks = ctx.toks;
  const lines: Line[] = [];
  let from = 0;
  let newlines = 0;
  for (let i = 0; i <= toks.length; i++) {
    const t = toks[i];
    if (t && t.kind === 'punct' && ctx.match[i]! > i) {
      i = ctx.match[i]!;
      continue;
    }
    if (t && t.kind !== 'nl') continue;
    if (i > from) {
      const line = makeLine(ctx, from, i, newlines >= 2 && lines.length > 0);
      if (line) lines.push(line);
      newlines = 0;
    }
    if (t) {
      ctx.use(i, i + 1);
      newlines++;
    }
    from = i + 1;
  }
  return lines;
}

/** A line from its tokens: its bullet ("-", "*", "•", "1.", "2)") is taken off and remembered. */
function makeLine(ctx: ParseContext, from: number, to: number, blankBefore: boolean): Line | null {
  const { toks, text } = ctx;
  const t = toks[from]!;
  let first = from;
  let bullet = false;
  if (t.kind === 'punct' && (t.text === '-' || t.text === '*' || t.text === '>')) {
    bullet = true;
    ctx.use(first, first + 1);
    first++;
  } else if (
    t.kind === 'num' &&
    first + 2 < to &&
    toks[first + 1]!.kind === 'punct' &&
    (toks[first + 1]!.text === '.' || toks[first + 1]!.text === ')') &&
    !toks[first + 1]!.space &&
    ctx.match[first + 1] === -1 &&
    toks[first + 2]!.space
  ) {
    bullet = true;
    ctx.use(first, first + 2);
    first += 2;
  }
  if (first >= to) return null;
  let indent = 0;
  for (let c = t.start - 1; c >= 0; c--) {
    const code = text.charCodeAt(c);
    if (code === 10 || code === 13 || code === 0x2028 || code === 0x2029) break;
    indent++;
  }
  return { from: first, to, indent, bullet, blankBefore };
}

/**
 * A title at the start of a line: a few words and a colon ("Over-unders:", "Tempo Tuesday:") before a
 * list of steps, or alone on its line. Returns the index after the colon, or -1.
 */
function titleEnd(ctx: ParseContext, line: Line): number {
  const toks = ctx.toks;
  const first = toks[line.from]!;
  if (first.kind !== 'word' || ctx.phrase(line.from, line.to)?.meaning.t === 'phase') return -1;
  let words = 0;
  for (let i = line.from; i < line.to && words <= 6; i++) {
    const t = toks[i]!;
    if (t.kind === 'word') {
      if (t.text === 'x') return -1;
      words++;
      continue;
    }
    if (t.kind !== 'punct') return -1;
    if (t.text === ':') {
      ctx.use(line.from, i + 1);
      return i + 1;
    }
    if (t.text !== '-' && t.text !== '&' && t.text !== "'") return -1;
  }
  return -1;
}

function startsWithHeader(ctx: ParseContext, line: Line): boolean {
  return ctx.phrase(line.from, line.to)?.meaning.t === 'phase';
}

/** The lines that form the body of a repeat header on line `at`: indented or bulleted lines, or else the
 * lines up to a blank line or the next header. */
function blockLines(ctx: ParseContext, lines: Line[], at: number, indentedOnly: boolean): number {
  const head = lines[at]!;
  let j = at + 1;
  const first = lines[j];
  if (!first || first.blankBefore || startsWithHeader(ctx, first)) return j;
  const nested = (l: Line) => l.indent > head.indent || (l.bullet && !head.bullet);
  if (nested(first)) {
    while (
      j < lines.length &&
      nested(lines[j]!) &&
      !lines[j]!.blankBefore &&
      !startsWithHeader(ctx, lines[j]!)
    )
      j++;
    return j;
  }
  if (indentedOnly) return j;
  while (j < lines.length && !lines[j]!.blankBefore && !startsWithHeader(ctx, lines[j]!)) j++;
  return j;
}

function entryOf(r: SegmentResult, blankBefore: boolean): Entry {
  return { items: r.items, phase: r.phase, phaseKind: r.phaseKind, headerOnly: r.headerOnly, blankBefore };
}

function parseEntries(ctx: ParseContext): Entry[] {
  const lines = splitLines(ctx);
  const entries: Entry[] = [];
  let pending: PendingModifiers | null = null;
  for (let li = 0; li < lines.length; li++) {
    const line = lines[li]!;
    const title = titleEnd(ctx, line);
    const segs = splitSegments(ctx, title < 0 ? line.from : title, line.to);
    if (title >= 0 && segs.length === 1) {
      // "Tempo: 20min @ 4:30/km": with a single step, the label describes it.
      ctx.unuse(line.from, title);
      segs[0] = [line.from, segs[0]![1], false];
    }
    for (let s = 0; s < segs.length; s++) {
      const [from, to, slash] = segs[s]!;
      const r = parseSegment(ctx, from, to, true);
      const blankBefore = s === 0 && line.blankBefore;
      const prev = entries[entries.length - 1];
      if (slash && prev && joinSlashed(prev.items[prev.items.length - 1], r)) continue;
      if (r.mods) {
        if (prev && !r.phase && prev.items.length > 0) {
          addModifiers(prev.items[prev.items.length - 1], r.mods);
          continue;
        }
        // Nothing before it in its phase: it describes the next step, if one comes.
        pending ??= { mods: r.mods, from, to };
      } else if (givePending(ctx, pending, r.items)) pending = null;
      if (prev && !r.phase && carvePart(prev.items[prev.items.length - 1], r)) continue;
      if (s > 0 && prev && !r.phase && joinedByPlus(ctx, from))
        stretchPart(prev.items[prev.items.length - 1], r.items);
      if (s > 0 && prev && !r.phase && pairSuffix(prev.items[prev.items.length - 1], r.items, ctx))
        prev.items.pop();
      entries.push(entryOf(r, blankBefore));
      const open = r.open;
      if (!open) continue;
      // The repeat's body: the rest of the line, or else the lines below.
      const rest = segs.slice(s + 1);
      if (rest.length) open.body.push(...parseList(ctx, rest));
      else {
        const end = blockLines(ctx, lines, li, open.body.length > 0);
        const body: Range[] = [];
        for (let b = li + 1; b < end; b++) body.push(...splitSegments(ctx, lines[b]!.from, lines[b]!.to));
        if (body.length) open.body.push(...parseList(ctx, body));
        li = end - 1;
      }
      closeEmptyRepeat(ctx, r.items, open);
      break;
    }
  }
  if (pending) ctx.flag(pending.from, pending.to, DESCRIBES_NOTHING);
  // "5x 3min Z4, 2min rest" (or the rest on the next line): the rest belongs to each repetition.
  for (let k = 1; k < entries.length; k++) {
    const e = entries[k]!;
    const prev = entries[k - 1]!;
    const only = e.items[0];
    if (e.phase || e.items.length !== 1 || only?.kind !== 'step') continue;
    const target = attachable(prev.items[prev.items.length - 1]);
    if (!target || !isSetRest(target, only.d, ctx)) continue;
    attachRest(target, only);
    e.items = [];
  }
  return entries;
}

/**
 * Which phase each entry is in. A header starts a phase that lasts until the next header, except a warm-up
 * header written inline ("Warmup: 15min easy, 5x 3min …") with no Main header anywhere after it: then only
 * its own segment is warm-up. A warm-up header alone on its line lasts until a blank line or a header.
 * "10min warm up" (a label inside a segment) is warm-up for that segment; "10min cooldown" starts the
 * cool-down. Anything before any header is main.
 */
function assignPhases(entries: Entry[]): Phase[] {
  const laterMain: boolean[] = new Array(entries.length).fill(false);
  for (let k = entries.length - 2; k >= 0; k--)
    laterMain[k] = laterMain[k + 1]! || entries[k + 1]!.phase === 'main';
  const phases: Phase[] = [];
  let phase: Phase = 'main';
  let blockWarmup = false;
  for (let k = 0; k < entries.length; k++) {
    const e = entries[k]!;
    if (e.blankBefore && blockWarmup) {
      phase = 'main';
      blockWarmup = false;
    }
    if (e.phase === 'warmup') {
      blockWarmup = false;
      if (laterMain[k]) phase = 'warmup';
      else if (e.headerOnly) {
        phase = 'warmup';
        blockWarmup = true;
      } else {
        phases.push('warmup');
        if (e.phaseKind === 'start') phase = 'main';
        continue;
      }
    } else if (e.phase) {
      phase = e.phase;
      blockWarmup = false;
    }
    phases.push(phase);
  }
  return phases;
}

/** Each expanded step gets its own targets object (callers may edit one step). */
function copyTargets(t: IntervalTargets): IntervalTargets {
  const copy: IntervalTargets = {};
  for (const key in t) {
    const k = key as keyof IntervalTargets;
    copy[k] = t[k];
  }
  return copy;
}

class Expander {
  readonly out: Interval[] = [];
  /** Items visited; bounds the work even for repeats of repeats that add few steps. */
  private visits = 0;
  constructor(private readonly ctx: ParseContext) {}

  add(items: readonly Item[], phase: Phase, inRepeat: boolean): boolean {
    for (const item of items) {
      if (++this.visits > MAX_STEPS * 4) return false;
      if (item.kind === 'step') {
        if (this.out.length >= MAX_STEPS) return false;
        const step = this.step(item.d, phase, inRepeat);
        if (item.d.parts?.length) {
          if (!this.addWhole(step, item.d.parts, phase, inRepeat)) return false;
          continue;
        }
        if (!inRepeat && phase === 'main' && !step.isRest && this.rises(item.d)) {
          this.out.push(...this.progression(item.d, step));
          if (this.out.length > MAX_STEPS) return false;
          continue;
        }
        this.out.push(step);
        continue;
      }
      for (let r = 0; r < item.count; r++) {
        // A rest written "between" the repetitions is not done after the last one.
        const body = item.restBetween && r === item.count - 1 ? item.body.slice(0, -1) : item.body;
        if (!this.add(body, phase, true)) {
          this.ctx.flag(item.countFrom, item.countTo, `Too many steps: stopped at ${MAX_STEPS}`);
          return false;
        }
      }
    }
    return true;
  }

  /** A step with parts written inside it: the parts carved out of it (parts.ts), or after it when longer. */
  private addWhole(whole: Interval, parts: readonly WholePart[], phase: Phase, inRepeat: boolean): boolean {
    const expanded: { position: WholePart['position']; steps: Interval[] }[] = [];
    for (const part of parts) {
      const from = this.out.length;
      if (!this.add(part.items, phase, inRepeat)) return false;
      expanded.push({ position: part.position, steps: this.out.splice(from) });
    }
    const carved = carveWhole(whole, expanded);
    if (carved) this.out.push(...carved);
    else {
      // Parts as long as their whole or longer: kept one after another as written, and reported.
      this.out.push(whole, ...expanded.flatMap((p) => p.steps));
      for (const part of parts) this.ctx.flag(part.from, part.to, PART_LONGER_THAN_WHOLE);
    }
    return this.out.length <= MAX_STEPS;
  }

  private rises(d: StepDraft): boolean {
    return (this.ctx.sport === 'run' || this.ctx.sport === 'bike') && isProgression(d);
  }

  /**
   * A progression run or ride, from zone 2 (or the low end of a written range, "Z2-Z4") up to the highest zone
   * named for it (docs/workout-parser.md, "Progressions"). With nothing higher named it finishes one zone up,
   * an assumed zone.
   */
  private progression(d: StepDraft, whole: Interval): Interval[] {
    const { ctx } = this;
    const start = (d.zoneLow ?? 2) as Zone;
    let finish = Math.min(5, Math.max(d.zoneHigh ?? whole.zone, d.progressionTop ?? 0));
    if (finish <= start) {
      finish = Math.min(5, start + 1);
      ctx.assume(Assumption.zone);
    }
    const pace = { perKm: whole.targets.pace_per_km_seconds };
    return riseThrough(whole, start, finish as Zone, (metres, zone) => {
      const timed = distanceToSeconds(metres, zone, ctx.sport, ctx.thresholds, zone === finish ? pace : {});
      if (timed.assumed) ctx.assume(Assumption.distanceTime);
      return timed.seconds;
    });
  }

  private step(d: StepDraft, phase: Phase, inRepeat: boolean): Interval {
    const t = finalize(d, inRepeat, this.ctx);
    const step: Interval = {
      name: t.name,
      duration_seconds: t.duration_seconds,
      repetitions: 1,
      rest_duration_seconds: 0,
      zone: t.zone,
      targets: copyTargets(t.targets),
      isRest: t.isRest,
      phase,
    };
    if (t.distance_meters !== undefined) step.distance_meters = t.distance_meters;
    // Shared by the repetitions of a step: it is replaced, never edited (markRest).
    if (t.zone_source) step.zone_source = t.zone_source;
    return step;
  }
}

/** Names that make a step easier by what it is (docs/workout-parser.md, "What it reads"). */
const RECOVERY_NAME =
  /\b(jog|jogs|jogging|easy|easier|float|floats|floating|spin|spinning|walk|walking|rest|recover|recovery)\b/i;

/**
 * Whether `step` is the recovery of `work`: clearly easier, by zone (1-2 against 4-5) or by the words written
 * for it (jog, easy, float …) and a lower zone. The interval's name is not used: without words it is the
 * zone's own name ("Recovery" for zone 1), which says nothing about what the athlete wrote.
 */
function recoveryOf(step: Interval, written: readonly string[], work: Interval): boolean {
  if (step.isRest || work.isRest) return false;
  // "200 free, 100 kick, 50 sprint": a step described but given no intensity is work of its own.
  const words = written.join(' ');
  if (step.zone_source?.kind === 'default' && words && !RECOVERY_NAME.test(words)) return false;
  return (work.zone >= 4 && step.zone <= 2) || (step.zone < work.zone && RECOVERY_NAME.test(words));
}

function markRest(step: Interval): void {
  step.isRest = true;
  step.zone = 1;
  step.zone_source = { kind: 'recovery', why: 'easier than the harder step beside it: its recovery' };
}

/**
 * Recoveries inside sets: in a repeat, a step next to a clearly harder one (the repetition wraps around, so
 * the last step is next to the first) is its recovery; in a written-out sequence of one phase
 * ("2min hard, 2min jog, 4min hard"), a step between two clearly harder ones is. A nested repeat next to a
 * step counts as its hardest work step ("2x (3x (1min Z5, 1min rest), 3min easy)": the 3 min are the set
 * rest). Marked rest, they count neither as work intervals nor toward the session's main zone.
 */
function markRecoveries(ctx: ParseContext, entries: readonly Entry[], phases: readonly Phase[]): void {
  const step = (item: Item, inRepeat: boolean) =>
    item.kind === 'step' ? finalize(item.d, inRepeat, ctx) : null;
  /** A step written as work ("3min Z2 on") is never a recovery. */
  const candidate = (item: Item, inRepeat: boolean) =>
    item.kind === 'step' && !item.d.work ? finalize(item.d, inRepeat, ctx) : null;
  /** What a neighbour weighs: a step as itself, a repeat as its hardest work step. */
  const weight = (item: Item | undefined, inRepeat: boolean): Interval | null => {
    if (!item) return null;
    if (item.kind === 'step') return step(item, inRepeat);
    let hardest: Interval | null = null;
    for (const inner of item.body) {
      const w = weight(inner, true);
      if (w && !w.isRest && (!hardest || w.zone > hardest.zone)) hardest = w;
    }
    return hardest;
  };
  const visit = (items: readonly Item[]) => {
    for (const item of items) {
      if (item.kind !== 'repeat') continue;
      visit(item.body);
      const body = item.body;
      if (body.length < 2) continue;
      const weights = body.map((b) => weight(b, true));
      body.forEach((b, k) => {
        const x = candidate(b, true);
        if (!x) return;
        const wrap = item.count > 1;
        const before = weights[k - 1] ?? (wrap ? weights[body.length - 1] : null);
        const after = weights[k + 1] ?? (wrap ? weights[0] : null);
        const words = (b as StepItem).d.names;
        if (
          (before && before !== x && recoveryOf(x, words, before)) ||
          (after && after !== x && recoveryOf(x, words, after))
        ) {
          markRest(x);
        }
      });
    }
  };
  for (const entry of entries) visit(entry.items);

  // Written-out sequences: the top-level items of each phase in order; a new phase starts a new one.
  let run: { item: Item; weight: Interval | null }[] = [];
  const close = () => {
    for (let k = 1; k + 1 < run.length; k++) {
      const item = run[k]!.item;
      const x = candidate(item, false);
      const before = run[k - 1]!.weight;
      const after = run[k + 1]!.weight;
      const words = item.kind === 'step' ? item.d.names : [];
      if (x && before && after && recoveryOf(x, words, before) && recoveryOf(x, words, after)) markRest(x);
    }
    run = [];
  };
  entries.forEach((entry, k) => {
    if (k > 0 && phases[k] !== phases[k - 1]) close();
    for (const item of entry.items) run.push({ item, weight: weight(item, false) });
  });
  close();
}

/** Parses the text into canonical expanded intervals. */
export function parseStructure(ctx: ParseContext): Interval[] {
  const entries = parseEntries(ctx);
  const phases = assignPhases(entries);
  markRecoveries(ctx, entries, phases);
  const expander = new Expander(ctx);
  for (let k = 0; k < entries.length; k++) {
    if (!expander.add(entries[k]!.items, phases[k]!, false)) break;
  }
  return expander.out;
}
