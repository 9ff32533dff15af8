// Authenticated requests are served from a session cache; every revocation must still take effect at once,
// in this process and, through Redis, in every other process sharing the database.
import { describe, expect, it } from 'vitest';
import { createSessionCache } from '../src/lib/session-cache.ts';
import { bearer, REDIS_URL, redisAvailable, twoProcesses } from './helpers.ts';

const identity = (userId: string) => ({
  userId,
  athleteId: 'a',
  timezone: 'UTC',
  user: {
    id: userId,
    athlete_id: 'a',
    email: 'x@y.z',
    name: 'X',
    user_metadata: {},
    email_confirmed_at: null,
    created_at: '',
  },
});

describe('session cache', () => {
  it('forgets entries after their TTL and when their session or user is invalidated', async () => {
    const cache = createSessionCache({ ttlMs: 40 });
    cache.set('s1', identity('u1'));
    cache.set('s2', identity('u1'));
    cache.set('s3', identity('u2'));
    expect(cache.get('s1')?.userId).toBe('u1');
    cache.invalidateSession('s1');
    expect(cache.get('s1')).toBeUndefined();
    cache.invalidateUser('u1');
    expect(cache.get('s2')).toBeUndefined();
    expect(cache.get('s3')?.userId).toBe('u2');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(cache.get('s3')).toBeUndefined();
  });

  it('stays within its size bound, dropping the oldest entry', () => {
    const cache = createSessionCache({ maxEntries: 2 });
    cache.set('a', identity('1'));
    cache.set('b', identity('2'));
    cache.set('c', identity('3'));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')?.userId).toBe('3');
  });
});

describe.runIf(await redisAvailable(REDIS_URL))('two app processes sharing one database and Redis', () => {
  const processes = twoProcesses();

  it('a logout on one process ends the session on the other at once', async () => {
    const { session } = await processes.first().signUpAndConfirm();
    const me = () =>
      processes
        .second()
        .inject({ method: 'GET', url: '/api/auth/me', headers: bearer(session.access_token) });
    expect((await me()).statusCode).toBe(200);

    const logout = await processes.first().app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: bearer(session.access_token),
    });
    expect(logout.statusCode).toBe(200);
    await expect.poll(async () => (await me()).statusCode, { timeout: 2000, interval: 20 }).toBe(401);
  });

  it('a profile change on one process shows on the other at once', async () => {
    const { session } = await processes.first().signUpAndConfirm({ name: 'Before' });
    const me = () =>
      processes
        .second()
        .inject({ method: 'GET', url: '/api/auth/me', headers: bearer(session.access_token) });
    expect((await me()).json().data.name).toBe('Before');
    await processes.first().app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(session.access_token),
      payload: { name: 'After' },
    });
    await expect
      .poll(async () => (await me()).json().data.name, { timeout: 2000, interval: 20 })
      .toBe('After');
  });
});
