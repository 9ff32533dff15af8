// This week's focus (from the current phase) and the weekly goals, each with how far along it is.
import type { PlanProgress } from '@stamina/contract';
import { Compass } from 'lucide-react';
import { Card } from '../../../components/ui/card.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { formatPlanDate } from './format.ts';

function focusText(progress: PlanProgress): string {
  if (progress.current_phase?.focus) return progress.current_phase.focus;
  if (progress.current_week <= 0) return `Your plan starts on ${formatPlanDate(progress.start_date)}.`;
  if (progress.current_phase) return `You are in the ${progress.current_phase.label} block.`;
  return 'Your plan has run its course.';
}

export function CurrentFocus({ progress }: { progress: PlanProgress }) {
  return (
    <Card className="space-y-4 p-5" aria-labelledby="current-focus-heading" role="region">
      <div>
        <h2 id="current-focus-heading" className="flex items-center gap-2 text-lg font-semibold">
          <Compass className="h-5 w-5 text-primary" aria-hidden="true" />
          Current focus
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{focusText(progress)}</p>
      </div>
      <div>
        <h3 className="text-sm font-semibold">This week's goals</h3>
        {progress.weekly_goals.length === 0 ? (
          <p className="mt-1 text-sm text-muted-foreground">No goals for this week yet.</p>
        ) : (
          <ul className="mt-2 space-y-3">
            {progress.weekly_goals.map((goal) => (
              <li key={goal.text} className="space-y-1.5">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                  <span>{goal.text}</span>
                  <span className="tabular-nums text-muted-foreground">
                    {goal.current_value} / {goal.target_value} {goal.unit}
                  </span>
                </div>
                <ProgressBar value={goal.current_value} max={goal.target_value} label={goal.text} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
