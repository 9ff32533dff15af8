// The Device Connections page and the connection callback pages (docs/devices.md, "Web"): every card and
// state, Sync Now with the toasts and counts of 'Sync', Disconnect behind a confirmation, and the callback's
// 'Garmin Connected!', 'Authorization Failed' and 'Connection Failed'.
import type { Device, SyncRun } from '@stamina/contract';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../src/app/router.tsx';
import { writeSession } from '../src/lib/session-store.ts';
import { json, mockFetch } from './calendar-test-utils.tsx';
import { signIn } from './dashboard-fixtures.ts';

afterEach(() => writeSession(null));

const run = (over: Partial<SyncRun> = {}): SyncRun => ({
  id: '00000000-0000-4000-8000-00000000aaaa',
  provider: 'garmin',
  kind: 'manual',
  status: 'queued',
  items: 0,
  imported: 0,
  duplicates: 0,
  wellness_days: 0,
  errors: 0,
  message: null,
  created_at: '2026-11-26T10:00:00.000Z',
  finished_at: null,
  ...over,
});

const garmin = (over: Partial<Device> = {}): Device => ({
  id: 'garmin',
  provider: 'garmin',
  name: 'Garmin Connect',
  description: 'Activities, heart rate, sleep and HRV',
  data_types: ['activities'],
  configured: true,
  missing_config: [],
  connected: true,
  status: 'connected',
  lastSync: new Date(Date.now() - 2 * 3600_000).toISOString(),
  last_sync: null,
  athlete_id: '00000000-0000-4000-8000-0000000000a1',
  autoSync: true,
  sync_interval_minutes: 30,
  last_error: null,
  withheld: [],
  backoff_until: null,
  backfill: null,
  last_run: run({ status: 'done', finished_at: '2026-11-26T10:01:00.000Z' }),
  ...over,
});

const strava: Device = {
  id: 'strava',
  provider: 'strava',
  name: 'Strava',
  description: 'Activities recorded on any device',
  data_types: ['activities'],
  configured: false,
  missing_config: ['STRAVA_CLIENT_ID', 'STRAVA_CLIENT_SECRET'],
  connected: false,
  status: 'not_configured',
  lastSync: null,
  last_sync: null,
  athlete_id: '00000000-0000-4000-8000-0000000000a1',
  autoSync: true,
  sync_interval_minutes: 30,
  last_error: null,
  withheld: [],
  backoff_until: null,
  backfill: null,
  last_run: null,
};

const open = (path: string) =>
  render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />);

const card = async (name: string) => screen.findByRole('region', { name });

