import { AlertTriangle, CalendarPlus, CheckCircle2, Clock, Plus, RotateCw } from 'lucide-react';
import { type ReactNode, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useRecordedFigures } from '../../api/activities/list-activities.ts';
import { useSportMetrics } from '../../api/settings/sport-metrics.ts';
import { type CalendarEvent, useCalendar } from '../../api/workouts/calendar.ts';
import { useRescheduleWorkout } from '../../api/workouts/mutations.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { useWorkoutDialogs } from '../../components/workouts/use-workout-dialogs.ts';
import { WorkoutDialogs } from '../../components/workouts/workout-dialogs.tsx';
import { useUnits, useWeekStartsOn } from '../../lib/auth-context.tsx';
import { cn } from '../../lib/cn.ts';
import { isoDate, todayIso } from '../../lib/dates.ts';
import { useHideOnScroll } from '../../lib/use-hide-on-scroll.ts';
import { CalendarDnd } from './calendar-dnd.tsx';
import {
  type CalendarView,
  calendarStats,
  daysOf,
  eventsByDay,
  parseAnchor,
  parseView,
  periodLabel,
  periodOf,
  shiftAnchor,
  visibleRangeOf,
} from './calendar-model.ts';
import { CalendarToolbar } from './calendar-toolbar.tsx';
import { AgendaView, MonthView, WeekView } from './calendar-views.tsx';
import { weekTotals } from './week-totals-model.ts';

const LOAD_ERROR_FALLBACK = 'Something went wrong while loading your calendar data.';

