// The key milestones of the plan: tests, checkpoints, the race and the goal, each with its date and status.
import type { PlanProgress } from '@stamina/contract';
import { Card } from '../../../components/ui/card.tsx';
import { formatPlanDate } from './format.ts';
import { MILESTONE_TYPE, MilestoneStatusChip } from './status-label.tsx';

export function MilestonesList({ milestones }: { milestones: PlanProgress['milestones'] }) {
  return (
    <Card className="p-5" role="region" aria-labelledby="milestones-heading">
      <h2 id="milestones-heading" className="text-lg font-semibold">
        Key milestones
      </h2>
      {milestones.length === 0 ? (
        <p className="mt-1 text-sm text-muted-foreground">No milestones on this plan yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-border">
          {milestones.map((milestone) => {
            const type = MILESTONE_TYPE[milestone.type];
            return (
              <li key={`${milestone.date}-${milestone.title}`} className="flex gap-3 py-3">
                <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
                  <type.Icon className="h-4 w-4" aria-hidden="true" />
                  <span className="sr-only">{type.label}</span>
                </span>
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h3 className="font-medium break-words">{milestone.title}</h3>
                    <MilestoneStatusChip status={milestone.status} />
                  </div>
                  <p className="text-sm tabular-nums text-muted-foreground">
                    <time dateTime={milestone.date}>{formatPlanDate(milestone.date)}</time>
                  </p>
                  {milestone.description ? <p className="mt-1 text-sm">{milestone.description}</p> : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
