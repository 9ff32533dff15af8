// The top of the journey: the goal, target time, race date, days to go, week X of Y, overall and phase
// progress, and the sessions of the plan done so far.
import type { PlanProgress, TrainingPlan } from '@stamina/contract';
import { CalendarDays, Flag, Hourglass, Route, Timer } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { daysToGoText, formatPlanDate, plural } from './format.ts';

// One term and its value. dt and dd must be the group's direct children (a dl allows nothing else around them),
// so the icon sits inside the term, positioned beside both lines.
function Stat({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="relative min-w-0 rounded-lg border border-border p-2.5 pl-8 sm:p-3 sm:pl-9.5">
      <dt className="text-xs text-muted-foreground">
        <span className="absolute top-3 left-2.5 sm:top-3.5 sm:left-3">{icon}</span>
        {label}
      </dt>
      <dd className="text-sm font-semibold tabular-nums sm:text-base">{children}</dd>
    </div>
  );
}

function weekText(progress: PlanProgress): string {
  if (progress.current_week <= 0) return `Starts ${formatPlanDate(progress.start_date)}`;
  return `Week ${progress.current_week} of ${progress.total_weeks}`;
}

export function JourneyOverview({ plan, progress }: { plan: TrainingPlan; progress: PlanProgress }) {
  const overall = Math.round(progress.progress_percentage);
  const phase = progress.current_phase;
  const { sessions } = progress;
  const iconClass = 'h-4 w-4';
  return (
    <Card className="space-y-5 p-4 sm:p-5">
      <div>
        <p className="flex items-center gap-1.5 text-sm font-medium text-muted-foreground">
          <Flag className="h-4 w-4" aria-hidden="true" />
          Goal{plan.race_type ? `: ${plan.race_type}` : ''}
        </p>
        <h2 className="mt-1 text-xl font-semibold break-words">{plan.title}</h2>
      </div>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat icon={<Timer className={iconClass} aria-hidden="true" />} label="Target time">
          {plan.target_time ?? 'Not set'}
        </Stat>
        <Stat icon={<CalendarDays className={iconClass} aria-hidden="true" />} label="Race date">
          {progress.race_date ? formatPlanDate(progress.race_date) : 'Not set'}
        </Stat>
        <Stat icon={<Hourglass className={iconClass} aria-hidden="true" />} label="Days to go">
          {daysToGoText(progress.days_to_go)}
        </Stat>
        <Stat icon={<Route className={iconClass} aria-hidden="true" />} label="Training week">
          {weekText(progress)}
        </Stat>
      </dl>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <div className="flex items-baseline justify-between gap-2 text-sm">
            <span className="font-medium">Overall progress</span>
            <span className="tabular-nums text-muted-foreground">{overall}%</span>
          </div>
          <ProgressBar value={overall} label="Overall progress" />
        </div>
        <div className="space-y-1.5">
          <div className="flex items-baseline justify-between gap-2 text-sm">
            <span className="font-medium">{phase ? `${phase.label} progress` : 'Phase progress'}</span>
            <span className="tabular-nums text-muted-foreground">
              {phase ? `${Math.round(phase.progress_percentage)}%` : 'Not started'}
            </span>
          </div>
          <ProgressBar
            value={phase?.progress_percentage ?? 0}
            label={phase ? `${phase.label} progress` : 'Phase progress'}
          />
        </div>
      </div>
      <p className="text-sm text-muted-foreground">
        {sessions.planned === 0
          ? 'No workouts are linked to this plan yet.'
          : `${sessions.completed} of ${plural(sessions.planned, 'planned session')} completed` +
            (sessions.skipped > 0 ? `, ${sessions.skipped} skipped.` : '.')}
      </p>
    </Card>
  );
}
