// The targets a step carries and the zone each gives it (docs/workout-parser.md, "Zone source"): paces, swim
// send-offs, heart rate in bpm, and the athlete's edited zone tables; with the words that name a step.
// Part of reading one segment (segment.ts).
import { roundTo } from '../../numbers.ts';
import type { Zone, ZoneBounds } from '../types.ts';
import type { ParseContext } from './context.ts';
import { rangeInTable, zoneFromBpm, zoneFromSpeedPercent, zoneInTable } from './intensity.ts';
import type { StepDraft } from './items.ts';
import { minuteClock } from './render.ts';

/** A number as a person reads it: whole, or to one decimal below 10 (RPE 7.5). */
export const num = (n: number) => String(n >= 10 ? Math.round(n) : roundTo(n, 1));
export const OUT_OF_RANGE = 'Value out of range';

/** The text of tokens [from, to) as written. */
export function written(ctx: ParseContext, from: number, to: number): string {
  const { toks, text } = ctx;
  return text.slice(toks[from]!.start, toks[to - 1]!.end);
}

/** An intensity name: the step takes the highest zone named, and says which word named it. */
export function named(ctx: ParseContext, d: StepDraft, zone: number, from: number, to: number): void {
  if (d.zoneName !== undefined && d.zoneName >= zone) return;
  d.zoneName = zone;
  d.whyName = written(ctx, from, to);
}

/** Adds tokens [from, to) to the step's name; words joined by a hyphen stay one word ("push-ups"). */
export function addName(ctx: ParseContext, d: StepDraft, from: number, to: number): void {
  const { toks, text } = ctx;
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
export function targetZone(d: StepDraft, zone: Zone, assumed: boolean, why: () => string): void {
  if (d.zoneTarget !== undefined) return;
  d.zoneTarget = zone;
  d.targetAssumed = assumed;
  d.whyTarget = why();
}

/**
 * A target zoned by the athlete's edited table (docs/workout-parser.md, "Edited zone tables"): the zone that
 * holds the value, or the nearer one in a gap. Pace tables run from slow to fast (`falling`).
 */
export function tableZone(
  d: StepDraft,
  value: number,
  table: readonly ZoneBounds[],
  falling: boolean,
  unit: string,
  what: string,
): void {
  const zone = zoneInTable(value, table, falling);
  const { min, max } = rangeInTable(zone, table);
  const show = (x: number) => (falling ? minuteClock(x) : num(x));
  targetZone(
    d,
    zone,
    false,
    () => `${show(value)}${unit} = zone ${zone} of your ${what} (${show(min)}-${show(max)}${unit})`,
  );
}

/** A pace per km (run) or per 100 m (swim), zoned by speed against threshold pace or CSS. */
export function paceTarget(ctx: ParseContext, d: StepDraft, perKm: boolean, seconds: number): void {
  const t = ctx.thresholds;
  const threshold = perKm ? t.thresholdPaceSecondsPerKm : t.cssSecondsPer100m;
  const known = perKm ? t.known.pace : t.known.css;
  if (perKm) d.targets.pace_per_km_seconds ??= Math.round(seconds);
  else d.targets.pace_per_100m_seconds ??= Math.round(seconds);
  const unit = perKm ? '/km' : '/100m';
  const table = perKm ? t.zones.runPace : t.zones.swimPace;
  if (table) {
    tableZone(d, seconds, table, true, unit, perKm ? 'run pace zones' : 'swim pace zones');
    return;
  }
  const pct = (threshold / seconds) * 100;
  const name = perKm ? 'threshold pace' : 'CSS';
  targetZone(
    d,
    zoneFromSpeedPercent(pct),
    !known,
    () =>
      `${minuteClock(seconds)}${unit} = ${num(pct)}% of ${known ? '' : 'default '}${name} ${minuteClock(threshold)}${unit}`,
  );
}

/** A swim send-off: each repetition takes this long, swum faster than the send-off's pace. */
export function sendOff(ctx: ParseContext, d: StepDraft, seconds: number): void {
  d.sendOff = seconds;
  if (d.meters === undefined || d.meters <= 0) return;
  const t = ctx.thresholds;
  const per100 = seconds / (d.meters / 100);
  if (t.zones.swimPace) {
    const zone = zoneInTable(per100, t.zones.swimPace, true);
    const { min, max } = rangeInTable(zone, t.zones.swimPace);
    targetZone(
      d,
      zone,
      false,
      () =>
        `send-off ${minuteClock(seconds)} = ${minuteClock(per100)}/100m, zone ${zone} of your swim pace zones (${minuteClock(min)}-${minuteClock(max)}/100m)`,
    );
    return;
  }
  const pct = (t.cssSecondsPer100m / per100) * 100;
  targetZone(
    d,
    zoneFromSpeedPercent(pct),
    !t.known.css,
    () =>
      `send-off ${minuteClock(seconds)} = ${minuteClock(per100)}/100m, ${num(pct)}% of ${t.known.css ? '' : 'default '}CSS ${minuteClock(t.cssSecondsPer100m)}/100m`,
  );
}

export function bpmTarget(ctx: ParseContext, d: StepDraft, lo: number, hi: number): void {
  const t = ctx.thresholds;
  heartRate(d, lo, hi);
  const mid = (lo + hi) / 2;
  if (t.zones.hr) {
    tableZone(d, mid, t.zones.hr, false, ' bpm', 'heart-rate zones');
    return;
  }
  targetZone(d, zoneFromBpm(mid, t), !t.known.lthr && !t.known.maxHr, () => {
    const against = t.known.lthr
      ? `${num((mid / t.lthr) * 100)}% LTHR`
      : `${num((mid / t.maxHr) * 100)}% max HR`;
    return `${num(mid)} bpm = ${against}${t.known.lthr || t.known.maxHr ? '' : ' (default max HR)'}`;
  });
}

export function heartRate(d: StepDraft, lo: number, hi: number): void {
  if (d.targets.heart_rate_min !== undefined) return;
  d.targets.heart_rate_min = Math.round(lo);
  d.targets.heart_rate_max = Math.round(hi);
}
