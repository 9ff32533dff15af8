import { CalendarDays } from 'lucide-react';
import { memo } from 'react';
import { useWeeklySummaryWidget } from '../../../api/dashboard/weekly-summary.ts';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { formatHours, weekProgress } from '../dashboard-model.ts';
import { WIDGET_ICON_CLASS as iconClass, WidgetCard } from './widget-card.tsx';

export const WeeklySummaryWidget = memo(function WeeklySummaryWidget({ delayMs }: { delayMs: number }) {
  const week = useWeeklySummaryWidget();
  const data = week.data;
  const progress = data ? weekProgress(data.completed_sessions, data.planned_sessions) : null;
  return (
    <WidgetCard
      title="Weekly Summary"
      icon={<CalendarDays className={iconClass} aria-hidden="true" />}
      query={week}
      delayMs={delayMs}
    >
      {data && progress ? (
        <>
          {data.planned_sessions > 0 ? (
            <>
              <p className="text-2xl font-bold tabular-nums">
                {data.completed_sessions}/{data.planned_sessions}
                <span className="ml-2 text-sm font-medium text-muted-foreground">sessions</span>
              </p>
              <ProgressBar size="sm" value={progress.percent} label="Weekly sessions completed" />
              <p className="text-sm font-medium">
                {progress.remaining === 0
                  ? 'Week complete!'
                  : `${progress.remaining} ${progress.remaining === 1 ? 'session' : 'sessions'} remaining`}
              </p>
            </>
          ) : (
            // No plan this week: no target to count against (docs/dashboard.md, weekly_summary).
            <p className="text-sm font-medium">No sessions planned this week</p>
          )}
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <div>
              <dt className="text-muted-foreground">Training hours</dt>
              <dd className="font-semibold tabular-nums">{formatHours(data.total_duration_hours)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Sessions</dt>
              <dd className="font-semibold tabular-nums">{data.total_sessions}</dd>
            </div>
          </dl>
        </>
      ) : null}
    </WidgetCard>
  );
});
