// /settings/dashboard: the Dashboard Layout settings (docs/screens.md, "Settings"): the layout style, the
// widget order (drag a row's handle, or use its Move up / Move down buttons, or pick the handle up with Space and
// move it with the arrow keys) and each widget's visibility. Nothing is stored until Save Layout, which sends
// the order renumbered from 0; Cancel puts back what is stored.
import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { AthleteProfile, AthleteProfileUpdateRequest } from '@stamina/contract';
import { LAYOUT_STYLES, type LayoutStyle, normalizeWidgetConfig, type WidgetConfigItem } from '@stamina/core';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  athleteKeys,
  useAthleteProfile,
  useUpdateAthleteProfile,
} from '../../api/settings/update-athlete-profile.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { QueryCard } from '../../components/ui/query-card.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { toast } from '../../lib/toast.ts';

const STYLE_TEXT: Record<LayoutStyle, { label: string; text: string; badge?: string }> = {
  minimal: { label: 'Minimal', text: 'Compact cards, up to three columns', badge: 'Recommended' },
  expanded: { label: 'Expanded', text: 'Larger cards, up to two columns' },
  progressive: { label: 'Progressive', text: 'A newer arrangement, up to three columns', badge: 'Beta' },
};

const INSTRUCTIONS =
  'To reorder a widget, press Space or Enter on its handle, move it with the up and down arrow keys, ' +
  'then press Space or Enter to drop it, or Escape to cancel. The Move up and Move down buttons do the same.';

interface Layout {
  style: LayoutStyle;
  widgets: WidgetConfigItem[];
}

/** The stored profile as an editable layout: widgets in their stored order. */
function layoutOf(profile: AthleteProfile): Layout {
  const widgets = normalizeWidgetConfig(profile.widget_config).sort((a, b) => a.order - b.order);
  return { style: profile.layout_style, widgets };
}

const sameLayout = (a: Layout, b: Layout) =>
  a.style === b.style &&
  a.widgets.length === b.widgets.length &&
  a.widgets.every((w, i) => w.id === b.widgets[i]?.id && w.enabled === b.widgets[i]?.enabled);

