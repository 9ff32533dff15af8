// The fitness chart's projection (docs/training-load.md, "Projection"): today's CTL and ATL carried forward day
// by day with the planned sessions' TSS, through race day or the plan's last session, by the same model as the
// history (fitness.ts: Allen & Coggan's Performance Manager, 42- and 7-day exponential constants).
import { addDays, epochDay } from '../dates.ts';
import { isIsoDate } from './calendar.ts';
import { type DailyLoadPoint, type DailyTss, type LoadState, loadSeries } from './fitness.ts';

/** The longest projection: one year after today. */
export const MAX_PROJECTION_DAYS = 365;

export interface ProjectionInput {
  /** The athlete's today: the projection's first point, which carries `current` unchanged. */
  today: string;
  /** CTL and ATL after today's completed training (the history's last point). */
  current: LoadState;
  /** Planned sessions' TSS by day; days before tomorrow or after `to` are ignored, several of a day add up. */
  planned: readonly DailyTss[];
  /** The last projected day (race day or the plan's last session); at most a year after today. */
  to: string;
}

/**
 * Today's point (TSS 0, CTL and ATL as given) followed by one projected point per day through `to`. Only today
 * when `to` is not after today or either date is invalid.
 */
export function projectLoad({ today, current, planned, to }: ProjectionInput): DailyLoadPoint[] {
  if (!isIsoDate(today)) return [];
  const ctl = Number.isFinite(current.ctl) && current.ctl > 0 ? current.ctl : 0;
  const atl = Number.isFinite(current.atl) && current.atl > 0 ? current.atl : 0;
  const start: DailyLoadPoint = { date: today, tss: 0, ctl, atl, tsb: ctl - atl };
  if (!isIsoDate(to)) return [start];
  const span = Math.min(epochDay(to) - epochDay(today), MAX_PROJECTION_DAYS);
  if (span < 1) return [start];
  // loadSeries ignores entries outside its range, so the planned days need no filtering here.
  const series = loadSeries(planned, {
    from: addDays(today, 1),
    to: addDays(today, span),
    seed: { ctl, atl },
  });
  return [start, ...series];
}
