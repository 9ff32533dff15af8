// Each kind of write refreshes every screen that shows data derived from it: the screens' own queries are
// mounted, a write of each kind is made (through its real mutation hook where the app has one), and every
// dependent query must be fetched again, while queries the write cannot change are not.
import { QueryClient, QueryClientProvider, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { act, render, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { activityQuery } from '../src/api/activities/activity-detail.ts';
import { curveQuery } from '../src/api/activities/curves.ts';
import { activitiesQuery } from '../src/api/activities/list-activities.ts';
import { useDeleteActivity, useMatchActivity } from '../src/api/activities/mutations.ts';
import { fitnessTrendsQuery } from '../src/api/analytics/fitness-trends.ts';
import { raceReadinessQuery } from '../src/api/analytics/race-readiness.ts';
import { zonesQuery } from '../src/api/analytics/zones.ts';
import { raceCountdownQuery } from '../src/api/dashboard/race-countdown.ts';
import { readinessWidgetQuery } from '../src/api/dashboard/readiness-widget.ts';
import { recoveryQuery } from '../src/api/dashboard/recovery.ts';
import { streakQuery } from '../src/api/dashboard/streak.ts';
import { summaryQuery } from '../src/api/dashboard/summary.ts';
import { invalidateAfter } from '../src/api/invalidation.ts';
import { currentMetricsQuery } from '../src/api/metrics/current-metrics.ts';
import { useLogWellness } from '../src/api/metrics/log-wellness.ts';
import { metricHistoryQuery } from '../src/api/metrics/metric-history.ts';
import { useApproveOnboardingSession } from '../src/api/onboarding/approve.ts';
import { activePlanQuery } from '../src/api/plan/active-plan.ts';
import { plansQuery } from '../src/api/plan/list-plans.ts';
import { useCreatePlan } from '../src/api/plan/mutations.ts';
import { planOutlineQuery } from '../src/api/plan/plan-outline.ts';
import { planProgressQuery } from '../src/api/plan/plan-progress.ts';
import { useRebuildPlan } from '../src/api/plan/rebuild-plan.ts';
import { calendarQuery } from '../src/api/workouts/calendar.ts';
import { workoutsQuery } from '../src/api/workouts/list-workouts.ts';
import { useCreateWorkout } from '../src/api/workouts/mutations.ts';
import { trainingWorkoutsQuery } from '../src/api/workouts/training-workouts.ts';

/** The reads of every screen, by the path they fetch. */
const SCREENS = {
  '/api/workout-planning/workouts': workoutsQuery({ limit: 50 }),
  '/api/workout-planning/calendar': calendarQuery('2026-12-01', '2026-12-07'),
  '/api/analytics/zones': zonesQuery('month'),
  '/api/analytics/fitness-trends': fitnessTrendsQuery(90),
  '/api/analytics/race-readiness': raceReadinessQuery(),
  '/api/training/plans/p1/progress': planProgressQuery('p1'),
  '/api/training/plans/p1/outline': planOutlineQuery('p1'),
  '/api/training/workouts': trainingWorkoutsQuery({ plan_id: 'p1' }),
  '/api/training/plans/active': activePlanQuery(),
  '/api/training/plans': plansQuery(),
  '/api/dashboard/summary': summaryQuery(),
  '/api/dashboard/widgets/streak': streakQuery(),
  '/api/dashboard/widgets/race-countdown': raceCountdownQuery(),
  '/api/dashboard/widgets/readiness': readinessWidgetQuery(),
  '/api/dashboard/recovery': recoveryQuery(),
  '/api/v1/metrics/current': currentMetricsQuery,
  '/api/v1/metrics/history': metricHistoryQuery('hrv', 30),
  '/api/activities': activitiesQuery({ page: 1 }),
  '/api/activities/a2': activityQuery('a2'),
  '/api/activities/curves': curveQuery('power', '3months'),
} as const;
type ScreenPath = keyof typeof SCREENS;

const SESSION_SCREENS: ScreenPath[] = [
  '/api/workout-planning/workouts',
  '/api/workout-planning/calendar',
  '/api/analytics/zones',
  '/api/analytics/fitness-trends',
  '/api/training/plans/p1/progress',
  '/api/training/workouts',
  '/api/dashboard/summary',
  '/api/dashboard/widgets/streak',
  '/api/dashboard/widgets/readiness',
  '/api/activities',
  '/api/activities/a2',
  '/api/activities/curves',
];

let reads: Map<string, number>;
beforeEach(() => {
  reads = new Map();
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const path = new URL(String(url), 'http://localhost').pathname;
    if (init.method === 'GET') reads.set(path, (reads.get(path) ?? 0) + 1);
    const data = init.method === 'GET' ? null : { id: 'p1', status: 'active' };
    return new Response(JSON.stringify({ data }), { status: init.method === 'POST' ? 201 : 200 });
  });
});
afterEach(() => vi.unstubAllGlobals());

function Screen({ query }: { query: UseQueryOptions<unknown, Error, unknown, readonly unknown[]> }) {
  useQuery(query);
  return null;
}

/** Mounts every screen's reads and waits until each has been fetched once. */
async function mountScreens() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  render(
    <div>
      {Object.entries(SCREENS).map(([path, query]) => (
        <Screen key={path} query={query as UseQueryOptions<unknown, Error, unknown, readonly unknown[]>} />
      ))}
    </div>,
    { wrapper },
  );
  await waitFor(() => expect([...reads.keys()].sort()).toEqual(Object.keys(SCREENS).sort()));
  await waitFor(() => expect(client.isFetching()).toBe(0));
  return { client, wrapper };
}

