// "Rebuild plan" for a generated plan: a new race date or weekly hours, and the plan's sessions from today on
// are drafted again (docs/onboarding.md, "The plan's outline and rebuild"). Past and completed sessions stay.
import type { PlanOutline, TrainingPlan } from '@stamina/contract';
import { WEEKLY_HOURS_OPTIONS } from '@stamina/core';
import { type FormEvent, useId, useState } from 'react';
import { type PlanRebuildBody, useRebuildPlan } from '../../../api/plan/rebuild-plan.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogClose } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';
import { DialogShell } from './plan-dialogs.tsx';

export function RebuildPlanDialog({
  plan,
  outline,
  today,
  open,
  onOpenChange,
}: {
  plan: TrainingPlan;
  outline: PlanOutline;
  today: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      title="Rebuild plan"
      description="Your sessions from today to race day are drafted again. Past and completed sessions stay as they are."
    >
      {open ? (
        <RebuildForm plan={plan} outline={outline} today={today} onDone={() => onOpenChange(false)} />
      ) : null}
    </DialogShell>
  );
}

/** The hours offered: the review's options, and the plan's own hours when they are not one of them. */
function hoursOptions(current: number): number[] {
  const options: number[] = [...WEEKLY_HOURS_OPTIONS];
  if (!options.includes(current)) options.push(current);
  return options.sort((a, b) => a - b);
}

function RebuildForm({
  plan,
  outline,
  today,
  onDone,
}: {
  plan: TrainingPlan;
  outline: PlanOutline;
  today: string;
  onDone: () => void;
}) {
  const rebuild = useRebuildPlan();
  const hoursId = useId();
  const currentHours = outline.goal_context.weekly_hours;
  const currentRace = plan.race_date ?? outline.goal_context.primary_event.date;
  const [raceDate, setRaceDate] = useState(currentRace);
  const [hours, setHours] = useState(String(currentHours));
  const [dateError, setDateError] = useState<string | undefined>();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!raceDate) {
      setDateError('Choose the race date');
      return;
    }
    if (raceDate <= today) {
      setDateError('The race date must be after today');
      return;
    }
    setDateError(undefined);
    const body: PlanRebuildBody = {};
    if (raceDate !== currentRace) body.race_date = raceDate;
    if (Number(hours) !== currentHours) body.weekly_hours = Number(hours);
    rebuild.mutate(
      { id: plan.id, body },
      {
        onSuccess: (result) => {
          toast.success(
            `Plan rebuilt: ${result.workouts_created} sessions planned from today (${result.workouts_removed} replaced)`,
          );
          onDone();
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      {rebuild.isError ? (
        <Alert variant="destructive">The plan was not rebuilt: {errorMessage(rebuild.error)}</Alert>
      ) : null}
      <Field
        label="Race date"
        type="date"
        name="race_date"
        min={today}
        value={raceDate}
        onChange={(e) => setRaceDate(e.target.value)}
        error={dateError}
      />
      <div className="space-y-1.5">
        <label htmlFor={hoursId} className="block text-sm font-medium">
          Weekly hours
        </label>
        <select
          id={hoursId}
          name="weekly_hours"
          value={hours}
          onChange={(e) => setHours(e.target.value)}
          aria-describedby={`${hoursId}-hint`}
          className={cn(
            'block h-11 w-full rounded-lg border border-input bg-background px-3 text-base text-foreground',
            'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          )}
        >
          {hoursOptions(currentHours).map((option) => (
            <option key={option} value={String(option)}>
              {option} hours
            </option>
          ))}
        </select>
        <p id={`${hoursId}-hint`} className="text-xs text-muted-foreground">
          The most you want to train in a week; the plan builds up to it.
        </p>
      </div>
      <div className="flex flex-col-reverse gap-2 pb-5 sm:flex-row sm:justify-end sm:pb-0">
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={rebuild.isPending}>
          {rebuild.isPending ? 'Rebuilding…' : 'Rebuild Plan'}
        </Button>
      </div>
    </form>
  );
}
