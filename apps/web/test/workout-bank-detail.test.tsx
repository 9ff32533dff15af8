// The template detail modal and the add-workout dialog's picker (docs/workout-bank.md, "Web page"): a view is
// recorded on opening, the heart saves and removes, a rating is sent, and 'Add to calendar' converts the
// template on the chosen day and refreshes the calendar. Without a connection the heart still saves: the change is
// kept on the device, shown, and sent by the replay (docs/offline.md, "Workout Bank offline store").
import type { Workout } from '@stamina/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  localFavoriteStatus,
  replayPendingFavorites,
  workoutBankOffline,
} from '../src/api/workout-bank/offline-store.ts';
import { Toaster } from '../src/components/ui/toaster.tsx';
import { AddWorkoutDialog } from '../src/components/workouts/add-workout-dialog.tsx';
import { WorkoutBankPage } from '../src/features/workout-bank/workout-bank-page.tsx';
import { reportReachable } from '../src/lib/pwa.ts';
import { writeSession } from '../src/lib/session-store.ts';
import { type Call, json, makeWorkout, mockFetch, renderWithProviders } from './calendar-test-utils.tsx';
import { signIn } from './dashboard-fixtures.ts';
import { bankHandler, makeRating, makeTemplate, type Rating, searchAnswer } from './workout-bank-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const template = makeTemplate({
  name: 'Threshold 3x12',
  discipline: 'bike',
  difficulty_level: 4,
  estimated_duration_minutes: 75,
  avg_rating: 4.25,
  rating_count: 4,
  workout_language_text: 'Warmup: 15min Z2\nMain: 3x 12min Z4 with 4min recovery\nCooldown: 10min Z1',
});
// Browse opens on the library, which lists the template.
const popular = () => searchAnswer([template]);
const at = (all: Call[], method: string, suffix: string) =>
  all.filter((c) => c.method === method && c.url.pathname.endsWith(suffix));

