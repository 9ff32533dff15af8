// Fitness, fatigue and form (docs/training-load.md, "Fitness, fatigue and form"): chronic training load (CTL,
// 42-day time constant), acute training load (ATL, 7 days) and training stress balance (TSB = CTL − ATL), day
// by day from a daily TSS series. This is Banister's impulse-response model (Banister et al. 1975, "A systems
// model of training for athletic performance", Aust J Sports Med 7:57-61) as Coggan's Performance Manager
// Chart uses it (Allen & Coggan, "Training and Racing with a Power Meter", 2010, ch. 9).
//
// Weighting. Each day, load ← load + (TSS − load) × k with k = 1 − e^(−1/N): the exact daily discretisation of
// an exponential with time constant N days, so after N days without training a load has decayed to exactly
// 1/e of its value, as "time constant" means. GoldenCheetah's PMC uses the same; the alternative k = 1/N
// (the form many tools and spreadsheets use) is its first-order approximation: 1.2 % faster for CTL, 7 % for
// ATL.
//
// Which day TSB compares. TSB of day D = CTL(D) − ATL(D), the same day's values, both after D's training: one
// record (date, tss, ctl, atl, tsb) holds TSB = CTL − ATL (docs/training-load.md §3), so a stored row is
// consistent on its own. The form an athlete brings into day D, before its training (TrainingPeaks' reading),
// is the TSB of D − 1.
import { addDays, epochDay } from '../dates.ts';
import { nonNegative } from '../numbers.ts';
import { consecutiveDates, daysBetween, isIsoDate } from './calendar.ts';

export const CTL_TIME_CONSTANT_DAYS = 42;
export const ATL_TIME_CONSTANT_DAYS = 7;
/** Share of the gap to today's TSS that CTL closes in a day: 1 − e^(−1/42) ≈ 0.02353. */
export const CTL_DAILY_GAIN = 1 - Math.exp(-1 / CTL_TIME_CONSTANT_DAYS);
/** Share of the gap to today's TSS that ATL closes in a day: 1 − e^(−1/7) ≈ 0.13312. */
export const ATL_DAILY_GAIN = 1 - Math.exp(-1 / ATL_TIME_CONSTANT_DAYS);

export interface LoadState {
  ctl: number;
  atl: number;
}

export interface LoadDay extends LoadState {
  /** CTL − ATL of the same day. */
  tsb: number;
}

export interface DailyTss {
  date: string;
  tss: number;
}

export interface DailyLoadPoint extends LoadDay {
  date: string;
  tss: number;
}

/**
 * One day of the model: the day's CTL, ATL and TSB from the previous day's CTL and ATL and the day's TSS.
 * No previous day (null) starts from 0. A negative, NaN or infinite TSS, CTL or ATL counts as 0.
 */
export function trainingLoadStep(previous: LoadState | null | undefined, tss: number): LoadDay {
  const load = nonNegative(tss);
  const ctl0 = nonNegative(previous?.ctl);
  const atl0 = nonNegative(previous?.atl);
  const ctl = ctl0 + (load - ctl0) * CTL_DAILY_GAIN;
  const atl = atl0 + (load - atl0) * ATL_DAILY_GAIN;
  return { ctl, atl, tsb: ctl - atl };
}

/**
 * CTL and ATL after `days` days without training: the closed form of that many steps of TSS 0, so a gap of any
 * length costs the same (the daily load table stores only days with sessions; reads decay across the gaps).
 * `days` ≤ 0 (or not finite) leaves the load as it is; a negative, NaN or infinite load counts as 0.
 */
export function restLoad(state: LoadState | null | undefined, days: number): LoadState {
  const ctl = nonNegative(state?.ctl);
  const atl = nonNegative(state?.atl);
  if (!(days > 0) || !Number.isFinite(days)) return { ctl, atl };
  return { ctl: ctl * (1 - CTL_DAILY_GAIN) ** days, atl: atl * (1 - ATL_DAILY_GAIN) ** days };
}

export interface LoadSeriesOptions {
  /** First day of the series; default the earliest date of the input. Earlier entries are ignored. */
  from?: string;
  /** Last day; default the latest date of the input (or `from`). */
  to?: string;
  /** CTL and ATL of the day before `from` (e.g. a stored row, or an athlete's estimate); default 0 and 0. */
  seed?: LoadState | null;
}

/**
 * The daily series from `from` to `to`, one point per calendar day; a day without an entry has TSS 0.
 * Empty when there is no date to start from or `to` is before `from`.
 */
