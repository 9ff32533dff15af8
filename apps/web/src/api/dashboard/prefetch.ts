// Every read the dashboard makes when it opens, so they can all start at once, before the page has rendered
// (app/boot-queries.ts) instead of one after another as its parts mount. The athlete's widget_config is itself
// one of these reads, so the widget reads started are those of the default layout; a widget the athlete has
// switched on besides starts its read when it mounts.
import { DEFAULT_WIDGET_CONFIG, type WidgetId } from '@stamina/core';
import type { QueryClient } from '@tanstack/react-query';
import { isoDate } from '../../lib/dates.ts';
import { currentMetricsQuery } from '../metrics/current-metrics.ts';
import { calendarQuery } from '../workouts/calendar.ts';
import { athleteProfileQuery } from './athlete-profile.ts';
import { raceCountdownQuery } from './race-countdown.ts';
import { recoveryQuery } from './recovery.ts';
import { streakQuery } from './streak.ts';
import { summaryQuery } from './summary.ts';
import { weeklySummaryQuery } from './weekly-summary.ts';
import { welcomeQuery } from './welcome.ts';

type Query = Parameters<QueryClient['prefetchQuery']>[0];

/** The reads of each widget, beyond the summary and the calendar that the page reads anyway. */
const WIDGET_READS: Record<WidgetId, () => Query[]> = {
  'todays-workout': () => [],
  'recovery-panel': () => [recoveryQuery() as Query, currentMetricsQuery as Query],
  'weekly-summary': () => [weeklySummaryQuery() as Query],
  'race-countdown': () => [raceCountdownQuery() as Query],
  'streak-tracker': () => [streakQuery() as Query],
  // The hero shows readiness from the summary; the widget is not drawn (docs/dashboard.md, "Each figure once").
  'readiness-score': () => [],
};

export function prefetchDashboard(client: QueryClient, now = new Date()): void {
  const today = isoDate(now);
  const widgets = DEFAULT_WIDGET_CONFIG.filter((item) => item.enabled).flatMap((item) =>
    WIDGET_READS[item.id as WidgetId](),
  );
  for (const query of [
    summaryQuery() as Query,
    athleteProfileQuery() as Query,
    welcomeQuery() as Query,
    ...widgets,
  ]) {
    void client.prefetchQuery(query);
  }
  // Today's full workout, for the detail dialog and Mark Done (the page asks for the server's day, which is
  // this one unless the athlete's time zone differs from the browser's).
  void client.prefetchQuery(calendarQuery(today, today));
}
