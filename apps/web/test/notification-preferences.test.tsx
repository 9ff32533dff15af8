import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../src/app/router.tsx';
import { writeSession } from '../src/lib/session-store.ts';
import { json, mockFetch } from './calendar-test-utils.tsx';
import { signIn as signInAs } from './dashboard-fixtures.ts';

const user = {
  id: '00000000-0000-4000-8000-000000000000',
  athlete_id: '00000000-0000-4000-8000-0000000000a1',
  email: 'ana@example.com',
  name: 'Ana Runner',
  user_metadata: { name: 'Ana Runner', units: 'metric' as const },
  email_confirmed_at: '2026-01-01T00:00:00.000Z',
  created_at: '2026-01-01T00:00:00.000Z',
};

const athlete = {
  id: user.athlete_id,
  layout_style: 'minimal',
  widget_config: [],
  onboarding_complete: true,
  notification_preferences: {
    missedSession: true,
    newWeekPlan: false,
    recoveryWarning: true,
    dailyEmail: false,
    pushPlanChanges: true,
    pushMissedKeySession: true,
  },
  adaptation_enabled: true,
};

const signIn = () => signInAs(user);

function renderPreferences() {
  render(
    <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/settings/preferences'] })} />,
  );
}

afterEach(() => {
  writeSession(null);
  vi.unstubAllGlobals();
});

describe('notification preferences', () => {
  it('shows the stored toggles and saves one change on the athlete profile', async () => {
    signIn();
    const calls = mockFetch(({ method, url, body }) => {
      if (url.pathname === '/api/auth/me') return json(200, { data: user });
      if (url.pathname === '/api/athletes/me' && method === 'GET') return json(200, { data: athlete });
      if (url.pathname === '/api/athletes/me' && method === 'PUT') {
        const changes = (body as { notification_preferences: object }).notification_preferences;
        return json(200, {
          data: { ...athlete, notification_preferences: { ...athlete.notification_preferences, ...changes } },
        });
      }
      return json(404, { message: 'Not found' });
    });
    renderPreferences();
    const missed = await screen.findByRole('switch', { name: 'Missed session' });
    await waitFor(() => expect(missed).toBeEnabled());
    expect(missed).toBeChecked();
    expect(screen.getByRole('switch', { name: 'New week plan' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Recovery warning' })).toBeChecked();

    await userEvent.click(screen.getByRole('switch', { name: 'New week plan' }));
    expect(screen.getByRole('switch', { name: 'New week plan' })).toBeChecked();
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT' && c.url.pathname === '/api/athletes/me')?.body).toEqual({
        notification_preferences: { newWeekPlan: true },
      }),
    );
    expect(screen.getByRole('switch', { name: 'New week plan' })).toBeChecked();
  });

  it('shows the change at once and puts it back with a toast when saving fails', async () => {
    signIn();
    let fail: () => void = () => {};
    mockFetch(({ method, url }) => {
      if (url.pathname === '/api/auth/me') return json(200, { data: user });
      if (url.pathname === '/api/athletes/me' && method === 'GET') return json(200, { data: athlete });
      if (url.pathname === '/api/athletes/me' && method === 'PUT') {
        // Answer only when the test says, so the optimistic state can be seen first.
        return new Promise((resolve) => {
          fail = () => resolve(json(400, { message: 'Send at least one field to update' }));
        });
      }
      return json(404, { message: 'Not found' });
    });
    renderPreferences();
    const recovery = await screen.findByRole('switch', { name: 'Recovery warning' });
    await waitFor(() => expect(recovery).toBeEnabled());
    await userEvent.click(recovery);
    expect(screen.getByRole('switch', { name: 'Recovery warning' })).not.toBeChecked();
    fail();
    expect(await screen.findByText(/Could not save your notification preference/)).toBeVisible();
    expect(screen.getByRole('switch', { name: 'Recovery warning' })).toBeChecked();
  });
});

describe('the daily e-mail and push (docs/notifications.md)', () => {
  it('opts into the daily e-mail, then sends today’s e-mail on request', async () => {
    signIn();
    let stored = { ...athlete };
    const calls = mockFetch(({ method, url, body }) => {
      if (url.pathname === '/api/auth/me') return json(200, { data: user });
      if (url.pathname === '/api/athletes/me' && method === 'GET') return json(200, { data: stored });
      if (url.pathname === '/api/athletes/me' && method === 'PUT') {
        const changes = (body as { notification_preferences: object }).notification_preferences;
        stored = { ...stored, notification_preferences: { ...stored.notification_preferences, ...changes } };
        return json(200, { data: stored });
      }
      if (url.pathname === '/api/notifications/push/key') return json(404, { message: 'Not found' });
      if (url.pathname === '/api/notifications/daily-email/send')
        return json(200, { data: { queued: true } });
      return json(404, { message: 'Not found' });
    });
    renderPreferences();
    const daily = await screen.findByRole('switch', { name: 'Daily e-mail' });
    await waitFor(() => expect(daily).toBeEnabled());
    expect(daily).not.toBeChecked();
    expect(screen.queryByRole('button', { name: "Send today's e-mail now" })).toBeNull();
    await userEvent.click(daily);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        notification_preferences: { dailyEmail: true },
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: "Send today's e-mail now" }));
    expect(await screen.findByText("Today's e-mail is on its way")).toBeVisible();
    expect(
      calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/notifications/daily-email/send'),
    ).toBe(true);
    // A server without VAPID keys: push is explained, not offered.
    expect(await screen.findByText('Push notifications are not set up on this server.')).toBeVisible();
    expect(screen.getByRole('switch', { name: 'Push: plan changes' })).toBeChecked();
  });

  it('says when this browser cannot receive push, even with push set up on the server', async () => {
    signIn();
    mockFetch(({ method, url }) => {
      if (url.pathname === '/api/auth/me') return json(200, { data: user });
      if (url.pathname === '/api/athletes/me' && method === 'GET') return json(200, { data: athlete });
      if (url.pathname === '/api/notifications/push/key') return json(200, { data: { public_key: 'BKey' } });
      return json(404, { message: 'Not found' });
    });
    renderPreferences();
    // jsdom has no PushManager.
    expect(await screen.findByText('This browser cannot receive push notifications.')).toBeVisible();
    expect(screen.getByRole('switch', { name: 'Push: missed key session' })).toBeChecked();
  });
});

describe('the unsubscribe link', () => {
  it('unsubscribes with one click and no sign-in, and says what was turned off', async () => {
    const calls = mockFetch(({ url }) => {
      if (url.pathname === '/api/notifications/unsubscribe')
        return json(200, { data: { kind: 'dailyEmail', unsubscribed: true } });
      return json(404, { message: 'Not found' });
    });
    render(
      <RouterProvider
        router={createMemoryRouter(routes, { initialEntries: ['/unsubscribe?token=abc.def'] })}
      />,
    );
    expect(await screen.findByText(/You are unsubscribed from the daily e-mail/)).toBeVisible();
    expect(calls.find((c) => c.url.pathname === '/api/notifications/unsubscribe')?.body).toEqual({
      token: 'abc.def',
    });
  });

  it('says when a link is not valid', async () => {
    mockFetch(({ url }) => {
      if (url.pathname === '/api/notifications/unsubscribe')
        return json(400, {
          message: 'This unsubscribe link is not valid. Change your notifications in Settings.',
          code: 'LINK_INVALID',
        });
      return json(404, { message: 'Not found' });
    });
    render(
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/unsubscribe?token=bad'] })} />,
    );
    expect(await screen.findByText(/This unsubscribe link is not valid/)).toBeVisible();
  });
});
