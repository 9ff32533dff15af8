// A workout on the calendar: sport icon, title, duration and zone badge; completed ones are struck through,
// tinted green and checked. In week and month views the card can be dragged to another day, by pointer from
// anywhere on it, or by keyboard from its move handle (Space or Enter picks up, arrows move, Space or Enter drops).
import { useDraggable } from '@dnd-kit/core';
import { format, parseISO } from 'date-fns';
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

export interface WorkoutCardProps {
  event: CalendarEvent;
  onOpen: (event: CalendarEvent) => void;
  /** One line, for month cells. */
  compact?: boolean;
}

/** Lets the calendar ask a card to take focus once it has moved to its new day after a keyboard drop. */
export const FocusAfterMoveContext = createContext<{ current: string | null }>({ current: null });

function durationText(event: CalendarEvent): string | null {
  return event.duration_minutes ? formatDuration(event.duration_minutes * 60) : null;
}

/** What the card shows; also drawn in the drag overlay. */
export function WorkoutCardBody({ event, compact = false }: { event: CalendarEvent; compact?: boolean }) {
  const completed = event.status === 'completed';
  const duration = durationText(event);
  if (compact) {
    return (
      <span className="flex min-w-0 items-center gap-1">
        <SportIcon
          sport={event.sport}
          className="hidden h-3.5 w-3.5 shrink-0 text-muted-foreground sm:block"
        />
        <span
          className={cn(
            'min-w-0 flex-1 overflow-hidden whitespace-nowrap text-[11px] font-medium leading-4 sm:text-ellipsis sm:text-xs',
            completed && 'text-muted-foreground line-through',
          )}
        >
          {event.title}
        </span>
        {completed ? (
          <span className="hidden sm:inline">
            <CompletedMark className="[&_svg]:h-3.5 [&_svg]:w-3.5" />
          </span>
        ) : null}
      </span>
    );
  }
  return (
    <span className="flex min-w-0 flex-col gap-1">
      <span className="flex min-w-0 items-start gap-1.5">
        <SportIcon sport={event.sport} className="mt-0.5 h-4 w-4 shrink-0 text-muted-foreground" />
        <span
          className={cn(
            'line-clamp-2 min-w-0 flex-1 text-sm font-medium leading-5 break-words',
            completed && 'text-muted-foreground line-through',
          )}
        >
          {event.title}
        </span>
      </span>
      <span className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
        {duration ? <span>{duration}</span> : null}
        <ZoneBadge zone={event.intensity_zone} />
        {completed ? <CompletedMark /> : null}
        {completed && event.workout.tss !== null ? (
          <span className="tabular-nums">TSS {Math.round(event.workout.tss)}</span>
        ) : null}
      </span>
    </span>
  );
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
        aria-label={workoutCardLabel({ ...event, tss: event.workout.tss })}
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
        aria-label={workoutCardLabel({ ...event, tss: event.workout.tss })}
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
        aria-label={`Move ${event.title}, ${format(parseISO(event.event_date), 'EEEE, MMMM d')}`}
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
