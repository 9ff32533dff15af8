// The dashboard's display rules that are not already in core (docs/dashboard.md, "The dashboard screen"): the
// scores as shown (no stand-ins), where each figure appears once, which widgets show and in what grid, and the small texts of the
// widgets. The readiness band, indicator, form chip and metric indicators are core's (wellness/readiness.ts).
import type { LayoutStyle, WidgetConfigItem, WidgetId } from '@stamina/core';
import { WIDGET_IDS } from '@stamina/core';

/**
 * A score as shown: the API's one figure (docs/dashboard.md, "Scores"), rounded, or null when there is nothing
 * to compute it from. No stand-in number is ever shown for a missing score.
 */
export function shownScore(score: number | null | undefined): number | null {
  return typeof score === 'number' && Number.isFinite(score) ? Math.round(score) : null;
}

/**
 * Where each of today's figures appears, once (docs/dashboard.md, "Each figure once"): readiness in the hero
 * (the Readiness widget is not drawn in the grid); today's workout and recovery in their widgets when those are
 * enabled, else in the top card and tile.
 */
export function dashboardPlacement(enabled: readonly { id: string }[]) {
  const has = (id: WidgetId) => enabled.some((w) => w.id === id);
  return {
    todayCard: !has('todays-workout'),
    recoveryTile: !has('recovery-panel'),
    /** The grid's widget ids: the enabled ones, less those a top figure already shows. */
    inGrid: (id: WidgetId) => id !== 'readiness-score',
  };
}

/** The readiness trend badge: hidden (null) at 0; otherwise the direction and the absolute percent. */
export function trendBadge(trend: number): { direction: 'up' | 'down'; percent: number } | null {
  if (!Number.isFinite(trend) || trend === 0) return null;
  return { direction: trend > 0 ? 'up' : 'down', percent: Math.abs(Math.round(trend * 10) / 10) };
}

/**
 * Widget ids with a component on this page: only these render (docs/dashboard.md, "The dashboard screen").
 */
const WIDGET_COMPONENT_IDS: readonly WidgetId[] = WIDGET_IDS;

/** Enabled widgets with a component, in their configured order. */
export function visibleWidgets(config: readonly WidgetConfigItem[]): (WidgetConfigItem & { id: WidgetId })[] {
  return config
    .filter(
      (item): item is WidgetConfigItem & { id: WidgetId } =>
        item.enabled && (WIDGET_COMPONENT_IDS as readonly string[]).includes(item.id),
    )
    .sort((a, b) => a.order - b.order);
}

/**
 * Grid columns by layout style (docs/dashboard.md, "The dashboard screen"): minimal 1/2/3, expanded 1/2,
 * others 1/2/3; compact mode is one column.
 * Written out in full so Tailwind finds the class names.
 */
export function gridColumnsClass(layout: LayoutStyle | string, compact = false): string {
  if (compact) return 'grid-cols-1';
  if (layout === 'expanded') return 'grid-cols-1 md:grid-cols-2';
  return 'grid-cols-1 md:grid-cols-2 lg:grid-cols-3';
}

/** Widgets fade in one after another: order × 100 ms (docs/dashboard.md, "The dashboard screen"). */
export function widgetDelayMs(order: number): number {
  return Math.max(0, order) * 100;
}

/** 'This Week': sessions x of y and the share completed (0 when nothing is planned). */
export function weekProgress(completed: number, planned: number): { percent: number; remaining: number } {
  const percent = planned > 0 ? Math.min(100, Math.round((completed / planned) * 100)) : 0;
  return { percent, remaining: Math.max(0, planned - completed) };
}

/** '3h 15m', '45m', '0m' from decimal hours. */
export function formatHours(hours: number): string {
  const minutes = Math.max(0, Math.round((Number.isFinite(hours) ? hours : 0) * 60));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m}m`;
  return m === 0 ? `${h}h` : `${h}h ${m}m`;
}

/**
 * Momentum's encouragement by streak, from 0, 3, 7 and 14 days on
 * (docs/dashboard.md, "The dashboard screen").
 */
export function streakEncouragement(days: number): string {
  if (days >= 14) return 'Unstoppable! Two weeks and counting.';
  if (days >= 7) return 'A full week of training. Keep the rhythm!';
  if (days >= 3) return 'Momentum is building. Keep going!';
  if (days > 0) return 'Good start. Train again tomorrow to grow your streak.';
  return 'Start a streak with a session today.';
}

/**
 * The race countdown icon's range: past, up to 7 days, up to 30 days, more
 * (docs/dashboard.md, "The dashboard screen").
 */
export function raceRange(daysUntil: number): 'past' | 'week' | 'month' | 'later' {
  if (daysUntil < 0) return 'past';
  if (daysUntil <= 7) return 'week';
  if (daysUntil <= 30) return 'month';
  return 'later';
}

/**
 * Intensity level names for the Today's Workout badge, one per zone
 * (docs/dashboard.md, "The dashboard screen").
 */
export const INTENSITY_LABELS: Record<number, string> = {
  1: 'Very Easy',
  2: 'Easy',
  3: 'Moderate',
  4: 'Hard',
  5: 'Very Hard',
};

/** The race icon's accessible name per range. */
export const RACE_RANGE_LABELS = {
  past: 'Race completed',
  week: 'Race within a week',
  month: 'Race within a month',
  later: 'Race more than a month away',
} as const;
