// The four stat tiles (docs/dashboard.md, "The dashboard screen"): Recovery, Fitness with form, Streak, and
// Plan Progress with an active plan or Training Readiness (readiness from form, the Analytics page's rule)
// without one.
import type { DashboardSummary } from '@stamina/contract';
import { recoveryLabel, trainingReadinessFromForm } from '@stamina/core';
import { Activity, Flame, HeartPulse, Map as MapIcon, Target } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { RECOVERY_FALLBACK, scoreOrFallback } from '../dashboard-model.ts';

function Tile({
  icon,
  label,
  value,
  hint,
  estimate = false,
  children,
}: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  estimate?: boolean;
  children?: ReactNode;
}) {
  return (
    <Card className="min-w-0 p-3 sm:p-4">
      <div className="flex items-center justify-between gap-1">
        <h3 className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground sm:text-sm">
          {icon}
          {label}
        </h3>
        {estimate ? (
          <Badge variant="warning" className="px-1.5 text-[10px] uppercase">
            Estimate
          </Badge>
        ) : null}
      </div>
      <p className="mt-1 text-xl font-bold tabular-nums sm:text-2xl">{value}</p>
      {hint ? <p className="truncate text-xs text-muted-foreground">{hint}</p> : null}
      {children}
    </Card>
  );
}

export function StatTiles({ summary }: { summary: DashboardSummary }) {
  const recovery = scoreOrFallback(summary.recovery_score, RECOVERY_FALLBACK);
  const tsb = Math.round(summary.form_score);
  const plan = summary.active_plan;
  const iconClass = 'h-4 w-4';
  return (
    <section aria-label="Key figures" className="grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-4">
      <Tile
        icon={<HeartPulse className={iconClass} aria-hidden="true" />}
        label="Recovery"
        value={`${recovery.value}%`}
        hint={recoveryLabel(recovery.value)}
        estimate={recovery.estimate}
      />
      <Tile
        icon={<Activity className={iconClass} aria-hidden="true" />}
        label="Fitness"
        value={Math.round(summary.fitness_score)}
        hint={`Form ${tsb > 0 ? `+${tsb}` : tsb} · Fatigue ${Math.round(summary.fatigue_score)}`}
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
          label="Training Readiness"
          value={`${Math.round(trainingReadinessFromForm(summary.form_score))}%`}
          hint="From your current form"
        />
      )}
    </section>
  );
}
