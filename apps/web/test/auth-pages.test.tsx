import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../src/app/router.tsx';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const user = {
  id: '00000000-0000-4000-8000-000000000000',
  athlete_id: '00000000-0000-4000-8000-0000000000a1',
  email: 'ana@example.com',
  name: 'Ana Runner',
  user_metadata: { name: 'Ana Runner' },
  email_confirmed_at: '2026-01-01T00:00:00.000Z',
  created_at: '2026-01-01T00:00:00.000Z',
};

function jwt(): string {
  const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 })).replace(/=+$/, '');
  return `h.${payload}.s`;
}

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => vi.unstubAllGlobals());

/** The account call answers the user; the dashboard's data calls find nothing (404, which is not retried). */
function signedInApi(url: string, account: unknown): Response {
  if (new URL(url, 'http://localhost').pathname === '/api/auth/me') return json(200, { data: account });
  return json(404, { message: 'Not found', code: 'NOT_FOUND' });
}

describe('sign-up page', () => {
  it('keeps Create Account disabled until the terms are accepted, then shows the check-your-email message', async () => {
    const fetcher = vi.fn(async () =>
      json(201, { data: { user, message: 'Check your email for the confirmation link!' } }),
    );
    vi.stubGlobal('fetch', fetcher);
    renderAt('/signup');
    const submit = await screen.findByRole('button', { name: 'Create Account' });
    expect(submit).toBeDisabled();
    expect(screen.getByText('Please accept the Terms of Service and Privacy Policy')).toBeVisible();
    expect(screen.getByText('Create a secure password (min. 6 characters)')).toBeVisible();

    await userEvent.type(screen.getByLabelText('Full Name'), 'Ana Runner');
    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('checkbox'));
    expect(submit).toBeEnabled();
    await userEvent.click(submit);

    expect(await screen.findByText('Check your email for the confirmation link!')).toBeVisible();
    const body = JSON.parse(String((fetcher.mock.calls[0] as unknown as [string, RequestInit])[1].body));
    expect(body).toMatchObject({ name: 'Ana Runner', email: 'ana@example.com', password: 'secret1' });
  });

  it('shows the server message in a destructive alert', async () => {
    vi.stubGlobal('fetch', async () =>
      json(429, { message: 'Too many requests. Try again in 42 seconds.', code: 'RATE_LIMITED' }),
    );
    renderAt('/signup');
    await userEvent.type(await screen.findByLabelText('Full Name'), 'Ana');
    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Try again in 42 seconds.');
  });
});

describe('login page and guards', () => {
  it('sends a signed-out visitor from a protected page to /login and back there after sign-in', async () => {
    vi.stubGlobal('fetch', async (url: string) => {
      if (url.endsWith('/auth/login')) {
        return json(200, {
          data: { access_token: jwt(), refresh_token: 'r', expires_at: 0, token_type: 'bearer', user },
        });
      }
      return json(200, { data: { status: 'ok', database: 'ok', version: '0' } });
    });
    const router = renderAt('/settings/profile');
    expect(await screen.findByRole('heading', { name: 'Welcome Back' }, { timeout: 5000 })).toBeVisible();
    expect(router.state.location.pathname).toBe('/login');

    await userEvent.type(screen.getByLabelText('Email'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings/profile'));
    // The settings pages load lazily; give a busy machine time.
    expect(await screen.findByRole('heading', { name: 'Profile' }, { timeout: 5000 })).toBeVisible();
  });

  it("reads 'Logging in...' while busy and shows the backend message as-is", async () => {
    let answer: (r: Response) => void = () => {};
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    renderAt('/login');
    await userEvent.type(await screen.findByLabelText('Email'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(screen.getByRole('button', { name: 'Logging in...' })).toBeDisabled();
    answer(json(401, { message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
  });

  it('redirects a signed-in user away from /login to /dashboard', async () => {
    localStorage.setItem(
      'stamina.session',
      JSON.stringify({ access_token: jwt(), refresh_token: 'r', expires_at: 0, token_type: 'bearer', user }),
    );
    vi.stubGlobal('fetch', async (url: string) => signedInApi(url, user));
    const router = renderAt('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByText('Hi Ana Runner')).toBeVisible();
  });

  it('renders a hostile name as text', async () => {
    const hostile = {
      ...user,
      name: '<img src=x onerror=alert(1)>',
      user_metadata: { name: '<img src=x onerror=alert(1)>' },
    };
    localStorage.setItem(
      'stamina.session',
      JSON.stringify({
        access_token: jwt(),
        refresh_token: 'r',
        expires_at: 0,
        token_type: 'bearer',
        user: hostile,
      }),
    );
    vi.stubGlobal('fetch', async (url: string) => signedInApi(url, hostile));
    renderAt('/dashboard');
    expect(await screen.findByText('Hi <img src=x onerror=alert(1)>')).toBeVisible();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });
});
