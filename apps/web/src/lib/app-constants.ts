// The web app's own constants: routes, breakpoints, API timing (docs/screens.md, "App-wide constants").
// Vocabulary the server shares (themes, units) stays in @stamina/core.

export const ROUTES = {
  home: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  confirm: '/confirm',
  terms: '/terms',
  privacy: '/privacy',
  support: '/support',
  oauthCallback: '/oauth/callback',
  dashboard: '/dashboard',
  calendar: '/calendar',
  workouts: '/workouts',
  workoutBank: '/workout-bank',
  plan: '/plan',
  plans: '/plans',
  metrics: '/metrics',
  coach: '/coach',
  progress: '/progress',
  profile: '/profile',
  settings: '/settings',
  settingsProfile: '/settings/profile',
  settingsDashboard: '/settings/dashboard',
  settingsMetrics: '/settings/metrics',
  settingsDevices: '/settings/devices',
  settingsPreferences: '/settings/preferences',
  test: '/test',
  garminCallback: '/auth/garmin/callback',
  notFound: '/404',
} as const;

/** Today's wellness form on the Metrics page, opened and focused: the dashboard links here (two taps to log). */
export const LOG_WELLNESS_PATH = '/metrics?log=today';

export const BREAKPOINTS = { xs: 320, sm: 640, md: 768, lg: 1024, xl: 1280, '2xl': 1536 } as const;

type DeviceClass = 'mobile' | 'tablet' | 'desktop';
export function deviceClass(widthPx: number): DeviceClass {
  if (widthPx < BREAKPOINTS.md) return 'mobile';
  if (widthPx < BREAKPOINTS.lg) return 'tablet';
  return 'desktop';
}

export const API_TIMEOUT_MS = 15_000;
export const PLANNING_API_TIMEOUT_MS = 30_000;
export const API_MAX_RETRIES = 3;
const API_BACKOFF_BASE_MS = 1000;
/** Refresh the access token when fewer than this many seconds remain before its exp claim. */
export const TOKEN_REFRESH_MARGIN_SECONDS = 5 * 60;

/** Backoff before retry number `attempt` (0-based): 1 s, 2 s, 4 s. */
export function retryDelayMs(attempt: number): number {
  return API_BACKOFF_BASE_MS * 2 ** attempt;
}

export const UPTIME_TARGET_PERCENT = 99.9;
