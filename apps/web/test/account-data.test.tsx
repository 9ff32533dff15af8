// Preferences & Account: Delete Account (docs/account.md: a dialog, a password, then signed out, purge date),
// the sign-in page's offer to cancel a pending deletion, and "Download my data" with its progress and link.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../src/app/router.tsx';
import { readSession, writeSession } from '../src/lib/session-store.ts';
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

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  writeSession(null);
  sessionStorage.clear();
});

describe('Delete Account', () => {
  it('asks in the spec words for the password, refuses a wrong one, then signs out and shows the purge date', async () => {
    signInAs(user);
    let attempts = 0;
    const calls = mockFetch(({ method, url }) => {
      if (url.pathname === '/api/auth/me') return json(200, { data: user });
      if (method === 'DELETE' && url.pathname === '/api/athletes/me') {
        attempts += 1;
        if (attempts === 1) {
          return json(403, {
            message: 'That password is not correct. Your account was not deleted.',
            code: 'FORBIDDEN',
          });
        }
        return json(200, {
          data: {
            deletion_requested_at: '2026-11-26T10:00:00.000Z',
            purge_after: '2026-12-03T10:00:00.000Z',
            message: 'Your account and all your data will be deleted on 2026-12-03.',
          },
        });
      }
      if (url.pathname === '/api/auth/logout')
        return json(401, { message: 'Authentication required', code: 'UNAUTHORIZED' });
      return json(404, { message: 'Not found', code: 'NOT_FOUND' });
    });
    const router = renderAt('/settings/preferences');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(
      within(dialog).getByText(
        'This action cannot be undone. This will permanently delete your account and remove all your data from our servers.',
      ),
    ).toBeVisible();
    const confirm = within(dialog).getByRole('button', { name: 'Delete Account' });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Password'), 'wrong');
    await userEvent.click(confirm);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'That password is not correct. Your account was not deleted.',
    );
    expect(readSession()).not.toBeNull();

    await userEvent.clear(within(dialog).getByLabelText('Password'));
    await userEvent.type(within(dialog).getByLabelText('Password'), 'right password');
    await userEvent.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(readSession()).toBeNull();
    expect(await screen.findByText(/All your data will be removed on 2026-12-03/)).toBeVisible();
    const sent = calls.filter((c) => c.method === 'DELETE').map((c) => c.body);
    expect(sent).toEqual([{ password: 'wrong' }, { password: 'right password' }]);
  });
});

