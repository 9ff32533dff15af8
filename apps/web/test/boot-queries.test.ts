import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { summaryQuery } from '../src/api/dashboard/summary.ts';
import { startBootQueries, takeQueryClient } from '../src/app/boot-queries.ts';
import { writeSession } from '../src/lib/session-store.ts';
import { mockDashboard, signIn, summary, user } from './dashboard-fixtures.ts';

const paths = (calls: { url: URL }[]) => calls.map((call) => call.url.pathname).sort();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 10, 18, 10, 0, 0));
});

afterEach(() => {
  // Nothing left behind for the next test: a boot client not taken is taken here.
  takeQueryClient(undefined);
  writeSession(null);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('boot queries', () => {
  it('opening /dashboard signed in sends the reads of the default dashboard and the bell at once, before any render', async () => {
    const calls = mockDashboard();
    signIn();
    startBootQueries('/dashboard');
    await vi.waitFor(() => expect(calls).toHaveLength(9));
    expect(paths(calls)).toEqual([
      '/api/athletes/me',
      '/api/dashboard/recovery',
      '/api/dashboard/summary',
      '/api/dashboard/welcome',
      '/api/dashboard/widgets/race-countdown',
      '/api/dashboard/widgets/weekly-summary',
      '/api/notifications',
      '/api/v1/metrics/current',
      '/api/workout-planning/calendar',
    ]);
    const calendar = calls.find((call) => call.url.pathname === '/api/workout-planning/calendar');
    expect(calendar?.url.searchParams.get('date_from')).toBe('2025-11-18');
  });

  it('hands the shell the client holding those answers, for the same user only and only once', async () => {
    mockDashboard();
    signIn();
    startBootQueries('/dashboard');
    const client = takeQueryClient(user.id);
    await vi.waitFor(() => expect(client.getQueryData(summaryQuery().queryKey)).toEqual(summary()));
    // A second take (the shell mounted again after a sign-out and in) starts empty.
    expect(takeQueryClient(user.id).getQueryData(summaryQuery().queryKey)).toBeUndefined();
  });

  it("never gives one account's data to another", async () => {
    mockDashboard();
    signIn();
    startBootQueries('/dashboard');
    const other = takeQueryClient('someone-else');
    expect(other.getQueryCache().getAll()).toHaveLength(0);
  });

  it('sends nothing without a session or on other pages', async () => {
    const calls = mockDashboard();
    startBootQueries('/dashboard');
    signIn();
    startBootQueries('/calendar');
    startBootQueries('/');
    // Reads go out a few microtasks after the call; give them time to.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(0);
  });
});
