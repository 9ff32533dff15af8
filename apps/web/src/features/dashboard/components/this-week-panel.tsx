// 'This Week' (docs/dashboard.md, "The dashboard screen"): total time, sessions 'x of y' and a
// percent-complete bar. Fixed top-right on large screens and a bottom bar on small ones; the page reserves
// room for it at its end, and the bottom bar slides away while the athlete scrolls down, so it never covers
// what is being read.
import type { WeekSummary } from '@stamina/contract';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { cn } from '../../../lib/cn.ts';
import { useHideOnScroll } from '../../../lib/use-hide-on-scroll.ts';
import { formatHours, weekProgress } from '../dashboard-model.ts';

export function ThisWeekPanel({ week }: { week: WeekSummary }) {
  const { percent } = weekProgress(week.completed_sessions, week.planned_sessions);
  const hidden = useHideOnScroll();
  return (
    <aside
      aria-labelledby="this-week-title"
      data-hidden={hidden || undefined}
      className={cn(
        'fixed inset-x-0 bottom-0 z-20 border-t border-border bg-card/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-lg backdrop-blur',
        'motion-safe:transition-transform motion-safe:duration-200',
        hidden && 'max-lg:translate-y-full',
        // Beside the page's content column (max-w-7xl, px-6), not at the window's edge: its right edge and top line
        // up with the column's.
        'lg:inset-x-auto lg:top-[5.5rem] lg:right-[max(1.5rem,calc((100vw-80rem)/2+1.5rem))] lg:bottom-auto lg:w-60 lg:rounded-xl lg:border lg:p-4',
      )}
    >
      <div className="flex items-center justify-between gap-3 lg:block">
        <h2 id="this-week-title" className="text-sm font-semibold">
          This Week
        </h2>
        <dl className="flex gap-4 text-sm lg:mt-2 lg:grid lg:grid-cols-2 lg:gap-2">
          <div>
            <dt className="text-xs text-muted-foreground">Total time</dt>
            <dd className="font-semibold tabular-nums">{formatHours(week.total_duration_hours)}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Sessions</dt>
            <dd className="font-semibold tabular-nums">
              {week.planned_sessions > 0
                ? `${week.completed_sessions} of ${week.planned_sessions}`
                : `${week.completed_sessions} done, none planned`}
            </dd>
          </div>
        </dl>
      </div>
      <div className="mt-2 flex items-center gap-2">
        <ProgressBar size="sm" value={percent} label="This week completed" />
        <span className="text-xs font-medium tabular-nums">{percent}%</span>
      </div>
    </aside>
  );
}
