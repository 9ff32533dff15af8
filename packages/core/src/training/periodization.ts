// Periodization (docs/training-load.md, "Periodization"): the current training phase and how far into
// it the athlete is, from the active plan's phases when there is a plan, else inferred from the load
// pattern; and the weekly load progression (default 16 weeks).
//
// Phase names and typical lengths follow Friel's periodization ("The Triathlete's Training Bible", 4th ed.
// 2016): base (8-12 weeks), build (6-8), peak (1-2), race, recovery (about a week); the taper length follows
// Bosquet et al. 2007 (Med Sci Sports Exerc 39:1358-1365): 8 to 14 days.
import { addDays } from '../dates.ts';
import { nonNegative, roundTo } from '../numbers.ts';
import { daysBetween, isIsoDate, weekStartOf } from './calendar.ts';
import { type DailyLoadPoint, extendSeriesTo, rampRate } from './fitness.ts';

export type PeriodizationPhase = 'base' | 'build' | 'peak' | 'taper' | 'race' | 'recovery';
export const PERIODIZATION_PHASES: readonly PeriodizationPhase[] = [
  'base',
  'build',
  'peak',
  'taper',
  'race',
  'recovery',
];

/** One phase of a training plan; both dates are included. */
export interface PlanPhase {
  name: PeriodizationPhase;
  /** What the Journey page's phase map shows (e.g. 'Foundation'); consecutive phases may share one. */
  label?: string | null;
  start_date: string;
  end_date: string;
  focus?: string | null;
}

/** Typical phase lengths in days, used to estimate progress and the next phase when a phase is inferred. */
export const TYPICAL_PHASE_DAYS: Readonly<Record<PeriodizationPhase, number>> = {
  base: 56,
  build: 42,
  peak: 14,
  taper: 14,
  race: 1,
  recovery: 7,
};

/** Rules of the load-pattern inference (see `inferPhase`). */
export const PHASE_INFERENCE = {
  /** Days before a known race in which the phase is taper (or peak while the load still rises). */
  taperDays: 14,
  /** ATL below this share of CTL: the acute load dropped well under the chronic: recovery. */
  recoveryAcuteRatio: 0.75,
  /** Ramp rate (CTL per week) from which the load is building. */
  buildRamp: 3,
  /** Peak: CTL within this share of its highest in the window, and `peakRise` × its value `peakRiseDays` ago. */
  peakNearMax: 0.97,
  peakRise: 1.1,
  peakRiseDays: 42,
  /** Days of history the peak rule looks back on. */
  windowDays: 112,
} as const;

export interface LoadProgressionWeek {
  week_start: string;
  total_tss: number;
  /** The week's last known day. */
  ctl: number;
  atl: number;
  tsb: number;
  /** CTL change from the previous week's last day (the week's own first day for the first week). */
  ramp_rate: number;
}

export interface PeriodizationAnalysis {
  current_phase: PeriodizationPhase;
  /** 0-100. */
  phase_progress: number;
  load_progression: LoadProgressionWeek[];
  /** When the next phase starts: from the plan, else estimated from the phase's typical length. */
  next_phase_date: string | null;
  /** 'plan' when today lies in a plan phase, else 'inferred'. */
  source: 'plan' | 'inferred';
  focus: string | null;
}

export interface PeriodizationInput {
  today: string;
  phases?: readonly PlanPhase[] | null;
  /**
   * The athlete's daily load series (see loadSeries), oldest first, without gaps; days after `today` are
   * ignored, and a series ending earlier is carried forward to today with rest days (extendSeriesTo).
   */
  series?: readonly DailyLoadPoint[] | null;
  race_date?: string | null;
  /** Weeks of load progression; default 16. */
  weeks?: number;
  weekStartsOn?: number;
}

function validPhases(phases: readonly PlanPhase[] | null | undefined): PlanPhase[] {
  return (phases ?? [])
    .filter(
      (p) =>
        PERIODIZATION_PHASES.includes(p.name) &&
        isIsoDate(p.start_date) &&
        isIsoDate(p.end_date) &&
        p.start_date <= p.end_date,
    )
    .sort((a, b) => (a.start_date < b.start_date ? -1 : a.start_date > b.start_date ? 1 : 0));
}

/**
 * The phase the load pattern suggests on the last day of `series` (all days through that day), first rule
 * that holds:
 * 1. race: the race is that day.
 * 2. base: no real history yet (CTL below 1).
 * 3. taper: a race within 14 days and ATL ≤ CTL (the load is coming down); peak while it still rises.
 * 4. recovery: ATL below 75 % of CTL (acute load well under chronic: a recovery week or a break).
 * 5. build: ramp rate ≥ 3 CTL per week.
 * 6. peak: CTL within 3 % of its highest in the last 16 weeks and at least 10 % above its value 6 weeks
 *    before: holding the top of a recent build (not a long steady load, and not without 6 weeks of history).
 * 7. base otherwise (steady load or slow growth).
 */
