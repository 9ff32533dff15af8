// A session enters the app from a URL only as a one-time code on /confirm, and never over another account unasked.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../src/app/router.tsx';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function jwt(sub: string): string {
  const payload = btoa(JSON.stringify({ sub, exp: Math.floor(Date.now() / 1000) + 3600 })).replace(/=+$/, '');
  return `h.${payload}.s`;
}

function account(id: string, name: string, email: string) {
  return {
    id,
    athlete_id: id.replace(/0$/, 'a'),
    email,
    name,
    user_metadata: { name },
    email_confirmed_at: '2026-01-01T00:00:00.000Z',
    created_at: '2026-01-01T00:00:00.000Z',
  };
}

const ana = account('00000000-0000-4000-8000-000000000000', 'Ana Runner', 'ana@example.com');
const eve = account('00000000-0000-4000-8000-0000000000e0', 'Eve Attacker', 'eve@example.com');
const sessionOf = (user: typeof ana) => ({
  access_token: jwt(user.id),
  refresh_token: `refresh-${user.id}`,
  expires_at: Math.floor(Date.now() / 1000) + 3600,
  token_type: 'bearer' as const,
  user,
});
const anaSession = sessionOf(ana);
const eveSession = sessionOf(eve);

const stored = () => JSON.parse(localStorage.getItem('stamina.session') ?? 'null');

interface Call {
  path: string;
  body: unknown;
  authorization: string | null;
}

/** A fake API: /auth/me answers the user of the bearer token, the code exchange answers `exchanged`. */
function fakeApi(exchanged: Response | (() => Response)) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const path = new URL(url, 'http://localhost').pathname;
    const headers = new Headers(init.headers);
    calls.push({
      path,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      authorization: headers.get('authorization'),
    });
    if (path === '/api/auth/me') {
      const token = headers.get('authorization')?.replace('Bearer ', '');
      const user = [anaSession, eveSession].find((s) => s.access_token === token)?.user;
      return user
        ? json(200, { data: user })
        : json(401, { message: 'Invalid access token', code: 'TOKEN_INVALID' });
    }
    if (path === '/api/auth/confirm/exchange')
      return typeof exchanged === 'function' ? exchanged() : exchanged.clone();
    if (path === '/api/v1/health') return json(200, { data: { status: 'ok', database: 'ok', version: '0' } });
    if (path === '/api/auth/logout')
      return json(200, { data: { message: 'You have been successfully signed out.' } });
    return json(404, { message: 'Not found', code: 'NOT_FOUND' });
  });
  return calls;
}

function renderAt(path: string) {
  // The old code read the fragment from the window's address, so the tests put it there too.
  window.history.replaceState(null, '', path);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('a session in a URL', () => {
  it('is ignored: tokens in the fragment never replace the signed-in session', async () => {
    localStorage.setItem('stamina.session', JSON.stringify(anaSession));
    const calls = fakeApi(json(404, {}));
    const evil = new URLSearchParams({ access_token: eveSession.access_token, refresh_token: 'stolen' });
    renderAt(`/dashboard#${evil}`);
    expect(await screen.findByText('Hi Ana Runner')).toBeVisible();
    expect(stored().access_token).toBe(anaSession.access_token);
    expect(calls.every((c) => c.authorization !== `Bearer ${eveSession.access_token}`)).toBe(true);
  });

  it('is ignored when signed out too: the visitor is asked to log in', async () => {
    fakeApi(json(404, {}));
    const evil = new URLSearchParams({ access_token: eveSession.access_token, refresh_token: 'stolen' });
    const router = renderAt(`/dashboard#${evil}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(stored()).toBeNull();
  });
});

describe('the confirmation landing page with a sign-in code', () => {
  it('exchanges the code and opens the dashboard when nobody is signed in', async () => {
    const calls = fakeApi(json(200, { data: anaSession }));
    const router = renderAt('/confirm#code=one-time-code');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByText('Hi Ana Runner')).toBeVisible();
    const exchanges = calls.filter((c) => c.path === '/api/auth/confirm/exchange');
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0]!.body).toEqual({ code: 'one-time-code' });
    expect(exchanges[0]!.authorization).toBeNull();
    expect(stored().access_token).toBe(anaSession.access_token);
    expect(router.state.location.hash).toBe('');
  });

  it('asks before replacing another signed-in account, and keeps it when told to stay', async () => {
    localStorage.setItem('stamina.session', JSON.stringify(anaSession));
    const calls = fakeApi(json(200, { data: eveSession }));
    const router = renderAt('/confirm#code=eves-code');
    expect(await screen.findByRole('heading', { name: 'Switch account?' })).toBeVisible();
    expect(screen.getByText(/You are signed in as/)).toHaveTextContent(
      'You are signed in as ana@example.com, and this link signs you in as eve@example.com.',
    );
    // Nothing is replaced while the question is open.
    expect(stored().access_token).toBe(anaSession.access_token);

    await userEvent.click(screen.getByRole('button', { name: 'Stay signed in as ana@example.com' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByText('Hi Ana Runner')).toBeVisible();
    expect(stored().access_token).toBe(anaSession.access_token);
    // The unwanted session is ended on the server with its own token.
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/auth/logout')?.authorization).toBe(
        `Bearer ${eveSession.access_token}`,
      ),
    );
  });

  it('switches accounts when the athlete says so', async () => {
    localStorage.setItem('stamina.session', JSON.stringify(anaSession));
    fakeApi(json(200, { data: eveSession }));
    const router = renderAt('/confirm#code=eves-second-code');
    await userEvent.click(await screen.findByRole('button', { name: 'Switch to eve@example.com' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByText('Hi Eve Attacker')).toBeVisible();
    expect(stored().access_token).toBe(eveSession.access_token);
  });

  it('shows why a code did not work and keeps the signed-in session', async () => {
    localStorage.setItem('stamina.session', JSON.stringify(anaSession));
    const message =
      'This sign-in link has expired or was opened in another browser. Your address is confirmed: log in with your email and password.';
    fakeApi(json(400, { message, code: 'LINK_INVALID' }));
    renderAt('/confirm#code=stale');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(stored().access_token).toBe(anaSession.access_token);
  });
});
