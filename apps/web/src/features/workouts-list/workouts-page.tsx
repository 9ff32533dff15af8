// /workouts: the athlete's workouts, filtered by sport, status and date range, as clickable cards that open
// the detail dialog (docs/screens.md, "Workouts list"). The range defaults to the last four weeks through the
// next four.
import type { Workout } from '@stamina/contract';
import { SPORTS } from '@stamina/core';
import { addWeeks, format } from 'date-fns';
import { Dumbbell, Library, Plus } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { useWorkouts, type WorkoutFilter } from '../../api/workouts/list-workouts.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { SportIcon } from '../../components/sport-icon.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { PageError } from '../../components/ui/page-error.tsx';
import { formatDuration, SPORT_LABELS } from '../../components/workouts/format.ts';
import { useWorkoutDialogs } from '../../components/workouts/use-workout-dialogs.ts';
import {
  CompletedMark,
  workoutCardLabel,
  workoutSurface,
  ZoneBadge,
} from '../../components/workouts/workout-badges.tsx';
import { WorkoutDialogs } from '../../components/workouts/workout-dialogs.tsx';
import { cn } from '../../lib/cn.ts';
import { formatDay } from '../../lib/dates.ts';

const LIST_LIMIT = 100;
const DEFAULT_SPAN_WEEKS = 4;
const STATUSES = [
  { value: 'planned', label: 'Planned' },
  { value: 'completed', label: 'Completed' },
  { value: 'skipped', label: 'Skipped' },
] as const;

const iso = (date: Date) => format(date, 'yyyy-MM-dd');

export function defaultRange(now = new Date()): { from: string; to: string } {
  return { from: iso(addWeeks(now, -DEFAULT_SPAN_WEEKS)), to: iso(addWeeks(now, DEFAULT_SPAN_WEEKS)) };
}

