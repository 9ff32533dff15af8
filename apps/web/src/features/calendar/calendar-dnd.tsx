// Drag and drop between days (week and month views). Days are drop targets whose id is their date.
// Pointer: mouse drags after 5 px; touch after a 250 ms press so the page still scrolls. Keyboard: Space or
// Enter on a card's move handle picks it up, the arrow keys jump from day to day (up and down by a week in
// the month grid), Space or Enter drops and Escape cancels; every step is announced.
import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  type UniqueIdentifier,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { addDays, format, parseISO } from 'date-fns';
import { type HTMLAttributes, type ReactNode, useMemo, useRef, useState } from 'react';
import type { CalendarEvent } from '../../api/workouts/calendar.ts';
import { cn } from '../../lib/cn.ts';
import { formatDay } from '../../lib/dates.ts';
import { FocusAfterMoveContext, WorkoutCardBody } from './workout-card.tsx';

const SCREEN_READER_INSTRUCTIONS =
  'To move a workout to another day, press Space or Enter to pick it up. ' +
  'Use the arrow keys to choose a day, then press Space or Enter to drop it there, or Escape to cancel.';

const dayName = (id: UniqueIdentifier) => formatDay(String(id), 'weekday');

function eventOf(data: unknown): CalendarEvent | undefined {
  return (data as { event?: CalendarEvent } | undefined)?.event;
}

/** Pointer drags land on the day under the pointer; keyboard drags on the day the card was moved onto. */
const collisionDetection: CollisionDetection = (args) => {
  if (args.pointerCoordinates) {
    const within = pointerWithin(args);
    return within.length > 0 ? within : rectIntersection(args);
  }
  return closestCenter(args);
};

/** Arrow keys move the dragged card onto the centre of the neighbouring day, if that day is on screen. */
function dayStepCoordinates(view: 'week' | 'month'): KeyboardCoordinateGetter {
  const steps: Record<string, number> = {
    ArrowLeft: -1,
    ArrowRight: 1,
    ArrowUp: view === 'month' ? -7 : -1,
    ArrowDown: view === 'month' ? 7 : 1,
  };
  return (event, { context }) => {
    const step = steps[event.code];
    if (step === undefined) return undefined;
    event.preventDefault();
    const { active, over, droppableRects, collisionRect } = context;
    const current = over?.id ?? eventOf(active?.data.current)?.event_date;
    if (!current || !collisionRect) return undefined;
    const target = format(addDays(parseISO(String(current)), step), 'yyyy-MM-dd');
    const rect = droppableRects.get(target);
    if (!rect) return undefined;
    return {
      x: rect.left + rect.width / 2 - collisionRect.width / 2,
      y: rect.top + rect.height / 2 - collisionRect.height / 2,
    };
  };
}

export function CalendarDnd({
  view,
  onMove,
  children,
}: {
  view: 'week' | 'month';
  onMove: (event: CalendarEvent, date: string) => void;
  children: ReactNode;
}) {
  const [active, setActive] = useState<CalendarEvent | null>(null);
  const focusAfterMove = useRef<string | null>(null);
  const coordinateGetter = useMemo(() => dayStepCoordinates(view), [view]);
  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );

  const announcements: Announcements = {
    onDragStart: ({ active: a }) => {
      const event = eventOf(a.data.current);
      return event
        ? `Picked up ${event.title}, on ${dayName(event.event_date)}. Use the arrow keys to choose another day.`
        : undefined;
    },
    onDragOver: ({ active: a, over }) => {
      const event = eventOf(a.data.current);
      if (!event) return undefined;
      return over ? `${event.title} is over ${dayName(over.id)}.` : `${event.title} is not over a day.`;
    },
    onDragEnd: ({ active: a, over }) => {
      const event = eventOf(a.data.current);
      if (!event) return undefined;
      if (!over || over.id === event.event_date)
        return `${event.title} stays on ${dayName(event.event_date)}.`;
      return `${event.title} moved to ${dayName(over.id)}.`;
    },
    onDragCancel: ({ active: a }) => {
      const event = eventOf(a.data.current);
      return event ? `Moving cancelled. ${event.title} stays on ${dayName(event.event_date)}.` : undefined;
    },
  };

  function onDragStart({ active: a }: DragStartEvent) {
    focusAfterMove.current = null;
    setActive(eventOf(a.data.current) ?? null);
  }

  function onDragEnd({ active: a, over, activatorEvent }: DragEndEvent) {
    setActive(null);
    const event = eventOf(a.data.current);
    if (!event || !over) return;
    const date = String(over.id);
    if (date === event.event_date) return;
    if (activatorEvent instanceof KeyboardEvent) focusAfterMove.current = event.id;
    onMove(event, date);
  }

  return (
    <FocusAfterMoveContext.Provider value={focusAfterMove}>
      <DndContext
        sensors={sensors}
        collisionDetection={collisionDetection}
        accessibility={{ announcements, screenReaderInstructions: { draggable: SCREEN_READER_INSTRUCTIONS } }}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setActive(null)}
      >
        {children}
        <DragOverlay dropAnimation={null}>
          {active ? (
            <div
              data-drag-overlay={active.event_date}
              className={cn(
                'rounded-lg border bg-card shadow-lg ring-2 ring-primary/40',
                view === 'month' ? 'px-1.5 py-0.5' : 'p-2',
              )}
            >
              <WorkoutCardBody event={active} compact={view === 'month'} />
            </div>
          ) : null}
        </DragOverlay>
      </DndContext>
    </FocusAfterMoveContext.Provider>
  );
}

/** A day that accepts dropped workouts; highlighted while a card is over it. */
export function DroppableDay({
  date,
  className,
  children,
  ...rest
}: {
  date: string;
  className?: string;
  children: ReactNode;
} & HTMLAttributes<HTMLElement>) {
  const { setNodeRef, isOver } = useDroppable({ id: date });
  return (
    <section
      ref={setNodeRef}
      data-date={date}
      className={cn(className, isOver && 'ring-2 ring-primary ring-offset-1 ring-offset-background')}
      {...rest}
    >
      {children}
    </section>
  );
}
