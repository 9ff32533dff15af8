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
