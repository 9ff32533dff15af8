// Today's wellness in one short form (HRV, resting HR, sleep, sleep quality, readiness, fatigue, notes),
// checked against the contract's ranges before sending, so errors show beside their fields without a round
// trip. The page focuses it when opened at /metrics?log=today, the dashboard's two-tap path to logging.
import { WELLNESS_RANGES, type WellnessField, ZWellnessUpsertRequest } from '@stamina/contract';
import { format } from 'date-fns';
import { type FormEvent, type Ref, useState } from 'react';
import { useLogWellness } from '../../../api/metrics/log-wellness.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { todayIso } from '../../../lib/dates.ts';
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
type Values = Record<NumberField | 'notes', string>;
type Errors = Partial<Record<NumberField | 'notes' | 'form', string>>;

const EMPTY: Values = {
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

/** Builds the request and its field errors; a field left empty is not sent, so it does not clear a value. */
function validateWellness(values: Values, date: string) {
  const body: Record<string, unknown> = { date };
  const errors: Errors = {};
  for (const { name, label } of FIELDS) {
    const text = values[name].trim();
    if (text === '') continue;
    const number = Number(text);
    if (Number.isNaN(number)) errors[name] = `${label} must be a number`;
    else body[name] = number;
  }
  if (values.notes.trim()) body.notes = values.notes.trim();
  const parsed = ZWellnessUpsertRequest.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? 'form') as keyof Errors;
      errors[field] ??= labelled(String(field), issue.message);
    }
  }
  if (Object.keys(body).length === 1 && Object.keys(errors).length === 0) {
    errors.form = 'Enter at least one value to log today.';
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
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const log = useLogWellness();
  const today = todayIso();

  function set(name: keyof Values, value: string) {
    setValues((current) => ({ ...current, [name]: value }));
    // An edited field's old error no longer describes it.
    setErrors((current) => ({ ...current, [name]: undefined, form: undefined }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { body, errors: found } = validateWellness(values, today);
    setErrors(found);
    if (!body || Object.keys(found).length > 0) {
      const firstInvalid = FIELDS.find((f) => found[f.name]);
      if (firstInvalid) document.getElementById(`wellness-${firstInvalid.name}`)?.focus();
      return;
    }
    try {
      const outcome = await log.mutateAsync(body);
      setValues(EMPTY);
      // Queued offline, it is not saved yet: the mutation says so ("Saved offline. It will be sent…"), and the
      // replay tells whether it was applied (docs/offline.md).
      if (outcome.queued) return;
      toast.success("Today's wellness saved");
      const first = FIELDS.find((f) => values[f.name].trim() !== '');
      if (first)
        onLogged?.({ metric: first.label, value: `${values[first.name].trim()} ${first.unitLabel}` });
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
            Today's wellness
          </h2>
          <p className="text-sm text-muted-foreground">
            {format(new Date(), 'EEEE, MMMM d')}. Fill in what you know; empty fields are left as they are.
          </p>
        </div>
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
        <Button type="submit" disabled={log.isPending}>
          {log.isPending ? 'Saving...' : "Save today's wellness"}
        </Button>
      </form>
    </Card>
  );
}
