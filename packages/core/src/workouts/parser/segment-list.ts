// Segments of a text and how they join: where one ends (separators outside brackets, a part marker), and the
// rules that join a segment to the one before it (descriptors, a rest after a repeat, " / ", a carved part).
// Part of reading one segment (segment.ts).
import type { Phase } from '../types.ts';
import type { ParseContext } from './context.ts';
import type { Item, PartPosition, RepeatItem, StepDraft, StepItem } from './items.ts';
import { holdsQuantity, holdsWhole, MARKER_START, type PartMarker, partMarker } from './parts.ts';
import type { TokenView } from './quantities.ts';
import { addLadderRest, bodyHasRest, isProgression, isRestOnly, onlyStrides, partBefore } from './steps.ts';

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
  part?: PartRead;
}

/** A part marker as read at the start of a segment: where the part goes, and the marker's tokens. */
interface PartRead {
  position: PartPosition;
  plainWith: boolean;
  from: number;
  to: number;
}

/** Tokens [from, to) of a segment, and whether " / " came before it (it then continues a repeat). */
export type Range = readonly [from: number, to: number, slash: boolean];

const NOTHING_TO_REPEAT = 'Nothing to repeat';

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
    if (marker && splitsAt(ctx, v, i, marker, start)) {
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

/**
 * A part marker inside a segment splits it when a quantity comes before it and right after it; plain "with"
 * before a set only after a duration or distance, a whole the set can sit in ("zone 3 with 4x strides" is
 * no whole).
 */
function splitsAt(ctx: ParseContext, v: TokenView, i: number, marker: PartMarker, segStart: number): boolean {
  const next = i + marker.length;
  if (!v.isNum(next) && !v.isClock(next)) return false;
  return marker.plainWith ? holdsWhole(v, segStart, i, ctx.sport) : holdsQuantity(v, segStart, i);
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
  else {
    target.body.push(rest);
    if (rest.d.between) target.restBetween = true;
  }
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
  // "30 min easy with 6x 20s strides": strides after plain "with" are added to the run, as after "+"
  // (docs/workout-parser.md, "Parts of a whole").
  if (r.part.plainWith && onlyStrides(r.items)) return false;
  const { position, from, to } = r.part;
  d.parts ??= [];
  d.parts.push({ position, items: r.items, from, to });
  return true;
}

/**
 * A repeat written without brackets and without its own rest takes the rest that follows it; so does a set
 * carved into the step before ("60 min including 5x 3min Z4, 2min jog": the jog is the set's rest).
 */
export function attachable(item: Item | undefined): RepeatItem | null {
  const parts = item?.kind === 'step' ? item.d.parts : undefined;
  if (parts?.length) return attachable(parts[parts.length - 1]!.items.at(-1));
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

/** Whether the steps of a bracket add up to the step written before it (in meters or seconds). */
export function sameTotal(d: StepDraft, body: readonly Item[]): boolean {
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
export function validZone(z: number): boolean {
  return Number.isInteger(z) && z >= 1 && z <= 7;
}

/** Gives the words around a bracket to its work steps that have no intensity of their own; returns how
 * many work steps there were. */
export function applyToWork(items: Item[], mods: StepDraft): number {
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
    // A progression's later words say where it finishes ("Progression run 50 min: start easy, finish at
    // threshold").
    if (isProgression(d))
      d.progressionTop = Math.max(
        d.progressionTop ?? 0,
        mods.zoneExplicit ?? 0,
        mods.zoneTarget ?? 0,
        mods.zoneName ?? 0,
      );
    d.hrZone ||= mods.hrZone;
    d.paceZone ||= mods.paceZone;
    d.powerZone ||= mods.powerZone;
    d.strides ||= mods.strides;
    d.targets = { ...mods.targets, ...d.targets };
    if (d.names.length === 0) d.names = [...mods.names];
  }
  return applied;
}
