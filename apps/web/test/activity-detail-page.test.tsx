// /activities/:id: the summary in the athlete's units, the SVG track when no tiles are configured, the charts,
// training values with their method and default thresholds, planned against actual, zones and laps; and the
// actions: unmatch, match to another workout, rename, change the sport, delete after a confirm.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../src/components/ui/toaster.tsx';
import { ActivityDetailPage } from '../src/features/activities/activity-detail-page.tsx';
import { makeAnalysis, makeDetail, makeStreams } from './activity-fixtures.ts';
import { type Call, json, makeWorkout, mockFetch } from './calendar-test-utils.tsx';

// The page is a lazy chunk's worth of modules; on a busy machine its first render takes a while.
afterEach(() => vi.unstubAllGlobals());

function renderDetail(id = 'act-1') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/activities/:id', element: <ActivityDetailPage /> },
      { path: '/activities', element: <h1>All activities page</h1> },
    ],
    { initialEntries: [`/activities/${id}`] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return Object.assign(router, { client });
}

/** Answers the detail, its streams, the client config (no tiles) and `other` for the rest. */
function serve(
  detail: () => ReturnType<typeof makeDetail> = () => makeDetail({ id: 'act-1', name: 'Saturday Ride' }),
  other?: (call: Call) => Response,
) {
  return mockFetch((call) => {
    const path = call.url.pathname;
    if (path === '/api/v1/client-config') return json(200, { data: { map_tile_url: null } });
    if (path === '/api/activities/act-1/streams') return json(200, { data: makeStreams() });
    if (path === '/api/activities/act-1/analysis') return json(200, { data: makeAnalysis() });
    if (path === '/api/activities/act-1' && call.method === 'GET') return json(200, { data: detail() });
    return other?.(call) ?? json(404, { message: 'Not found', code: 'NOT_FOUND' });
  });
}

