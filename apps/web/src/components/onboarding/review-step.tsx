// The review step: the goal as the server read it, editable with the review's option lists; the questions the
// text left open about the athlete's training (review-questions.tsx); whether the target is within reach; the
// plan's first week and why; Approve. Fields the text did not give (the server's `assumed`) say so in words,
// not only colour.
import {
  type GoalContextDto,
  type GoalContextUpdateRequest,
  type OnboardingSession,
  RACE_TYPES,
  type RaceType,
} from '@stamina/contract';
import {
  distanceInUnits,
  distanceUnit,
  EXPERIENCE_LEVELS,
  metersFromUnits,
  RACES,
  roundTo,
  type Units,
  WEEK_DAYS,
  type WeekDay,
} from '@stamina/core';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useUnits } from '../../lib/auth-context.tsx';
import { cn } from '../../lib/cn.ts';
import { FeasibilityNote } from '../plan-quality/feasibility-note.tsx';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { ReadFacts } from './read-facts.tsx';
import { ReviewQuestions } from './review-questions.tsx';

const WEEKLY_HOURS_OPTIONS = [3, 4, 5, 6, 7, 8, 9, 10, 12, 15] as const;
/** The option lists name the days Monday to Sunday. */
const DAYS: readonly WeekDay[] = [...WEEK_DAYS.slice(1), WEEK_DAYS[0]];
const TARGET_PATTERN = /^(finish|\d{1,3}:[0-5]\d:[0-5]\d)$/;
/** A custom event's distance as typed: a positive number in km or miles, up to the contract's 1,000 km. */
const DISTANCE_PATTERN = /^\d{1,4}([.,]\d{1,3})?$/;
const MAX_EVENT_METERS = 1_000_000;
const EVENT_SPORTS = ['run', 'bike', 'swim', 'triathlon'] as const;
type EventSport = (typeof EVENT_SPORTS)[number];

export const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

interface FormValues {
  race_type: RaceType;
  /** A custom event's sport and distance, in the athlete's km or miles as typed (docs/onboarding.md, "Review edits"). */
  sport: EventSport;
  distance: string;
  date: string;
  target: string;
  weekly_hours: number;
  experience: (typeof EXPERIENCE_LEVELS)[number];
  long_run_day: WeekDay;
  long_ride_day: WeekDay;
  no_swim_day: WeekDay;
}

function valuesOf(goal: GoalContextDto, units: Units): FormValues {
  return {
    race_type: goal.primary_event.race_type,
    sport: goal.primary_event.sport,
    distance: String(roundTo(distanceInUnits(goal.primary_event.distance_meters, units), 2)),
    date: goal.primary_event.date,
    target: goal.primary_event.target,
    weekly_hours: goal.weekly_hours,
    experience: goal.experience,
    long_run_day: goal.preferences.long_run_day,
    long_ride_day: goal.preferences.long_ride_day,
    no_swim_day: goal.preferences.no_swim_day,
  };
}

const GOAL_SPORT = { multisport: 'triathlon', run: 'run', bike: 'bike', swim: 'swim' } as const;

const metersOf = (distance: string, units: Units) =>
  Math.round(metersFromUnits(Number(distance.trim().replace(',', '.')), units));

/**
 * Only what changed: each field sent stops being assumed on the server. A custom event sends its sport and the
 * distance typed when they changed, or when the event became custom.
 */
function goalChanges(before: FormValues, after: FormValues, units: Units): GoalContextUpdateRequest {
  const changes: GoalContextUpdateRequest = {};
  const event: NonNullable<GoalContextUpdateRequest['primary_event']> = {};
  const custom = after.race_type === 'Custom Event';
  const becameCustom = custom && before.race_type !== 'Custom Event';
  if (after.race_type !== before.race_type) {
    event.race_type = after.race_type;
    const sport = RACES[after.race_type].sport;
    if (sport) event.sport = GOAL_SPORT[sport];
  }
  if (custom && (becameCustom || after.sport !== before.sport)) event.sport = after.sport;
  if (custom && after.distance.trim() !== before.distance) {
    event.distance_meters = metersOf(after.distance, units);
  }
  if (after.date !== before.date) event.date = after.date;
  if (after.target !== before.target) event.target = after.target;
  if (Object.keys(event).length > 0) changes.primary_event = event;
  if (after.weekly_hours !== before.weekly_hours) changes.weekly_hours = after.weekly_hours;
  if (after.experience !== before.experience) changes.experience = after.experience;
  const preferences: NonNullable<GoalContextUpdateRequest['preferences']> = {};
  for (const day of ['long_run_day', 'long_ride_day', 'no_swim_day'] as const) {
    if (after[day] !== before[day]) preferences[day] = after[day];
  }
  if (Object.keys(preferences).length > 0) changes.preferences = preferences;
  return changes;
}