describe('signing in to an account whose deletion is pending', () => {
  it('offers to cancel the deletion; cancelling signs in', async () => {
    const session = {
      access_token: `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 })).replace(/=+$/, '')}.s`,
      refresh_token: 'r',
      expires_at: Math.floor(Date.now() / 1000) + 3600,
      token_type: 'bearer',
      user,
    };
    const calls = mockFetch(({ url }) => {
      if (url.pathname === '/api/auth/login') {
        return json(403, {
          message: 'This account is scheduled for deletion on 2026-12-03.',
          code: 'ACCOUNT_PENDING_DELETION',
          detail: { purge_after: '2026-12-03T10:00:00.000Z' },
        });
      }
      if (url.pathname === '/api/auth/deletion/cancel') return json(200, { data: session });
      if (url.pathname === '/api/auth/me') return json(200, { data: user });
      return json(404, { message: 'Not found', code: 'NOT_FOUND' });
    });
    const router = renderAt('/login');
    await userEvent.type(await screen.findByLabelText('Email'), 'ana@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText(/scheduled for deletion on 2026-12-03/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel the deletion and log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(readSession()?.user.id).toBe(user.id);
    expect(calls.find((c) => c.url.pathname === '/api/auth/deletion/cancel')?.body).toEqual({
      email: 'ana@example.com',
      password: 'secret1',
    });
  });
});

describe('Download my data', () => {
  it('starts the export, shows its progress, then the download link', async () => {
    signInAs(user);
    let polls = 0;
    const base = {
      id: '00000000-0000-4000-8000-0000000000e1',
      size_bytes: null,
      message: null,
      created_at: '2026-11-26T10:00:00.000Z',
      expires_at: null,
      download_url: null,
    };
    mockFetch(({ method, url }) => {
      if (url.pathname === '/api/auth/me') return json(200, { data: user });
      if (method === 'POST' && url.pathname === '/api/athletes/me/exports') {
        return json(202, { data: { ...base, status: 'queued', percent: 0 } });
      }
      if (url.pathname === `/api/athletes/me/exports/${base.id}`) {
        polls += 1;
        if (polls === 1) return json(200, { data: { ...base, status: 'running', percent: 40 } });
        return json(200, {
          data: {
            ...base,
            status: 'ready',
            percent: 100,
            size_bytes: 2048,
            expires_at: '2026-11-28T10:00:00.000Z',
            download_url: `/api/athletes/me/exports/${base.id}/download?token=abc`,
          },
        });
      }
      return json(404, { message: 'Not found', code: 'NOT_FOUND' });
    });
    renderAt('/settings/preferences');
    await userEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Preparing your export… 40%')).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    const link = await screen.findByRole('link', { name: 'Download the zip' }, { timeout: 3000 });
    expect(link).toHaveAttribute('href', `/api/athletes/me/exports/${base.id}/download?token=abc`);
  });
});

describe('Import data', () => {
  const running = (rowsDone: number) => ({
    id: '00000000-0000-4000-8000-0000000000f1',
    status: 'running',
    percent: Math.round((rowsDone / 1000) * 100),
    rows_done: rowsDone,
    rows_total: 1000,
    message: null,
    started_at: '2026-11-26T10:00:00.000Z',
  });

  /** fetch answering the import's POST only when `finish` is called; the progress poll through `progress`. */
  function serveImport(progress: () => Response) {
    let finish: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let started = false;
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      if (url.pathname === '/api/auth/me') return json(200, { data: user });
      if (url.pathname === '/api/athletes/me/import' && method === 'POST') {
        started = true;
        await answered;
        return json(200, {
          data: { counts: { workouts: 1000 }, files: 0, skipped: 0, message: 'Imported 1,000 rows.' },
        });
      }
      if (url.pathname === '/api/athletes/me/import') {
        return started ? progress() : json(200, { data: null });
      }
      return json(404, { message: 'Not found', code: 'NOT_FOUND' });
    });
    return { finish: () => finish() };
  }

  afterEach(() => vi.unstubAllGlobals());

  it('shows the rows written while the import runs, then what it imported', async () => {
    signInAs(user);
    let rows = 0;
    let ended = false;
    const server = serveImport(() => {
      if (ended) return json(200, { data: { ...running(1000), status: 'done', percent: 100 } });
      rows = Math.min(1000, rows + 400);
      return json(200, { data: running(rows) });
    });
    renderAt('/settings/preferences');
    const file = new File(['zip'], 'stamina-export.zip', { type: 'application/zip' });
    await userEvent.upload(await screen.findByLabelText('Export zip file'), file);
    expect(await screen.findByRole('button', { name: 'Importing…' })).toBeDisabled();
    const bar = await screen.findByRole('progressbar', { name: 'Import progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('Importing your data… 40% (400 of 1,000 rows)')).toBeVisible();
    // Polled again a second later: the bar moves on.
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '80'), { timeout: 3000 });
    ended = true;
    server.finish();
    expect(await screen.findByText('Imported 1,000 rows.', { selector: 'p[role="status"]' })).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Import progress' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Import data' })).toBeEnabled();
  });

  it('says the progress cannot be shown when its poll fails, and the import still ends', async () => {
    signInAs(user);
    const server = serveImport(() => json(400, { message: 'Progress unavailable', code: 'BAD_REQUEST' }));
    renderAt('/settings/preferences');
    const file = new File(['zip'], 'stamina-export.zip', { type: 'application/zip' });
    await userEvent.upload(await screen.findByLabelText('Export zip file'), file);
    expect(await screen.findByText('Uploading your export…')).toBeVisible();
    expect(
      await screen.findByText(
        'The progress cannot be shown right now (Progress unavailable); the import goes on.',
      ),
    ).toBeVisible();
    server.finish();
    expect(await screen.findByText('Imported 1,000 rows.', { selector: 'p[role="status"]' })).toBeVisible();
  });
});
