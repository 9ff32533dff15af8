// A small month grid for picking one day, usable by keyboard alone (after the WAI-ARIA date-picker dialog):
// arrows move by day and week, Home/End to the week's ends, Page Up/Down by month (with Shift, by year),
// Enter or Space picks. Weeks start on the athlete's week start (Monday by default), like the training calendar.
import {
  addDays,
  addMonths,
  addYears,
  eachDayOfInterval,
  endOfMonth,
  endOfWeek,
  format,
  isSameDay,
  isSameMonth,
  parseISO,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useWeekStartsOn } from '../../lib/auth-context.tsx';
import { cn } from '../../lib/cn.ts';
import { formatDay } from '../../lib/dates.ts';
import { buttonClasses } from './button.tsx';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export interface MonthCalendarProps {
  /** The chosen day, YYYY-MM-DD. */
  selected?: string | undefined;
  onSelect: (date: string) => void;
  /** Names the grid for assistive technology, for example 'Choose a new date'. */
  label: string;
  /** Move focus into the grid when it first shows (in a popover or a dialog step). */
  autoFocus?: boolean;
  className?: string;
}

export function MonthCalendar({
  selected,
  onSelect,
  label,
  autoFocus = false,
  className,
}: MonthCalendarProps) {
  const initial = selected ? parseISO(selected) : new Date();
  const [month, setMonth] = useState(() => startOfMonth(initial));
  const [focused, setFocused] = useState(() => initial);
  const focusPending = useRef(autoFocus);
  const gridRef = useRef<HTMLTableElement>(null);
  const headingId = useId();
  const today = new Date();
  const weekStartsOn = useWeekStartsOn();
  const week = { weekStartsOn };
  const weekdays = Array.from({ length: 7 }, (_, i) => WEEKDAYS[(weekStartsOn + i) % 7]!);

  const days = eachDayOfInterval({
    start: startOfWeek(startOfMonth(month), week),
    end: endOfWeek(endOfMonth(month), week),
  });
  const weeks: Date[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));

  // Move DOM focus only after a keyboard move (or on open), never on re-renders caused by anything else.
  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    gridRef.current
      ?.querySelector<HTMLButtonElement>(`[data-date="${format(focused, 'yyyy-MM-dd')}"]`)
      ?.focus();
  });

  function moveTo(next: Date) {
    focusPending.current = true;
    setFocused(next);
    if (!isSameMonth(next, month)) setMonth(startOfMonth(next));
  }

  function showMonth(next: Date) {
    setMonth(next);
    // Keep the roving focus inside the visible month.
    setFocused((current) => (isSameMonth(current, next) ? current : next));
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, day: Date) {
    const moves: Record<string, () => Date> = {
      ArrowLeft: () => addDays(day, -1),
      ArrowRight: () => addDays(day, 1),
      ArrowUp: () => addDays(day, -7),
      ArrowDown: () => addDays(day, 7),
      Home: () => startOfWeek(day, week),
      End: () => endOfWeek(day, week),
      PageUp: () => (event.shiftKey ? addYears(day, -1) : addMonths(day, -1)),
      PageDown: () => (event.shiftKey ? addYears(day, 1) : addMonths(day, 1)),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    event.stopPropagation();
    moveTo(move());
  }

  return (
    <div className={cn('w-72 select-none', className)}>
      <div className="mb-2 flex items-center justify-between">
        <button
          type="button"
          className={buttonClasses('ghost', 'icon')}
          aria-label="Previous month"
          onClick={() => showMonth(addMonths(month, -1))}
        >
          <ChevronLeft className="h-4 w-4" aria-hidden="true" />
        </button>
        <h2 id={headingId} className="text-sm font-semibold" aria-live="polite">
          {formatDay(month, 'month-year')}
        </h2>
        <button
          type="button"
          className={buttonClasses('ghost', 'icon')}
          aria-label="Next month"
          onClick={() => showMonth(addMonths(month, 1))}
        >
          <ChevronRight className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
      {/* A grid, not a plain table: screen readers then pass the arrow keys through to it (focus mode) instead
          of reading the table cell by cell, so the keys above work with one running. */}
      {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a table with role grid is the WAI-ARIA date picker pattern; its rows, headers and cells map to the grid's. */}
      <table ref={gridRef} role="grid" aria-label={label} aria-describedby={headingId} className="w-full">
        <thead>
          <tr>
            {weekdays.map((name) => (
              <th
                key={name}
                scope="col"
                abbr={name}
                className="pb-1 text-xs font-medium text-muted-foreground"
              >
                {name.slice(0, 2)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]!.toISOString()}>
              {week.map((day) => {
                const iso = format(day, 'yyyy-MM-dd');
                const isSelected = selected === iso;
                const isToday = isSameDay(day, today);
                const inMonth = isSameMonth(day, month);
                return (
                  <td key={iso} className="p-0.5 text-center">
                    <button
                      type="button"
                      data-date={iso}
                      tabIndex={isSameDay(day, focused) ? 0 : -1}
                      aria-label={formatDay(day, 'weekday-year')}
                      aria-current={isToday ? 'date' : undefined}
                      aria-pressed={isSelected}
                      onKeyDown={(event) => onKeyDown(event, day)}
                      onClick={() => onSelect(iso)}
                      className={cn(
                        'h-9 w-9 rounded-md text-sm tabular-nums transition-colors',
                        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
                        isSelected
                          ? 'bg-primary font-semibold text-primary-foreground'
                          : isToday
                            ? 'border border-primary font-semibold text-foreground hover:bg-muted'
                            : 'hover:bg-muted',
                        !inMonth && !isSelected && 'text-muted-foreground',
                      )}
                    >
                      {format(day, 'd')}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
