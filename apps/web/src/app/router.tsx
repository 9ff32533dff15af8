// Every route of docs/screens.md, "App-wide constants". Pages load lazily, but for the shell and the dashboard.
import { createBrowserRouter, Navigate, Outlet } from 'react-router';
import { DashboardPage } from '../features/dashboard/dashboard-page.tsx';
import { RouteErrorPage } from '../features/errors/route-error-page.tsx';
import { AppShell } from './app-shell.tsx';
import { AuthLoading, PublicOnly, RequireAuth } from './guards.tsx';
import { PublicQueries } from './public-queries.tsx';
import { RootLayout } from './root-layout.tsx';

const page = <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T) => ({
  lazy: async () => ({ Component: (await load())[name] as React.ComponentType }),
});

export const routes = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    // Shown while the first lazy route module loads.
    hydrateFallbackElement: <AuthLoading />,
    children: [
      {
        errorElement: <RouteErrorPage />,
        children: [
          { path: '/', ...page(() => import('../features/landing/landing-page.tsx'), 'LandingPage') },
          {
            element: (
              <PublicOnly>
                <Outlet />
              </PublicOnly>
            ),
            children: [
              {
                path: '/login',
                ...page(() => import('../features/auth/components/login-page.tsx'), 'LoginPage'),
              },
              {
                path: '/signup',
                ...page(() => import('../features/auth/components/signup-page.tsx'), 'SignupPage'),
              },
            ],
          },
          {
            path: '/forgot-password',
            ...page(
              () => import('../features/auth/components/forgot-password-page.tsx'),
              'ForgotPasswordPage',
            ),
          },
          {
            path: '/reset-password',
            ...page(() => import('../features/auth/components/reset-password-page.tsx'), 'ResetPasswordPage'),
          },
          {
            path: '/confirm',
            ...page(() => import('../features/auth/components/confirm-page.tsx'), 'ConfirmPage'),
          },
          {
            path: '/unsubscribe',
            ...page(() => import('../features/auth/components/unsubscribe-page.tsx'), 'UnsubscribePage'),
          },
          {
            element: <PublicQueries />,
            children: [
              { path: '/terms', ...page(() => import('../features/legal/terms-page.tsx'), 'TermsPage') },
              {
                path: '/privacy',
                ...page(() => import('../features/legal/privacy-page.tsx'), 'PrivacyPage'),
              },
              {
                path: '/support',
                ...page(() => import('../features/support/support-page.tsx'), 'SupportPage'),
              },
            ],
          },
          {
            path: '/oauth/callback',
            ...page(() => import('../features/auth/components/oauth-callback-page.tsx'), 'OAuthCallbackPage'),
          },
          {
            element: (
              <RequireAuth>
                <Outlet />
              </RequireAuth>
            ),
            children: [
              {
                // The shell and the dashboard, the signed-in home, come with the entry: a lazy chunk is one more
                // round trip before the first signed-in paint. (The landing page has an entry of its own.)
                Component: AppShell,
                children: [
                  { path: '/dashboard', Component: DashboardPage },
                  {
                    path: '/calendar',
                    ...page(() => import('../features/calendar/calendar-page.tsx'), 'CalendarPage'),
                  },
                  {
                    path: '/workouts',
                    ...page(() => import('../features/workouts-list/workouts-page.tsx'), 'WorkoutsPage'),
                  },
                  {
                    path: '/workout-bank',
                    ...page(
                      () => import('../features/workout-bank/workout-bank-page.tsx'),
                      'WorkoutBankPage',
                    ),
                  },
                  {
                    path: '/activities',
                    ...page(() => import('../features/activities/activities-page.tsx'), 'ActivitiesPage'),
                  },
                  {
                    path: '/activities/:id',
                    ...page(
                      () => import('../features/activities/activity-detail-page.tsx'),
                      'ActivityDetailPage',
                    ),
                  },
                  {
                    path: '/plan',
                    ...page(() => import('../features/plan/journey-page.tsx'), 'JourneyPage'),
                  },
                  { path: '/plans', element: <Navigate to="/plan" replace /> },
                  {
                    path: '/metrics',
                    ...page(() => import('../features/metrics/metrics-page.tsx'), 'MetricsPage'),
                  },
                  {
                    path: '/coach',
                    ...page(() => import('../features/coach/coach-page.tsx'), 'CoachPage'),
                  },
                  {
                    path: '/progress',
                    ...page(() => import('../features/progress/progress-page.tsx'), 'ProgressPage'),
                  },
                  {
                    // Reached from the Progress page header (docs/screens.md, 'Analytics page').
                    path: '/analytics',
                    ...page(() => import('../features/analytics/analytics-page.tsx'), 'AnalyticsPage'),
                  },
                  {
                    path: '/profile',
                    ...page(() => import('../features/profile/profile-page.tsx'), 'ProfilePage'),
                  },
                  {
                    path: '/test',
                    ...page(() => import('../features/testing/testing-page.tsx'), 'TestPage'),
                  },
                  {
                    path: '/auth/garmin/callback',
                    ...page(() => import('../features/shell/section-pages.tsx'), 'GarminCallbackPage'),
                  },
                  {
                    path: '/settings',
                    ...page(() => import('../features/settings/settings-layout.tsx'), 'SettingsLayout'),
                    children: [
                      {
                        index: true,
                        ...page(() => import('../features/settings/settings-hub.tsx'), 'SettingsHub'),
                      },
                      {
                        path: 'profile',
                        ...page(() => import('../features/settings/profile-settings.tsx'), 'ProfileSettings'),
                      },
                      {
                        path: 'dashboard',
                        ...page(
                          () => import('../features/settings/dashboard-layout-settings.tsx'),
                          'DashboardLayoutSettings',
                        ),
                      },
                      {
                        path: 'metrics',
                        ...page(() => import('../features/settings/metrics-settings.tsx'), 'MetricsSettings'),
                      },
                      {
                        path: 'devices',
                        ...page(() => import('../features/settings/device-settings.tsx'), 'DeviceSettings'),
                      },
                      {
                        path: 'preferences',
                        ...page(
                          () => import('../features/settings/preferences-settings.tsx'),
                          'PreferencesSettings',
                        ),
                      },
                      { path: '*', element: <Navigate to="/settings" replace /> },
                    ],
                  },
                ],
              },
            ],
          },
          { path: '/404', ...page(() => import('../features/errors/not-found-page.tsx'), 'NotFoundPage') },
          { path: '*', ...page(() => import('../features/errors/not-found-page.tsx'), 'NotFoundPage') },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