describe('/activities/:id', { timeout: 20_000 }, () => {
  it('shows the summary, the track, the charts, training values, the planned workout, zones and laps', async () => {
    serve();
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: 'Saturday Ride' })).toBeVisible();
    const summary = screen.getByRole('region', { name: 'Summary' });
    for (const [label, value] of [
      ['Elapsed time', '1:02:05'],
      ['Timer time', '1:00:40'],
      ['Moving time', '1:00:00'],
      ['Distance', '32.45 km'],
      ['Ascent', '312 m'],
      ['Avg heart rate', '142 bpm'],
      ['Avg power', '201 W'],
      ['Avg speed', '32.4 km/h'],
      ['Avg cadence', '88 rpm'],
      ['Calories', '780 kcal'],
      ['Device', 'Garmin Edge 810'],
    ]) {
      expect(within(summary).getByText(label as string).nextSibling).toHaveTextContent(value as string);
    }

    // No tiles configured: the track is drawn as a plain line.
    expect(await screen.findByRole('img', { name: 'Route of Saturday Ride, 32.45 km' })).toBeVisible();
    const charts = screen.getByRole('region', { name: 'Charts' });
    for (const name of [
      'Power chart',
      'Heart rate chart',
      'Speed chart',
      'Cadence chart',
      'Elevation chart',
    ]) {
      expect(within(charts).getByRole('figure', { name })).toBeInTheDocument();
    }
    expect(within(charts).getByRole('button', { name: 'Zoom in' })).toBeEnabled();
    expect(within(charts).getByRole('button', { name: 'Reset zoom' })).toBeDisabled();

    const values = screen.getByRole('region', { name: 'Training values' });
    expect(within(values).getByText('TSS').nextSibling).toHaveTextContent('75');
    expect(within(values).getByText('Intensity factor').nextSibling).toHaveTextContent('0.84');
    expect(within(values).getByText('Normalized power').nextSibling).toHaveTextContent('214 W');
    expect(within(values).getByText('Power (TSS from normalized power and FTP)')).toBeVisible();
    const ftp = within(values).getByText('FTP:').closest('li')!;
    expect(ftp).toHaveTextContent('255 W');
    expect(within(ftp).queryByText('Default')).toBeNull();
    const lthr = within(values).getByText('Threshold heart rate:').closest('li')!;
    expect(within(lthr).getByText('Default')).toBeVisible();

    const planned = screen.getByRole('region', { name: 'Planned workout' });
    expect(within(planned).getByText('Sweet Spot 2x20')).toBeVisible();
    expect(within(planned).getByText('97% compliance')).toBeVisible();
    const tssRow = within(planned).getByRole('row', { name: /TSS/ });
    expect(tssRow).toHaveTextContent('TSS807593%');
    expect(within(planned).getByRole('row', { name: /Intensity/ })).toHaveTextContent(
      'Intensity (IF)0.890.8697%',
    );
    // A zone-4 session: its zone is no ceiling, so no time-in-zone part.
    expect(within(planned).queryByRole('row', { name: /Time in zone/ })).toBeNull();

    const zones = screen.getByRole('region', { name: 'Time in zones' });
    expect(within(zones).getByRole('heading', { name: 'Power (zones 1–5)' })).toBeVisible();
    // Coggan's seven levels by name beside the app's five zones.
    expect(within(zones).getByRole('heading', { name: "Power (Coggan's 7 levels)" })).toBeVisible();
    expect(within(zones).getByText('L6 Anaerobic Capacity').nextSibling?.nextSibling).toHaveTextContent(
      '40 sec · 1%',
    );
    expect(within(zones).getByText('L7 Neuromuscular')).toBeVisible();
    // Zones 2 and 3, and Coggan's level 2 (Endurance shares zone 2's edges).
    expect(within(zones).getAllByText('20 min · 33%')).toHaveLength(3);

    // The laps table scrolls in a region a keyboard reaches, with its own name.
    const lapsTable = screen.getByRole('region', { name: 'Laps table' });
    expect(lapsTable).toHaveAttribute('tabindex', '0');
    const laps = within(screen.getByRole('region', { name: 'Laps' })).getAllByRole('row');
    expect(laps).toHaveLength(3);
    expect(laps[2]).toHaveTextContent('2');
    expect(laps[2]).toHaveTextContent('207 W');
  });

  it('shows the analysis: kJ, W/kg with the weight used, VI, EF, decoupling, curves beside the bests and intervals', async () => {
    serve();
    renderDetail();
    const analysis = await screen.findByRole('region', { name: 'Analysis' });
    for (const [label, value] of [
      ['Work', '724 kJ'],
      ['W/kg (avg / NP)', '2.79 / 2.97'],
      ['Variability index', '1.06'],
      ['Efficiency factor (NP ÷ HR)', '1.51'],
      ['Decoupling (Pw:HR)', '3.2 %'],
    ]) {
      expect(within(analysis).getByText(label as string).nextSibling).toHaveTextContent(value as string);
    }
    expect(within(analysis).getByText(/72 kg, your weight logged on Jan 2, 2026/)).toBeVisible();
    expect(within(analysis).getByText(/aerobically coupled/)).toBeVisible();

    const curves = screen.getByRole('region', { name: 'Curves' });
    const rows = within(within(curves).getByRole('region', { name: 'Power curve table' })).getAllByRole(
      'row',
    );
    expect(rows[2]).toHaveTextContent('5 min290 W300 W320 W');
    expect(within(rows[2]!).getByRole('link', { name: '320 W' })).toHaveAttribute(
      'href',
      '/activities/act-7',
    );
    expect(rows[3]).toHaveTextContent('10 min250 W——');
    await userEvent.click(within(curves).getByRole('button', { name: 'Heart rate' }));
    expect(within(curves).getByRole('region', { name: 'Heart rate curve table' })).toHaveTextContent(
      '172 bpm',
    );

    const intervals = within(screen.getByRole('region', { name: 'Intervals' })).getByRole('region', {
      name: 'Intervals table',
    });
    expect(intervals).toHaveAttribute('tabindex', '0');
    const effort = within(intervals).getByRole('row', { name: /Effort 1/ });
    expect(effort).toHaveTextContent('20:00');
    expect(effort).toHaveTextContent('5:00');
    expect(effort).toHaveTextContent('288 W');
    expect(effort).toHaveTextContent('Z5 (power)');
    expect(within(intervals).getAllByRole('row', { name: /Lap/ })).toHaveLength(2);
    expect(screen.getByText(/88 % of FTP \(224 W\)/)).toBeVisible();
  });

  it('shows why a zone-2 ride done in zones 4–5 is not compliant: intensity and time in zone', async () => {
    const base = makeDetail({ id: 'act-1', name: 'Saturday Ride' });
    serve(() => ({
      ...base,
      matched_workout: {
        ...base.matched_workout!,
        title: 'Endurance 60 min Z2',
        planned_tss: 56,
        planned_zone: 2,
        planned_intensity_factor: 0.748,
        actual_tss: 92,
        actual_intensity_factor: 0.96,
        compliance: {
          duration_percent: 100,
          tss_percent: 164,
          intensity_percent: 128,
          zone_percent: 22,
          percent: 53,
        },
      },
    }));
    renderDetail();
    const planned = await screen.findByRole('region', { name: 'Planned workout' });
    expect(within(planned).getByText('53% compliance')).toBeVisible();
    expect(within(planned).getByRole('row', { name: /Intensity/ })).toHaveTextContent('0.750.96128%');
    expect(within(planned).getByRole('row', { name: /Time in zone 2 or below/ })).toHaveTextContent(
      '100%22%22%',
    );
  });

  it('shows the description and gear a Strava archive gave', async () => {
    serve(() =>
      makeDetail({
        id: 'act-1',
        name: 'Tempo, by the river',
        description: 'Felt strong.\nSecond line.',
        gear: 'Pegasus 40',
      }),
    );
    renderDetail();
    expect(await screen.findByRole('heading', { level: 1, name: 'Tempo, by the river' })).toBeVisible();
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText(/Felt strong\./)).toBeVisible();
    expect(within(summary).getByText('Gear').nextSibling).toHaveTextContent('Pegasus 40');
  });

  it('unmatches, and matches to another planned workout of the nearby days', async () => {
    const calls = serve(undefined, (call) => {
      if (call.url.pathname === '/api/workout-planning/workouts')
        return json(200, {
          data: [
            makeWorkout({ id: 'w-2', title: 'Endurance Ride', sport: 'bike', workout_date: '2025-11-16' }),
          ],
        });
      if (call.url.pathname === '/api/activities/act-1/match')
        return json(200, { data: makeDetail({ id: 'act-1' }) });
      return undefined as unknown as Response;
    });
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'Unmatch' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT' && c.url.pathname.endsWith('/match'))?.body).toEqual({
        workout_id: null,
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Match to another workout' }));
    const dialog = await screen.findByRole('dialog', { name: 'Match to a planned workout' });
    const list = calls.find((c) => c.url.pathname === '/api/workout-planning/workouts')!.url.searchParams;
    expect(list.get('date_from')).toBe('2025-11-12');
    expect(list.get('date_to')).toBe('2025-11-18');
    expect(list.get('status')).toBe('planned');
    expect(list.get('sport')).toBe('bike');
    await userEvent.click(await within(dialog).findByRole('radio', { name: /Endurance Ride/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Match' }));
    await waitFor(() =>
      expect(
        calls.filter((c) => c.method === 'PUT' && c.url.pathname.endsWith('/match')).at(-1)?.body,
      ).toEqual({
        workout_id: 'w-2',
      }),
    );
    expect(await screen.findByText('Activity matched')).toBeVisible();
  });

  it('renames', async () => {
    let name = 'Saturday Ride';
    const calls = serve(
      () => makeDetail({ id: 'act-1', name }),
      (call) => {
        if (call.method !== 'PUT') return json(404, {});
        name = (call.body as { name: string }).name;
        return json(200, { data: makeDetail({ id: 'act-1', name }) });
      },
    );
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const field = screen.getByLabelText('Activity name');
    await userEvent.clear(field);
    await userEvent.type(field, 'Hill repeats');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: 'Hill repeats' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Hill repeats' })).toBeVisible();
  });

  it('changes the sport: sends only the sport, shows the re-scored detail and refreshes what depends on it', async () => {
    let detail = makeDetail({
      id: 'act-1',
      name: 'Untitled',
      sport: 'other',
      tss: 40,
      tss_method: 'hr_lthr',
    });
    const calls = serve(
      () => detail,
      (call) => {
        if (call.method !== 'PUT') return json(404, {});
        const body = call.body as { sport?: 'run' };
        detail = makeDetail({
          id: 'act-1',
          name: 'Untitled',
          sport: body.sport,
          tss: 62,
          tss_method: 'run_pace',
        });
        return json(200, { data: detail });
      },
    );
    const { client } = renderDetail();
    const invalidated = vi.spyOn(client, 'invalidateQueries');
    expect(await screen.findByRole('heading', { level: 1, name: 'Untitled' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const sport = screen.getByLabelText('Sport');
    expect(sport).toHaveValue('other');
    expect(
      within(sport)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Run', 'Bike', 'Swim', 'Strength', 'Yoga', 'Rowing', 'Hiking', 'Cross-country ski', 'Other']);
    await userEvent.selectOptions(sport, 'run');
    expect(screen.getByText(/Saving scores the recording again as this sport/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ sport: 'run' }));
    expect(await screen.findByText('Sport changed: training values recalculated')).toBeVisible();
    const header = screen.getByRole('heading', { level: 1, name: 'Untitled' }).parentElement!.parentElement!;
    expect(within(header).getByText('Run')).toBeVisible();
    const values = screen.getByRole('region', { name: 'Training values' });
    expect(within(values).getByText('TSS').nextSibling).toHaveTextContent('62');
    // The 'activity' write event: the workouts, the calendar, analytics and the dashboard read again.
    const keys = invalidated.mock.calls.map(([filters]) => JSON.stringify(filters?.queryKey));
    for (const key of [['activities'], ['workouts'], ['analytics'], ['dashboard']]) {
      expect(keys).toContain(JSON.stringify(key));
    }
  });

  it('logs how it felt: the RPE and note go in one PUT, and the re-scored TSS is shown', async () => {
    let scored = makeDetail({ id: 'act-1', name: 'Walk', tss: null, tss_method: 'none' });
    const calls = serve(
      () => scored,
      (call) => {
        if (call.method !== 'PUT') return json(404, { message: 'Not found', code: 'NOT_FOUND' });
        scored = { ...scored, rpe: 4, note: 'Hilly', tss: 49, tss_method: 'rpe' };
        return json(200, { data: scored });
      },
    );
    renderDetail();
    const felt = within(await screen.findByRole('region', { name: 'How it felt' }));
    expect(screen.getByText(/log your RPE to score it/)).toBeVisible();
    await userEvent.selectOptions(felt.getByLabelText('How hard did it feel? (RPE 1-10)'), '4');
    await userEvent.type(felt.getByLabelText('Note'), 'Hilly');
    await userEvent.click(felt.getByRole('button', { name: 'Save how it felt' }));
    expect(await screen.findByText('Saved how it felt')).toBeVisible();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ rpe: 4, note: 'Hilly' });
    expect(await screen.findByText(/^Effort \(TSS from your RPE/)).toBeVisible();
  });

  it("shows the server's reason when the sport cannot be changed", async () => {
    serve(undefined, (call) =>
      call.method === 'PUT'
        ? json(409, {
            code: 'CONFLICT',
            message:
              'The sport of this activity cannot be changed: it was not imported from a file, so there is no recording to score again',
          })
        : json(404, {}),
    );
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    await userEvent.selectOptions(screen.getByLabelText('Sport'), 'run');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/not imported from a file/)).toBeVisible();
    expect(screen.getByLabelText('Sport')).toHaveValue('run');
  });

  it('deletes only after the confirm, then goes back to the list', async () => {
    const calls = serve(undefined, (call) =>
      call.method === 'DELETE' ? json(200, { data: { id: 'act-1', deleted: true } }) : json(404, {}),
    );
    const router = renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete activity?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete activity' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/activities'));
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url.pathname)).toEqual([
      '/api/activities/act-1',
    ]);
    expect(await screen.findByText('Activity deleted')).toBeVisible();
  });

  it("says so when the activity does not exist (or is another athlete's)", async () => {
    mockFetch(() => json(404, { message: 'Activity not found', code: 'NOT_FOUND' }));
    renderDetail('nope');
    expect(await screen.findByRole('heading', { name: 'Activity not found' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'All activities' })).toHaveAttribute('href', '/activities');
  });
});
