import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createFailureLimiter } from '../src/lib/failure-limiter.ts';

// A Redis that never answers: nothing listens on port 1, and commands fail at once instead of queueing.
const down = new Redis({
  host: '127.0.0.1',
  port: 1,
  lazyConnect: true,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
});
down.on('error', () => {});
afterAll(() => down.disconnect());

describe('the failed sign-in limiter while Redis is down', () => {
  it('still refuses the attempt past the limit, counting in memory, and reports each Redis failure', async () => {
    const errors: unknown[] = [];
    const limiter = createFailureLimiter({
      name: 'test-down',
      max: 3,
      windowMs: 60_000,
      redis: down,
      onError: (err) => errors.push(err),
    });
    const waits = [];
    for (let i = 0; i < 4; i++) waits.push(await limiter.take('203.0.113.7'));
    expect(waits.slice(0, 3)).toEqual([0, 0, 0]);
    expect(waits[3]).toBeGreaterThan(0);
    expect(waits[3]).toBeLessThanOrEqual(60_000);
    expect(await limiter.take('198.51.100.1')).toBe(0);
    expect(errors.length).toBeGreaterThanOrEqual(5);
  });

  it('gives back an attempt that did not fail, so successful sign-ins are never refused', async () => {
    const limiter = createFailureLimiter({ name: 'test-down-2', max: 2, windowMs: 60_000, redis: down });
    for (let i = 0; i < 10; i++) {
      expect(await limiter.take('203.0.113.8')).toBe(0);
      await limiter.giveBack('203.0.113.8');
    }
  });
});
