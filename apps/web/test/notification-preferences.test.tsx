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
  notification_preferences: { missedSession: true, newWeekPlan: false, recoveryWarning: true },
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