export function WorkoutsPage() {
  const [range] = useState(() => defaultRange());
  const [sport, setSport] = useState('');
  const [status, setStatus] = useState('');
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const rangeInvalid = from !== '' && to !== '' && from > to;

  const filter: WorkoutFilter = { limit: LIST_LIMIT };
  // The selects offer only the contract's sports and statuses.
  if (sport) filter.sport = sport as WorkoutFilter['sport'];
  if (status) filter.status = status as WorkoutFilter['status'];
  if (from && !rangeInvalid) filter.date_from = from;
  if (to && !rangeInvalid) filter.date_to = to;
  const workouts = useWorkouts(filter);

  const dialogs = useWorkoutDialogs();
  const list = workouts.data ?? [];
  const detailWorkout = dialogs.detailFrom(list);
  const filtered = sport !== '' || status !== '' || from !== range.from || to !== range.to;

  function resetFilters() {
    setSport('');
    setStatus('');
    setFrom(range.from);
    setTo(range.to);
  }

  return (
    <div>
      <PageHeader
        title="Workouts"
        description="Every session you have planned or done."
        actions={
          <div className="flex flex-wrap gap-2">
            <Link to="/workout-bank" className={buttonClasses('outline')}>
              <Library className="h-4 w-4" aria-hidden="true" />
              Workout Bank
            </Link>
            <Button onClick={() => dialogs.openAdd(null)}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              Add Workout
            </Button>
          </div>
        }
      />

      <Card className="p-4">
        <form
          aria-label="Filter workouts"
          className="grid grid-cols-2 gap-3 lg:grid-cols-[1fr_1fr_1fr_1fr_auto] lg:items-end"
          onSubmit={(event) => event.preventDefault()}
        >
          <SelectField label="Sport" value={sport} onChange={setSport}>
            <option value="">All sports</option>
            {SPORTS.map((value) => (
              <option key={value} value={value}>
                {SPORT_LABELS[value]}
              </option>
            ))}
          </SelectField>
          <SelectField label="Status" value={status} onChange={setStatus}>
            <option value="">All statuses</option>
            {STATUSES.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </SelectField>
          <DateField label="From" value={from} onChange={setFrom} invalid={rangeInvalid} />
          <DateField label="To" value={to} onChange={setTo} invalid={rangeInvalid} />
          <Button
            type="button"
            variant="ghost"
            className="col-span-2 lg:col-span-1"
            onClick={resetFilters}
            disabled={!filtered}
          >
            Reset
          </Button>
        </form>
        {rangeInvalid ? (
          <p role="alert" className="mt-2 text-sm text-destructive">
            The start date must not be after the end date.
          </p>
        ) : null}
      </Card>

      <div className="mt-5">
        {workouts.isError ? (
          <PageError
            title="Unable to load workouts"
            message={workouts.error?.message || 'Something went wrong while loading your workouts.'}
            retry={workouts}
          />
        ) : workouts.isPending ? (
          <div
            role="status"
            aria-label="Loading workouts"
            className="grid animate-pulse gap-3 sm:grid-cols-2 lg:grid-cols-3"
          >
            {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
              <div key={key} className="h-24 rounded-xl bg-muted" />
            ))}
          </div>
        ) : list.length === 0 ? (
          <Card className="flex flex-col items-center gap-2 p-8 text-center">
            <Dumbbell className="h-10 w-10 text-muted-foreground" aria-hidden="true" />
            <h2 className="text-lg font-semibold">No workouts found</h2>
            <p className="text-sm text-muted-foreground">
              {filtered
                ? 'No workout matches these filters.'
                : 'You have no workouts in these eight weeks yet.'}
            </p>
            <div className="mt-1 flex flex-wrap justify-center gap-2">
              {filtered ? (
                <Button variant="outline" onClick={resetFilters}>
                  Reset filters
                </Button>
              ) : null}
              <Button onClick={() => dialogs.openAdd(null)}>
                <Plus className="h-4 w-4" aria-hidden="true" />
                Add Workout
              </Button>
            </div>
          </Card>
        ) : (
          <>
            <p className="mb-3 text-sm text-muted-foreground" aria-live="polite">
              {list.length === LIST_LIMIT
                ? `Showing the first ${LIST_LIMIT} workouts; narrow the filters to see the rest.`
                : `${list.length} ${list.length === 1 ? 'workout' : 'workouts'}`}
            </p>
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {list.map((workout) => (
                <li key={workout.id}>
                  <WorkoutListCard
                    workout={workout}
                    onOpen={() => {
                      dialogs.openDetail(workout);
                    }}
                  />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>

      <WorkoutDialogs dialogs={dialogs} detailWorkout={detailWorkout} />
    </div>
  );
}

function WorkoutListCard({ workout, onOpen }: { workout: Workout; onOpen: () => void }) {
  const completed = workout.status === 'completed';
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={workoutCardLabel(workout, formatDay(workout.workout_date, 'weekday'))}
      className={cn(
        'flex w-full items-start gap-3 rounded-xl border p-4 text-left shadow-sm transition-colors',
        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
        workoutSurface(completed),
      )}
    >
      <span
        className={cn(
          'flex h-10 w-10 shrink-0 items-center justify-center rounded-lg',
          completed ? 'bg-success/15 text-success' : 'bg-accent text-accent-foreground',
        )}
      >
        <SportIcon sport={workout.sport} className="h-5 w-5" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-start gap-2">
          <span
            className={cn(
              'line-clamp-2 min-w-0 flex-1 font-semibold break-words',
              completed && 'text-muted-foreground line-through',
            )}
          >
            {workout.title}
          </span>
          {completed ? <CompletedMark className="mt-0.5" /> : null}
        </span>
        <span className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
          <span>{formatDay(workout.workout_date, 'short')}</span>
          <span aria-hidden="true">·</span>
          <span>
            {workout.duration_minutes ? formatDuration(workout.duration_minutes * 60) : 'No duration'}
          </span>
          <ZoneBadge zone={workout.intensity_zone} />
          {workout.status === 'skipped' ? (
            <span className="rounded-full border border-border px-1.5 text-[11px] font-medium">Skipped</span>
          ) : null}
        </span>
      </span>
    </button>
  );
}

function SelectField({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="block h-11 w-full rounded-lg border border-input bg-background px-3 text-base text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {children}
      </select>
    </div>
  );
}

function DateField({
  label,
  value,
  onChange,
  invalid,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="date"
        value={value}
        aria-invalid={invalid || undefined}
        onChange={(event) => onChange(event.target.value)}
        className={cn(
          'block h-11 w-full rounded-lg border border-input bg-background px-3 text-base text-foreground',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          invalid && 'border-destructive',
        )}
      />
    </div>
  );
}
