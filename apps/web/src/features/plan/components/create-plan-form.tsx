// The form that starts a journey: race type, race date, a title suggested from both, an optional target time
// and start date. Checked against the contract's schema before anything is sent; the server's message shows
// when it refuses.
import { RACE_TYPES, type RaceType } from '@stamina/contract';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useCreatePlan } from '../../../api/plan/mutations.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';
import { type FieldErrors, suggestedTitle, validateCreate } from '../plan-form.ts';

export function CreatePlanForm({ today }: { today: string }) {
  const create = useCreatePlan();
  const [raceType, setRaceType] = useState<RaceType | ''>('');
  const [raceDate, setRaceDate] = useState('');
  // null: the athlete has not typed a title, so it follows the race type and year.
  const [typedTitle, setTypedTitle] = useState<string | null>(null);
  const [targetTime, setTargetTime] = useState('');
  const [startDate, setStartDate] = useState(today);
  const [errors, setErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const raceTypeId = useId();

  const title = typedTitle ?? suggestedTitle(raceType, raceDate);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validateCreate({ raceType, raceDate, title, targetTime, startDate }, today);
    if (!result.ok) {
      // An untouched title is empty only because no race is chosen yet; that field's error says enough.
      const { title: titleError, ...rest } = result.errors;
      setErrors(typedTitle === null && !raceType ? rest : result.errors);
      // Take keyboard and screen-reader users to the first field that needs fixing.
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    setErrors({});
    create.mutate(result.body, {
      onSuccess: (plan) => toast.success(`Your plan "${plan.title}" is ready`),
    });
  }

  const raceTypeError = errors.race_type;
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="create-plan-heading"
      className="space-y-4"
    >
      <h2 id="create-plan-heading" className="text-lg font-semibold">
        Create your training plan
      </h2>
      {create.isError ? (
        <Alert variant="destructive">Your plan could not be created: {errorMessage(create.error)}</Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <label htmlFor={raceTypeId} className="block text-sm font-medium">
            Race type
          </label>
          <select
            id={raceTypeId}
            value={raceType}
            aria-invalid={raceTypeError ? true : undefined}
            aria-describedby={raceTypeError ? `${raceTypeId}-error` : undefined}
            onChange={(e) => setRaceType(e.target.value as RaceType | '')}
            className={cn(
              'block h-11 w-full rounded-lg border border-input bg-background px-3 text-base text-foreground',
              'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              raceTypeError && 'border-destructive',
            )}
          >
            <option value="">Choose a race</option>
            {RACE_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
          {raceTypeError ? (
            <p id={`${raceTypeId}-error`} className="text-xs text-destructive">
              {raceTypeError}
            </p>
          ) : null}
        </div>
        <Field
          label="Race date"
          type="date"
          name="race_date"
          min={today}
          value={raceDate}
          onChange={(e) => setRaceDate(e.target.value)}
          error={errors.race_date}
        />
      </div>
      <Field
        label="Plan title"
        name="title"
        value={title}
        maxLength={200}
        onChange={(e) => setTypedTitle(e.target.value)}
        hint="We suggest one from the race; change it as you like."
        error={errors.title}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Target time (optional)"
          name="target_time"
          inputMode="numeric"
          placeholder="3:30:00"
          value={targetTime}
          onChange={(e) => setTargetTime(e.target.value)}
          hint="h:mm:ss or mm:ss, for example 3:30:00 or 45:00."
          error={errors.target_time}
        />
        <Field
          label="Start date (optional)"
          type="date"
          name="start_date"
          value={startDate}
          onChange={(e) => setStartDate(e.target.value)}
          hint="Today unless you choose another day."
          error={errors.start_date}
        />
      </div>
      <Button type="submit" disabled={create.isPending} className="w-full sm:w-auto">
        {create.isPending ? 'Creating plan…' : 'Create Plan'}
      </Button>
    </form>
  );
}
