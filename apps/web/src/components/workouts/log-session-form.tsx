// "How did it go?": what was actually done on a workout marked done without a recording, all optional (docs/
// training-load.md, "Logged sessions"): duration, distance, RPE and a note. The RPE field shows when the athlete
// tracks RPE (Settings → Metrics, "tracked metrics"). Used by the workout detail dialog.
import { distanceUnit, metersPerDistanceUnit, type Units } from '@stamina/core';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../ui/button.tsx';
import { Field } from '../ui/field.tsx';

export interface LoggedSession {
  actual_duration_minutes: number | null;
  actual_distance_meters: number | null;
  rpe: number | null;
  note: string | null;
}

/** Foster's CR-10 words for session RPE (docs/training-load.md, "Logged sessions"). */
export const RPE_WORDS: Record<number, string> = {
  1: 'Very easy',
  2: 'Easy',
  3: 'Moderate',
  4: 'Somewhat hard',
  5: 'Hard',
  6: 'Hard',
  7: 'Very hard',
  8: 'Very hard',
  9: 'Very hard',
  10: 'Maximal',
};

const inputClasses =
  'block w-full rounded-lg border border-input bg-background px-3 text-base text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

function numberOrNull(text: string): number | null {
  const value = Number(text.replace(',', '.'));
  return text.trim() === '' || !Number.isFinite(value) ? null : value;
}

export interface LogSessionFormProps {
  initial: Partial<LoggedSession>;
  /** The planned minutes, shown as the duration's placeholder. */
  plannedMinutes: number | null;
  askRpe: boolean;
  units: Units;
  submitLabel: string;
  pending: boolean;
  onSubmit: (logged: LoggedSession) => void;
  onCancel: () => void;
}

export function LogSessionForm({
  initial,
  plannedMinutes,
  askRpe,
  units,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: LogSessionFormProps) {
  const id = useId();
  const perUnit = metersPerDistanceUnit(units);
  const [minutes, setMinutes] = useState(initial.actual_duration_minutes?.toString() ?? '');
  const [distance, setDistance] = useState(
    initial.actual_distance_meters
      ? String(Math.round((initial.actual_distance_meters / perUnit) * 100) / 100)
      : '',
  );
  const [rpe, setRpe] = useState(initial.rpe ? String(initial.rpe) : '');
  const [note, setNote] = useState(initial.note ?? '');
  const [error, setError] = useState<string | undefined>();
  // The form replaces the button that opened it: focus moves to its first field, so the keyboard carries on
  // (Enter there sends the form as it is).
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  function submit(event: FormEvent) {
    event.preventDefault();
    const duration = numberOrNull(minutes);
    if (duration !== null && (duration < 1 || duration > 1440 || !Number.isInteger(duration))) {
      setError('Enter whole minutes from 1 to 1440, or leave it empty');
      return;
    }
    const km = numberOrNull(distance);
    onSubmit({
      actual_duration_minutes: duration,
      actual_distance_meters: km === null || km < 0 ? null : Math.round(km * perUnit),
      rpe: rpe === '' ? null : Number(rpe),
      note: note.trim() === '' ? null : note.trim(),
    });
  }

  return (
    <form onSubmit={submit} className="space-y-3" aria-label="How did it go?">
      <p className="text-sm font-medium">How did it go? Everything here is optional.</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          ref={first}
          label="Actual duration (minutes)"
          inputMode="numeric"
          value={minutes}
          placeholder={plannedMinutes ? String(plannedMinutes) : undefined}
          onChange={(e) => {
            setMinutes(e.target.value);
            setError(undefined);
          }}
          error={error}
        />
        <Field
          label={`Distance (${distanceUnit(units)})`}
          inputMode="decimal"
          value={distance}
          onChange={(e) => setDistance(e.target.value)}
        />
      </div>
      {askRpe ? (
        <div className="space-y-1.5">
          <label htmlFor={`${id}-rpe`} className="block text-sm font-medium">
            How hard did it feel? (RPE 1-10)
          </label>
          <select
            id={`${id}-rpe`}
            value={rpe}
            onChange={(e) => setRpe(e.target.value)}
            className={`${inputClasses} h-11`}
          >
            <option value="">Not rated</option>
            {Object.entries(RPE_WORDS).map(([value, word]) => (
              <option key={value} value={value}>
                {value} · {word}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="space-y-1.5">
        <label htmlFor={`${id}-note`} className="block text-sm font-medium">
          Note
        </label>
        <textarea
          id={`${id}-note`}
          rows={2}
          maxLength={2000}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          className={`${inputClasses} py-2`}
        />
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? 'Saving...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}