/** Which screens fetched again after `write`. */
async function refetchedBy(write: () => Promise<unknown>): Promise<Set<string>> {
  const before = new Map(reads);
  await act(write);
  await new Promise((resolve) => setTimeout(resolve, 50));
  return new Set([...reads].filter(([path, count]) => count > (before.get(path) ?? 0)).map(([path]) => path));
}

describe('a write refreshes every screen that depends on it', () => {
  it('workout: the workout list, calendar, analytics, plan progress and dashboard', async () => {
    const { client, wrapper } = await mountScreens();
    const { result } = renderHook(() => useCreateWorkout(), { wrapper });
    const refetched = await refetchedBy(() =>
      result.current.mutateAsync({
        title: 'Easy Run',
        workout_date: '2026-12-02',
        sport: 'run',
        workout_language_text: '30min Z2',
      }),
    );
    for (const path of SESSION_SCREENS) expect(refetched, path).toContain(path);
    expect(refetched).not.toContain('/api/v1/metrics/history');
    expect(client.isFetching()).toBe(0);
  });

  it('plan: the plan, its history and progress, the race countdown, the dashboard and race readiness', async () => {
    const { wrapper } = await mountScreens();
    const { result } = renderHook(() => useCreatePlan(), { wrapper });
    const refetched = await refetchedBy(() =>
      result.current.mutateAsync({
        race_date: '2027-05-01',
        race_type: 'Marathon',
        title: 'Spring',
      } as never),
    );
    for (const path of [
      '/api/training/plans/active',
      '/api/training/plans',
      '/api/training/plans/p1/progress',
      '/api/dashboard/widgets/race-countdown',
      '/api/dashboard/summary',
      '/api/analytics/race-readiness',
    ] as const) {
      expect(refetched, path).toContain(path);
    }
    expect(refetched).not.toContain('/api/workout-planning/calendar');
  });

  it('plan rebuild: the plan, its outline, and everything computed from its sessions', async () => {
    const { wrapper } = await mountScreens();
    const { result } = renderHook(() => useRebuildPlan(), { wrapper });
    const refetched = await refetchedBy(() =>
      result.current.mutateAsync({ id: 'p1', body: { weekly_hours: 8 } }),
    );
    for (const path of [
      ...SESSION_SCREENS,
      '/api/training/plans/active',
      '/api/training/plans',
      '/api/training/plans/p1/outline',
      '/api/dashboard/widgets/race-countdown',
      '/api/analytics/race-readiness',
    ] as const) {
      expect(refetched, path).toContain(path);
    }
    expect(refetched).not.toContain('/api/v1/metrics/history');
  });

  it('wellness: the metrics charts and latest values, recovery and readiness, and the fitness trends', async () => {
    const { wrapper } = await mountScreens();
    const { result } = renderHook(() => useLogWellness(), { wrapper });
    const refetched = await refetchedBy(() => result.current.mutateAsync({ date: '2026-12-02', hrv: 60 }));
    for (const path of [
      '/api/v1/metrics/current',
      '/api/v1/metrics/history',
      '/api/dashboard/recovery',
      '/api/dashboard/widgets/readiness',
      '/api/dashboard/summary',
      '/api/analytics/fitness-trends',
    ] as const) {
      expect(refetched, path).toContain(path);
    }
    expect(refetched).not.toContain('/api/workout-planning/calendar');
  });

  it('activity: a match or a deletion refreshes the activities, the calendar, analytics, plan progress and dashboard', async () => {
    const { wrapper } = await mountScreens();
    const match = renderHook(() => useMatchActivity('a1'), { wrapper });
    let refetched = await refetchedBy(() => match.result.current.mutateAsync('w1'));
    for (const path of SESSION_SCREENS) expect(refetched, path).toContain(path);
    expect(refetched).not.toContain('/api/v1/metrics/history');
    const remove = renderHook(() => useDeleteActivity('a1'), { wrapper });
    refetched = await refetchedBy(() => remove.result.current.mutateAsync());
    for (const path of SESSION_SCREENS) expect(refetched, path).toContain(path);
  });

  it('onboarding: approving a drafted plan refreshes the sessions, the calendar, the plan and the dashboard', async () => {
    const { wrapper } = await mountScreens();
    const { result } = renderHook(() => useApproveOnboardingSession(), { wrapper });
    const refetched = await refetchedBy(() =>
      result.current.mutateAsync({ id: '00000000-0000-4000-8000-00000000a001' }),
    );
    for (const path of [
      ...SESSION_SCREENS,
      '/api/training/plans/active',
      '/api/training/plans',
      '/api/dashboard/widgets/race-countdown',
      '/api/analytics/race-readiness',
    ] as const) {
      expect(refetched, path).toContain(path);
    }
    expect(refetched).not.toContain('/api/v1/metrics/history');
  });

  it('activity: everything computed from the sessions, like a workout write', async () => {
    const { client } = await mountScreens();
    const refetched = await refetchedBy(() => invalidateAfter(client, 'activity'));
    for (const path of SESSION_SCREENS) expect(refetched, path).toContain(path);
    expect(refetched).not.toContain('/api/v1/metrics/current');
  });

  it("thresholds: the sessions' figures and the Metrics page's FTP and threshold pace (one store)", async () => {
    const { client } = await mountScreens();
    const refetched = await refetchedBy(() => invalidateAfter(client, 'thresholds'));
    for (const path of SESSION_SCREENS) expect(refetched, path).toContain(path);
    expect(refetched).toContain('/api/v1/metrics/current');
  });
});