export function ReviewStep({
  session,
  saving,
  approving,
  onSave,
  onApprove,
}: {
  session: OnboardingSession;
  saving: boolean;
  approving: boolean;
  onSave: (changes: GoalContextUpdateRequest) => void;
  onApprove: () => void;
}) {
  const units = useUnits();
  const goal = session.goal_context;
  const saved = goal ? valuesOf(goal, units) : null;
  const [values, setValues] = useState<FormValues | null>(saved);
  const [savedFrom, setSavedFrom] = useState(session.updated_at);
  const [errors, setErrors] = useState<Partial<Record<keyof FormValues, string>>>({});
  // A new draft from the server (an edit saved) becomes the form's starting point.
  if (savedFrom !== session.updated_at) {
    setSavedFrom(session.updated_at);
    setValues(saved);
  }
  if (!goal || !saved || !values) {
    return <p className="text-sm text-muted-foreground">Your goal has not been read yet.</p>;
  }
  const changes = goalChanges(saved, values, units);
  const custom = values.race_type === 'Custom Event';
  const dirty = Object.keys(changes).length > 0;
  const assumed = goal.assumed;
  const set =
    <K extends keyof FormValues>(key: K, parse: (raw: string) => FormValues[K]) =>
    (event: { target: { value: string } }) =>
      setValues((current) => (current ? { ...current, [key]: parse(event.target.value) } : current));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!values) return;
    const next: typeof errors = {};
    if (!TARGET_PATTERN.test(values.target.trim())) next.target = "Write 'finish' or a time like 3:30:00";
    if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date)) next.date = 'Choose the race date';
    if (values.race_type === 'Custom Event') {
      const meters = metersOf(values.distance, units);
      if (!DISTANCE_PATTERN.test(values.distance.trim()) || !(meters > 0) || meters > MAX_EVENT_METERS) {
        next.distance = `Write the distance in ${distanceUnit(units)}, like ${units === 'imperial' ? '31' : '50'}`;
      }
    }
    setErrors(next);
    if (Object.keys(next).length > 0 || !saved) return;
    onSave(goalChanges(saved, { ...values, target: values.target.trim() }, units));
  }

  const sessions = session.week_plan_draft?.sessions.slice(0, 7) ?? [];
  const bullets = session.explainability?.bullets ?? [];
  const summary = session.plan_summary;
  const hoursOptions: number[] = WEEKLY_HOURS_OPTIONS.includes(values.weekly_hours as 3)
    ? [...WEEKLY_HOURS_OPTIONS]
    : [...WEEKLY_HOURS_OPTIONS, values.weekly_hours].sort((a, b) => a - b);

  return (
    <div className="space-y-5">
      <form noValidate onSubmit={onSubmit} className="space-y-3" aria-label="Your goal">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 className="font-semibold">Your goal</h3>
          {Object.values(assumed).some(Boolean) ? (
            <p className="text-xs text-muted-foreground">
              <Badge variant="warning">Assumed</Badge> not in your text: we used a default. Check it.
            </p>
          ) : null}
        </div>
        {session.goal_parsed_by ? (
          <p className="text-xs text-muted-foreground" data-testid="goal-parsed-by">
            {session.goal_parsed_by === 'model'
              ? "Read by the server's language model, checked against your words."
              : 'Read by the built-in goal reader.'}
          </p>
        ) : null}
        <div className="grid gap-3 sm:grid-cols-2">
          <Select
            label="Race type"
            assumed={assumed.sport || assumed.distance}
            value={values.race_type}
            onChange={set('race_type', (raw) => raw as RaceType)}
            options={RACE_TYPES.map((type) => [type, type])}
          />
          {custom ? (
            <>
              <Input
                label={`Distance (${distanceUnit(units)})`}
                assumed={assumed.distance}
                value={values.distance}
                onChange={set('distance', (raw) => raw)}
                error={errors.distance}
                inputMode="decimal"
                hint="Your event's distance"
              />
              <Select
                label="Sport"
                assumed={assumed.sport}
                value={values.sport}
                onChange={set('sport', (raw) => raw as EventSport)}
                options={EVENT_SPORTS.map((sport) => [sport, capitalize(sport)])}
              />
            </>
          ) : null}
          <Input
            label="Race date"
            type="date"
            assumed={assumed.date}
            value={values.date}
            onChange={set('date', (raw) => raw)}
            error={errors.date}
          />
          <Input
            label="Target"
            assumed={assumed.target}
            value={values.target}
            onChange={set('target', (raw) => raw)}
            error={errors.target}
            hint="'finish' or a time like 3:30:00"
          />
          <Select
            label="Weekly hours"
            assumed={assumed.weekly_hours}
            value={String(values.weekly_hours)}
            onChange={set('weekly_hours', Number)}
            options={hoursOptions.map((hours) => [String(hours), `${hours} h`])}
          />
          <Select
            label="Experience"
            assumed={assumed.experience}
            value={values.experience}
            onChange={set('experience', (raw) => raw as FormValues['experience'])}
            options={EXPERIENCE_LEVELS.map((level) => [level, capitalize(level)])}
          />
          <Select
            label="Long run day"
            assumed={assumed.long_run_day}
            value={values.long_run_day}
            onChange={set('long_run_day', (raw) => raw as WeekDay)}
            options={DAYS.map((day) => [day, capitalize(day)])}
          />
          <Select
            label="Long ride day"
            assumed={assumed.long_ride_day}
            value={values.long_ride_day}
            onChange={set('long_ride_day', (raw) => raw as WeekDay)}
            options={DAYS.map((day) => [day, capitalize(day)])}
          />
          <Select
            label="No swim day"
            assumed={assumed.no_swim_day}
            value={values.no_swim_day}
            onChange={set('no_swim_day', (raw) => raw as WeekDay)}
            options={DAYS.map((day) => [day, capitalize(day)])}
          />
        </div>
        {dirty ? (
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" variant="secondary" disabled={saving}>
              {saving ? 'Redrafting…' : 'Save changes and redraft'}
            </Button>
            <Button type="button" variant="ghost" disabled={saving} onClick={() => setValues(saved)}>
              Undo changes
            </Button>
          </div>
        ) : null}
      </form>

      <ReadFacts goal={goal} saving={saving} onSave={onSave} />

      <ReviewQuestions goal={goal} saving={saving} onSave={onSave} />

      {session.feasibility ? (
        <FeasibilityNote
          feasibility={session.feasibility}
          className="rounded-lg border border-border p-3"
          choice={{
            busy: saving,
            onUseSuggested: (target) => onSave({ primary_event: { target } }),
          }}
        />
      ) : null}

      <section aria-labelledby="week-draft-title" className="space-y-2">
        <h3 id="week-draft-title" className="font-semibold">
          Your first week
        </h3>
        {summary ? (
          <p className="text-sm text-muted-foreground">
            {summary.weeks} weeks to race day · {summary.sessions} sessions · peak week{' '}
            {summary.peak_week_hours} h
          </p>
        ) : null}
        {sessions.length === 0 ? (
          <p className="text-sm text-muted-foreground">No sessions in the first week.</p>
        ) : (
          <ul className="divide-y divide-border rounded-lg border border-border">
            {sessions.map((item) => (
              <li key={`${item.date}-${item.sport}-${item.type}`} className="p-3 text-sm">
                <p className="flex flex-wrap items-baseline gap-x-2 font-medium">
                  <span className="w-24 shrink-0">{capitalize(item.dow)}</span>
                  <span>
                    {capitalize(item.sport)} · {item.type.replace('_', ' ')} · {item.duration_min} min
                  </span>
                </p>
                <p className="mt-0.5 text-muted-foreground">
                  <span className="text-foreground">{item.title}</span>: {item.reason}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>

      {bullets.length > 0 ? (
        <section aria-labelledby="why-title" className="space-y-2">
          <h3 id="why-title" className="font-semibold">
            Why this plan
          </h3>
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {bullets.map((bullet) => (
              <li key={bullet}>{bullet}</li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className="space-y-2">
        {dirty ? (
          <p className="text-sm text-muted-foreground">
            Save your changes to see the new draft before approving.
          </p>
        ) : null}
        <Button className="w-full" onClick={onApprove} disabled={dirty || saving || approving}>
          {approving ? 'Creating your plan…' : 'Approve plan'}
        </Button>
      </div>
    </div>
  );
}

function Labelled({
  id,
  label,
  assumed,
  children,
  hint,
  error,
}: {
  id: string;
  label: string;
  assumed: boolean;
  children: ReactNode;
  hint?: string | undefined;
  error?: string | undefined;
}) {
  return (
    <div className="space-y-1">
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {assumed ? (
          <Badge variant="warning">
            <span id={`${id}-assumed`}>Assumed</span>
          </Badge>
        ) : null}
      </div>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const CONTROL =
  'block h-11 w-full rounded-lg border border-input bg-background px-3 text-base text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

function Select({
  label,
  assumed,
  value,
  onChange,
  options,
}: {
  label: string;
  assumed: boolean;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  options: readonly (readonly [string, string])[];
}) {
  const id = useId();
  return (
    <Labelled id={id} label={label} assumed={assumed}>
      <select
        id={id}
        value={value}
        onChange={onChange}
        aria-describedby={assumed ? `${id}-assumed` : undefined}
        className={CONTROL}
      >
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </Labelled>
  );
}

function Input({
  label,
  assumed,
  value,
  onChange,
  type = 'text',
  inputMode,
  hint,
  error,
}: {
  label: string;
  assumed: boolean;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  type?: string;
  inputMode?: 'decimal';
  hint?: string;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <Labelled id={id} label={label} assumed={assumed} hint={hint} error={error}>
      <input
        id={id}
        type={type}
        inputMode={inputMode}
        value={value}
        onChange={onChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={
          [assumed ? `${id}-assumed` : '', error ? `${id}-error` : hint ? `${id}-hint` : '']
            .filter(Boolean)
            .join(' ') || undefined
        }
        className={cn(CONTROL, error && 'border-destructive')}
      />
    </Labelled>
  );
}
