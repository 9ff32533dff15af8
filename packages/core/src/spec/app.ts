// Preferences the server stores and the web app applies: theme and units (docs/screens.md, "App-wide
// constants"). The web app's own constants (routes, breakpoints, API timing) live in apps/web/src/lib/app-constants.ts.

export type Theme = 'light' | 'dark' | 'system';
export const THEMES: readonly Theme[] = ['light', 'dark', 'system'];

export type Units = 'metric' | 'imperial';
export const DEFAULT_UNITS: Units = 'metric';
