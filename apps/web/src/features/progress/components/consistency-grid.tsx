// Day statuses as a calendar-like grid (a row per week, from the athlete's week start), each day with an icon as well as a colour,
// a legend, and the summary read out as one sentence.
import type { WeekDayIndex } from '@stamina/core';
import { parseISO } from 'date-fns';
import { Check, CircleDashed, Minus, X } from 'lucide-react';
import { type ComponentType, useId } from 'react';
import { cn } from '../../../lib/cn.ts';
import { formatDay } from '../../../lib/dates.ts';

type DayStatus = 'rest' | 'complete' | 'partial' | 'missed';

export interface GridDay {
  date: string;
  status: DayStatus;
}

const STATUS: Record<
  DayStatus,
  { label: string; icon: ComponentType<{ className?: string }>; className: string }
> = {
  complete: { label: 'Complete', icon: Check, className: 'bg-success/20 text-success' },
  partial: { label: 'Partial', icon: CircleDashed, className: 'bg-warning/20 text-warning' },
  missed: { label: 'Missed', icon: X, className: 'bg-destructive/15 text-destructive' },
  rest: { label: 'Rest', icon: Minus, className: 'bg-muted text-muted-foreground' },
};
const ORDER: DayStatus[] = ['complete', 'partial', 'missed', 'rest'];
// Full names as keys (two days share each initial); the initials are what shows.
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export function ConsistencyGrid({
  days,
  weekStartsOn = 1,
}: {
  days: readonly GridDay[];
  /** The athlete's week start (0 = Sunday): the first column. */
  weekStartsOn?: WeekDayIndex;
}) {
  const captionId = useId();
  const counts = ORDER.map((status) => ({ status, count: days.filter((d) => d.status === status).length }));
  const weekdays = Array.from({ length: 7 }, (_, i) => DAY_NAMES[(weekStartsOn + i) % 7]!);
  // Pad the first week so each column is one weekday.
  const lead = days.length > 0 ? (parseISO(days[0]!.date).getDay() - weekStartsOn + 7) % 7 : 0;
  const padding = weekdays.slice(0, lead);
  const summary =
    `${days.length} days: ` +
    counts.map((c) => `${c.count} ${STATUS[c.status].label.toLowerCase()}`).join(', ') +
    '.';

  return (
    <figure aria-labelledby={captionId} className="space-y-3">
      <figcaption id={captionId} className="sr-only">
        {summary}
      </figcaption>
      <div aria-hidden="true" className="grid max-w-xs grid-cols-7 gap-1">
        {weekdays.map((name) => (
          <span key={name} className="text-center text-[10px] font-medium text-muted-foreground">
            {name[0]}
          </span>
        ))}
        {padding.map((name) => (
          <span key={`before-${name}`} />
        ))}
        {days.map((day) => {
          const { icon: Icon, className, label } = STATUS[day.status];
          return (
            <span
              key={day.date}
              title={`${formatDay(day.date, 'day-month')}: ${label}`}
              className={cn('flex aspect-square items-center justify-center rounded', className)}
            >
              <Icon className="h-3 w-3" />
            </span>
          );
        })}
      </div>
      <ul aria-label="Legend" className="flex flex-wrap gap-x-3 gap-y-1 text-xs">
        {counts.map(({ status, count }) => {
          const { icon: Icon, className, label } = STATUS[status];
          return (
            <li key={status} className="flex items-center gap-1.5">
              <span
                aria-hidden="true"
                className={cn('flex h-4 w-4 items-center justify-center rounded', className)}
              >
                <Icon className="h-3 w-3" />
              </span>
              {label} <span className="tabular-nums text-muted-foreground">{count}</span>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
