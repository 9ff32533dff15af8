// The "Adapted" mark on a workout the plan's adaptation (or a coach action) changed, with the reason in the
// athlete's words (docs/adaptation.md, "Every change is recorded"). Shows nothing for a workout never
// changed, whose changes were all undone, or when the history cannot be read: it is extra, never in the way.
import type { Workout } from '@stamina/contract';
import { Sparkles } from 'lucide-react';
import { useWorkoutChanges } from '../../api/plan/plan-changes.ts';
import { Badge } from '../ui/badge.tsx';

export function AdaptedNote({ workout }: { workout: Pick<Workout, 'id' | 'plan_id'> }) {
  const changes = useWorkoutChanges(workout.plan_id, workout.id);
  const latest = changes.data?.items.find((change) => change.undone_at === null && change.kind !== 'rebuild');
  if (!latest) return null;
  return (
    <div className="mt-3 flex flex-wrap items-start gap-2 rounded-lg border border-primary/30 bg-accent/40 px-3 py-2 text-sm">
      <Badge variant="accent">
        <Sparkles className="h-3 w-3" aria-hidden="true" />
        {latest.source === 'coach' ? 'Changed by coach' : 'Adapted'}
      </Badge>
      <p className="min-w-0 flex-1 break-words">{latest.reason}</p>
    </div>
  );
}
