// Dashboard widget configuration: the default list (docs/dashboard.md, "Widgets") and the rule a stored list
// must pass (docs/dashboard.md, "Athlete profile").

export type LayoutStyle = 'minimal' | 'expanded' | 'progressive';
export const LAYOUT_STYLES: readonly LayoutStyle[] = ['minimal', 'expanded', 'progressive'];
export const DEFAULT_LAYOUT_STYLE: LayoutStyle = 'minimal';

export type WidgetId =
  | 'todays-workout'
  | 'recovery-panel'
  | 'weekly-summary'
  | 'race-countdown'
  | 'streak-tracker'
  | 'readiness-score';

export const WIDGET_IDS: readonly WidgetId[] = [
  'todays-workout',
  'recovery-panel',
  'weekly-summary',
  'race-countdown',
  'streak-tracker',
  'readiness-score',
];

export interface WidgetConfigItem {
  id: string;
  name: string;
  description: string;
  enabled: boolean;
  order: number;
}

export const DEFAULT_WIDGET_CONFIG: readonly WidgetConfigItem[] = [
  {
    id: 'todays-workout',
    name: "Today's Workout",
    description: 'Your scheduled session for today',
    enabled: true,
    order: 0,
  },
  {
    id: 'recovery-panel',
    name: 'Recovery Status',
    description: 'HRV/sleep/readiness',
    enabled: true,
    order: 1,
  },
  {
    id: 'weekly-summary',
    name: 'Weekly Summary',
    description: 'Sessions and hours this week',
    enabled: true,
    order: 2,
  },
  {
    id: 'race-countdown',
    name: 'Race Countdown',
    description: 'Days until goal event',
    enabled: true,
    order: 3,
  },
  {
    id: 'streak-tracker',
    name: 'Momentum',
    description: 'Consecutive training days',
    enabled: false,
    order: 4,
  },
  {
    id: 'readiness-score',
    name: 'Readiness',
    description: 'Overall training readiness',
    enabled: true,
    order: 5,
  },
];

/** Fresh copy of the defaults, so callers can never mutate the shared constant. */
export function defaultWidgetConfig(): WidgetConfigItem[] {
  return DEFAULT_WIDGET_CONFIG.map((item) => ({ ...item }));
}

function isWidgetConfigItem(value: unknown): value is WidgetConfigItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    typeof item.id === 'string' &&
    typeof item.name === 'string' &&
    typeof item.description === 'string' &&
    typeof item.enabled === 'boolean' &&
    typeof item.order === 'number' &&
    Number.isFinite(item.order)
  );
}

/** A stored widget_config is accepted only if it is a list of well-formed items; otherwise the defaults apply. */
export function normalizeWidgetConfig(stored: unknown): WidgetConfigItem[] {
  if (Array.isArray(stored) && stored.every(isWidgetConfigItem)) {
    return stored.map((item) => ({ ...item }));
  }
  return defaultWidgetConfig();
}
