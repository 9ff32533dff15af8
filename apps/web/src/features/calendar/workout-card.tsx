// A workout on the calendar: sport icon, title, duration, TSS and zone badge (month cells: title, duration and
// TSS); completed ones are tinted green, checked and show what was done (actual time and TSS), never struck
// through, which would read as cancelled. In week and month views the card can be dragged to another day, by pointer from
// anywhere on it, or by keyboard from its move handle (Space or Enter picks up, arrows move, Space or Enter drops).
import { useDraggable } from '@dnd-kit/core';
import { GripVertical } from 'lucide-react';
import { createContext, useContext, useEffect, useRef } from 'react';
import type { CalendarEvent } from '../../api/workouts/calendar.ts';
import { SportIcon } from '../../components/sport-icon.tsx';
import { formatDuration } from '../../components/workouts/format.ts';
import {
  CompletedMark,
  workoutCardLabel,
  workoutSurface,
  ZoneBadge,
} from '../../components/workouts/workout-badges.tsx';
import { cn } from '../../lib/cn.ts';
import { formatDay } from '../../lib/dates.ts';

export interface WorkoutCardProps {
  event: CalendarEvent;
  onOpen: (event: CalendarEvent) => void;
  /** One line, for month cells. */
  compact?: boolean;
}

/** Lets the calendar ask a card to take focus once it has moved to its new day after a keyboard drop. */
export const FocusAfterMoveContext = createContext<{ current: string | null }>({ current: null });

/**
 * The figures a card shows: the plan's, or for a completed session what was done: the logged or recorded time,
 * and the recording's TSS (the page puts it in `tss`), else the logged session's, else the plan's.
 */
function cardFigures(event: CalendarEvent): { minutes: number | null; tss: number | null } {
  const w = event.workout;
  if (event.status !== 'completed') return { minutes: event.duration_minutes, tss: w.tss };
  return {
    minutes: w.actual_duration_minutes ?? event.duration_minutes,
    tss: event.activity_id ? w.tss : (w.actual_tss ?? w.tss),
  };
}

/** '1h 30m', or '1h30' in a month cell. */
function durationText(minutes: number | null, compact: boolean): string | null {
  if (!minutes) return null;
  if (!compact || minutes < 60) return formatDuration(minutes * 60);
  const rest = Math.round(minutes % 60);
  return `${Math.floor(minutes / 60)}h${rest ? String(rest).padStart(2, '0') : ''}`;
}

/** What the card shows; also drawn in the drag overlay. */
export function WorkoutCardBody({ event, compact = false }: { event: CalendarEvent; compact?: boolean }) {
  const completed = event.status === 'completed';
  const figures = cardFigures(event);
  const duration = durationText(figures.minutes, compact);
  const tss = figures.tss === null ? null : Math.round(figures.tss);
  if (compact) {
    return (
      <span className="flex min-w-0 flex-col">
        <span className="flex min-w-0 items-center gap-1">
          <SportIcon
            sport={event.sport}
            className="hidden h-3.5 w-3.5 shrink-0 text-muted-foreground sm:block"
          />
          <span className="min-w-0 flex-1 overflow-hidden whitespace-nowrap text-[11px] font-medium leading-4 sm:text-ellipsis sm:text-xs">
            {event.title}
          </span>
          {completed ? (
            <CompletedMark className="[&_svg]:h-3 [&_svg]:w-3 sm:[&_svg]:h-3.5 sm:[&_svg]:w-3.5" />
          ) : null}
        </span>
        {duration || tss !== null ? (
          <span className="flex flex-wrap gap-x-1 text-[10px] leading-3.5 text-muted-foreground tabular-nums sm:text-[11px]">
            {duration ? <span className="whitespace-nowrap">{duration}</span> : null}
            {tss !== null ? <span className="whitespace-nowrap">{tss} TSS</span> : null}
          </span>
        ) : null}
      </span>
    );
  }
  return (
    <span className="flex min-w-0 flex-col gap-1">
      <span className="flex min-w-0 items-start gap-1.5">
        <SportIcon sport={event.sport} className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" />
        <span className="line-clamp-2 min-w-0 flex-1 text-sm font-medium leading-5 break-words">
          {event.title}
        </span>
      </span>
      <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground tabular-nums">
        {completed ? (
          <span className="inline-flex items-center gap-1 font-medium text-success">
            <CompletedMark className="[&_svg]:h-3.5 [&_svg]:w-3.5" />
            <span aria-hidden="true">Done</span>
          </span>
        ) : null}
        {duration ? <span>{duration}</span> : null}
        {tss !== null ? <span>TSS {tss}</span> : null}
        <ZoneBadge zone={event.intensity_zone} />
      </span>
    </span>
  );
}

/** The card's accessible name, with the figures it shows (done ones for a completed session). */
function cardLabel(event: CalendarEvent): string {
  const figures = cardFigures(event);
  return workoutCardLabel({ ...event, duration_minutes: figures.minutes, tss: figures.tss });
}

const cardClasses = (completed: boolean, compact: boolean) =>
  cn(
    'group relative flex min-w-0 items-stretch rounded-lg border text-left transition-colors',
    compact && 'rounded-md',
    workoutSurface(completed),
  );

const openButtonClasses = (compact: boolean) =>
  cn(
    'min-w-0 flex-1 rounded-lg text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
    compact ? 'px-1 py-0.5 sm:px-1.5' : 'p-2',
  );

/** A card that only opens the detail dialog (agenda view and lists). */
export function WorkoutCard({ event, onOpen, compact = false }: WorkoutCardProps) {
  return (
    <div className={cardClasses(event.status === 'completed', compact)}>
      <button
        type="button"
        aria-label={cardLabel(event)}
        className={openButtonClasses(compact)}
        onClick={() => onOpen(event)}
      >
        <WorkoutCardBody event={event} compact={compact} />
      </button>
    </div>
  );
}

export function DraggableWorkoutCard({ event, onOpen, compact = false }: WorkoutCardProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useDraggable({
    id: event.id,
    data: { event },
  });
  const handleRef = useRef<HTMLButtonElement | null>(null);
  const focusAfterMove = useContext(FocusAfterMoveContext);

  // After a keyboard drop the card re-mounts in its new day; give focus back to its handle there.
  useEffect(() => {
    if (focusAfterMove.current === event.id && event.event_date) {
      focusAfterMove.current = null;
      handleRef.current?.focus();
    }
  }, [focusAfterMove, event.id, event.event_date]);

  return (
    <div
      ref={setNodeRef}
      {...listeners}
      className={cn(cardClasses(event.status === 'completed', compact), isDragging && 'opacity-40')}
    >
      <button
        type="button"
        aria-label={cardLabel(event)}
        className={openButtonClasses(compact)}
        onClick={() => onOpen(event)}
      >
        <WorkoutCardBody event={event} compact={compact} />
      </button>
      <button
        type="button"
        ref={(node) => {
          handleRef.current = node;
          setActivatorNodeRef(node);
        }}
        {...attributes}
        aria-label={`Move ${event.title}, ${formatDay(event.event_date, 'weekday')}`}
        className={cn(
          'flex shrink-0 cursor-grab touch-none items-center justify-center rounded-r-lg text-muted-foreground',
          'hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
          'active:cursor-grabbing',
          compact ? 'w-4 max-sm:hidden' : 'w-6',
        )}
      >
        <GripVertical className={compact ? 'h-3 w-3' : 'h-4 w-4'} aria-hidden="true" />
      </button>
    </div>
  );
}
