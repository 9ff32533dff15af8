// A proposed change as a card (docs/coach.md, "Actions"): nothing changes until the athlete confirms it; an
// applied change can be undone (POST /api/coach/actions/{id}/undo), in a plan or not.
import type { CoachActionDto } from '@stamina/contract';
import { Check, Undo2 } from 'lucide-react';
import { useConfirmCoachAction, useUndoCoachAction } from '../../../api/coach/mutations.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';

export function ActionCard({ action }: { action: CoachActionDto }) {
  const confirm = useConfirmCoachAction();
  const undo = useUndoCoachAction();
  const canUndo = action.status === 'applied' && !action.undone && action.change_id;

  return (
    <div className="rounded-lg border border-border bg-background p-3" data-testid="coach-action">
      <p className="text-sm font-medium">{action.summary}</p>
      <p className="mt-1 text-xs text-muted-foreground">{action.reason}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        {action.status === 'proposed' ? (
          <Button
            size="sm"
            aria-label={`Confirm: ${action.summary}`}
            disabled={confirm.isPending}
            onClick={() =>
              confirm.mutate(action.id, {
                onSuccess: () => toast.success('Done: your plan is updated.'),
                onError: (err) => toast.error(errorMessage(err)),
              })
            }
          >
            <Check className="h-4 w-4" aria-hidden="true" />
            Confirm
          </Button>
        ) : null}
        {action.status === 'applied' ? (
          <Badge variant={action.undone ? 'neutral' : 'success'}>
            {action.undone ? 'Undone' : 'Applied'}
          </Badge>
        ) : null}
        {action.status === 'dismissed' ? <Badge>Dismissed</Badge> : null}
        {canUndo ? (
          <Button
            size="sm"
            variant="outline"
            aria-label={`Undo: ${action.summary}`}
            disabled={undo.isPending}
            onClick={() =>
              undo.mutate(action.id, {
                onSuccess: () => toast.success('Undone: the session is back as it was.'),
                onError: (err) => toast.error(errorMessage(err)),
              })
            }
          >
            <Undo2 className="h-4 w-4" aria-hidden="true" />
            Undo
          </Button>
        ) : null}
      </div>
    </div>
  );
}