describe('Device Connections', () => {
  it('shows every provider card with its badge, last sync and controls', async () => {
    signIn();
    mockFetch(({ url }) =>
      url.pathname === '/api/devices'
        ? json(200, { data: [garmin(), strava] })
        : json(404, { message: 'Not found' }),
    );
    open('/settings/devices');
    const g = await card('Garmin Connect');
    expect(within(g).getByText('Connected')).toBeVisible();
    expect(within(g).getByText('about 2 hours ago')).toBeVisible();
    expect(within(g).getByRole('button', { name: 'Sync Now' })).toBeEnabled();
    expect(within(g).getByRole('switch', { name: 'Auto-sync Garmin Connect' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(within(g).getByText('Auto-sync every 30 minutes')).toBeVisible();
    expect(within(g).getByRole('button', { name: 'Disconnect' })).toBeVisible();

    const s = await card('Strava');
    expect(within(s).getByText('Disconnected')).toBeVisible();
    expect(within(s).getByText('Never')).toBeVisible();
    expect(within(s).getByText(/Not configured on this server/)).toHaveTextContent(
      'STRAVA_CLIENT_ID and STRAVA_CLIENT_SECRET',
    );
    // A disabled button says why.
    expect(within(s).getByRole('button', { name: 'Connect' })).toBeDisabled();
    expect(within(s).getByRole('button', { name: 'Connect' })).toHaveAccessibleDescription(
      /Not configured on this server/,
    );
    for (const name of ['Apple Health', 'Google Fit']) {
      const c = await card(name);
      expect(within(c).getByText('Disconnected')).toBeVisible();
      expect(within(c).getByText('Never')).toBeVisible();
      expect(within(c).getByRole('button', { name: 'Connect' })).toBeDisabled();
      expect(within(c).getByRole('button', { name: 'Connect' })).toHaveAccessibleDescription(
        new RegExp(`^${name} cannot be connected from the web|^${name} offers no connection`),
      );
    }
  });

  it.each([
    [
      run({ status: 'done', items: 3, imported: 2, wellness_days: 1 }),
      'Sync Complete',
      'Successfully synced 3 items from Garmin.',
    ],
    [
      run({ status: 'done', items: 2, imported: 2, errors: 1 }),
      'Sync Warning',
      'Synced 2 items with 1 errors.',
    ],
    [
      run({ status: 'failed', message: 'Garmin answered with an error (500)' }),
      'Sync Failed',
      'Failed to sync Garmin data. Please try again.',
    ],
  ])('Sync Now reports the finished run with the spec toast (%#)', async (finished, title, text) => {
    signIn();
    const calls = mockFetch(({ method, url }) => {
      if (url.pathname === '/api/devices') return json(200, { data: [garmin(), strava] });
      if (method === 'POST' && url.pathname === '/api/devices/sync') return json(202, { data: run() });
      if (url.pathname.startsWith('/api/devices/sync-runs/')) return json(200, { data: finished });
      return json(404, { message: 'Not found' });
    });
    open('/settings/devices');
    const g = await card('Garmin Connect');
    await userEvent.click(within(g).getByRole('button', { name: 'Sync Now' }));
    expect(await screen.findByText(title, {}, { timeout: 4000 })).toBeInTheDocument();
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ provider: 'garmin' });
  });

  it('disconnects only after confirmation, then shows Disconnected', async () => {
    signIn();
    let connected = true;
    const calls = mockFetch(({ method, url }) => {
      if (url.pathname === '/api/devices') {
        return json(200, {
          data: [
            connected
              ? garmin()
              : garmin({ connected: false, status: 'disconnected', lastSync: null, last_run: null }),
            strava,
          ],
        });
      }
      if (method === 'POST' && url.pathname === '/api/devices/disconnect') {
        connected = false;
        return json(200, {
          data: garmin({ connected: false, status: 'disconnected', lastSync: null, last_run: null }),
        });
      }
      return json(404, { message: 'Not found' });
    });
    open('/settings/devices');
    const g = await card('Garmin Connect');
    await userEvent.click(within(g).getByRole('button', { name: 'Disconnect' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disconnect Garmin Connect?' });
    expect(calls.some((c) => c.url.pathname === '/api/devices/disconnect')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Garmin Connect is no longer connected.')).toBeInTheDocument();
    expect(screen.getAllByText('Disconnected').length).toBeGreaterThan(0);
    await waitFor(() => expect(within(g).getByRole('button', { name: 'Connect' })).toBeEnabled());
    expect(within(g).getByText('Never')).toBeVisible();
  });

  it('shows the 90-day import with its progress while it runs, and the pause after a provider error', async () => {
    signIn();
    mockFetch(({ url }) =>
      url.pathname === '/api/devices'
        ? json(200, {
            data: [
              garmin({
                lastSync: null,
                backfill: { done: 37, total: 120, running: true },
                backoff_until: new Date(Date.now() + 20 * 60_000).toISOString(),
                last_error: 'Garmin asked Stamina to slow down (429)',
                last_run: run({ kind: 'backfill', status: 'running' }),
              }),
              strava,
            ],
          })
        : json(404, { message: 'Not found' }),
    );
    open('/settings/devices');
    const g = await card('Garmin Connect');
    expect(within(g).getByText('Importing your last 90 days: 37 of 120 activities')).toBeVisible();
    expect(within(g).getByRole('progressbar', { name: 'Import of the last 90 days' })).toHaveAttribute(
      'aria-valuenow',
      '37',
    );
    expect(
      within(g).getByText(/^Garmin asked Stamina to slow down \(429\)\. Automatic sync resumes in/),
    ).toBeVisible();
    // A run is open: Sync Now waits for it.
    expect(within(g).getByRole('button', { name: 'Syncing…' })).toBeDisabled();
  });

  it('turns auto-sync off with the switch', async () => {
    signIn();
    let autoSync = true;
    const calls = mockFetch(({ method, url }) => {
      if (url.pathname === '/api/devices') return json(200, { data: [garmin({ autoSync }), strava] });
      if (method === 'PUT' && url.pathname === '/api/devices/settings') {
        autoSync = false;
        return json(200, { data: garmin({ autoSync }) });
      }
      return json(404, { message: 'Not found' });
    });
    open('/settings/devices');
    const g = await card('Garmin Connect');
    const toggle = within(g).getByRole('switch', { name: 'Auto-sync Garmin Connect' });
    await userEvent.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ provider: 'garmin', autoSync: false });
  });

  it('says a connection needs renewing when the provider refused the tokens', async () => {
    signIn();
    mockFetch(({ url }) =>
      url.pathname === '/api/devices'
        ? json(200, {
            data: [
              garmin({
                connected: false,
                status: 'error',
                last_error: "Garmin no longer accepts Stamina's access: disconnect and connect again",
              }),
              strava,
            ],
          })
        : json(404, { message: 'Not found' }),
    );
    open('/settings/devices');
    const g = await card('Garmin Connect');
    expect(
      within(g).getByText("Garmin no longer accepts Stamina's access: disconnect and connect again"),
    ).toBeVisible();
    expect(within(g).getByRole('button', { name: 'Connect again' })).toBeEnabled();
    expect(within(g).queryByRole('button', { name: 'Sync Now' })).toBeNull();
  });
});

describe('data the athlete stopped sharing', () => {
  it('says which data the provider no longer shares, and where to allow it', async () => {
    signIn();
    mockFetch(({ url }) =>
      url.pathname === '/api/devices'
        ? json(200, { data: [garmin({ withheld: ['wellness'] }), strava] })
        : json(404, { message: 'Not found' }),
    );
    open('/settings/devices');
    const g = await card('Garmin Connect');
    expect(
      within(g).getByText(
        "Garmin Connect is not sharing your wellness data (HRV, resting heart rate, sleep) with Stamina: allow it again in Garmin Connect's settings for connected apps.",
      ),
    ).toBeVisible();
    expect(within(g).getByRole('button', { name: 'Sync Now' })).toBeEnabled();
  });
});

describe('the connection callback', () => {
  it('finishes the connection: Garmin Connected!, then Device Connections', async () => {
    signIn();
    const calls = mockFetch(({ method, url }) => {
      if (method === 'POST' && url.pathname === '/api/devices/callback') {
        return json(200, { data: { device: garmin({ lastSync: null }), return_to: '/settings/devices' } });
      }
      if (url.pathname === '/api/devices') return json(200, { data: [garmin(), strava] });
      return json(404, { message: 'Not found' });
    });
    open('/auth/garmin/callback?code=abc&state=signed.state');
    expect(await screen.findByText('Garmin Connected!')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Device Connections' })).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ state: 'signed.state', code: 'abc' });
  });

  it("shows 'Authorization Failed' when the athlete refused at the provider", async () => {
    signIn();
    const calls = mockFetch(() => json(404, { message: 'Not found' }));
    open('/auth/garmin/callback?error=access_denied&error_description=The+user+denied+access&state=s');
    expect(await screen.findByRole('heading', { name: 'Authorization Failed' })).toBeVisible();
    expect(screen.getAllByText('The user denied access').length).toBeGreaterThan(0);
    expect(calls.some((c) => c.url.pathname === '/api/devices/callback')).toBe(false);
  });

  it('asks for a sign-in on the public /oauth/callback when there is no session, and spends nothing', async () => {
    const calls = mockFetch(() => json(404, { message: 'Not found' }));
    open('/oauth/callback?code=abc&state=s');
    expect(await screen.findByRole('heading', { name: 'Connection Failed' })).toBeVisible();
    expect(screen.getByText('No valid session found. Please log in.')).toBeVisible();
    expect(calls.some((c) => c.url.pathname === '/api/devices/callback')).toBe(false);
  });

  it("shows 'Connection Failed' when the exchange fails", async () => {
    signIn();
    mockFetch(({ url }) =>
      url.pathname === '/api/devices/callback'
        ? json(400, {
            message: 'This authorization was already used: start connecting again',
            code: 'BAD_REQUEST',
          })
        : json(404, { message: 'Not found' }),
    );
    open('/oauth/callback?code=abc&state=s');
    expect(await screen.findByRole('heading', { name: 'Connection Failed' })).toBeVisible();
    expect(
      screen.getAllByText('This authorization was already used: start connecting again').length,
    ).toBeGreaterThan(0);
  });
});
