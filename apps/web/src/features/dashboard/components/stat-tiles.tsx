// The stat tiles (docs/dashboard.md, "The dashboard screen"): Recovery (only when the Recovery Status widget
// is off: each figure once), Fitness with form (marked as an estimate while the thresholds are defaults),
// Streak, and Plan Progress with an active plan, else a link to make one. Readiness is the hero's alone.
import type { DashboardSummary } from '@stamina/contract';
import { recoveryLabel } from '@stamina/core';
import { Activity, Flame, HeartPulse, Map as MapIcon, Target } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EstimateMark } from '../../../components/thresholds/estimate-mark.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { shownScore } from '../dashboard-model.ts';

function Tile({
  icon,
  label,
  value,
  hint,
  mark,
  children,
}: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  mark?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card className="min-w-0 p-3 sm:p-4">
      <h3 className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground sm:text-sm">
        {icon}
        {label}
      </h3>
      <p className="mt-1 text-xl font-bold tabular-nums sm:text-2xl">{value}</p>
      {hint ? <p className="truncate text-xs text-muted-foreground">{hint}</p> : null}
      {mark ? <div className="mt-1">{mark}</div> : null}
      {children}
    </Card>
  );
}

export function StatTiles({ summary, showRecovery }: { summary: DashboardSummary; showRecovery: boolean }) {
  const recovery = shownScore(summary.recovery_score);
  const tsb = Math.round(summary.form_score);
  const plan = summary.active_plan;
  const iconClass = 'h-4 w-4';
  return (
    <section aria-label="Key figures" className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4">
      {showRecovery ? (
        <Tile
          icon={<HeartPulse className={iconClass} aria-hidden="true" />}
          label="Recovery"
          value={recovery === null ? '—' : `${recovery}%`}
          hint={
            recovery === null ? (
              <Link to="/metrics?log=today" className="text-primary underline-offset-4 hover:underline">
                Log wellness for a score
              </Link>
            ) : (
              recoveryLabel(recovery)
            )
          }
        />
      ) : null}
      <Tile
        icon={<Activity className={iconClass} aria-hidden="true" />}
        label="Fitness"
        value={Math.round(summary.fitness_score)}
        hint={`Form ${tsb > 0 ? `+${tsb}` : tsb} · Fatigue ${Math.round(summary.fatigue_score)}`}
        mark={summary.thresholds.estimated ? <EstimateMark what="Fitness" /> : null}
      />
      <Tile
        icon={<Flame className={iconClass} aria-hidden="true" />}
        label="Streak"
        value={`${summary.current_training_streak} ${summary.current_training_streak === 1 ? 'day' : 'days'}`}
        hint={`Best ${summary.longest_training_streak} days`}
      />
      {plan ? (
        <Tile
          icon={<MapIcon className={iconClass} aria-hidden="true" />}
          label="Plan Progress"
          value={`${Math.round(plan.progress_percentage)}%`}
          hint={plan.title}
        >
          <ProgressBar size="sm" value={plan.progress_percentage} label="Plan progress" className="mt-2" />
        </Tile>
      ) : (
        <Tile
          icon={<Target className={iconClass} aria-hidden="true" />}
          label="Plan"
          value="No plan"
          hint={
            <Link to="/plan" className="text-primary underline-offset-4 hover:underline">
              Make a training plan
            </Link>
          }
        />
      )}
    </section>
  );
}
