// Every read the dashboard makes when it opens, so they can all start at once, before the page has rendered
// (app/boot-queries.ts) instead of one after another as its parts mount. The widget reads are started for
// all six widgets: the athlete's widget_config, which hides some, is itself one of these reads.
import type { QueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { currentMetricsQuery } from '../../metrics/api/current-metrics.ts';
import { calendarQuery } from '../../workouts/api/calendar.ts';
import { athleteProfileQuery } from './athlete-profile.ts';
import { raceCountdownQuery } from './race-countdown.ts';
import { readinessWidgetQuery } from './readiness-widget.ts';
import { recoveryQuery } from './recovery.ts';
import { streakQuery } from './streak.ts';
import { summaryQuery } from './summary.ts';
import { weeklySummaryQuery } from './weekly-summary.ts';

export function prefetchDashboard(client: QueryClient, now = new Date()): void {
  const today = format(now, 'yyyy-MM-dd');
  for (const query of [
    summaryQuery(),
    athleteProfileQuery(),
    recoveryQuery(),
    weeklySummaryQuery(),
    raceCountdownQuery(),
    streakQuery(),
    readinessWidgetQuery(),
    currentMetricsQuery,
  ]) {
    void client.prefetchQuery(query as Parameters<QueryClient['prefetchQuery']>[0]);
  }
  // Today's full workout, for the detail dialog and Mark Done (the page asks for the server's day, which is
  // this one unless the athlete's time zone differs from the browser's).
  void client.prefetchQuery(calendarQuery(today, today));
}