export function CalendarPage() {
  const [params, setParams] = useSearchParams();
  const view = parseView(params.get('view'));
  const anchor = parseAnchor(params.get('date'));
  const anchorIso = isoDate(anchor);
  const today = todayIso();

  const weekStartsOn = useWeekStartsOn();
  const period = periodOf(view, anchor, weekStartsOn);
  const visible = visibleRangeOf(view, anchor, weekStartsOn);
  const from = isoDate(visible.start);
  const to = isoDate(visible.end);
  const calendar = useCalendar(from, to);
  const reschedule = useRescheduleWorkout();

  const dialogs = useWorkoutDialogs();
  // The Add button steps aside while the athlete scrolls down; the page keeps room for it at its end.
  const fabHidden = useHideOnScroll();

  const units = useUnits();
  const recorded = useRecordedFigures(from, to);
  // A session an activity completed counts the recording's TSS (docs/activities.md, "Web"), so the card and the
  // detail show that one rather than the workout's planned TSS.
  const events = useMemo(
    () =>
      (calendar.data ?? []).map((e) => {
        const tss = e.activity_id ? recorded.byActivity.get(e.activity_id)?.tss : undefined;
        return tss === undefined || tss === null ? e : { ...e, workout: { ...e.workout, tss } };
      }),
    [calendar.data, recorded],
  );
  const byDay = useMemo(() => eventsByDay(events), [events]);
  const stats = calendarStats(events, period, today);
  const days = daysOf(visible);
  const periodEmpty = !events.some(
    (e) => e.event_date >= isoDate(period.start) && e.event_date <= isoDate(period.end),
  );

  // The open workout follows the calendar data, so Mark Done or a move shows in the dialog at once.
  const detailWorkout = dialogs.detailFrom(events.map((e) => e.workout));

  function go(next: { view?: CalendarView; date?: Date }) {
    const nextParams = new URLSearchParams(params);
    nextParams.set('view', next.view ?? view);
    nextParams.set('date', isoDate(next.date ?? anchor));
    setParams(nextParams, { replace: true });
  }

  function openDetail(event: CalendarEvent) {
    dialogs.openDetail(event.workout);
  }

  function openAdd(date: string | null) {
    dialogs.openAdd(date);
  }

  function firstAddDate(): string | null {
    const start = isoDate(period.start);
    const end = isoDate(period.end);
    return today >= start && today <= end ? null : start;
  }

  // The week totals read the workouts as the server sent them (planned TSS) and the recordings beside them.
  // Planned distances of timed steps are estimated from the athlete's thresholds in force today.
  const metrics = useSportMetrics().data;
  const thresholds = {
    thresholdPaceSecondsPerKm: metrics?.running?.values.threshold_pace_seconds_per_km,
    cssSecondsPer100m: metrics?.swimming?.values.css_seconds_per_100m,
    ftpWatts: metrics?.cycling?.values.ftp_watts,
  };
  const totalsOf = (week: readonly Date[]) =>
    weekTotals(calendar.data ?? [], new Set(week.map(isoDate)), recorded.byActivity, thresholds);
  const viewProps = {
    days,
    byDay,
    unclaimedTss: recorded.unclaimedByDay,
    today,
    onOpen: openDetail,
    onAdd: openAdd,
    totalsOf,
    units,
  };

  return (
    <div className="pb-24">
      <PageHeader
        title="Training Calendar"
        description="Plan your sessions, move them around and track what is done."
      />

      <CalendarToolbar
        view={view}
        label={periodLabel(view, anchor, weekStartsOn)}
        anchor={anchorIso}
        onViewChange={(next) => go({ view: next })}
        onPrevious={() => go({ date: shiftAnchor(view, anchor, -1) })}
        onNext={() => go({ date: shiftAnchor(view, anchor, 1) })}
        onToday={() => go({ date: new Date() })}
        onPickDate={(date) => go({ date: parseAnchor(date) })}
      />

      {calendar.isError ? (
        <Card role="alert" className="mt-6 flex flex-col items-center gap-3 p-8 text-center">
          <AlertTriangle className="h-10 w-10 text-destructive" aria-hidden="true" />
          <h2 className="text-lg font-semibold">Unable to load workouts</h2>
          <p className="max-w-md text-sm text-muted-foreground">
            {calendar.error?.message || LOAD_ERROR_FALLBACK}
          </p>
          <Button variant="outline" onClick={() => calendar.refetch()} disabled={calendar.isFetching}>
            <RotateCw className={cn('h-4 w-4', calendar.isFetching && 'animate-spin')} aria-hidden="true" />
            Try Again
          </Button>
        </Card>
      ) : calendar.isPending ? (
        <CalendarSkeleton view={view} />
      ) : (
        <>
          <section aria-label="Summary" className="mt-5 grid grid-cols-3 gap-2 sm:gap-3">
            <StatCard icon={<CalendarPlus className="h-4 w-4" aria-hidden="true" />} label="Upcoming">
              {stats.upcoming}
            </StatCard>
            <StatCard icon={<CheckCircle2 className="h-4 w-4" aria-hidden="true" />} label="Completed">
              {stats.completed}
            </StatCard>
            <StatCard
              icon={<Clock className="h-4 w-4" aria-hidden="true" />}
              label="Volume"
              hint={`${stats.completedHours.toFixed(1)} h done`}
            >
              {stats.volumeHours.toFixed(1)} h
            </StatCard>
          </section>

          {periodEmpty ? (
            <Card className="mt-4 flex flex-col items-center gap-2 p-6 text-center">
              <CalendarPlus className="h-8 w-8 text-muted-foreground" aria-hidden="true" />
              <h2 className="text-lg font-semibold">No workouts planned</h2>
              <p className="text-sm text-muted-foreground">
                {view === 'agenda'
                  ? 'Nothing is planned for these three weeks yet.'
                  : `Nothing is planned for this ${view} yet.`}
              </p>
              <Button className="mt-1" onClick={() => openAdd(firstAddDate())}>
                <Plus className="h-4 w-4" aria-hidden="true" />
                Add First Workout
              </Button>
            </Card>
          ) : null}

          <div className="mt-4">
            {view === 'agenda' ? (
              <AgendaView {...viewProps} />
            ) : (
              <CalendarDnd
                view={view}
                onMove={(event, date) => reschedule.mutate({ workout: event.workout, date })}
              >
                {view === 'month' ? <MonthView {...viewProps} month={anchor} /> : <WeekView {...viewProps} />}
              </CalendarDnd>
            )}
          </div>
        </>
      )}

      <button
        type="button"
        aria-label="Add workout"
        title="Add workout"
        onClick={() => openAdd(null)}
        className={cn(
          'fixed right-5 bottom-[max(1.25rem,env(safe-area-inset-bottom))] z-30 flex h-14 w-14 items-center justify-center',
          'rounded-full bg-primary text-primary-foreground shadow-lg transition-transform hover:scale-105',
          'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
          'sm:right-8 sm:bottom-8 motion-safe:transition-[transform,opacity] motion-safe:duration-200',
          fabHidden &&
            'pointer-events-none translate-y-24 opacity-0 focus-visible:pointer-events-auto focus-visible:translate-y-0 focus-visible:opacity-100',
        )}
      >
        <Plus className="h-6 w-6" aria-hidden="true" />
      </button>

      <WorkoutDialogs
        dialogs={dialogs}
        detailWorkout={detailWorkout}
        detailActivityId={events.find((e) => e.id === detailWorkout?.id)?.activity_id ?? null}
      />
    </div>
  );
}

function StatCard({
  icon,
  label,
  hint,
  children,
}: {
  icon: ReactNode;
  label: string;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <Card className="min-w-0 p-3 sm:p-4">
      <p className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground sm:text-sm">
        {icon}
        {label}
      </p>
      <p className="mt-1 text-xl font-bold tabular-nums sm:text-2xl">{children}</p>
      {hint ? <p className="truncate text-xs text-muted-foreground">{hint}</p> : null}
    </Card>
  );
}

function CalendarSkeleton({ view }: { view: CalendarView }) {
  const cells = view === 'month' ? 35 : 7;
  return (
    <div role="status" aria-label="Loading workouts" className="mt-5 animate-pulse">
      <div className="grid grid-cols-3 gap-2 sm:gap-3">
        {['upcoming', 'completed', 'volume'].map((key) => (
          <div key={key} className="h-20 rounded-xl bg-muted" />
        ))}
      </div>
      <div className={cn('mt-4 grid gap-2', view === 'month' ? 'grid-cols-7' : 'lg:grid-cols-7')}>
        {Array.from({ length: cells }, (_, i) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            key={i}
            className={cn('rounded-xl bg-muted', view === 'month' ? 'h-20' : 'h-24 lg:h-64')}
          />
        ))}
      </div>
    </div>
  );
}