describe('template detail', () => {
  it('records a view on opening and shows the facts, chart, reviews and variants', async () => {
    const all = mockFetch(
      bankHandler(
        {
          'GET /templates': popular,
          [`GET /templates/${template.id}/ratings`]: () =>
            json(200, {
              data: {
                ratings: [makeRating(template.id, { review_text: 'Brutal but worth it' })],
                total_count: 1,
                page: 1,
                page_size: 10,
                total_pages: 1,
                avg_rating: 5,
              },
            }),
          [`GET /templates/${template.id}/variants`]: () =>
            json(200, {
              data: {
                template_id: template.id,
                variants: [
                  {
                    label: 'shorter',
                    scale_factor: 0.75,
                    estimated_duration_minutes: 56,
                    estimated_tss: 61,
                    workout_language_text: '',
                    zone_distribution: { zone_1: 10, zone_2: 30, zone_3: 0, zone_4: 60, zone_5: 0 },
                  },
                ],
              },
            }),
        },
        [template],
      ),
    );
    renderWithProviders(<WorkoutBankPage />);
    await userEvent.click(await screen.findByRole('button', { name: /^Threshold 3x12/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Threshold 3x12' });
    await waitFor(() => expect(at(all, 'POST', `/templates/${template.id}/view`)).toHaveLength(1));
    expect(at(all, 'POST', '/view')[0]?.body).toEqual({});
    expect(within(dialog).getByText('1h 15m')).toBeVisible();
    expect(within(dialog).getByText('Hard')).toBeVisible();
    expect(within(dialog).getByText('Intensity profile')).toBeVisible();
    expect(await within(dialog).findByText('Brutal but worth it')).toBeVisible();
    expect(
      await within(dialog).findByRole('option', { name: 'Shorter · 56min · TSS 61' }),
    ).toBeInTheDocument();
  });

  it('saves and removes a favourite with the heart, and sends a rating', async () => {
    let favorite = false;
    const all = mockFetch(
      bankHandler(
        {
          'GET /templates': popular,
          [`GET /templates/${template.id}/favorite/status`]: () =>
            json(200, { data: { is_favorite: favorite, favorite_id: null } }),
          [`POST /templates/${template.id}/favorite`]: () => {
            favorite = true;
            return json(200, {
              data: {
                id: '00000000-0000-4000-8000-0000000000f1',
                workout_template_id: template.id,
                notes: null,
                created_at: '2026-03-02T10:00:00.000Z',
                template,
              },
            });
          },
          [`DELETE /templates/${template.id}/favorite`]: () => {
            favorite = false;
            return json(200, { data: { is_favorite: false, removed: true } });
          },
          [`POST /templates/${template.id}/rate`]: (call) =>
            json(200, {
              data: {
                rating: {
                  id: '00000000-0000-4000-8000-0000000000b1',
                  workout_template_id: template.id,
                  rating: (call.body as { rating: number }).rating,
                  effectiveness_rating: null,
                  enjoyment_rating: null,
                  difficulty_rating: null,
                  review_text: null,
                  fitness_level_when_completed: null,
                  completed_as_prescribed: null,
                  modifications_made: null,
                  is_own: true,
                  created_at: '2026-03-02T10:00:00.000Z',
                  updated_at: '2026-03-02T10:00:00.000Z',
                },
                avg_rating: 4.2,
                rating_count: 5,
              },
            }),
        },
        [template],
      ),
    );
    renderWithProviders(<WorkoutBankPage />);
    await userEvent.click(await screen.findByRole('button', { name: /^Threshold 3x12/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Threshold 3x12' });
    const heart = await within(dialog).findByRole('button', { name: 'Save to favorites' });
    await waitFor(() => expect(heart).toBeEnabled());
    await userEvent.click(heart);
    const saved = await within(dialog).findByRole('button', { name: 'Saved' });
    expect(saved).toHaveAttribute('aria-pressed', 'true');
    expect(at(all, 'POST', '/favorite')[0]?.body).toEqual({});
    await waitFor(() => expect(saved).toBeEnabled());
    await userEvent.click(saved);
    expect(await within(dialog).findByRole('button', { name: 'Save to favorites' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(at(all, 'DELETE', '/favorite')).toHaveLength(1);

    await userEvent.click(within(dialog).getByRole('button', { name: '4 stars' }));
    await userEvent.type(within(dialog).getByLabelText('Review (optional)'), 'Hard but fair');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Rating' }));
    expect(await screen.findByText('Thanks for rating this workout')).toBeVisible();
    expect(at(all, 'POST', '/rate')[0]?.body).toEqual({ rating: 4, review_text: 'Hard but fair' });
  });

  it('offline, the heart shows the favourite as saved, keeps it queued, and the replay sends it', async () => {
    signIn();
    try {
      const all = mockFetch(
        bankHandler(
          {
            'GET /templates': popular,
            'POST /favorites': (call) =>
              json(201, {
                data: {
                  id: '00000000-0000-4000-8000-0000000000f2',
                  workout_template_id: (call.body as { workout_template_id: string }).workout_template_id,
                  notes: null,
                  created_at: '2026-03-02T10:00:00.000Z',
                  template,
                },
              }),
          },
          [template],
        ),
      );
      renderWithProviders(<WorkoutBankPage />);
      await userEvent.click(await screen.findByRole('button', { name: /^Threshold 3x12/ }));
      const dialog = await screen.findByRole('dialog', { name: 'Threshold 3x12' });
      const heart = await within(dialog).findByRole('button', { name: 'Save to favorites' });
      await waitFor(() => expect(heart).toBeEnabled());

      // The connection drops: the heart still saves, at once, and says it will be sent later.
      reportReachable(false);
      await userEvent.click(heart);
      const saved = await within(dialog).findByRole('button', { name: 'Saved' });
      expect(saved).toHaveAttribute('aria-pressed', 'true');
      expect(
        await screen.findByText("Saved to favorites offline. It will be sent when you're back online."),
      ).toBeVisible();
      await waitFor(() => expect(saved).toBeEnabled());
      expect(saved).toHaveAttribute('aria-pressed', 'true');
      expect(at(all, 'POST', '/favorite')).toHaveLength(0);
      expect(await workoutBankOffline.pendingFavoriteCount()).toBe(1);
      expect(await localFavoriteStatus(template.id)).toBe(true);

      // Back online, the replay sends it as the offline-replay call.
      reportReachable(true);
      const result = await replayPendingFavorites();
      expect(result.remaining).toBe(0);
      expect(at(all, 'POST', '/workout-bank/favorites').map((c) => c.body)).toEqual([
        { workout_template_id: template.id, notes: null },
      ]);
      expect(await workoutBankOffline.pendingFavoriteCount()).toBe(0);
    } finally {
      reportReachable(true);
      writeSession(null);
    }
  });

  it('offline, the detail still shows the rating the athlete gave and the reviews read before', async () => {
    signIn();
    const review = makeRating(template.id, {
      id: '00000000-0000-4000-8000-0000000000a2',
      review_text: 'Sharp session, loved it',
    });
    let mine: Rating | null = null;
    try {
      mockFetch(
        bankHandler(
          {
            'GET /templates': popular,
            [`GET /templates/${template.id}/ratings`]: () =>
              json(200, {
                data: {
                  ratings: [review],
                  total_count: 1,
                  page: 1,
                  page_size: 10,
                  total_pages: 1,
                  avg_rating: 5,
                },
              }),
            [`GET /templates/${template.id}/rating`]: () => json(200, { data: { rating: mine } }),
            [`POST /templates/${template.id}/rate`]: (call) => {
              mine = {
                ...review,
                id: '00000000-0000-4000-8000-0000000000b2',
                rating: (call.body as { rating: number }).rating,
                review_text: null,
                is_own: true,
              };
              return json(200, { data: { rating: mine, avg_rating: 4.5, rating_count: 2 } });
            },
          },
          [template],
        ),
      );
      const online = renderWithProviders(<WorkoutBankPage />);
      await userEvent.click(await screen.findByRole('button', { name: /^Threshold 3x12/ }));
      let dialog = await screen.findByRole('dialog', { name: 'Threshold 3x12' });
      expect(await within(dialog).findByText('Sharp session, loved it')).toBeVisible();
      await userEvent.click(within(dialog).getByRole('button', { name: '4 stars' }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Rating' }));
      expect(await screen.findByText('Thanks for rating this workout')).toBeVisible();
      // Read once more online (the rating write refreshes the reviews), so the device holds them afresh.
      expect(await within(dialog).findByText('Sharp session, loved it')).toBeVisible();
      online.unmount();

      // No connection: a fresh page answers the template, the athlete's rating and the reviews from the device.
      reportReachable(false);
      const offline = mockFetch(() => {
        throw new TypeError('Failed to fetch');
      });
      renderWithProviders(<WorkoutBankPage />);
      await userEvent.click(await screen.findByRole('button', { name: /^Threshold 3x12/ }));
      dialog = await screen.findByRole('dialog', { name: 'Threshold 3x12' });
      expect(await within(dialog).findByText('Your rating: 4 of 5')).toBeVisible();
      expect(await within(dialog).findByText('Sharp session, loved it')).toBeVisible();
      const reads = offline.filter((c) => c.method === 'GET' && /\/(rating|ratings)$/.test(c.url.pathname));
      expect(reads).toEqual([]);
    } finally {
      reportReachable(true);
      writeSession(null);
    }
  });

  it('adds the template to the calendar on the chosen date and refreshes the calendar and dashboard', async () => {
    const all = mockFetch(
      bankHandler(
        {
          'GET /templates': popular,
          [`POST /templates/${template.id}/convert`]: (call) =>
            json(201, {
              data: {
                workout: makeWorkout({
                  title: template.name,
                  workout_date: (call.body as { scheduled_date: string }).scheduled_date,
                  sport: 'bike',
                  template_id: template.id,
                }),
                template_id: template.id,
                scale_factor: 1,
              },
            }),
        },
        [template],
      ),
    );
    const { client } = renderWithProviders(<WorkoutBankPage />);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    await userEvent.click(await screen.findByRole('button', { name: /^Threshold 3x12/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Threshold 3x12' });
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2026-12-03' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add to calendar' }));
    expect(await screen.findByText('Added to your calendar')).toBeVisible();
    expect(at(all, 'POST', '/convert')[0]?.body).toEqual({ scheduled_date: '2026-12-03' });
    const keys = invalidate.mock.calls.map(([filters]) => JSON.stringify(filters?.queryKey));
    expect(keys).toEqual(expect.arrayContaining(['["calendar"]', '["dashboard"]', '["workouts"]']));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Threshold 3x12' })).toBeNull());
  });
});

describe('Browse Templates in the add-workout dialog', () => {
  it("opens the Workout Bank as a picker and adds the chosen template on the dialog's day", async () => {
    const all = mockFetch(
      bankHandler(
        {
          'GET /templates': popular,
          [`POST /templates/${template.id}/convert`]: (call) =>
            json(201, {
              data: {
                workout: makeWorkout({
                  title: template.name,
                  workout_date: (call.body as { scheduled_date: string }).scheduled_date,
                  sport: 'bike',
                }),
                template_id: template.id,
                scale_factor: 1,
              },
            }),
        },
        [template],
      ),
    );
    const onCreated = vi.fn((_: Workout) => {});
    const onOpenChange = vi.fn();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <Toaster />
        <AddWorkoutDialog
          open
          date="2026-12-01"
          onOpenChange={onOpenChange}
          onCreateCustom={vi.fn()}
          onCreated={onCreated}
        />
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: /Browse Templates/ }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    const picker = await screen.findByRole('dialog', { name: 'Workout Bank' });
    expect(within(picker).getByText('Pick a template for Tuesday, December 1.')).toBeVisible();
    await userEvent.click(await within(picker).findByRole('button', { name: /^Threshold 3x12/ }));
    const detail = await screen.findByRole('dialog', { name: 'Threshold 3x12' });
    expect(within(detail).queryByLabelText('Date')).toBeNull();
    await userEvent.click(within(detail).getByRole('button', { name: 'Add to Tue, Dec 1' }));
    await waitFor(() =>
      expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ title: 'Threshold 3x12' })),
    );
    expect(at(all, 'POST', '/convert')[0]?.body).toEqual({ scheduled_date: '2026-12-01' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Workout Bank' })).toBeNull());
  });
});
