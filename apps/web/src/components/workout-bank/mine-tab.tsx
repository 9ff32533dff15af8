// The Workout Bank's Mine tab (docs/workout-bank.md, "Web page"): the athlete's own templates, newest first, each
// marked Private or Shared, with Edit.
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useMyTemplates } from '../../api/workout-bank/own.ts';
import type { WorkoutTemplate } from '../../api/workout-bank/types.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { BANK_TEXTS } from './format.ts';
import { OwnTemplateDialog, ownTemplateValues } from './own-template-dialog.tsx';
import { TemplateCard } from './template-card.tsx';

export function MineTab({ onOpen }: { onOpen: (template: WorkoutTemplate) => void }) {
  const mine = useMyTemplates();
  const [editing, setEditing] = useState<WorkoutTemplate | null>(null);
  if (mine.isPending) {
    return (
      <div className="flex items-center justify-center gap-2 py-12 text-muted-foreground">
        <Spinner label={BANK_TEXTS.loading} className="h-5 w-5" />
        <span aria-hidden="true">{BANK_TEXTS.loading}</span>
      </div>
    );
  }
  if (mine.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-2 py-12 text-center">
        <h2 className="text-lg font-semibold">Unable to load your templates</h2>
        <p className="text-sm text-muted-foreground">Please try again.</p>
        <Button variant="outline" size="sm" onClick={() => void mine.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  if (mine.mine.length === 0) {
    return (
      <div className="flex flex-col items-center gap-1 py-12 text-center">
        <h2 className="text-lg font-semibold">No Templates Yet</h2>
        <p className="max-w-sm text-sm text-muted-foreground">
          Open a workout on your calendar and choose Save as template to keep it here.
        </p>
      </div>
    );
  }
  return (
    <>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {mine.mine.map((t) => (
          <li key={t.id} className="flex flex-col gap-2">
            <TemplateCard
              template={t}
              onOpen={onOpen}
              footer={
                <Badge variant="neutral" className="w-fit">
                  {t.is_public ? 'Shared' : 'Private'}
                </Badge>
              }
            />
            <Button
              variant="outline"
              size="sm"
              className="self-start"
              aria-label={`Edit ${t.name}`}
              onClick={() => setEditing(t)}
            >
              <Pencil className="h-4 w-4" aria-hidden="true" />
              Edit
            </Button>
          </li>
        ))}
      </ul>
      {editing ? (
        <OwnTemplateDialog
          open
          onOpenChange={(open) => (open ? undefined : setEditing(null))}
          initial={ownTemplateValues({ kind: 'template', template: editing })}
          templateId={editing.id}
        />
      ) : null}
    </>
  );
}
