// The Today's Workout card beside the hero (docs/dashboard.md, "The dashboard screen"): 'Start Workout' starts
// the guided session (a workout with steps or a duration, not yet done), else 'View' opens its detail dialog;
// without a workout, 'Plan Workout' opens the add-workout dialog for today.
import type { DashboardSummary } from '@stamina/contract';
import { CalendarPlus, Eye, Play } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { CompletedMark } from '../../../components/workouts/workout-badges.tsx';

export function TodayCard({
  workout,
  canStart,
  guided,
  onStart,
  onPlan,
}: {
  workout: DashboardSummary['todays_workout'];
  canStart: boolean;
  /** True: the button starts the guided session ('Start Workout'); false: it opens the workout ('View'). */
  guided: boolean;
  onStart: () => void;
  onPlan: () => void;
}) {
  return (
    <Card className="flex flex-col gap-3 p-5 sm:p-6">
      <h2 className="text-sm font-medium text-muted-foreground">Today's Workout</h2>
      {workout ? (
        <>
          <p className="flex items-center gap-2 text-lg font-semibold">
            {workout.title}
            {workout.status === 'completed' ? <CompletedMark /> : null}
          </p>
          <Button className="mt-auto self-start" onClick={onStart} disabled={!canStart}>
            {guided ? (
              <Play className="h-4 w-4" aria-hidden="true" />
            ) : (
              <Eye className="h-4 w-4" aria-hidden="true" />
            )}
            {guided ? 'Start Workout' : 'View'}
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