export function DashboardLayoutSettings() {
  const profile = useAthleteProfile();
  const update = useUpdateAthleteProfile();
  const client = useQueryClient();
  const stored = useMemo(() => (profile.data ? layoutOf(profile.data) : null), [profile.data]);
  // null while nothing is edited, so a refetched profile shows through until the first change.
  const [draft, setDraft] = useState<Layout | null>(null);
  const layout = draft ?? stored;
  const dirty = Boolean(draft && stored && !sameLayout(draft, stored));
  const [announcement, setAnnouncement] = useState('');
  const pendingFocus = useRef<{ id: string; direction: 'up' | 'down' } | null>(null);

  // After a move by button, keep focus on the moved row; at either end its button is disabled, so the
  // other one takes focus instead of focus dropping to the page.
  useEffect(() => {
    const pending = pendingFocus.current;
    if (!pending) return;
    pendingFocus.current = null;
    const button = document.getElementById(
      `move-${pending.direction}-${pending.id}`,
    ) as HTMLButtonElement | null;
    const other = document.getElementById(
      `move-${pending.direction === 'up' ? 'down' : 'up'}-${pending.id}`,
    ) as HTMLButtonElement | null;
    (button && !button.disabled ? button : other)?.focus();
  });

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 250, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  if (!layout) {
    return (
      <>
        <PageHeader title="Dashboard Layout" />
        <QueryCard title="Dashboard layout" query={profile} />
      </>
    );
  }

  const edit = (change: (current: Layout) => Layout) => setDraft(change(layout));
  const nameOf = (id: unknown) => layout.widgets.find((w) => w.id === id)?.name ?? 'Widget';
  const positionOf = (id: unknown) => layout.widgets.findIndex((w) => w.id === id) + 1;

  function move(id: string, direction: 'up' | 'down') {
    const from = layout!.widgets.findIndex((w) => w.id === id);
    const to = direction === 'up' ? from - 1 : from + 1;
    if (from < 0 || to < 0 || to >= layout!.widgets.length) return;
    pendingFocus.current = { id, direction };
    edit((current) => ({ ...current, widgets: arrayMove(current.widgets, from, to) }));
    setAnnouncement(`${nameOf(id)} moved to position ${to + 1} of ${layout!.widgets.length}.`);
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    edit((current) => {
      const from = current.widgets.findIndex((w) => w.id === active.id);
      const to = current.widgets.findIndex((w) => w.id === over.id);
      return { ...current, widgets: arrayMove(current.widgets, from, to) };
    });
  }

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, position ${positionOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameOf(active.id)} is over position ${positionOf(over.id)}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `${nameOf(active.id)} dropped at position ${positionOf(over.id)}.` : undefined,
    onDragCancel: ({ active }) => `Reordering cancelled. ${nameOf(active.id)} stays where it was.`,
  };

  async function onSave() {
    const widgetConfig = layout!.widgets.map(({ id, name, description, enabled }, order) => ({
      id,
      name,
      description,
      enabled,
      order,
    }));
    try {
      const saved = await update.mutateAsync({
        layout_style: layout!.style,
        // The contract's id is the enum of known widgets; normalizeWidgetConfig only promises strings.
        widget_config: widgetConfig as AthleteProfileUpdateRequest['widget_config'],
      });
      client.setQueryData(athleteKeys.me, saved);
      setDraft(null);
      toast.success('Dashboard layout saved successfully!');
      await client.invalidateQueries({ queryKey: athleteKeys.me });
    } catch (err) {
      toast.error(`Could not save the layout: ${errorMessage(err)}`);
    }
  }

  return (
    <>
      <PageHeader title="Dashboard Layout" description="Choose how your dashboard looks and what it shows." />
      <div className="space-y-6">
        <fieldset className="rounded-xl border border-border bg-card p-4 sm:p-5">
          <legend className="mb-3 text-lg font-semibold">Layout style</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {LAYOUT_STYLES.map((style) => {
              const { label, text, badge } = STYLE_TEXT[style];
              const chosen = layout.style === style;
              return (
                <label
                  key={style}
                  className={cn(
                    'flex cursor-pointer flex-col gap-1 rounded-lg border p-3 text-sm',
                    'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                    chosen
                      ? 'border-primary bg-accent text-accent-foreground'
                      : 'border-input hover:bg-muted',
                  )}
                >
                  <span className="flex items-center gap-2 font-medium">
                    <input
                      type="radio"
                      name="layout-style"
                      value={style}
                      checked={chosen}
                      onChange={() => edit((current) => ({ ...current, style }))}
                      className="h-4 w-4 accent-primary"
                    />
                    {label}
                    {badge ? <Badge variant={badge === 'Beta' ? 'warning' : 'success'}>{badge}</Badge> : null}
                  </span>
                  <span className="text-muted-foreground">{text}</span>
                </label>
              );
            })}
          </div>
        </fieldset>

        <section
          aria-labelledby="widgets-title"
          className="rounded-xl border border-border bg-card p-4 sm:p-5"
        >
          <h2 id="widgets-title" className="text-lg font-semibold">
            Widgets
          </h2>
          <p className="mb-3 text-sm text-muted-foreground">
            Drag a widget by its handle, or use the arrows, to change the order; switch off what you do not
            want.
          </p>
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
          >
            <SortableContext items={layout.widgets.map((w) => w.id)} strategy={verticalListSortingStrategy}>
              <ol className="space-y-2" aria-label="Widget order">
                {layout.widgets.map((widget, index) => (
                  <WidgetRow
                    key={widget.id}
                    widget={widget}
                    first={index === 0}
                    last={index === layout.widgets.length - 1}
                    onMove={move}
                    onToggle={(enabled) =>
                      edit((current) => ({
                        ...current,
                        widgets: current.widgets.map((w) => (w.id === widget.id ? { ...w, enabled } : w)),
                      }))
                    }
                  />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
          <p aria-live="polite" className="sr-only">
            {announcement}
          </p>
        </section>

        <div className="flex flex-wrap gap-2">
          <Button onClick={onSave} disabled={!dirty || update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Layout'}
          </Button>
          <Button variant="outline" onClick={() => setDraft(null)} disabled={!dirty || update.isPending}>
            Cancel
          </Button>
          {dirty ? (
            <p className="self-center text-sm text-muted-foreground">You have unsaved changes.</p>
          ) : null}
        </div>
      </div>
    </>
  );
}

function WidgetRow({
  widget,
  first,
  last,
  onMove,
  onToggle,
}: {
  widget: WidgetConfigItem;
  first: boolean;
  last: boolean;
  onMove: (id: string, direction: 'up' | 'down') => void;
  onToggle: (enabled: boolean) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: widget.id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn(
        // On a phone the controls take a line of their own, so the name and description can be read in full.
        'flex flex-wrap items-center gap-2 rounded-lg border border-border bg-background p-2 sm:flex-nowrap sm:gap-3 sm:p-3',
        isDragging && 'relative z-10 shadow-lg ring-2 ring-primary/40',
        // A hidden widget's row looks set aside by its dashed border and muted fill, not by fading it: opacity
        // took its text below the contrast minimum (docs/RELIABILITY.md). The switch says Off in words.
        !widget.enabled && 'border-dashed bg-muted/50',
      )}
    >
      <button
        ref={setActivatorNodeRef}
        type="button"
        className="flex h-10 w-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring active:cursor-grabbing"
        {...attributes}
        {...listeners}
        aria-label={`Drag to reorder ${widget.name}`}
      >
        <GripVertical className="h-5 w-5" aria-hidden="true" />
      </button>
      <div className="min-w-0 flex-1">
        <p className={cn('font-medium sm:truncate', !widget.enabled && 'text-muted-foreground')}>
          {widget.name}
        </p>
        <p className="text-sm text-muted-foreground sm:truncate">{widget.description}</p>
      </div>
      <div className="ml-auto flex shrink-0 items-center gap-1 max-sm:w-full max-sm:justify-end">
        <Button
          id={`move-up-${widget.id}`}
          variant="ghost"
          size="icon"
          aria-label={`Move ${widget.name} up`}
          disabled={first}
          onClick={() => onMove(widget.id, 'up')}
        >
          <ArrowUp className="h-4 w-4" aria-hidden="true" />
        </Button>
        <Button
          id={`move-down-${widget.id}`}
          variant="ghost"
          size="icon"
          aria-label={`Move ${widget.name} down`}
          disabled={last}
          onClick={() => onMove(widget.id, 'down')}
        >
          <ArrowDown className="h-4 w-4" aria-hidden="true" />
        </Button>
        <Switch checked={widget.enabled} onCheckedChange={onToggle} aria-label={`Show ${widget.name}`} />
      </div>
    </li>
  );
}
