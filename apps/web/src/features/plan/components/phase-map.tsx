// The phase map: the plan's blocks (Foundation, Base Building, Build Phase, Peak & Taper) with their dates and
// status. A row of columns on wide screens, a vertical list on phones.
import type { PlanProgress } from '@stamina/contract';
import { Card } from '../../../components/ui/card.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDateRange, plural } from './format.ts';
import { PhaseStatusChip } from './status-label.tsx';

export function PhaseMap({ phases }: { phases: PlanProgress['phases'] }) {
  return (
    <Card className="p-5" role="region" aria-labelledby="phase-map-heading">
      <h2 id="phase-map-heading" className="text-lg font-semibold">
        Phase map
      </h2>
      {phases.length === 0 ? (
        <p className="mt-1 text-sm text-muted-foreground">This plan has no phases yet.</p>
      ) : (
        <ol className="mt-4 grid gap-3 lg:auto-cols-fr lg:grid-flow-col">
          {phases.map((phase, index) => {
            const current = phase.status === 'current';
            return (
              <li
                key={`${phase.label}-${phase.start_date}`}
                aria-current={current ? 'step' : undefined}
                aria-label={`${phase.label}, ${phase.status}`}
                className={cn(
                  'flex flex-col gap-2 rounded-lg border p-4',
                  current ? 'border-primary bg-accent/60' : 'border-border',
                )}
              >
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-semibold">
                    <span className="sr-only">Phase {index + 1}: </span>
                    {phase.label}
                  </h3>
                  <PhaseStatusChip status={phase.status} />
                </div>
                <p className="text-sm tabular-nums text-muted-foreground">
                  {formatDateRange(phase.start_date, phase.end_date)} · {plural(phase.weeks, 'week')}
                </p>
                {phase.focus ? <p className="text-sm">{phase.focus}</p> : null}
                {current ? (
                  <div className="mt-auto space-y-1 pt-1">
                    <p className="text-xs text-muted-foreground">
                      {Math.round(phase.progress_percentage)}% of this phase done
                    </p>
                    <ProgressBar value={phase.progress_percentage} label={`${phase.label} progress`} />
                  </div>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
