// The Analytics page's two periods and what each asks the API for. Zones and polarization have no
// 12-week period, so both choices read '3months' (13 weeks, 91 days): the closest the API offers.
import type { AnalyticsPeriod } from '@stamina/contract';

export type AnalyticsRange = '12weeks' | '3months';

export const ANALYTICS_RANGES: Record<
  AnalyticsRange,
  { label: string; weeks: number; days: number; period: AnalyticsPeriod }
> = {
  '12weeks': { label: '12 weeks', weeks: 12, days: 84, period: '3months' },
  '3months': { label: '3 months', weeks: 13, days: 91, period: '3months' },
};

export function parseAnalyticsRange(value: string | null): AnalyticsRange {
  return value === '3months' ? '3months' : '12weeks';
}

/** The fitness chart's own ranges (?fitness= in the URL); 'all' asks for ten years and starts at the first load. */
export type FitnessRange = '6w' | '3m' | '6m' | '1y' | 'all';
export const FITNESS_RANGES: Record<FitnessRange, { label: string; ariaLabel: string; days: number }> = {
  '6w': { label: '6W', ariaLabel: '6 weeks', days: 42 },
  '3m': { label: '3M', ariaLabel: '3 months', days: 91 },
  '6m': { label: '6M', ariaLabel: '6 months', days: 182 },
  '1y': { label: '1Y', ariaLabel: '1 year', days: 365 },
  all: { label: 'All', ariaLabel: 'All time', days: 3650 },
};

export function parseFitnessRange(value: string | null): FitnessRange {
  return value !== null && value in FITNESS_RANGES ? (value as FitnessRange) : '3m';
}

export interface FitnessPoint {
  date: string;
  ctl: number;
  atl: number;
  tsb: number;
}

/** A chart row: recorded figures up to today, projected ones from today on (today carries both, so the lines join). */
export interface FitnessChartRow {
  date: string;
  projected: boolean;
  ctl?: number;
  atl?: number;
  tsb?: number;
  projectedCtl?: number;
  projectedAtl?: number;
  projectedTsb?: number;
}

/**
 * The history (oldest first; 'all' drops the leading days without any load) followed by the projection's days
 * after the history's last one, thinned to at most about 200 points. The last recorded day also carries the
 * projected CTL, ATL and TSB, so that the dotted lines start where the recorded ones end.
 */
export function fitnessChartRows(
  history: readonly FitnessPoint[],
  projection: readonly FitnessPoint[],
  trimLeadingEmpty = false,
): FitnessChartRow[] {
  const first = trimLeadingEmpty ? history.findIndex((d) => d.ctl > 0 || d.atl > 0) : 0;
  const kept = first < 0 ? history.slice(-1) : history.slice(first);
  const rows: FitnessChartRow[] = kept.map((d) => ({
    date: d.date,
    projected: false,
    ctl: d.ctl,
    atl: d.atl,
    tsb: d.tsb,
  }));
  const last = rows.at(-1);
  const ahead = projection.filter((p) => !last || p.date > last.date);
  if (last && ahead.length > 0) {
    last.projectedCtl = last.ctl;
    last.projectedAtl = last.atl;
    last.projectedTsb = last.tsb;
  }
  for (const p of ahead) {
    rows.push({
      date: p.date,
      projected: true,
      projectedCtl: p.ctl,
      projectedAtl: p.atl,
      projectedTsb: p.tsb,
    });
  }
  return thinned(rows, rows.length - ahead.length - 1);
}

/** The most points the chart draws; a longer span keeps every k-th day (years of daily bars would only blur). */
const MAX_CHART_POINTS = 200;

/** Every k-th row counted from today both ways, always keeping today and the last row. */
function thinned(rows: FitnessChartRow[], todayIndex: number): FitnessChartRow[] {
  const step = Math.ceil(rows.length / MAX_CHART_POINTS);
  if (step <= 1) return rows;
  return rows.filter((_, i) => (i - todayIndex) % step === 0 || i === rows.length - 1);
}
