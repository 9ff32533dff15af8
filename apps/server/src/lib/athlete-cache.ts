// A short-lived, bounded cache of calendar ranges per athlete, holding each range's response body. The calendar is read on every visit, every
// change of week or month and every refocus, and written far less often, so a hit saves the database round
// trip that dominates the call.
//
// Correctness: every write to an athlete's workouts goes through the workout service, whose `onChange`
// calls `invalidate` after the write; with Redis configured every other process hears of it too. Each athlete has
// a generation number that `invalidate` bumps: a read that raced a write (loaded before, stored after) is
// stored under the old generation and never served. The TTL bounds staleness should a message be lost, or
// when several processes share a database without Redis.
import type { Redis } from 'ioredis';
import { createInvalidationBus } from '../../lib/invalidation-bus.ts';

const CHANNEL = 'stamina:workouts:changed';

export interface CalendarCache<T> {
  /** The athlete's range between two dates: from the cache, or from `load`, which is then kept. */
  read(athleteId: string, from: string, to: string, load: () => Promise<T>): Promise<T>;
  /** Forgets every range of the athlete, here and in the other processes. */
  invalidate(athleteId: string): void;
  close(): void;
}

interface Entry<T> {
  athleteId: string;
  generation: number;
  expiresAt: number;
  value: T;
}

export function createCalendarCache<T>(
  options: { ttlMs?: number; maxEntries?: number; redis?: Redis | undefined } = {},
): CalendarCache<T> {
  const ttlMs = options.ttlMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 500;
  const entries = new Map<string, Entry<T>>();
  const generations = new Map<string, number>();
  const generationOf = (athleteId: string) => generations.get(athleteId) ?? 0;

  const bus = createInvalidationBus<{ athleteId: string }>(
    CHANNEL,
    ({ athleteId }) => {
      if (typeof athleteId !== 'string') return;
      generations.set(athleteId, generationOf(athleteId) + 1);
      for (const [key, entry] of entries) if (entry.athleteId === athleteId) entries.delete(key);
    },
    options.redis,
  );

  return {
    async read(athleteId, from, to, load) {
      const key = `${athleteId}|${from}|${to}`;
      const generation = generationOf(athleteId);
      const entry = entries.get(key);
      if (entry && entry.generation === generation && entry.expiresAt > Date.now()) return entry.value;
      const value = await load();
      if (ttlMs > 0 && generationOf(athleteId) === generation) {
        entries.delete(key);
        // Maps iterate in insertion order, so the first key is the oldest entry.
        if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
        entries.set(key, { athleteId, generation, expiresAt: Date.now() + ttlMs, value });
      }
      return value;
    },
    invalidate(athleteId) {
      bus.publish({ athleteId });
    },
    close() {
      entries.clear();
      bus.close();
    },
  };
}