export function loadSeries(entries: readonly DailyTss[], options: LoadSeriesOptions = {}): DailyLoadPoint[] {
  // Days are counted as epoch days (integers) and the TSS of each day of the range summed into an array:
  // this runs over up to ten years of days, where a Map of date strings and a sort cost more than the model.
  const entryDays = new Float64Array(entries.length);
  let earliest = Number.POSITIVE_INFINITY;
  let latest = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < entries.length; i++) {
    const date = entries[i]!.date;
    const day = isIsoDate(date) ? epochDay(date) : Number.NaN;
    entryDays[i] = day;
    if (day < earliest) earliest = day;
    if (day > latest) latest = day;
  }
  const fromDay = isIsoDate(options.from) ? epochDay(options.from) : earliest;
  if (!Number.isFinite(fromDay)) return [];
  const toDay = isIsoDate(options.to) ? epochDay(options.to) : Math.max(latest, fromDay);
  if (toDay < fromDay) return [];
  const totals = new Float64Array(toDay - fromDay + 1);
  for (let i = 0; i < entries.length; i++) {
    const day = entryDays[i]!;
    if (!(day >= fromDay && day <= toDay)) continue;
    // Several entries of one day add up; a sum that overflows keeps the day's finite total so far.
    const sum = totals[day - fromDay]! + nonNegative(entries[i]!.tss);
    if (Number.isFinite(sum)) totals[day - fromDay] = sum;
  }
  const series: DailyLoadPoint[] = new Array(totals.length);
  let ctl = nonNegative(options.seed?.ctl);
  let atl = nonNegative(options.seed?.atl);
  const dates = consecutiveDates(fromDay, totals.length);
  // The same step as trainingLoadStep, inlined.
  for (let i = 0; i < totals.length; i++) {
    const tss = totals[i]!;
    ctl += (tss - ctl) * CTL_DAILY_GAIN;
    atl += (tss - atl) * ATL_DAILY_GAIN;
    series[i] = { date: dates[i]!, tss, ctl, atl, tsb: ctl - atl };
  }
  return series;
}

/**
 * Incremental upkeep: re-derives the series from `changedDate` on, given the stored CTL and ATL of the day
 * before it (null when there is none), through `to` (default the latest entry). Days before `changedDate`
 * keep their stored values; the result replaces every stored day from `changedDate` on.
 */
export function rederiveLoadFrom(
  changedDate: string,
  previousDay: LoadState | null | undefined,
  entries: readonly DailyTss[],
  to?: string,
): DailyLoadPoint[] {
  return loadSeries(entries, {
    from: changedDate,
    ...(to === undefined ? {} : { to }),
    seed: previousDay ?? null,
  });
}

/** Longest stretch `extendSeriesTo` fills: 10 years. */
const MAX_EXTENSION_DAYS = 3660;

/**
 * The series carried forward to `to` with days of TSS 0: the stored daily table ends at the last day with
 * work, and a read for a later day decays from there. Unchanged when it already reaches `to` (or `to` is
 * invalid, or the series is empty); at most 10 years are added.
 */
export function extendSeriesTo(series: readonly DailyLoadPoint[], to: string): DailyLoadPoint[] {
  const out = [...series];
  let last = out.at(-1);
  if (!last || !isIsoDate(to) || !isIsoDate(last.date)) return out;
  for (let i = 0; last.date < to && i < MAX_EXTENSION_DAYS; i++) {
    const next: DailyLoadPoint = { date: addDays(last.date, 1), tss: 0, ...trainingLoadStep(last, 0) };
    out.push(next);
    last = next;
  }
  return out;
}

/**
 * Ramp rate: CTL gained per 7 days, at `date` (default the series' last day). Compares with the point 7 days
 * earlier, or the latest one before that when that day is missing, or (a series shorter than a week) the
 * first point; the change is scaled to 7 days. 0 when there is no earlier point.
 * Coaches commonly treat a sustained ramp above about 5-8 CTL per week as aggressive.
 */
export function rampRate(series: readonly { date: string; ctl: number }[], date?: string): number {
  const end = date === undefined ? series.at(-1) : series.find((p) => p.date === date);
  if (!end || !isIsoDate(end.date)) return 0;
  const weekBefore = addDays(end.date, -7);
  let start: { date: string; ctl: number } | undefined;
  for (const p of series) if (p.date <= weekBefore && (!start || p.date > start.date)) start = p;
  start ??= series.find((p) => p.date < end.date);
  if (!start || !isIsoDate(start.date)) return 0;
  const days = daysBetween(start.date, end.date);
  if (!(days > 0)) return 0;
  const change = ((nonNegative(end.ctl) - nonNegative(start.ctl)) * 7) / days;
  return Number.isFinite(change) ? change : 0;
}

/**
 * The fallback for a week's TSS when the week's sessions are not at hand: ATL × 7 (docs/training-load.md,
 * "Fitness, fatigue and form").
 */
export function weeklyTssFromAtl(atl: number): number {
  return nonNegative(atl) * 7;
}
