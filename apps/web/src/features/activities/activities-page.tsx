// /activities: the athlete's recordings, newest first, filtered by sport, dates and distance and paged, all held
// in the URL (?sport=&from=&to=&min_distance_m=&max_distance_m=&page=), with the upload above (docs/activities.md,
// "Web").
import { ACTIVITY_SPORTS, type ActivitySport, type ActivitySummary } from '@stamina/contract';
import { distanceUnit, metersPerDistanceUnit } from '@stamina/core';
import { UploadCloud } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ACTIVITIES_PAGE_SIZE, type ActivityFilter } from '../../api/activities/keys.ts';
import { useActivities } from '../../api/activities/list-activities.ts';
import {
  ACTIVITY_SPORT_LABELS,
  formatDistance,
  formatElapsed,
  formatSpeed,
  withUnit,
} from '../../components/activities/format.ts';
import { ActivitySportIcon } from '../../components/activities/sport-icon.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { PageError } from '../../components/ui/page-error.tsx';
import { Pager } from '../../components/ui/pager.tsx';
import { useUnits } from '../../lib/auth-context.tsx';
import { cn } from '../../lib/cn.ts';
import { formatDay } from '../../lib/dates.ts';
import { ActivityUpload } from './components/activity-upload.tsx';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filter the URL holds; anything malformed there is ignored. */
export function filterFromParams(params: URLSearchParams): ActivityFilter {
  const sport = params.get('sport');
  const from = params.get('from');
  const to = params.get('to');
  const page = Number(params.get('page'));
  const distance = (name: string) => {
    const raw = params.get(name);
    const value = raw === null || raw === '' ? Number.NaN : Number(raw);
    return Number.isFinite(value) && value >= 0 ? { [name]: value } : {};
  };
  return {
    ...distance('min_distance_m'),
    ...distance('max_distance_m'),
    ...(sport && (ACTIVITY_SPORTS as readonly string[]).includes(sport)
      ? { sport: sport as ActivitySport }
      : {}),
    ...(from && ISO_DATE.test(from) ? { from } : {}),
    ...(to && ISO_DATE.test(to) ? { to } : {}),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export function ActivitiesPage() {
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  const rangeInvalid = Boolean(filter.from && filter.to && filter.from > filter.to);
  const distanceInvalid =
    filter.min_distance_m !== undefined &&
    filter.max_distance_m !== undefined &&
    filter.min_distance_m > filter.max_distance_m;
  const query = useActivities({
    ...filter,
    ...(rangeInvalid ? { from: undefined, to: undefined } : {}),
    ...(distanceInvalid ? { min_distance_m: undefined, max_distance_m: undefined } : {}),
  });
  const units = useUnits();
  const perUnit = metersPerDistanceUnit(units);
  const unitLabel = distanceUnit(units);
  const filtered = Boolean(
    filter.sport ||
      filter.from ||
      filter.to ||
      filter.min_distance_m !== undefined ||
      filter.max_distance_m !== undefined,
  );
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / (data.page_size || ACTIVITIES_PAGE_SIZE))) : 1;

  /** Sets one filter value; any filter change goes back to the first page. */
  function set(name: 'sport' | 'from' | 'to' | 'page' | 'min_distance_m' | 'max_distance_m', value: string) {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(name, value);
        else next.delete(name);
        if (name !== 'page') next.delete('page');
        return next;
      },
      { replace: name !== 'page' },
    );
  }

  return (
    <div>
      <PageHeader title="Activities" description="What you recorded, with the figures from your device." />

      <section aria-labelledby="upload-heading" className="mb-5">
        <h2 id="upload-heading" className="sr-only">
          Upload activities
        </h2>
        <ActivityUpload />
      </section>

      <Card className="p-4">
        <form
          aria-label="Filter activities"
          className="grid grid-cols-2 gap-3 lg:grid-cols-[1fr_1fr_1fr_1fr_1fr_auto] lg:items-end"
          onSubmit={(event) => event.preventDefault()}
        >
          <Field label="Sport" className="col-span-2 lg:col-span-1">
            {(id) => (
              <select
                id={id}
                value={filter.sport ?? ''}
                onChange={(event) => set('sport', event.target.value)}
                className={INPUT}
              >
                <option value="">All sports</option>
                {ACTIVITY_SPORTS.map((value) => (
                  <option key={value} value={value}>
                    {ACTIVITY_SPORT_LABELS[value]}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="From" className="col-start-1 lg:col-start-auto">
            {(id) => (
              <input
                id={id}
                type="date"
                value={filter.from ?? ''}
                aria-invalid={rangeInvalid || undefined}
                onChange={(event) => set('from', event.target.value)}
                className={cn(INPUT, rangeInvalid && 'border-destructive')}
              />
            )}
          </Field>
          <Field label="To">
            {(id) => (
              <input
                id={id}
                type="date"
                value={filter.to ?? ''}
                aria-invalid={rangeInvalid || undefined}
                onChange={(event) => set('to', event.target.value)}
                className={cn(INPUT, rangeInvalid && 'border-destructive')}
              />
            )}
          </Field>
          {(['min_distance_m', 'max_distance_m'] as const).map((key) => (
            <Field key={key} label={`${key === 'min_distance_m' ? 'Min' : 'Max'} distance (${unitLabel})`}>
              {(id) => (
                <DistanceInput
                  id={id}
                  meters={filter[key]}
                  perUnit={perUnit}
                  invalid={distanceInvalid}
                  onMeters={(meters) => set(key, meters === null ? '' : String(meters))}
                />
              )}
            </Field>
          ))}
          <Button
            type="button"
            variant="ghost"
            className="col-span-2 lg:col-span-1"
            disabled={!filtered}
            onClick={() => setParams(new URLSearchParams(), { replace: true })}
          >
            Reset
          </Button>
        </form>
        {rangeInvalid ? (
          <p role="alert" className="mt-2 text-sm text-destructive">
            The start date must not be after the end date.
          </p>
        ) : null}
        {distanceInvalid ? (
          <p role="alert" className="mt-2 text-sm text-destructive">
            The minimum distance must not be above the maximum.
          </p>
        ) : null}
      </Card>

      <div className="mt-5">
        {query.isError ? (
          <PageError title="Unable to load activities" message={query.error.message} retry={query} />
        ) : query.isPending ? (
          <div role="status" aria-label="Loading activities" className="animate-pulse space-y-2">
            {['a', 'b', 'c', 'd', 'e'].map((key) => (
              <div key={key} className="h-16 rounded-xl bg-muted" />
            ))}
          </div>
        ) : !data || data.items.length === 0 ? (
          <Card className="flex flex-col items-center gap-2 p-8 text-center">
            <UploadCloud className="h-10 w-10 text-muted-foreground" aria-hidden="true" />
            <h2 className="text-lg font-semibold">No activities yet</h2>
            <p className="max-w-md text-sm text-muted-foreground">
              {filtered
                ? 'No activity matches these filters.'
                : 'Upload the FIT, GPX or TCX files from your watch or bike computer above: they appear here with their figures, and complete the workouts you planned.'}
            </p>
            {filtered ? (
              <Button variant="outline" onClick={() => setParams(new URLSearchParams(), { replace: true })}>
                Reset filters
              </Button>
            ) : null}
          </Card>
        ) : (
          <>
            <p className="mb-3 text-sm text-muted-foreground" aria-live="polite">
              {data.total} {data.total === 1 ? 'activity' : 'activities'}
            </p>
            <ul className="space-y-2">
              {data.items.map((activity) => (
                <li key={activity.id}>
                  <ActivityRow activity={activity} units={units} />
                </li>
              ))}
            </ul>
            <Pager
              className="mt-4"
              directions="newer-older"
              size="md"
              page={filter.page}
              totalPages={pages}
              onPage={(page) => set('page', String(page))}
            />
          </>
        )}
      </div>
    </div>
  );
}

const INPUT =
  'block h-11 w-full rounded-lg border border-input bg-background px-3 text-base text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

function Field({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/**
 * A distance in the athlete's unit (km or mi), held as metres in the URL. The text typed is kept as typed ("10.")
 * and sent once it reads as a number; a change of the URL from elsewhere (Reset) replaces it.
 */
function DistanceInput({
  id,
  meters,
  perUnit,
  invalid,
  onMeters,
}: {
  id: string;
  meters: number | undefined;
  perUnit: number;
  invalid: boolean;
  onMeters: (meters: number | null) => void;
}) {
  const shown = meters === undefined ? '' : String(Math.round((meters / perUnit) * 100) / 100);
  const [text, setText] = useState(shown);
  useEffect(() => {
    setText((current) => {
      const typed = current.trim() === '' ? undefined : Math.round(Number(current) * perUnit);
      return typed === meters ? current : shown;
    });
  }, [meters, perUnit, shown]);
  return (
    <input
      id={id}
      type="number"
      inputMode="decimal"
      min={0}
      step="any"
      value={text}
      aria-invalid={invalid || undefined}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        const value = Number(next);
        if (next.trim() === '') onMeters(null);
        else if (Number.isFinite(value) && value >= 0) onMeters(Math.round(value * perUnit));
      }}
      className={cn(INPUT, invalid && 'border-destructive')}
    />
  );
}

function ActivityRow({ activity, units }: { activity: ActivitySummary; units: 'metric' | 'imperial' }) {
  const figures: { label: string; value: string }[] = [
    { label: 'Duration', value: formatElapsed(activity.moving_seconds || activity.elapsed_seconds) },
    { label: 'Distance', value: formatDistance(activity.distance_m, units, activity.sport) },
    // Runs and swims read their pace (per km or mile, per 100 m or yd); other sports have none.
    {
      label: 'Pace',
      value:
        activity.sport === 'run' || activity.sport === 'swim'
          ? formatSpeed(activity.avg_speed_mps, units, activity.sport)
          : '—',
    },
    { label: 'TSS', value: activity.tss === null ? '—' : String(Math.round(activity.tss)) },
    { label: 'Avg HR', value: withUnit(activity.avg_hr, 'bpm') },
    { label: 'Avg power', value: withUnit(activity.avg_power, 'W') },
  ];
  return (
    <Link
      to={`/activities/${activity.id}`}
      className="flex flex-col gap-2 rounded-xl border border-border bg-card p-3 shadow-sm transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:flex-row sm:items-center sm:gap-4"
    >
      <span className="flex min-w-0 items-center gap-3 sm:w-72 sm:shrink-0">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <ActivitySportIcon sport={activity.sport} className="h-5 w-5" />
        </span>
        <span className="min-w-0">
          <span className="block truncate font-semibold">{activity.name}</span>
          <span className="block text-sm text-muted-foreground">
            {ACTIVITY_SPORT_LABELS[activity.sport]} · {formatDay(activity.local_date, 'short-year')}
          </span>
        </span>
      </span>
      <dl className="grid flex-1 grid-cols-3 gap-x-3 gap-y-1 text-sm sm:grid-cols-6">
        {figures.map((f) => (
          <div key={f.label} className="min-w-0">
            <dt className="text-xs text-muted-foreground">{f.label}</dt>
            <dd className="truncate font-medium tabular-nums">{f.value}</dd>
          </div>
        ))}
      </dl>
    </Link>
  );
}
