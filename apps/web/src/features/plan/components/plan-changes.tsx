// The Journey page's "Plan changes" (docs/adaptation.md, "Every change is recorded"): what the adaptation or
// the coach changed in the plan, newest first, each with its reason and day, and an Undo for those that can
// be undone. "Adapt today" runs today's adaptation now.
import type { PlanChange } from '@stamina/contract';
import { Sparkles, Undo2 } from 'lucide-react';
import { useState } from 'react';
import {
  PLAN_CHANGES_PAGE_SIZE,
  useAdaptPlan,
  usePlanChanges,
  useUndoPlanChange,
} from '../../../api/plan/plan-changes.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { QueryCard } from '../../../components/ui/query-card.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { formatPlanDate, plural } from './format.ts';

const CHANGE_KIND_LABEL: Record<PlanChange['kind'], string> = {
  swap: 'Swapped',
  rest: 'Rest day',
  move: 'Moved',
  drop: 'Dropped',
  ease: 'Eased',
  skip: 'Skipped',
  shorten: 'Shortened',
  rebuild: 'Rebuilt',
};

export function PlanChanges({ planId }: { planId: string }) {
  const [page, setPage] = useState(1);
  const changes = usePlanChanges(planId, page);
  const adapt = useAdaptPlan();
  const undo = useUndoPlanChange();
  const items = changes.data?.items ?? [];
  const total = changes.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PLAN_CHANGES_PAGE_SIZE));

  function adaptToday() {
    adapt.mutate(planId, {
      onSuccess: (run) =>
        toast.success(
          run.changes.length === 0
            ? 'Nothing to adapt today: your plan stands as it is.'
            : `Your plan adapted: ${plural(run.changes.length, 'change')}.`,
        ),
      onError: (error) => toast.error(`The plan could not adapt: ${errorMessage(error)}`),
    });
  }

  function undoChange(change: PlanChange) {
    undo.mutate(
      { planId, changeId: change.id },
      {
        onSuccess: () => toast.success('Change undone. That day is yours now: adaptation leaves it alone.'),
        onError: (error) => toast.error(`The change could not be undone: ${errorMessage(error)}`),
      },
    );
  }

  return (
    <div className="space-y-2">
      <QueryCard
        title="Plan changes"
        subtitle="How your plan adapted to your readiness, missed sessions and load, and why."
        query={changes}
        isEmpty={items.length === 0}
        emptyTitle="No changes yet"
        emptyText="When your readiness, a missed session or your load calls for it, the plan adapts and each change shows here with its reason."
        loadingLabel="Loading your plan's changes"
      >
        <ul className="divide-y divide-border">
          {items.map((change) => (
            <li key={change.id} className="flex flex-wrap items-start gap-3 py-3">
              <div className="min-w-0 flex-1 space-y-1">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge variant={change.undone_at ? 'neutral' : 'accent'}>
                    {CHANGE_KIND_LABEL[change.kind]}
                  </Badge>
                  <time dateTime={change.date} className="text-sm tabular-nums text-muted-foreground">
                    {formatPlanDate(change.date)}
                  </time>
                  {change.source === 'coach' ? <Badge>Coach</Badge> : null}
                  {change.undone_at ? <Badge>Undone</Badge> : null}
                </div>
                <p className="text-sm break-words">{change.reason}</p>
              </div>
              {!change.undone_at && change.kind !== 'rebuild' ? (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={undo.isPending}
                  onClick={() => undoChange(change)}
                  aria-label={`Undo: ${change.reason}`}
                >
                  <Undo2 className="h-4 w-4" aria-hidden="true" />
                  Undo
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
        <Pager
          className="pt-2"
          label="Plan changes pages"
          directions="newer-older"
          variant="ghost"
          page={page}
          totalPages={pages}
          onPage={setPage}
        />
      </QueryCard>
      <Button variant="outline" size="sm" onClick={adaptToday} disabled={adapt.isPending}>
        <Sparkles className="h-4 w-4" aria-hidden="true" />
        {adapt.isPending ? 'Adapting…' : 'Adapt today'}
      </Button>
    </div>
  );
}
