// The Today's Workout card beside the hero (docs/dashboard.md, "The dashboard screen"): 'Start Workout' opens
// the workout's detail dialog; without a workout, 'Plan Workout' opens the add-workout dialog for today.
import type { DashboardSummary } from '@stamina/contract';
import { CalendarPlus, Play } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';

export function TodayCard({
  workout,
  canStart,
  onStart,
  onPlan,
}: {
  workout: DashboardSummary['todays_workout'];
  canStart: boolean;
  onStart: () => void;
  onPlan: () => void;
}) {
  const completed = workout?.status === 'completed';
  return (
    <Card className="flex flex-col gap-3 p-5 sm:p-6">
      <h2 className="text-sm font-medium text-muted-foreground">Today's Workout</h2>
      {workout ? (
        <>
          <p className={cn('text-lg font-semibold', completed && 'text-muted-foreground line-through')}>
            {workout.title}
            {completed ? <span className="sr-only"> (completed)</span> : null}
          </p>
          <Button className="mt-auto self-start" onClick={onStart} disabled={!canStart}>
            <Play className="h-4 w-4" aria-hidden="true" />
            Start Workout
          </Button>
        </>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">No workout scheduled - Plan your training session</p>
          <Button className="mt-auto self-start" onClick={onPlan}>
            <CalendarPlus className="h-4 w-4" aria-hidden="true" />
            Plan Workout
          </Button>
        </>
      )}
    </Card>
  );
}
