// The three calendar views (docs/screens.md, "Training calendar"): Week (7 day cards and the week's totals), Month
// (a grid of whole weeks from the athlete's week start, with the first session and '+N', and each week's totals
// in an eighth column), Agenda (only the days with workouts, over the current week plus two, each week's totals
// after its days).
import * as Popover from '@radix-ui/react-popover';
import type { Units, WeekDayIndex } from '@stamina/core';
import { format, isSameMonth } from 'date-fns';
import { Plus } from 'lucide-react';
import { Fragment } from 'react';
import type { CalendarEvent } from '../../api/workouts/calendar.ts';
import { buttonClasses } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { formatDay, isoDate, weekdayName } from '../../lib/dates.ts';
import { DroppableDay } from './calendar-dnd.tsx';
import { dayLoad, weekdayHeaders } from './calendar-model.ts';
import { DayLoadBar } from './day-load-bar.tsx';
import { WeekTotalsCell, WeekTotalsPanel } from './week-totals.tsx';
import type { WeekTotals } from './week-totals-model.ts';
import { DraggableWorkoutCard, WorkoutCard } from './workout-card.tsx';

export interface ViewProps {
  days: Date[];
  byDay: Map<string, CalendarEvent[]>;
  today: string;
  onOpen: (event: CalendarEvent) => void;
  onAdd: (date: string) => void;
  /** By day, the TSS of recordings that completed no workout: counted in the day's load. */
  unclaimedTss: ReadonlyMap<string, readonly number[]>;
  /** The totals of one week's days (every view). */
  totalsOf: (days: readonly Date[]) => WeekTotals;
  units: Units;
}

function AddDayButton({
  date,
  onAdd,
  small = false,
  className,
}: {
  date: string;
  onAdd: (date: string) => void;
  small?: boolean;
  className?: string;
}) {
  return (
    <button
      type="button"
      aria-label={`Add workout on ${formatDay(date, 'weekday')}`}
      title="Add workout"
      onClick={() => onAdd(date)}
      className={cn(
        buttonClasses('ghost', 'icon'),
        'shrink-0 text-muted-foreground hover:text-foreground',
        small ? 'h-6 w-6 rounded-md' : 'h-8 w-8',
        className,
      )}
    >
      <Plus className={small ? 'h-3.5 w-3.5' : 'h-4 w-4'} aria-hidden="true" />
    </button>
  );
}

/** A visible 'Today' tag; headings read it as ', today'. */
function TodayTag() {
  return (
    <>
      <span className="sr-only">, today</span>
      <span
        aria-hidden="true"
        className="ml-1 self-center rounded-full bg-primary px-1.5 py-px text-[10px] font-semibold uppercase tracking-wide text-primary-foreground"
      >
        Today
      </span>
    </>
  );
}

