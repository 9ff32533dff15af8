// /activities: the list with its URL filters and paging, the empty state, and the upload: per-file progress
// while sending, then each file's status from the import batch, with a link to the activity.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ActivitiesPage } from '../src/features/activities/activities-page.tsx';
import { makeActivity } from './activity-fixtures.ts';
import { json, mockFetch, renderWithProviders } from './calendar-test-utils.tsx';
import { stubXhr } from './xhr-stub.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const listCalls = (calls: ReturnType<typeof mockFetch>) =>
  calls.filter((c) => c.method === 'GET' && c.url.pathname === '/api/activities');

const page = (items: ReturnType<typeof makeActivity>[], total = items.length, pageNo = 1) => ({
  data: { items, page: pageNo, page_size: 20, total },
});

describe('/activities list', { timeout: 20_000 }, () => {
  it('shows each activity with its date, sport, duration, distance, pace, TSS, heart rate and power', async () => {
    mockFetch(() =>
      json(
        200,
        page([
          makeActivity({ name: 'Morning Ride' }),
          makeActivity({
            name: 'Track Intervals',
            sport: 'run',
            avg_power: null,
            tss: null,
            timer_seconds: 2400,
            moving_seconds: 2400,
            distance_m: 8000,
            avg_speed_mps: 8000 / 2400,
          }),
          makeActivity({ name: 'Pool', sport: 'swim', distance_m: 1500, avg_speed_mps: 100 / 105 }),
        ]),
      ),
    );
    renderWithProviders(<ActivitiesPage />, { path: '/activities' });
    const ride = await screen.findByRole('link', { name: /Morning Ride/ });
    expect(ride).toHaveAttribute('href', expect.stringMatching(/^\/activities\/act-\d+$/));
    expect(within(ride).getByText('Bike · Sat, Nov 15, 2025')).toBeVisible();
    expect(within(ride).getByText('1:00:00')).toBeVisible();
    expect(within(ride).getByText('32.45 km')).toBeVisible();
    expect(within(ride).getByText('75')).toBeVisible();
    expect(within(ride).getByText('142 bpm')).toBeVisible();
    expect(within(ride).getByText('201 W')).toBeVisible();
    // A ride has no pace.
    expect(within(ride).getByText('Pace').nextSibling).toHaveTextContent('—');
    const run = screen.getByRole('link', { name: /Track Intervals/ });
    expect(within(run).getByText('40:00')).toBeVisible();
    expect(within(run).getAllByText('—')).toHaveLength(2);
    expect(within(run).getByText('Pace').nextSibling).toHaveTextContent('5:00 /km');
    const swim = screen.getByRole('link', { name: /Pool/ });
    expect(within(swim).getByText('Pace').nextSibling).toHaveTextContent('1:45 /100m');
    expect(screen.getByText('3 activities')).toBeVisible();
  });

  it('filters by sport and dates through the URL, and pages', async () => {
    const calls = mockFetch((call) =>
      json(200, page([makeActivity()], 45, Number(call.url.searchParams.get('page') ?? 1))),
    );
    const { router } = renderWithProviders(<ActivitiesPage />, {
      path: '/activities',
      initialEntry: '/activities?sport=bike&from=2025-11-01&page=2',
    });
    await screen.findByText('Page 2 of 3');
    expect(screen.getByLabelText('Sport')).toHaveValue('bike');
    expect(screen.getByLabelText('From')).toHaveValue('2025-11-01');
    let query = listCalls(calls).at(-1)?.url.searchParams;
    expect(query?.get('sport')).toBe('bike');
    expect(query?.get('from')).toBe('2025-11-01');
    expect(query?.get('page')).toBe('2');

    await userEvent.click(screen.getByRole('button', { name: /Older/ }));
    await waitFor(() => expect(router.state.location.search).toContain('page=3'));
    expect(await screen.findByText('Page 3 of 3')).toBeVisible();
    expect(screen.getByRole('button', { name: /Older/ })).toBeDisabled();

    // A filter change goes back to the first page.
    await userEvent.selectOptions(screen.getByLabelText('Sport'), 'swim');
    await waitFor(() => {
      query = listCalls(calls).at(-1)?.url.searchParams;
      expect(query?.get('sport')).toBe('swim');
      expect(query?.get('page')).toBe('1');
    });
    expect(router.state.location.search).not.toContain('page=');
  });

  it('filters by distance in km, sent to the server in metres; a minimum above the maximum is refused', async () => {
    const calls = mockFetch(() => json(200, page([makeActivity()])));
    const { router } = renderWithProviders(<ActivitiesPage />, {
      path: '/activities',
      initialEntry: '/activities?sport=run&min_distance_m=5000',
    });
    expect(await screen.findByLabelText('Min distance (km)')).toHaveValue(5);
    await waitFor(() => expect(listCalls(calls).at(-1)?.url.searchParams.get('min_distance_m')).toBe('5000'));
    await userEvent.type(screen.getByLabelText('Max distance (km)'), '10.5');
    await waitFor(() => {
      const query = listCalls(calls).at(-1)?.url.searchParams;
      expect(query?.get('max_distance_m')).toBe('10500');
      expect(query?.get('sport')).toBe('run');
    });
    expect(screen.getByLabelText('Max distance (km)')).toHaveValue(10.5);
    expect(router.state.location.search).toContain('max_distance_m=10500');

    await userEvent.clear(screen.getByLabelText('Max distance (km)'));
    await userEvent.type(screen.getByLabelText('Max distance (km)'), '2');
    expect(await screen.findByText('The minimum distance must not be above the maximum.')).toBeVisible();
    // Not sent: the list falls back to no distance range (already fetched at first).
    expect(listCalls(calls).some((c) => c.url.searchParams.get('max_distance_m') === '2000')).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(screen.getByLabelText('Min distance (km)')).toHaveValue(null));
  });

  it('invites an upload when there is nothing yet, and says so when filters hide everything', async () => {
    mockFetch(() => json(200, page([])));
    renderWithProviders(<ActivitiesPage />, { path: '/activities', initialEntry: '/activities' });
    expect(await screen.findByText('No activities yet')).toBeVisible();
    expect(screen.getByText(/Upload the FIT, GPX or TCX files from your watch/)).toBeVisible();
    expect(screen.getByLabelText('Upload activity files')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Sport'), 'run');
    expect(await screen.findByText('No activity matches these filters.')).toBeVisible();
  });
});

