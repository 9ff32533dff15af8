// One day's wellness in one short form (HRV, resting HR, sleep, sleep quality, readiness, fatigue, body weight,
// notes), checked against the contract's ranges before sending, so errors show beside their fields without a
// round trip. Today by default; any past day through its date field, never a future one. A day already logged
// opens with its values, which can be changed, emptied (cleared) or deleted. The page focuses it when opened at
// /metrics?log=today, the dashboard's two-tap path to logging.

import type { WellnessDay } from '@stamina/contract';
import { WELLNESS_RANGES, type WellnessField, ZWellnessUpsertRequest } from '@stamina/contract';
import { KG_PER_LB } from '@stamina/core';
import { type FormEvent, type Ref, useEffect, useState } from 'react';
import { useLogWellness } from '../../../api/metrics/log-wellness.ts';
import { useDeleteWellness, useWellnessDay } from '../../../api/metrics/wellness-day.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUnits } from '../../../lib/auth-context.tsx';
import { formatDay, todayIso } from '../../../lib/dates.ts';
import { toast } from '../../../lib/toast.ts';

/** The form's number fields in display order, with the labels errors are written with. */
const FIELDS = [
  { name: 'hrv', label: 'HRV', unitLabel: 'ms', step: '1' },
  { name: 'resting_hr', label: 'Resting HR', unitLabel: 'bpm', step: '1' },
  { name: 'sleep_hours', label: 'Sleep', unitLabel: 'h', step: '0.1' },
  { name: 'sleep_quality', label: 'Sleep quality', unitLabel: '1-5', step: '1' },
  { name: 'readiness', label: 'Readiness', unitLabel: '1-5', step: '1' },
  { name: 'fatigue_level', label: 'Fatigue', unitLabel: '1-10', step: '1' },
] as const satisfies readonly { name: WellnessField; label: string; unitLabel: string; step: string }[];

type NumberField = (typeof FIELDS)[number]['name'];
type Values = Record<NumberField | 'weight' | 'notes', string>;
type Errors = Partial<Record<NumberField | 'weight' | 'notes' | 'date' | 'form', string>>;

const EMPTY: Values = {
  weight: '',
  hrv: '',
  resting_hr: '',
  sleep_hours: '',
  sleep_quality: '',
  readiness: '',
  fatigue_level: '',
  notes: '',
};

const LABELS: Record<string, string> = Object.fromEntries(FIELDS.map((f) => [f.name, f.label]));

/** The contract names API fields ('resting_hr must be…'); the form names them as its labels do. */
function labelled(field: string, message: string): string {
  const label = LABELS[field] ?? 'Notes';
  return message.startsWith(field) ? `${label}${message.slice(field.length)}` : message;
}

export interface LoggedMetric {
  metric: string;
  value: string;
}

/** The form's values of a logged day (weight in the athlete's unit), or empty ones. */
function valuesOf(day: WellnessDay | null | undefined, imperial: boolean): Values {
  if (!day) return EMPTY;
  const text = (v: number | null) => (v === null ? '' : String(v));
  const weight =
    day.weight_kg === null
      ? null
      : imperial
        ? Math.round((day.weight_kg / KG_PER_LB) * 10) / 10
        : day.weight_kg;
  return {
    ...(Object.fromEntries(FIELDS.map(({ name }) => [name, text(day[name])])) as Record<NumberField, string>),
    weight: text(weight),
    notes: day.notes ?? '',
  };
}

/**
 * Builds the request and its field errors. A field left empty is not sent, so it does not clear a value;
 * one emptied on a day that had it (`before`) is sent as null, which clears it.
 */
function validateWellness(values: Values, date: string, before: Values = EMPTY, imperial = false) {
  const body: Record<string, unknown> = { date };
  const errors: Errors = {};
  for (const { name, label } of FIELDS) {
    const text = values[name].trim();
    if (text === '') {
      if (before[name] !== '') body[name] = null;
      continue;
    }
    const number = Number(text);
    if (Number.isNaN(number)) errors[name] = `${label} must be a number`;
    else body[name] = number;
  }
  const weight = values.weight.trim();
  if (weight !== '') {
    const number = Number(weight);
    if (Number.isNaN(number)) errors.weight = 'Body weight must be a number';
    else body.weight_kg = imperial ? Math.round(number * KG_PER_LB * 10) / 10 : number;
  } else if (before.weight !== '') body.weight_kg = null;
  if (values.notes.trim()) body.notes = values.notes.trim();
  else if (before.notes !== '') body.notes = null;
  if (date > todayIso()) errors.date = 'Wellness can be logged for today or a past day, not a future one.';
  const parsed = ZWellnessUpsertRequest.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = String(issue.path[0] ?? 'form');
      const field = (path === 'weight_kg' ? 'weight' : path) as keyof Errors;
      errors[field] ??=
        field === 'weight'
          ? `Body weight${issue.message.slice('weight_kg'.length)}`
          : labelled(path, issue.message);
    }
  }
  if (Object.keys(body).length === 1 && Object.keys(errors).length === 0) {
    errors.form = `Enter at least one value to log ${date === todayIso() ? 'today' : 'this day'}.`;
  }
  return { body: parsed.success ? parsed.data : null, errors };
}