export function WeekView({ days, byDay, unclaimedTss, today, onOpen, onAdd, totalsOf, units }: ViewProps) {
  return (
    <>
      <div className="grid gap-3 lg:grid-cols-7 lg:gap-2">
        {days.map((day) => {
          const date = isoDate(day);
          const events = byDay.get(date) ?? [];
          const isToday = date === today;
          const headingId = `day-${date}`;
          return (
            <DroppableDay
              key={date}
              date={date}
              aria-labelledby={headingId}
              className={cn(
                'flex min-w-0 flex-col gap-2 rounded-xl border bg-card p-3 lg:min-h-64 lg:p-2',
                isToday ? 'border-primary/60' : 'border-border',
              )}
            >
              <div className="flex items-center justify-between gap-1">
                {/* Days are the page's sections, so their headings follow the page's h1 at level 2. */}
                <h2 id={headingId} className="flex min-w-0 items-baseline gap-1.5">
                  <span className="sr-only">{formatDay(day, 'weekday')}</span>
                  <span aria-hidden="true" className="text-xs font-medium uppercase text-muted-foreground">
                    {weekdayName(day)}
                  </span>
                  <span
                    aria-hidden="true"
                    className={cn('text-lg font-semibold tabular-nums', isToday && 'text-primary')}
                  >
                    {format(day, 'd')}
                  </span>
                  {isToday ? <TodayTag /> : null}
                </h2>
                <AddDayButton date={date} onAdd={onAdd} className="lg:h-7 lg:w-7" />
              </div>
              <DayLoadBar score={dayLoad(events, unclaimedTss.get(date))} />
              {events.length > 0 ? (
                <ul className="flex flex-col gap-1.5">
                  {events.map((event) => (
                    <li key={event.id}>
                      <DraggableWorkoutCard event={event} onOpen={onOpen} />
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="py-2 text-center text-xs text-muted-foreground lg:py-6">No sessions planned</p>
              )}
            </DroppableDay>
          );
        })}
      </div>
      <WeekTotalsPanel totals={totalsOf(days)} units={units} />
    </>
  );
}

/** Seven day columns, and from small screens on an eighth for the week's totals (a full row under the week on phones). */
const MONTH_GRID = 'grid grid-cols-7 sm:grid-cols-[repeat(7,minmax(0,1fr))_minmax(0,7.5rem)]';

export function MonthView({
  days,
  byDay,
  unclaimedTss,
  today,
  onOpen,
  onAdd,
  totalsOf,
  units,
  month,
}: ViewProps & { month: Date }) {
  // The grid's first day is a week's first day: the headers follow it.
  const headers = weekdayHeaders(days[0] ? (days[0].getDay() as WeekDayIndex) : 1);
  const weeks = Array.from({ length: Math.ceil(days.length / 7) }, (_, i) => days.slice(i * 7, i * 7 + 7));
  return (
    <div className="overflow-hidden rounded-xl border border-border bg-card">
      <div className={cn(MONTH_GRID, 'border-b border-border bg-muted/50')} aria-hidden="true">
        {headers.map((name) => (
          <div key={name} className="py-2 text-center text-xs font-medium text-muted-foreground">
            <span className="sm:hidden">{name.slice(0, 1)}</span>
            <span className="hidden sm:inline">{name}</span>
          </div>
        ))}
        <div className="hidden py-2 pl-1.5 text-xs font-medium text-muted-foreground sm:block">Week</div>
      </div>
      <div className={MONTH_GRID}>
        {weeks.map((week, weekIndex) => (
          <Fragment key={isoDate(week[0]!)}>
            {week.map((day, dayIndex) => {
              const index = weekIndex * 7 + dayIndex;
              const date = isoDate(day);
              const events = byDay.get(date) ?? [];
              const first = events[0];
              const more = events.length - 1;
              const isToday = date === today;
              const inMonth = isSameMonth(day, month);
              return (
                <DroppableDay
                  key={date}
                  date={date}
                  aria-label={[
                    formatDay(day, 'weekday'),
                    isToday ? 'today' : null,
                    events.length ? `${events.length} ${events.length === 1 ? 'workout' : 'workouts'}` : null,
                  ]
                    .filter(Boolean)
                    .join(', ')}
                  className={cn(
                    'flex min-h-20 min-w-0 flex-col gap-1 p-0.5 sm:min-h-28 sm:p-1.5',
                    (index % 7 !== 6 && 'border-r border-border') || 'sm:border-r sm:border-border',
                    // The last week's days sit on the card's edge, except on phones where its totals row follows.
                    weekIndex < weeks.length - 1
                      ? 'border-b border-border'
                      : 'max-sm:border-b max-sm:border-border',
                    !inMonth && 'bg-muted/40',
                  )}
                >
                  <div className="flex items-center justify-between gap-0.5">
                    <span
                      aria-hidden="true"
                      className={cn(
                        'flex h-6 min-w-6 items-center justify-center rounded-full px-1 text-xs tabular-nums',
                        isToday
                          ? 'bg-primary font-semibold text-primary-foreground'
                          : !inMonth && 'text-muted-foreground',
                      )}
                    >
                      {format(day, 'd')}
                    </span>
                    {/* Too small to tap beside the day number on phones; the add button and week view serve there. */}
                    <AddDayButton date={date} onAdd={onAdd} small className="max-sm:hidden" />
                  </div>
                  {first ? <DraggableWorkoutCard event={first} onOpen={onOpen} compact /> : null}
                  {more > 0 ? <MoreWorkouts date={date} events={events.slice(1)} onOpen={onOpen} /> : null}
                  {events.length > 0 ? (
                    <DayLoadBar
                      score={dayLoad(events, unclaimedTss.get(date))}
                      showLabel="lg"
                      className="mt-auto"
                    />
                  ) : null}
                </DroppableDay>
              );
            })}
            <WeekTotalsCell
              totals={totalsOf(week)}
              units={units}
              label={`Week of ${formatDay(week[0]!, 'day-month-long')}`}
              className={cn(
                'col-span-7 sm:col-span-1',
                weekIndex < weeks.length - 1 && 'border-b border-border',
              )}
            />
          </Fragment>
        ))}
      </div>
    </div>
  );
}

/** '+N': the day's other workouts in a small popover. */
function MoreWorkouts({
  date,
  events,
  onOpen,
}: {
  date: string;
  events: CalendarEvent[];
  onOpen: (event: CalendarEvent) => void;
}) {
  const label = formatDay(date, 'weekday');
  return (
    <Popover.Root>
      <Popover.Trigger
        aria-label={`${events.length} more ${events.length === 1 ? 'workout' : 'workouts'} on ${label}`}
        className="self-start rounded px-1 text-[11px] font-semibold text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:text-xs"
      >
        +{events.length}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          sideOffset={4}
          collisionPadding={8}
          className="z-40 w-64 rounded-xl border border-border bg-background p-3 shadow-xl focus:outline-none"
        >
          <p className="mb-2 text-sm font-semibold">{label}</p>
          <ul className="flex flex-col gap-1.5">
            {events.map((event) => (
              <li key={event.id}>
                <WorkoutCard event={event} onOpen={onOpen} />
              </li>
            ))}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** Agenda: the days with workouts, week by week, each week followed by its totals. */
export function AgendaView({ days, byDay, unclaimedTss, today, onOpen, onAdd, totalsOf, units }: ViewProps) {
  const weeks = Array.from({ length: Math.ceil(days.length / 7) }, (_, i) => days.slice(i * 7, i * 7 + 7));
  return (
    <div className="flex flex-col gap-5">
      {weeks.map((week) => {
        const busy = week.filter((day) => (byDay.get(isoDate(day)) ?? []).length > 0);
        if (busy.length === 0) return null;
        return (
          <div key={isoDate(week[0]!)}>
            <ol className="flex flex-col gap-3">
              {busy.map((day) => (
                <AgendaDay
                  key={isoDate(day)}
                  day={day}
                  events={byDay.get(isoDate(day)) ?? []}
                  unclaimedTss={unclaimedTss}
                  today={today}
                  onOpen={onOpen}
                  onAdd={onAdd}
                />
              ))}
            </ol>
            <WeekTotalsPanel
              totals={totalsOf(week)}
              units={units}
              label={`Week of ${formatDay(week[0]!, 'day-month-long')}`}
            />
          </div>
        );
      })}
    </div>
  );
}

function AgendaDay({
  day,
  events,
  unclaimedTss,
  today,
  onOpen,
  onAdd,
}: Pick<ViewProps, 'unclaimedTss' | 'today' | 'onOpen' | 'onAdd'> & { day: Date; events: CalendarEvent[] }) {
  const date = isoDate(day);
  const headingId = `agenda-${date}`;
  return (
    <li>
      <section aria-labelledby={headingId} className="rounded-xl border border-border bg-card p-3 sm:p-4">
        <div className="flex items-center justify-between gap-2">
          <h2 id={headingId} className="flex items-center gap-2 font-semibold">
            {formatDay(day, 'weekday')}
            {date === today ? <TodayTag /> : null}
          </h2>
          <AddDayButton date={date} onAdd={onAdd} />
        </div>
        <DayLoadBar score={dayLoad(events, unclaimedTss.get(date))} className="mt-2 max-w-xs" />
        <ul className="mt-3 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {events.map((event) => (
            <li key={event.id}>
              <WorkoutCard event={event} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      </section>
    </li>
  );
}
