// Previous / Today / Next, the period label that opens a date picker, and the Week / Month / Agenda switch.
import * as Popover from '@radix-ui/react-popover';
import { CalendarDays, ChevronDown, ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { MonthCalendar } from '../../components/ui/month-calendar.tsx';
import { cn } from '../../lib/cn.ts';
import { CALENDAR_VIEWS, type CalendarView } from './calendar-model.ts';

export function CalendarToolbar({
  view,
  label,
  anchor,
  onViewChange,
  onPrevious,
  onNext,
  onToday,
  onPickDate,
}: {
  view: CalendarView;
  label: string;
  /** YYYY-MM-DD of the day the view is built around. */
  anchor: string;
  onViewChange: (view: CalendarView) => void;
  onPrevious: () => void;
  onNext: () => void;
  onToday: () => void;
  onPickDate: (date: string) => void;
}) {
  const [pickerOpen, setPickerOpen] = useState(false);
  const unit = view === 'month' ? 'month' : 'week';
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <div className="flex items-center gap-1">
          <Button variant="outline" size="icon" aria-label={`Previous ${unit}`} onClick={onPrevious}>
            <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          </Button>
          <Button variant="outline" size="sm" className="h-10" onClick={onToday}>
            Today
          </Button>
          <Button variant="outline" size="icon" aria-label={`Next ${unit}`} onClick={onNext}>
            <ChevronRight className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
        <Popover.Root open={pickerOpen} onOpenChange={setPickerOpen}>
          <Popover.Trigger
            className={cn(
              buttonClasses('ghost', 'sm'),
              'h-10 min-w-0 px-2 text-base font-semibold sm:text-lg',
            )}
            aria-label={`${label}. Choose a date`}
          >
            <CalendarDays className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="truncate" aria-live="polite">
              {label}
            </span>
            <ChevronDown className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content
              align="start"
              sideOffset={6}
              collisionPadding={8}
              className="z-40 rounded-xl border border-border bg-background p-3 shadow-xl focus:outline-none"
              onOpenAutoFocus={(event) => event.preventDefault()}
            >
              <MonthCalendar
                label="Go to date"
                selected={anchor}
                autoFocus
                onSelect={(date) => {
                  setPickerOpen(false);
                  onPickDate(date);
                }}
              />
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
      </div>
      <fieldset className="grid w-full min-w-0 grid-cols-3 rounded-lg border border-border bg-muted p-1 sm:w-auto">
        <legend className="sr-only">Calendar view</legend>
        {CALENDAR_VIEWS.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={view === option.value}
            onClick={() => onViewChange(option.value)}
            className={cn(
              'h-8 rounded-md px-4 text-sm font-medium transition-colors',
              'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              view === option.value
                ? 'bg-background text-foreground shadow-sm'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {option.label}
          </button>
        ))}
      </fieldset>
    </div>
  );
}
