// This plan week's sessions with the reason each is there (a generated session's description), from the
// Training API's workouts of the plan between the week's first and last day.
import type { TrainingWorkout } from '@stamina/contract';
import { useTrainingWorkouts } from '../../../api/workouts/training-workouts.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { QueryCard } from '../../../components/ui/query-card.tsx';
import { SPORT_LABELS } from '../../../components/workouts/format.ts';
import { formatDay } from '../../../lib/dates.ts';
import { formatDateRange } from './format.ts';

const STATUS: Record<
  TrainingWorkout['status'],
  { text: string; variant: 'neutral' | 'success' | 'warning' }
> = {
  planned: { text: 'Planned', variant: 'neutral' },
  completed: { text: 'Completed', variant: 'success' },
  skipped: { text: 'Skipped', variant: 'warning' },
};

export function WeekSessions({
  planId,
  week,
  heading,
}: {
  planId: string;
  week: { week: number; start: string; end: string };
  heading: string;
}) {
  const sessions = useTrainingWorkouts({ plan_id: planId, date_from: week.start, date_to: week.end });
  const list = sessions.data ?? [];
  return (
    <QueryCard
      title={heading}
      subtitle={`Week ${week.week}: ${formatDateRange(week.start, week.end)}`}
      query={sessions}
      isEmpty={list.length === 0}
      emptyTitle="No sessions this week"
      emptyText="This week of the plan has no sessions left."
      className="p-5"
    >
      <ol className="divide-y divide-border">
        {list.map((session) => (
          <li key={session.id} className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-medium">
                <span className="text-muted-foreground tabular-nums">
                  {formatDay(session.workout_date, 'short')} ·{' '}
                </span>
                {session.title}
              </p>
              <Badge variant={STATUS[session.status].variant}>{STATUS[session.status].text}</Badge>
            </div>
            <p className="text-xs text-muted-foreground tabular-nums">
              {SPORT_LABELS[session.sport]}
              {session.duration !== null ? ` · ${session.duration} min` : ''}
              {session.intensity !== null ? ` · Zone ${session.intensity}` : ''}
            </p>
            {session.description ? (
              <p className="text-sm">
                <span className="sr-only">Why: </span>
                {session.description}
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </QueryCard>
  );
}