export function inferPhase(series: readonly DailyLoadPoint[], raceDate?: string | null): PeriodizationPhase {
  const last = series.at(-1);
  if (!last) return 'base';
  const ctl = nonNegative(last.ctl);
  const atl = nonNegative(last.atl);
  const rules = PHASE_INFERENCE;
  if (isIsoDate(raceDate) && raceDate === last.date) return 'race';
  if (ctl < 1) return 'base';
  if (isIsoDate(raceDate)) {
    const until = daysBetween(last.date, raceDate);
    if (until > 0 && until <= rules.taperDays) return atl <= ctl ? 'taper' : 'peak';
  }
  if (atl < rules.recoveryAcuteRatio * ctl) return 'recovery';
  const ramp = rampRate(series);
  if (ramp >= rules.buildRamp) return 'build';
  const windowStart = addDays(last.date, -rules.windowDays);
  const sixWeeksBefore = series.find((p) => p.date === addDays(last.date, -rules.peakRiseDays));
  let max = 0;
  for (const p of series) if (p.date >= windowStart) max = Math.max(max, nonNegative(p.ctl));
  if (
    sixWeeksBefore &&
    ctl >= rules.peakNearMax * max &&
    ctl >= rules.peakRise * nonNegative(sixWeeksBefore.ctl)
  )
    return 'peak';
  return 'base';
}

/** Weekly totals and end-of-week loads of the last `weeks` training weeks through `today`. */
export function loadProgression(
  series: readonly DailyLoadPoint[],
  today: string,
  weeks = 16,
  weekStartsOn = 1,
): LoadProgressionWeek[] {
  if (!isIsoDate(today)) return [];
  const count = Number.isFinite(weeks) ? Math.min(520, Math.max(1, Math.floor(weeks))) : 16;
  const firstWeek = addDays(weekStartOf(today, weekStartsOn), -7 * (count - 1));
  const byWeek = new Map<string, DailyLoadPoint[]>();
  for (const p of series) {
    if (!isIsoDate(p.date) || p.date > today) continue;
    const week = weekStartOf(p.date, weekStartsOn);
    if (week < firstWeek) continue;
    const days = byWeek.get(week);
    if (days) days.push(p);
    else byWeek.set(week, [p]);
  }
  const out: LoadProgressionWeek[] = [];
  let previousCtl: number | null = null;
  for (const week of [...byWeek.keys()].sort()) {
    const days = byWeek.get(week)!.sort((a, b) => (a.date < b.date ? -1 : 1));
    const last = days.at(-1)!;
    const ctl = nonNegative(last.ctl);
    const atl = nonNegative(last.atl);
    out.push({
      week_start: week,
      total_tss: roundTo(
        days.reduce((a, d) => a + nonNegative(d.tss), 0),
        1,
      ),
      ctl: roundTo(ctl, 1),
      atl: roundTo(atl, 1),
      tsb: roundTo(ctl - atl, 1),
      ramp_rate: roundTo(ctl - (previousCtl ?? nonNegative(days[0]!.ctl)), 1),
    });
    previousCtl = ctl;
  }
  return out;
}

/**
 * The current phase: the plan phase holding `today` when there is one (progress = days done, today included,
 * over the phase's days; next phase = the next phase's start), else the load-pattern phase (`inferPhase`),
 * whose progress is the days it has held (looking back at most its typical length) over its typical length,
 * and whose next phase is estimated at its start + typical length (tomorrow at the earliest), or the plan's
 * next phase when the plan has one ahead. An invalid `today` answers base with no progress.
 */
export function periodizationAnalysis(input: PeriodizationInput): PeriodizationAnalysis {
  const { today } = input;
  const known = (input.series ?? []).filter(
    (p) => isIsoDate(p.date) && (!isIsoDate(today) || p.date <= today),
  );
  const series = extendSeriesTo(known, today);
  const progression = isIsoDate(today)
    ? loadProgression(series, today, input.weeks ?? 16, input.weekStartsOn ?? 1)
    : [];
  if (!isIsoDate(today))
    return {
      current_phase: 'base',
      phase_progress: 0,
      load_progression: progression,
      next_phase_date: null,
      source: 'inferred',
      focus: null,
    };
  const phases = validPhases(input.phases);
  const current = phases.filter((p) => p.start_date <= today && today <= p.end_date).at(-1);
  const nextPlanned = phases.find((p) => p.start_date > today)?.start_date ?? null;
  if (current) {
    const length = daysBetween(current.start_date, current.end_date) + 1;
    const done = daysBetween(current.start_date, today) + 1;
    return {
      current_phase: current.name,
      phase_progress: roundTo((done / length) * 100, 1),
      load_progression: progression,
      next_phase_date: nextPlanned,
      source: 'plan',
      focus: current.focus ?? null,
    };
  }
  const raceDate = isIsoDate(input.race_date) ? input.race_date : null;
  const phase = inferPhase(series, raceDate);
  const typical = TYPICAL_PHASE_DAYS[phase];
  let held = series.length > 0 && series.at(-1)!.date === today ? 1 : 0;
  while (held > 0 && held < typical && held < series.length) {
    if (inferPhase(series.slice(0, series.length - held), raceDate) !== phase) break;
    held += 1;
  }
  const start = addDays(today, -(Math.max(held, 1) - 1));
  const estimate = addDays(start, typical);
  const tomorrow = addDays(today, 1);
  return {
    current_phase: phase,
    phase_progress: roundTo((Math.min(held, typical) / typical) * 100, 1),
    load_progression: progression,
    next_phase_date: nextPlanned ?? (estimate > tomorrow ? estimate : tomorrow),
    source: 'inferred',
    focus: null,
  };
}