export function WellnessForm({
  firstFieldRef,
  onLogged,
}: {
  firstFieldRef?: Ref<HTMLInputElement>;
  /** Called with the first value logged, for the '{metric} Logged!' celebration. */
  onLogged?: (logged: LoggedMetric) => void;
}) {
  const today = todayIso();
  const imperial = useUnits() === 'imperial';
  const [date, setDate] = useState(today);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [confirmDelete, setConfirmDelete] = useState(false);
  const log = useLogWellness();
  const remove = useDeleteWellness();
  const validDate = /^\d{4}-\d{2}-\d{2}$/.test(date) && date <= today;
  const day = useWellnessDay(date, validDate);
  const logged = day.data ?? null;
  const before = valuesOf(logged, imperial);
  const isToday = date === today;

  // The day's values once read (or after a save), so a logged day opens as it is.
  const loadedKey = `${date}|${logged?.updated_at ?? ''}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the values follow the day read, keyed by its version
  useEffect(() => {
    setValues(valuesOf(logged, imperial));
    setConfirmDelete(false);
  }, [loadedKey, imperial]);

  function set(name: keyof Values, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    // An edited field's old error no longer describes it.
    setErrors((current) => ({ ...current, [name]: undefined, form: undefined }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { body, errors: found } = validateWellness(values, date, before, imperial);
    setErrors(found);
    if (!body || Object.keys(found).length > 0) {
      const firstInvalid = [...FIELDS.map((f) => f.name), 'weight', 'date'].find(
        (f) => found[f as keyof Errors],
      );
      if (firstInvalid) document.getElementById(`wellness-${firstInvalid}`)?.focus();
      return;
    }
    try {
      const outcome = await log.mutateAsync(body);
      // Queued offline, it is not saved yet: the mutation says so ("Saved offline. It will be sent…"), and the
      // replay tells whether it was applied (docs/offline.md).
      if (outcome.queued) {
        setValues(EMPTY);
        return;
      }
      toast.success(
        isToday ? "Today's wellness saved" : `Wellness for ${formatDay(date, 'day-month-long')} saved`,
      );
      const first = FIELDS.find((f) => values[f.name].trim() !== '' && values[f.name] !== before[f.name]);
      if (first)
        onLogged?.({ metric: first.label, value: `${values[first.name].trim()} ${first.unitLabel}` });
    } catch (err) {
      setErrors({ form: errorMessage(err) });
    }
  }

  async function onDelete() {
    if (!logged) return;
    try {
      await remove.mutateAsync(logged.id);
      toast.success(`Wellness for ${formatDay(date, 'day-month-long')} deleted`);
    } catch (err) {
      setErrors({ form: errorMessage(err) });
    }
  }

  return (
    <Card className="p-4 sm:p-5">
      <form
        id="log-today"
        aria-labelledby="log-today-title"
        onSubmit={onSubmit}
        noValidate
        className="scroll-mt-20 space-y-4"
      >
        <div>
          <h2 id="log-today-title" className="text-base font-semibold">
            {isToday || !validDate ? "Today's wellness" : `Wellness for ${formatDay(date, 'weekday')}`}
          </h2>
          <p className="text-sm text-muted-foreground">
            {logged
              ? 'Already logged: change what you need; an emptied field is cleared.'
              : 'Fill in what you know; empty fields are left as they are.'}
          </p>
        </div>
        <Field
          id="wellness-date"
          label="Day"
          type="date"
          max={today}
          value={date}
          hint="Today, or any past day to log or fix it."
          onChange={(e) => {
            setDate(e.target.value);
            setErrors({});
          }}
          error={errors.date}
        />
        {errors.form ? <Alert variant="destructive">{errors.form}</Alert> : null}
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {FIELDS.map(({ name, label, unitLabel, step }, index) => {
            const range = WELLNESS_RANGES[name];
            return (
              <Field
                key={name}
                ref={index === 0 ? firstFieldRef : undefined}
                id={`wellness-${name}`}
                name={name}
                label={`${label} (${unitLabel})`}
                type="number"
                inputMode={step === '1' ? 'numeric' : 'decimal'}
                step={step}
                min={range.min}
                max={range.max}
                value={values[name]}
                onChange={(e) => set(name, e.target.value)}
                error={errors[name]}
              />
            );
          })}
          <Field
            id="wellness-weight"
            name="weight"
            label={`Body weight (${imperial ? 'lb' : 'kg'})`}
            type="number"
            inputMode="decimal"
            step="0.1"
            value={values.weight}
            onChange={(e) => set('weight', e.target.value)}
            error={errors.weight}
          />
        </div>
        <div className="space-y-1.5">
          <label htmlFor="wellness-notes" className="block text-sm font-medium">
            Notes
          </label>
          <textarea
            id="wellness-notes"
            name="notes"
            rows={2}
            maxLength={2000}
            value={values.notes}
            onChange={(e) => set('notes', e.target.value)}
            aria-invalid={errors.notes ? true : undefined}
            aria-describedby={errors.notes ? 'wellness-notes-error' : undefined}
            className="block w-full rounded-lg border border-input bg-background px-3 py-2 text-base text-foreground placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          />
          {errors.notes ? (
            <p id="wellness-notes-error" className="text-xs text-destructive">
              {errors.notes}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" disabled={log.isPending}>
            {log.isPending ? 'Saving...' : isToday ? "Save today's wellness" : 'Save wellness'}
          </Button>
          {logged && !confirmDelete ? (
            <Button type="button" variant="outline" onClick={() => setConfirmDelete(true)}>
              Delete entry
            </Button>
          ) : null}
          {logged && confirmDelete ? (
            <span className="flex flex-wrap items-center gap-2">
              <span className="text-sm">Delete this day's wellness?</span>
              <Button type="button" variant="destructive" disabled={remove.isPending} onClick={onDelete}>
                {remove.isPending ? 'Deleting...' : 'Yes, delete'}
              </Button>
              <Button type="button" variant="ghost" onClick={() => setConfirmDelete(false)}>
                Keep it
              </Button>
            </span>
          ) : null}
        </div>
      </form>
    </Card>
  );
}
