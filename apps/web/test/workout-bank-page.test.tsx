// The /workout-bank page (docs/workout-bank.md, "Web page"): browse, search, tabs, filters, cards and swipes; a
// search and the categories read once answer again offline from the device (docs/offline.md).
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WorkoutBankPage } from '../src/features/workout-bank/workout-bank-page.tsx';
import { reportReachable } from '../src/lib/pwa.ts';
import { writeSession } from '../src/lib/session-store.ts';
import { type Call, json, mockFetch, renderWithProviders } from './calendar-test-utils.tsx';
import { signIn } from './dashboard-fixtures.ts';
import { bankHandler, makeTemplate, searchAnswer } from './workout-bank-fixtures.ts';

// Two CPUs shared by several suites: give the first render time.
afterEach(() => vi.unstubAllGlobals());

const calls = (all: Call[], path: string) =>
  all.filter((c) => c.url.pathname === `/api/v1/workout-bank${path}`);

describe('/workout-bank', () => {
  it('opens on the whole library by name, 20 a page, even when nobody has viewed anything; then searches 300 ms after typing stops', async () => {
    const library = makeTemplate({ name: 'Aerobic Base Run' });
    const found = [
      makeTemplate({
        name: 'Threshold 2x20',
        discipline: 'bike',
        difficulty_level: 4,
        estimated_duration_minutes: 90,
      }),
      makeTemplate({ name: 'Threshold Run', difficulty_level: 5 }),
    ];
    const all = mockFetch(
      bankHandler({
        'GET /templates': (call) =>
          call.url.searchParams.get('search_query')
            ? searchAnswer(found)
            : searchAnswer([library], { total_count: 312, total_pages: 16 }),
      }),
    );
    renderWithProviders(<WorkoutBankPage />);
    // The popular list is empty on a new server; Browse does not depend on it.
    expect(await screen.findByRole('button', { name: /^Aerobic Base Run/ })).toBeVisible();
    expect(screen.getByText('Found 312 workouts')).toBeVisible();
    expect(screen.getByText('Page 1 of 16')).toBeVisible();
    expect(screen.queryByText('No Popular Workouts')).toBeNull();
    const browse = calls(all, '/templates')[0]?.url.searchParams;
    expect([browse?.get('sort_by'), browse?.get('sort_order'), browse?.get('page_size')]).toEqual([
      'name',
      'asc',
      '20',
    ]);
    expect(browse?.get('search_query')).toBeNull();
    expect(calls(all, '/popular')).toHaveLength(0);
    const before = calls(all, '/templates').length;

    await userEvent.type(screen.getByPlaceholderText('Search workouts...'), 'threshold');
    expect(await screen.findByText('Found 2 workouts')).toBeVisible();
    expect(screen.getByText('(12ms)')).toBeVisible();
    // One search for the whole word: the debounce waits for typing to stop.
    const searches = calls(all, '/templates').slice(before);
    expect(searches).toHaveLength(1);
    expect(searches[0]?.url.searchParams.get('search_query')).toBe('threshold');
    expect(searches[0]?.url.searchParams.get('page_size')).toBe('20');
    const card = screen.getByRole('button', { name: /^Threshold 2x20/ });
    expect(within(card).getByText('1h 30m')).toBeVisible();
    expect(within(card).getByText('Hard')).toBeVisible();
    expect(within(screen.getByRole('button', { name: /^Threshold Run/ })).getByText('Expert')).toBeVisible();
  });

  it('shows at most three tags on a card, then +N', async () => {
    const template = makeTemplate({ name: 'Tagged', tags: ['base', 'aerobic', 'zone2', 'long', 'weekend'] });
    mockFetch(
      bankHandler({
        'GET /templates': () => searchAnswer([template]),
      }),
    );
    renderWithProviders(<WorkoutBankPage />);
    const card = await screen.findByRole('button', { name: /^Tagged/ });
    expect(within(card).getByText('base')).toBeVisible();
    expect(within(card).getByText('zone2')).toBeVisible();
    expect(within(card).queryByText('long')).toBeNull();
    expect(within(card).getByText('+2')).toBeVisible();
  });

  it("says 'No Workouts Found' for an empty search and 'Search Error' when the search fails", async () => {
    let fail = false;
    mockFetch(
      bankHandler({
        'GET /templates': () =>
          fail ? json(400, { message: 'search_query is odd', code: 'VALIDATION_ERROR' }) : searchAnswer([]),
      }),
    );
    renderWithProviders(<WorkoutBankPage />);
    const box = screen.getByPlaceholderText('Search workouts...');
    await userEvent.type(box, 'zzz');
    expect(await screen.findByText('No Workouts Found')).toBeVisible();
    expect(screen.getByText('Found 0 workouts')).toBeVisible();
    fail = true;
    await userEvent.type(box, 'q');
    expect(await screen.findByText('Search Error')).toBeVisible();
    expect(screen.getByText('There was an error searching for workouts. Please try again.')).toBeVisible();
  });

  it('reads each tab with its size and says when it is empty', async () => {
    const all = mockFetch(bankHandler());
    renderWithProviders(<WorkoutBankPage />);
    await userEvent.click(screen.getByRole('tab', { name: 'Popular' }));
    expect(await screen.findByText('No Popular Workouts')).toBeVisible();
    expect(calls(all, '/popular').some((c) => c.url.searchParams.get('limit') === '12')).toBe(true);

    await userEvent.click(screen.getByRole('tab', { name: 'Saved' }));
    expect(await screen.findByText('No Favorites Yet')).toBeVisible();
    const favorites = calls(all, '/favorites')[0]?.url.searchParams;
    expect([favorites?.get('page'), favorites?.get('page_size')]).toEqual(['1', '12']);

    await userEvent.click(screen.getByRole('tab', { name: 'For You' }));
    expect(await screen.findByText('No Recommendations')).toBeVisible();
    const recommendations = calls(all, '/recommendations')[0]?.url.searchParams;
    expect([recommendations?.get('type'), recommendations?.get('limit')]).toEqual(['general', '12']);
  });

  it('pages the Saved tab through all the favourites, 12 a page', async () => {
    const all = mockFetch(
      bankHandler({
        'GET /favorites': (call) => {
          const page = Number(call.url.searchParams.get('page'));
          const template = makeTemplate({ name: `Saved on page ${page}` });
          return json(200, {
            data: {
              favorites: [
                {
                  id: `00000000-0000-4000-a000-00000000000${page}`,
                  workout_template_id: template.id,
                  template,
                  notes: null,
                  created_at: '2026-01-01T00:00:00.000Z',
                },
              ],
              total_count: 27,
              page,
              page_size: 12,
              total_pages: 3,
            },
          });
        },
      }),
    );
    renderWithProviders(<WorkoutBankPage />);
    await userEvent.click(screen.getByRole('tab', { name: 'Saved' }));
    expect(await screen.findByRole('button', { name: /^Saved on page 1/ })).toBeVisible();
    expect(screen.getByText('27 favorites')).toBeVisible();
    expect(screen.getByText('Page 1 of 3')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('button', { name: /^Saved on page 2/ })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('button', { name: /^Saved on page 3/ })).toBeVisible();
    expect(screen.getByText('Page 3 of 3')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    const pages = calls(all, '/favorites').map((c) => c.url.searchParams.get('page'));
    expect(pages).toEqual(['1', '2', '3']);
    expect(calls(all, '/favorites').every((c) => c.url.searchParams.get('page_size') === '12')).toBe(true);
  });

  it('filters by sport chip, difficulty and category; the Filters badge counts and Clear empties it', async () => {
    const all = mockFetch(
      bankHandler({
        'GET /categories': () =>
          json(200, {
            data: {
              categories: [
                {
                  id: '00000000-0000-4000-8000-000000000001',
                  name: 'Run',
                  category_type: 'discipline',
                  sort_order: 3,
                  slug: 'discipline:run',
                  template_count: 40,
                },
                {
                  id: '00000000-0000-4000-8000-000000000002',
                  name: 'Threshold',
                  category_type: 'target',
                  sort_order: 3,
                  slug: 'target:threshold',
                  template_count: 30,
                },
                {
                  id: '00000000-0000-4000-8000-000000000003',
                  name: 'High',
                  category_type: 'intensity',
                  sort_order: 3,
                  slug: 'intensity:high',
                  template_count: 50,
                },
              ],
            },
          }),
      }),
    );
    renderWithProviders(<WorkoutBankPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() =>
      expect(calls(all, '/templates').at(-1)?.url.searchParams.get('disciplines')).toBe('run'),
    );
    // Without a text, browse lists by name.
    expect(calls(all, '/templates').at(-1)?.url.searchParams.get('sort_by')).toBe('name');

    await userEvent.click(screen.getByRole('button', { name: /^Filters/ }));
    const panel = screen.getByRole('region', { name: 'Filters' });
    await userEvent.click(within(panel).getByRole('button', { name: 'Expert' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Hard' }));
    await userEvent.click(within(panel).getByLabelText('Verified only'));
    expect(screen.getByRole('button', { name: 'Filters (2 active)' })).toBeVisible();
    await waitFor(() => {
      const query = calls(all, '/templates').at(-1)?.url.searchParams;
      expect(query?.get('difficulty_levels')).toBe('4,5');
      expect(query?.get('is_verified')).toBe('true');
    });

    await userEvent.click(screen.getByRole('button', { name: 'Categories' }));
    const drawer = await screen.findByRole('dialog', { name: 'Categories' });
    for (const heading of ['Sports', 'Training Focus', 'Training Phase', 'Intensity Level']) {
      expect(within(drawer).getByRole('heading', { name: heading })).toBeVisible();
    }
    await userEvent.click(within(drawer).getByRole('button', { name: /Threshold/ }));
    await waitFor(() =>
      expect(calls(all, '/templates').at(-1)?.url.searchParams.get('category')).toBe('target:threshold'),
    );

    await userEvent.click(within(panel).getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('button', { name: 'Filters' })).toBeVisible();
    await waitFor(() =>
      expect(calls(all, '/templates').at(-1)?.url.searchParams.has('difficulty_levels')).toBe(false),
    );
  });

  it('moves between tabs on a horizontal swipe of more than 50 px, not less', async () => {
    mockFetch(bankHandler());
    renderWithProviders(<WorkoutBankPage />);
    const panel = screen.getByRole('tabpanel');
    const swipe = (dx: number) => {
      fireEvent.touchStart(panel, { touches: [{ clientX: 200, clientY: 300 }] });
      fireEvent.touchEnd(panel, { changedTouches: [{ clientX: 200 + dx, clientY: 305 }] });
    };
    swipe(-40);
    expect(screen.getByRole('tab', { name: 'Browse' })).toHaveAttribute('aria-selected', 'true');
    swipe(-80);
    expect(screen.getByRole('tab', { name: 'Popular' })).toHaveAttribute('aria-selected', 'true');
    swipe(-80);
    expect(screen.getByRole('tab', { name: 'Saved' })).toHaveAttribute('aria-selected', 'true');
    swipe(80);
    expect(screen.getByRole('tab', { name: 'Popular' })).toHaveAttribute('aria-selected', 'true');
  });

  it('pages a search 20 at a time', async () => {
    const all = mockFetch(
      bankHandler({
        'GET /templates': (call) => {
          const page = Number(call.url.searchParams.get('page'));
          return searchAnswer([makeTemplate({ name: `Result page ${page}` })], {
            total_count: 45,
            page,
            total_pages: 3,
          });
        },
      }),
    );
    renderWithProviders(<WorkoutBankPage />);
    await userEvent.type(screen.getByPlaceholderText('Search workouts...'), 'tempo');
    expect(await screen.findByText('Page 1 of 3')).toBeVisible();
    expect(screen.getByText('Found 45 workouts')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('button', { name: /^Result page 2/ })).toBeVisible();
    expect(calls(all, '/templates').at(-1)?.url.searchParams.get('page')).toBe('2');
  });
  it('answers a search and the categories read before from the device when the connection is gone', async () => {
    signIn();
    try {
      const found = makeTemplate({ name: 'Threshold Cruise Intervals' });
      const category = {
        id: '00000000-0000-4000-8000-000000000002',
        name: 'Threshold',
        category_type: 'target',
        sort_order: 3,
        slug: 'target:threshold',
        template_count: 30,
      };
      mockFetch(
        bankHandler({
          'GET /categories': () => json(200, { data: { categories: [category] } }),
          // Only the search finds it (not the library Browse opens on), so seeing it means the search was saved.
          'GET /templates': (call) => searchAnswer(call.url.searchParams.get('search_query') ? [found] : []),
        }),
      );
      const online = renderWithProviders(<WorkoutBankPage />);
      await userEvent.type(screen.getByPlaceholderText('Search workouts...'), 'cruise');
      expect(await screen.findByRole('button', { name: /^Threshold Cruise Intervals,/ })).toBeVisible();
      await userEvent.click(screen.getByRole('button', { name: 'Categories' }));
      expect(
        within(await screen.findByRole('dialog', { name: 'Categories' })).getByRole('button', {
          name: /Threshold/,
        }),
      ).toBeVisible();
      online.unmount();

      // No connection now: a fresh page (nothing in TanStack Query's memory) answers from the device.
      reportReachable(false);
      const offline = mockFetch(() => {
        throw new TypeError('Failed to fetch');
      });
      renderWithProviders(<WorkoutBankPage />);
      await userEvent.type(screen.getByPlaceholderText('Search workouts...'), 'cruise');
      expect(await screen.findByRole('button', { name: /^Threshold Cruise Intervals,/ })).toBeVisible();
      expect(screen.getByText('Found 1 workout')).toBeVisible();
      await userEvent.click(screen.getByRole('button', { name: 'Categories' }));
      expect(
        within(await screen.findByRole('dialog', { name: 'Categories' })).getByRole('button', {
          name: /Threshold/,
        }),
      ).toBeVisible();
      // This page's reads (the categories, and the search for 'cruise') were answered without the network. A
      // search an earlier test left in the device's store may still be refreshed in the background (it fails
      // offline and changes nothing), so only this test's reads are counted.
      const bank = offline.filter((c) => c.url.pathname.startsWith('/api/v1/workout-bank/'));
      const mine = (c: (typeof bank)[number]) =>
        c.url.pathname.endsWith('/categories') ||
        (c.url.pathname.endsWith('/templates') && c.url.searchParams.get('search_query')?.startsWith('c'));
      expect(bank.filter(mine)).toEqual([]);
    } finally {
      reportReachable(true);
      writeSession(null);
    }
  });
});