describe('/activities upload', { timeout: 20_000 }, () => {
  it('uploads dropped files with an idempotency key, then shows each file’s final status', async () => {
    let polls = 0;
    const calls = mockFetch((call) => {
      if (call.url.pathname === '/api/activities/imports/b-1') {
        polls++;
        const done = polls > 1;
        return json(200, {
          data: {
            batch_id: 'b-1',
            done,
            files: [
              {
                name: 'ride.fit',
                status: done ? 'imported' : 'processing',
                message: null,
                activity_id: done ? 'act-9' : null,
                activity_ids: done ? ['act-9'] : [],
              },
              {
                name: 'broken.gpx',
                status: done ? 'failed' : 'queued',
                message: done ? 'The GPX file is not valid XML.' : null,
                activity_id: null,
                activity_ids: [],
              },
            ],
          },
        });
      }
      return json(200, page([]));
    });
    const sent = stubXhr({
      status: 202,
      body: {
        data: {
          batch_id: 'b-1',
          done: false,
          files: [
            { name: 'ride.fit', status: 'queued', message: null, activity_id: null, activity_ids: [] },
            { name: 'broken.gpx', status: 'queued', message: null, activity_id: null, activity_ids: [] },
          ],
        },
      },
    });
    renderWithProviders(<ActivitiesPage />, { path: '/activities', initialEntry: '/activities' });
    await screen.findByText('No activities yet');

    const input = screen.getByLabelText('Upload activity files');
    const files = [
      new File([new Uint8Array(100)], 'ride.fit'),
      new File(['<gpx>'], 'broken.gpx'),
      new File(['hello'], 'notes.txt'),
    ];
    await userEvent.upload(input, files, { applyAccept: false });

    expect(await screen.findByText(/left out: notes\.txt/)).toBeVisible();
    const bars = await screen.findAllByRole('progressbar');
    expect(bars.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Upload of ride.fit',
      'Upload of broken.gpx',
    ]);

    expect(await screen.findByText('Imported', {}, { timeout: 4000 })).toBeVisible();
    expect(screen.getByText('Failed')).toBeVisible();
    expect(screen.getByText('The GPX file is not valid XML.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'View activity from ride.fit' })).toHaveAttribute(
      'href',
      '/activities/act-9',
    );

    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe('/api/activities/import');
    expect(sent[0]?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0]?.body?.getAll('file').map((f) => (f as File).name)).toEqual(['ride.fit', 'broken.gpx']);
    // The list is asked again once the batch is done.
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(1));
  });

  it('sends a Strava archive to the archive import and shows its progress as one bar with counts', async () => {
    const member = (n: number, status: string, message: string | null = null) => ({
      name: `activities/${n}.fit.gz`,
      status,
      message,
      activity_id: status === 'imported' ? `act-${n}` : null,
      activity_ids: status === 'imported' ? [`act-${n}`] : [],
    });
    let polls = 0;
    mockFetch((call) => {
      if (call.url.pathname === '/api/activities/imports/b-2') {
        polls++;
        const done = polls > 2;
        const members = Array.from({ length: 30 }, (_, i) =>
          !done && i >= 10
            ? member(i, 'queued')
            : i === 3
              ? member(i, 'failed', 'The file is not a FIT, GPX or TCX file')
              : i < 6
                ? member(i, 'duplicate')
                : member(i, 'imported'),
        );
        return json(200, {
          data: {
            batch_id: 'b-2',
            done,
            files: [
              {
                name: 'export_123.zip',
                status: done ? 'imported' : 'processing',
                message: done
                  ? 'Strava archive: 24 imported, 5 already stored, 1 failed, of 30 recordings'
                  : null,
                activity_id: null,
                activity_ids: [],
              },
              ...members,
            ],
          },
        });
      }
      return json(200, page([]));
    });
    const sent = stubXhr({
      status: 202,
      body: {
        data: {
          batch_id: 'b-2',
          done: false,
          files: [
            { name: 'export_123.zip', status: 'queued', message: null, activity_id: null, activity_ids: [] },
          ],
        },
      },
    });
    renderWithProviders(<ActivitiesPage />, { path: '/activities', initialEntry: '/activities' });
    await screen.findByText('No activities yet');
    await userEvent.upload(
      screen.getByLabelText('Upload activity files'),
      [new File([new Uint8Array(10)], 'export_123.zip')],
      { applyAccept: false },
    );
    expect(await screen.findByText(/10 of 30 recordings read/)).toBeVisible();
    expect(
      await screen.findByText(
        '30 of 30 recordings read: 24 imported, 5 already stored, 1 failed',
        {},
        { timeout: 4000 },
      ),
    ).toBeVisible();
    expect(
      screen.getByText('Strava archive: 24 imported, 5 already stored, 1 failed, of 30 recordings'),
    ).toBeVisible();
    const failed = screen.getByRole('list', { name: 'Files that failed' });
    expect(within(failed).getByText('activities/3.fit.gz')).toBeVisible();
    // Strava's export_<n>.zip goes to the archive import, not the upload of recordings.
    expect(sent.map((r) => r.url)).toEqual(['/api/activities/import/archive']);
    expect(sent[0]?.body?.getAll('file').map((f) => (f as File).name)).toEqual(['export_123.zip']);
  });

  it('says why an upload was refused', async () => {
    mockFetch(() => json(200, page([])));
    stubXhr({ status: 413, body: { message: 'A file is larger than 50 MB.', code: 'PAYLOAD_TOO_LARGE' } });
    renderWithProviders(<ActivitiesPage />, { path: '/activities', initialEntry: '/activities' });
    await screen.findByText('No activities yet');
    await act(() =>
      userEvent.upload(screen.getByLabelText('Upload activity files'), new File(['x'], 'huge.fit')),
    );
    expect(await screen.findByText('Upload failed: A file is larger than 50 MB.')).toBeVisible();
  });
});
