// Figures of the Progress screen (docs/screens.md, "Progress page"): peak and average weekly hours, volume
// growth, the 80/20 badge and the coach summary, all computed from the athlete's own weeks, plus the small
// deterministic sample shown (marked 'Demo') to an account with nothing completed yet. The rules are written
// out in docs/training-load.md, "Progress figures", so the badges and the summary can be checked against the
// numbers.
import { addDays, epochDay } from '../dates.ts';
import { roundTo } from '../numbers.ts';
import { trainingLoadStep } from './fitness.ts';
import type { IntensityDistribution } from './polarization.ts';

/** The part of an analytics weekly-load row the figures need (the contract's AnalyticsWeeklyLoad fits). */
export interface ProgressWeek {
  /** 1 for the oldest week of the range. */
  week: number;
  /** Monday of the training week, 'YYYY-MM-DD'. */
  week_start_date: string;
  total_hours: number;
}

const finite = (value: number): number => (Number.isFinite(value) && value > 0 ? value : 0);
const mean = (values: readonly number[]): number =>
  values.length === 0 ? 0 : values.reduce((sum, v) => sum + v, 0) / values.length;

/**
 * Whether the week is still running on `today`: its Sunday is today or later. The analytics weekly load
 * always ends with the current week, counted so far, so comparing it with whole weeks would read as a drop.
 */
export function isWeekInProgress(week: Pick<ProgressWeek, 'week_start_date'>, today: string): boolean {
  return epochDay(addDays(week.week_start_date, 6)) >= epochDay(today);
}

/**
 * The weeks from the first one with any hours on, numbered again from 1 (for the 'All' period: years of zeros
 * are not shown, and 'W1' is the athlete's first training week, not the first week of a ten-year window).
 */
export function trimLeadingEmptyWeeks<T extends ProgressWeek>(weeks: readonly T[]): T[] {
  const first = weeks.findIndex((w) => finite(w.total_hours) > 0);
  return first === -1 ? [] : weeks.slice(first).map((w, i) => ({ ...w, week: i + 1 }));
}

/** Whether no week has any completed hours. */
export function hasNoHours(weeks: readonly ProgressWeek[]): boolean {
  return weeks.every((w) => finite(w.total_hours) === 0);
}

/** The week with the most hours (the earliest of equals), rounded to 0.1 h; null when every week is 0. */
export function peakWeek(weeks: readonly ProgressWeek[]): { hours: number; week: number } | null {
  let best: ProgressWeek | null = null;
  for (const w of weeks) if (finite(w.total_hours) > (best ? finite(best.total_hours) : 0)) best = w;
  return best ? { hours: roundTo(finite(best.total_hours), 1), week: best.week } : null;
}

/**
 * The weeks the average and the growth are taken over: the finished ones. The current week is left out
 * while it runs, unless it is the only week there is.
 */
export function finishedWeeks<T extends ProgressWeek>(weeks: readonly T[], today: string): T[] {
  const done = weeks.filter((w) => !isWeekInProgress(w, today));
  return done.length > 0 ? done : [...weeks];
}

/** Mean hours of the finished weeks (weeks with nothing count as 0), rounded to 0.1 h; 0 without weeks. */
export function averageWeeklyHours(weeks: readonly ProgressWeek[], today: string): number {
  return roundTo(mean(finishedWeeks(weeks, today).map((w) => finite(w.total_hours))), 1);
}

export interface VolumeGrowth {
  /** Rounded percent change from the first quarter to the last quarter. */
  percent: number;
  /** Mean weekly hours of the first and last quarter of the weeks, rounded to 0.1 h. */
  fromHours: number;
  toHours: number;
  /** How many weeks each quarter holds. */
  weeksPerQuarter: number;
}

/**
 * Volume growth: the mean weekly hours of the last quarter of the finished weeks against the mean of the
 * first quarter, as a rounded percent. A quarter is at least one week (so 4 weeks compare week 1 with week 4,
 * 12 weeks the first 3 with the last 3); quarters smooth out a single big or easy week at either end.
 * Null with fewer than 2 finished weeks or an empty first quarter (growth from nothing has no percent).
 */
