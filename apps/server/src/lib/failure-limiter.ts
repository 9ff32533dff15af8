// Counts failures per key in a fixed window (failed sign-ins per client address, docs/auth.md). In Redis when
// configured, so every app process shares one count; in memory otherwise, and in memory while Redis fails.
//
// An attempt is counted when it starts, before the expensive work, and given back when it turns out not to be a
// failure: a burst of parallel attempts cannot all slip past the check before the first failure is recorded.
import type { Redis } from 'ioredis';

export interface FailureLimiter {
  /** Counts an attempt under `key`; resolves to the milliseconds to wait when the key is over its limit, else 0. */
  take(key: string): Promise<number>;
  /** Takes back an attempt of `key` that did not fail. */
  giveBack(key: string): Promise<void>;
}

export interface FailureLimiterOptions {
  /** Key prefix in Redis, also what tells one limiter's counts from another's. */
  name: string;
  max: number;
  windowMs: number;
  redis?: Redis | undefined;
  /** Reports a Redis failure; the attempt is then counted in this process's memory instead. */
  onError?: (err: unknown) => void;
}

const MEMORY_SWEEP_SIZE = 10_000;
const GIVE_BACK =
  "if redis.call('exists', KEYS[1]) == 1 then return redis.call('decr', KEYS[1]) end return 0";

export function createFailureLimiter(options: FailureLimiterOptions): FailureLimiter {
  return options.redis ? redisLimiter(options.redis, options) : memoryLimiter(options);
}

function memoryLimiter({ max, windowMs }: FailureLimiterOptions): FailureLimiter {
  const counts = new Map<string, { count: number; resetAt: number }>();
  function sweep(now: number) {
    for (const [key, entry] of counts) if (entry.resetAt <= now) counts.delete(key);
  }
  return {
    async take(key) {
      const now = Date.now();
      let entry = counts.get(key);
      if (!entry || entry.resetAt <= now) {
        if (counts.size >= MEMORY_SWEEP_SIZE) sweep(now);
        entry = { count: 0, resetAt: now + windowMs };
        counts.set(key, entry);
      }
      entry.count += 1;
      return entry.count > max ? entry.resetAt - now : 0;
    },
    async giveBack(key) {
      const entry = counts.get(key);
      if (entry && entry.resetAt > Date.now() && entry.count > 0) entry.count -= 1;
    },
  };
}

function redisLimiter(redis: Redis, options: FailureLimiterOptions): FailureLimiter {
  const { name, max, windowMs, onError } = options;
  const redisKey = (key: string) => `stamina:${name}:${key}`;
  // While Redis fails, each process still limits on its own count: neither every sign-in refused nor none.
  const fallback = memoryLimiter(options);
  return {
    async take(key) {
      const k = redisKey(key);
      try {
        // The window starts with the first attempt; later ones only count.
        const results = await redis.multi().set(k, '0', 'PX', windowMs, 'NX').incr(k).pttl(k).exec();
        const count = Number(results?.[1]?.[1] ?? 0);
        const ttl = Number(results?.[2]?.[1] ?? -1);
        return count > max ? (ttl > 0 ? ttl : windowMs) : 0;
      } catch (err) {
        onError?.(err);
        return fallback.take(key);
      }
    },
    async giveBack(key) {
      // Never below an expired window: a DECR on a missing key would create one without expiry.
      await redis.eval(GIVE_BACK, 1, redisKey(key)).catch(async (err: unknown) => {
        onError?.(err);
        await fallback.giveBack(key);
      });
    },
  };
}
