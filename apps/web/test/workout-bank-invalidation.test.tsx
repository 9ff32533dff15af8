// What each Workout Bank write refreshes (api/invalidation.ts; docs/workout-bank.md, "Web page").
import { QueryClient, QueryClientProvider, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { invalidateAfter, type WriteEvent } from '../src/api/invalidation.ts';
import { popularQuery, useFavorites } from '../src/api/workout-bank/lists.ts';
import { templateSearchQuery } from '../src/api/workout-bank/search.ts';
import { templateQuery } from '../src/api/workout-bank/template.ts';
import { calendarQuery } from '../src/api/workouts/calendar.ts';

const ID = '00000000-0000-4000-9000-000000000001';
let reads: Map<string, number>;
beforeEach(() => {
  reads = new Map();
  vi.stubGlobal('fetch', async (url: string) => {
    const path = new URL(String(url), 'http://localhost').pathname;
    reads.set(path, (reads.get(path) ?? 0) + 1);
    return new Response(JSON.stringify({ data: null }), { status: 200 });
  });
});
afterEach(() => vi.unstubAllGlobals());

type AnyQuery = UseQueryOptions<unknown, Error, unknown, readonly unknown[]>;
function Read({ query }: { query: AnyQuery }) {
  useQuery(query);
  return null;
}
function Favorites() {
  useFavorites();
  return null;
}

const BANK = '/api/v1/workout-bank';
const PATHS = [
  `${BANK}/favorites`,
  `${BANK}/templates/${ID}`,
  `${BANK}/templates`,
  `${BANK}/popular`,
  '/api/workout-planning/calendar',
];

async function refetchedBy(event: WriteEvent): Promise<string[]> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Favorites />
      <Read query={templateQuery(ID) as AnyQuery} />
      <Read query={templateSearchQuery({ search_query: 'tempo' }) as AnyQuery} />
      <Read query={popularQuery('month', 12) as AnyQuery} />
      <Read query={calendarQuery('2026-12-01', '2026-12-07') as AnyQuery} />
    </QueryClientProvider>,
  );
  await waitFor(() => expect([...reads.keys()].sort()).toEqual([...PATHS].sort()));
  await waitFor(() => expect(client.isFetching()).toBe(0));
  const before = new Map(reads);
  await act(() => invalidateAfter(client, event));
  return PATHS.filter((p) => (reads.get(p) ?? 0) > (before.get(p) ?? 0)).sort();
}

describe('Workout Bank writes', () => {
  it('a favourite refreshes the Saved tab and the template, not the search or the calendar', async () => {
    expect(await refetchedBy('templateFavorite')).toEqual(
      [`${BANK}/favorites`, `${BANK}/templates/${ID}`].sort(),
    );
  });
  it('a rating refreshes every Workout Bank read, not the calendar', async () => {
    expect(await refetchedBy('templateRating')).toEqual(PATHS.filter((p) => p.startsWith(BANK)).sort());
  });
  it('a template put on the calendar refreshes the calendar (workout) and the popular list (use)', async () => {
    const refreshed = new Set([...(await refetchedBy('workout'))]);
    expect(refreshed.has('/api/workout-planning/calendar')).toBe(true);
    expect(await refetchedBy('templateUse')).toEqual([`${BANK}/popular`, `${BANK}/templates/${ID}`].sort());
  });
});