export function volumeGrowth(weeks: readonly ProgressWeek[], today: string): VolumeGrowth | null {
  const done = weeks.filter((w) => !isWeekInProgress(w, today)).map((w) => finite(w.total_hours));
  if (done.length < 2) return null;
  const quarter = Math.max(1, Math.floor(done.length / 4));
  const from = mean(done.slice(0, quarter));
  const to = mean(done.slice(-quarter));
  if (from <= 0) return null;
  return {
    percent: Math.round(((to - from) / from) * 100),
    fromHours: roundTo(from, 1),
    toHours: roundTo(to, 1),
    weeksPerQuarter: quarter,
  };
}

/** '+83%', '−12%' (a true minus sign), '+0%'. */
export function signedPercent(percent: number): string {
  return percent < 0 ? `−${Math.abs(percent)}%` : `+${percent}%`;
}

/** 'Volume +83%', 'Volume −12%', 'Volume +0%'. */
export function volumeBadge(growth: Pick<VolumeGrowth, 'percent'>): string {
  return `Volume ${signedPercent(growth.percent)}`;
}

/** '87% Consistency'. */
export function consistencyBadge(completionPercentage: number): string {
  return `${Math.round(finite(completionPercentage))}% Consistency`;
}

/**
 * Whole percents that add up to exactly 100 (largest remainder), so a split reads like a split: 71.6/18.2/10.2
 * becomes 72/18/10. All zeros stay zeros.
 */
export function wholeSplit(distribution: IntensityDistribution): [number, number, number] {
  const raw = [distribution.low, distribution.moderate, distribution.high].map(finite);
  const total = raw[0]! + raw[1]! + raw[2]!;
  if (total <= 0) return [0, 0, 0];
  const scaled = raw.map((v) => (v / total) * 100);
  const floors = scaled.map(Math.floor);
  let missing = 100 - floors.reduce((a, b) => a + b, 0);
  const order = [0, 1, 2].sort((a, b) => scaled[b]! - floors[b]! - (scaled[a]! - floors[a]!) || a - b);
  for (const i of order) {
    if (missing <= 0) break;
    floors[i]!++;
    missing--;
  }
  return [floors[0]!, floors[1]!, floors[2]!];
}

export interface PolarizationFigure {
  is_polarized: boolean;
  current_distribution: IntensityDistribution;
  total_time_minutes: number;
}

/**
 * 'Perfect 80/20' when the training is polarized (low ≥ 75, high ≥ 10, moderate ≤ 15;
 * docs/training-load.md, "Polarization"), otherwise the actual low/moderate/high split such as '72/18/10';
 * null when no zone time was recorded.
 */
export function polarizationBadge(polarization: PolarizationFigure): string | null {
  if (!(finite(polarization.total_time_minutes) > 0)) return null;
  if (polarization.is_polarized) return 'Perfect 80/20';
  return wholeSplit(polarization.current_distribution).join('/');
}

export interface ProgressFigures {
  /** 'the last 4 weeks', 'the last 12 weeks', 'all your training'. */
  periodText: string;
  peak: { hours: number; week: number } | null;
  averageHours: number;
  growth: VolumeGrowth | null;
  consistency: {
    completion_percentage: number;
    current_streak: number;
    /** Days with something planned (complete, partial or missed). */
    training_days: number;
  } | null;
  polarization: PolarizationFigure | null;
  achievements: { earned: number; total: number } | null;
}

/** Growth smaller than this either way reads as steady volume. */
export const STEADY_VOLUME_PERCENT = 10;
/** Completion bands of the consistency sentence. */
export const CONSISTENCY_BANDS = { strong: 80, fair: 60 } as const;

const hours = (value: number) => `${roundTo(value, 1)} h`;
const days = (value: number) => `${value} ${value === 1 ? 'day' : 'days'}`;

