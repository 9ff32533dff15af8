// The Today's Workout widget (docs/dashboard.md, todays_workout): today's session from the summary, with its intensity badge,
// Start Now (the guided session; 'View' for a workout done or without steps or duration) and Mark Done; an empty
// day says so.
import type { DashboardSummary } from '@stamina/contract';
import { CalendarDays, Check, Clock, Eye, HeartPulse, Play, Plus } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { INTENSITY_LABELS } from '../dashboard-model.ts';
import { WIDGET_ICON_CLASS as iconClass, WidgetCard, WidgetEmpty, type WidgetQuery } from './widget-card.tsx';

/** Intensity 1-5 as a badge: a colour per level plus its number and word, so colour is never alone. */
const INTENSITY_CLASSES: Record<number, string> = {
  1: 'border-success/40 bg-success/10 text-success',
  2: 'border-success/40 bg-success/10 text-success',
  3: 'border-warning/40 bg-warning/10 text-warning',
  4: 'border-destructive/40 bg-destructive/10 text-destructive',
  5: 'border-destructive bg-destructive text-destructive-foreground',
};

function IntensityBadge({ level }: { level: number }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-semibold',
        INTENSITY_CLASSES[level] ?? 'border-border bg-muted text-foreground',
      )}
    >
      Intensity {level}/5 · {INTENSITY_LABELS[level] ?? 'Unknown'}
    </span>
  );
}

export function TodaysWorkoutWidget({
  query,
  workout,
  delayMs,
  canAct,
  guided,
  onStart,
  onMarkDone,
  onPlan,
}: {
  query: WidgetQuery;
  workout: DashboardSummary['todays_workout'] | undefined;
  delayMs: number;
  /** False until the full workout (for the dialog and Mark Done) has loaded. */
  canAct: boolean;
  /** True: Start Now starts the guided session; false: the button reads View and opens the workout. */
  guided: boolean;
  onStart: () => void;
  onMarkDone: () => void;
  onPlan: () => void;
}) {
  const completed = workout?.status === 'completed';
  return (
    <WidgetCard
      title="Today's Workout"
      icon={<CalendarDays className={iconClass} aria-hidden="true" />}
      query={query}
      errorText="Failed to load workout"
      delayMs={delayMs}
      empty={
        workout ? undefined : (
          <WidgetEmpty
            text="No workout scheduled for today"
            action={
              <Button size="sm" onClick={onPlan}>
                <Plus className="h-4 w-4" aria-hidden="true" />
                Plan Workout
              </Button>
            }
          />
        )
      }
    >
      {workout ? (
        <div className="flex flex-1 flex-col gap-3">
          <div>
            <p className="font-semibold">{workout.title}</p>
            {workout.description ? (
              <p className="mt-1 line-clamp-3 text-sm text-muted-foreground">{workout.description}</p>
            ) : null}
          </div>
          <div className="flex flex-wrap items-center gap-2 text-sm">
            {workout.intensity ? <IntensityBadge level={workout.intensity} /> : null}
            {workout.duration ? (
              <span className="inline-flex items-center gap-1 text-muted-foreground">
                <Clock className="h-4 w-4" aria-hidden="true" />
                {Math.round(workout.duration)} min
              </span>
            ) : null}
            {workout.target_heart_rate_min && workout.target_heart_rate_max ? (
              <span className="inline-flex items-center gap-1 text-muted-foreground">
                <HeartPulse className="h-4 w-4" aria-hidden="true" />
                {workout.target_heart_rate_min}-{workout.target_heart_rate_max} bpm
              </span>
            ) : null}
          </div>
          {completed ? (
            <p className="flex items-center gap-1.5 text-sm font-medium text-success">
              <Check className="h-4 w-4" aria-hidden="true" />
              Completed
            </p>
          ) : null}
          <div className="mt-auto flex flex-wrap gap-2">
            <Button size="sm" onClick={onStart} disabled={!canAct}>
              {guided ? (
                <Play className="h-4 w-4" aria-hidden="true" />
              ) : (
                <Eye className="h-4 w-4" aria-hidden="true" />
              )}
              {guided ? 'Start Now' : 'View'}
            </Button>
            {completed ? null : (
              <Button variant="outline" size="sm" onClick={onMarkDone} disabled={!canAct}>
                <Check className="h-4 w-4" aria-hidden="true" />
                Mark Done
              </Button>
            )}
          </div>
        </div>
      ) : null}
    </WidgetCard>
  );
}
