// The plan's edit dialog (title, race date, target time) and the confirmation before a delete, both on Radix
// Dialog like the app's other dialogs (focus trapped, Escape closes, focus returns to the opener).
import type { TrainingPlan } from '@stamina/contract';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useDeletePlan, useUpdatePlan } from '../../../api/plan/mutations.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogHeader } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { editValuesFromPlan, type FieldErrors, validateEdit } from '../plan-form.ts';

/** The plan dialogs' frame (also the rebuild dialog's). */
export function DialogShell({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent layout="sheet" width={32}>
        <DialogHeader size="xl" title={title} description={description} />
        <div className="mt-4">{children}</div>
      </DialogContent>
    </Dialog>
  );
}

export function EditPlanDialog({
  plan,
  open,
  onOpenChange,
}: {
  plan: TrainingPlan;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      title="Edit plan"
      description="Changing the race date re-plans the phases around it."
    >
      {/* Mounted per opening, so the form starts from the saved plan each time. */}
      {open ? <EditPlanForm plan={plan} onDone={() => onOpenChange(false)} /> : null}
    </DialogShell>
  );
}

function EditPlanForm({ plan, onDone }: { plan: TrainingPlan; onDone: () => void }) {
  const update = useUpdatePlan();
  const [values, setValues] = useState(() => editValuesFromPlan(plan));
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validateEdit(values, plan);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    update.mutate(
      { id: plan.id, changes: result.body },
      {
        onSuccess: () => {
          toast.success('Plan updated');
          onDone();
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {update.isError ? (
        <Alert variant="destructive">Your changes were not saved: {errorMessage(update.error)}</Alert>
      ) : null}
      <Field
        label="Plan title"
        name="title"
        maxLength={200}
        value={values.title}
        onChange={set('title')}
        error={errors.title}
      />
      <Field
        label="Race date"
        type="date"
        name="race_date"
        value={values.raceDate}
        onChange={set('raceDate')}
        error={errors.race_date}
      />
      <Field
        label="Target time (optional)"
        name="target_time"
        inputMode="numeric"
        placeholder="3:30:00"
        value={values.targetTime}
        onChange={set('targetTime')}
        hint="h:mm:ss or mm:ss; leave empty for no target."
        error={errors.target_time}
      />
      <div className="flex flex-col-reverse gap-2 pb-5 sm:flex-row sm:justify-end sm:pb-0">
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}

export function DeletePlanDialog({
  plan,
  open,
  onOpenChange,
}: {
  plan: TrainingPlan;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useDeletePlan();
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      title="Delete this plan?"
      description={`"${plan.title}" and its phase map will be removed. This cannot be undone.`}
    >
      <div className="flex flex-col-reverse gap-2 pb-5 sm:flex-row sm:justify-end sm:pb-0">
        <DialogClose asChild>
          {/* Cancel takes the first focus, so Enter right after opening never deletes. */}
          <Button variant="outline" autoFocus>
            Keep Plan
          </Button>
        </DialogClose>
        <Button
          variant="destructive"
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(plan.id, {
              onSuccess: () => {
                toast.success('Plan deleted');
                onOpenChange(false);
              },
              onError: (error) => toast.error(`The plan could not be deleted: ${errorMessage(error)}`),
            })
          }
        >
          {remove.isPending ? 'Deleting…' : 'Delete Plan'}
        </Button>
      </div>
    </DialogShell>
  );
}
