import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
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

const signIn = () => signInAs(user);

afterEach(() => writeSession(null));

describe('preferences page', () => {
  it('saves the units preference on the profile and shows it chosen', async () => {
    signIn();
    const calls = mockFetch(({ method, url, body }) => {
      if (url.pathname === '/api/auth/me') return json(200, { data: user });
      if (method === 'PUT' && url.pathname === '/api/auth/profile') {
        return json(200, {
          data: { ...user, user_metadata: { ...user.user_metadata, ...(body as object) } },
        });
      }
      return json(404, { message: 'Not found' });
    });
    render(
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/settings/preferences'] })} />,
    );
    const metric = await screen.findByRole('radio', { name: 'Metric (km)' });
    expect(metric).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Imperial (mi)' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Imperial (mi)' })).toBeChecked());
    expect(await screen.findByText('Units saved')).toBeVisible();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ units: 'imperial' });
  });

  it('starts weeks on Monday until the athlete chooses another day, and saves the week start on the profile', async () => {
    signIn();
    const calls = mockFetch(({ method, url, body }) => {
      if (url.pathname === '/api/auth/me') return json(200, { data: user });
      if (method === 'PUT' && url.pathname === '/api/auth/profile') {
        return json(200, {
          data: { ...user, user_metadata: { ...user.user_metadata, ...(body as object) } },
        });
      }
      return json(404, { message: 'Not found' });
    });
    render(
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/settings/preferences'] })} />,
    );
    const group = await screen.findByRole('radiogroup', { name: 'Week starts on' });
    expect(screen.getByRole('radio', { name: 'Monday' })).toBeChecked();
    expect(group).toHaveTextContent(/Monday.*Sunday.*Saturday/);
    await userEvent.click(screen.getByRole('radio', { name: 'Sunday' }));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Sunday' })).toBeChecked());
    expect(await screen.findByText('Week start saved')).toBeVisible();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ weekStart: 'sunday' });
  });

  it('keeps the old choice and says why when saving fails', async () => {
    signIn();
    mockFetch(({ method, url }) => {
      if (url.pathname === '/api/auth/me') return json(200, { data: user });
      if (method === 'PUT') return json(400, { message: 'units must be metric or imperial' });
      return json(404, { message: 'Not found' });
    });
    render(
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/settings/preferences'] })} />,
    );
    await userEvent.click(await screen.findByRole('radio', { name: 'Imperial (mi)' }));
    expect(await screen.findByText('units must be metric or imperial')).toBeVisible();
    expect(screen.getByRole('radio', { name: 'Metric (km)' })).toBeChecked();
  });
});