/**
 * The coach summary: one plain sentence per figure that exists, each citing its numbers, in the order
 * volume, peak week, consistency, intensity, achievements. Nothing is said about a figure we do not have.
 */
export function coachSummary(figures: ProgressFigures): string[] {
  const lines: string[] = [];
  const { growth, peak, consistency, polarization, achievements } = figures;

  if (growth) {
    const span = `from ${hours(growth.fromHours)} to ${hours(growth.toHours)} a week`;
    if (growth.percent >= STEADY_VOLUME_PERCENT) {
      lines.push(`Over ${figures.periodText} your weekly volume grew ${growth.percent}%, ${span}.`);
    } else if (growth.percent <= -STEADY_VOLUME_PERCENT) {
      lines.push(
        `Over ${figures.periodText} your weekly volume fell ${Math.abs(growth.percent)}%, ${span}: ` +
          'fine for a recovery block, otherwise build back up gradually.',
      );
    } else {
      lines.push(
        `Over ${figures.periodText} your weekly volume held steady (${signedPercent(growth.percent)}), ` +
          `averaging ${hours(figures.averageHours)} a week.`,
      );
    }
  } else if (figures.averageHours > 0) {
    lines.push(`Over ${figures.periodText} you averaged ${hours(figures.averageHours)} a week.`);
  }

  if (peak) lines.push(`Your biggest week was week ${peak.week}, with ${hours(peak.hours)}.`);

  if (consistency) {
    const pct = Math.round(finite(consistency.completion_percentage));
    const streak = `your current streak is ${days(consistency.current_streak)}`;
    if (consistency.training_days === 0) {
      lines.push('Nothing was planned in this period, so there is no consistency to measure yet.');
    } else if (pct >= CONSISTENCY_BANDS.strong) {
      lines.push(`Excellent consistency: you completed ${pct}% of your planned days and ${streak}.`);
    } else if (pct >= CONSISTENCY_BANDS.fair) {
      lines.push(`Good consistency: you completed ${pct}% of your planned days and ${streak}.`);
    } else {
      lines.push(
        `You completed ${pct}% of your planned days (${streak}): ` +
          'fewer, shorter sessions you can keep will do more than a plan you miss.',
      );
    }
  }

  const badge = polarization ? polarizationBadge(polarization) : null;
  if (polarization && badge) {
    const [low, moderate, high] = wholeSplit(polarization.current_distribution);
    lines.push(
      polarization.is_polarized
        ? `Your intensity split of ${low}/${moderate}/${high} (easy/moderate/hard) follows the 80/20 pattern.`
        : `Your intensity split is ${low}/${moderate}/${high} (easy/moderate/hard) against the 80/5/15 ` +
            'target: keep most sessions easy and make the hard ones count.',
    );
  }

  if (achievements && achievements.total > 0) {
    lines.push(`You have earned ${achievements.earned} of ${achievements.total} achievements.`);
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------------------
// The Progress sample (docs/training-load.md, "Progress figures", the sample).

export interface SampleWeeklyLoad {
  week: number;
  swim: number;
  bike: number;
  run: number;
  strength: number;
}
export interface SampleZoneSlice {
  name: string;
  value: number;
  color: string;
}
export interface SampleConsistencyDay {
  date: string;
  day: number;
  status: 'rest' | 'complete' | 'partial' | 'missed';
}
export interface SampleTrendRow {
  week: number;
  readiness: number;
  recovery: number;
}
export interface SampleFitnessDay {
  date: string;
  ctl: number;
  atl: number;
  tsb: number;
}
export interface ProgressSample {
  weeklyLoad: SampleWeeklyLoad[];
  zones: SampleZoneSlice[];
  consistency: { days: SampleConsistencyDay[]; completion_percentage: number; current_streak: number };
  trends: SampleTrendRow[];
  fitness: SampleFitnessDay[];
  polarization: PolarizationFigure;
}

/**
 * Twelve sample weeks building from about 17 h to 31 h with a deload in week 9 (docs/training-load.md §14,
 * 'Sample').
 */
const SAMPLE_WEEKS: readonly (readonly [number, number, number, number])[] = [
  // swim, bike, run, strength hours
  [2.5, 8.5, 4.5, 1.5],
  [2.5, 9.5, 5, 1.5],
  [3, 10.5, 5.5, 1.5],
  [3, 11.5, 6, 1.5],
  [3.5, 12.5, 6, 1.5],
  [3.5, 13.5, 6.5, 1.5],
  [4, 14.5, 7, 1.5],
  [4, 15.5, 7.5, 1.5],
  [2.5, 9, 4.5, 1],
  [4.5, 16, 8, 1.5],
  [4.5, 17, 8, 1.5],
  [4.6, 17.5, 7.5, 1.5],
];

/** A small seeded generator (mulberry32) so the sample is the same on every visit and in tests. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Sample TSS per training hour, about what mostly-aerobic endurance work scores. */
const SAMPLE_TSS_PER_HOUR = 55;

/**
 * The deterministic sample of the Progress and Analytics screens for an account with no completed workout,
 * ending on `today` (docs/training-load.md, "Progress figures"). Consistency: a random draw per day,
 * complete above 0.8, partial above 0.5, missed above 0.2, else rest; completion is the share of complete
 * days, rounded; the streak is 7.
 */
export function progressSampleData(today: string, consistencyDays = 28): ProgressSample {
  const weeklyLoad = SAMPLE_WEEKS.map(([swim, bike, run, strength], i) => ({
    week: i + 1,
    swim,
    bike,
    run,
    strength,
  }));

  const random = seededRandom(20_251_118);
  const days: SampleConsistencyDay[] = [];
  for (let i = consistencyDays - 1; i >= 0; i--) {
    const date = addDays(today, -i);
    const draw = random();
    const status = draw > 0.8 ? 'complete' : draw > 0.5 ? 'partial' : draw > 0.2 ? 'missed' : 'rest';
    days.push({ date, day: Number(date.slice(8, 10)), status });
  }
  const complete = days.filter((d) => d.status === 'complete').length;

  const trends = weeklyLoad.map((w, i) => ({
    week: w.week,
    // Readiness dips in the deload's build-up and recovers after it; recovery trails it a little.
    readiness: Math.round(62 + i * 1.6 + (i === 8 ? 8 : 0) - (i === 7 ? 6 : 0)),
    recovery: Math.round(58 + i * 1.4 + (i === 8 ? 10 : 0) - (i === 7 ? 5 : 0)),
  }));

  // Spread each sample week over six training days and one rest day, then run the real CTL/ATL maths.
  const fitness: SampleFitnessDay[] = [];
  const start = addDays(today, -(weeklyLoad.length * 7 - 1));
  let state: { ctl: number; atl: number } | null = { ctl: 45, atl: 45 };
  weeklyLoad.forEach((w, weekIndex) => {
    const weekTss = (w.swim + w.bike + w.run + w.strength) * SAMPLE_TSS_PER_HOUR;
    for (let d = 0; d < 7; d++) {
      const tss = d === 0 ? 0 : weekTss / 6;
      const point = trainingLoadStep(state, tss);
      state = point;
      fitness.push({
        date: addDays(start, weekIndex * 7 + d),
        ctl: roundTo(point.ctl, 1),
        atl: roundTo(point.atl, 1),
        tsb: roundTo(point.tsb, 1),
      });
    }
  });

  return {
    weeklyLoad,
    zones: [
      { name: 'Aerobic (Z1-Z2)', value: 80, color: '#3B82F6' },
      { name: 'Tempo (Z3)', value: 5, color: '#F59E0B' },
      { name: 'Intensity (Z4-Z5)', value: 15, color: '#EF4444' },
    ],
    consistency: {
      days,
      completion_percentage: days.length === 0 ? 0 : Math.round((complete / days.length) * 100),
      current_streak: 7,
    },
    trends,
    fitness,
    polarization: {
      is_polarized: true,
      current_distribution: { low: 80, moderate: 5, high: 15 },
      total_time_minutes: 60 * 12 * 20,
    },
  };
}
