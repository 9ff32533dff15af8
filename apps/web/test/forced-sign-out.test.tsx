// A session that ends without the Sign Out button (a refresh the server refuses: the session was revoked or has
// expired) forgets the account's saved API answers, as Sign Out does (issue 29 L1; docs/offline.md, "Keys").
import { OFFLINE_API_CACHE_NAME } from '@stamina/core';
import { render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../src/lib/api-client.ts';
import { AuthProvider } from '../src/lib/auth-context.tsx';
import { readSession, writeSession } from '../src/lib/session-store.ts';
import { json } from './calendar-test-utils.tsx';
import { signIn, user } from './dashboard-fixtures.ts';

describe('a forced sign-out', () => {
  const deleted: string[] = [];

  beforeEach(() => {
    deleted.length = 0;
    vi.stubGlobal('caches', {
      delete: vi.fn(async (name: string) => {
        deleted.push(name);
        return true;
      }),
    });
  });
  afterEach(() => {
    writeSession(null);
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('clears the saved API answers when the server refuses the refresh', async () => {
    signIn();
    // The access token is close to expiry, so the next call refreshes first; the server refuses the refresh.
    const session = readSession()!;
    const soon = btoa(JSON.stringify({ sub: user.id, exp: Math.floor(Date.now() / 1000) + 5 })).replace(
      /=+$/,
      '',
    );
    writeSession({ ...session, access_token: `h.${soon}.s` });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.endsWith('/auth/refresh'))
          return json(401, { message: 'Refresh token revoked', code: 'UNAUTHORIZED' });
        if (url.endsWith('/auth/me')) return json(200, { data: user });
        return json(200, { data: [] });
      }),
    );
    render(
      <AuthProvider>
        <p>app</p>
      </AuthProvider>,
    );
    deleted.length = 0;
    await expect(api.request('GET /training/workouts')).rejects.toThrow();
    expect(readSession()).toBeNull();
    await waitFor(() => expect(deleted).toContain(OFFLINE_API_CACHE_NAME));
  });

  it('keeps them while the session lasts', async () => {
    signIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { data: user })),
    );
    render(
      <AuthProvider>
        <p>app</p>
      </AuthProvider>,
    );
    writeSession({ ...readSession()!, user: { ...user, name: 'Renamed' } });
    expect(deleted).toEqual([]);
  });
});
