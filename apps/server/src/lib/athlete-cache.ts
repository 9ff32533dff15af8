// A short-lived, bounded cache of serialized read responses per athlete. The calendar, training-load and
// analytics reads are made on every visit, change of period and refocus, and the data behind them changes
// far less often; on PGlite, which runs one query at a time, a few milliseconds per read turn into a queue at
// ten connections. A hit saves the database work and the serialization.
//
// Correctness: every write to an athlete's training data (workouts through the workout service, plans through
// the plan service) calls `invalidate` after it is committed; with Redis configured every other process hears
// of it too. Each athlete has a generation number that `invalidate` bumps: a read that raced a write (loaded
// before, stored after) is stored under the old generation and never served. The TTL bounds staleness should
// a message be lost, or when several processes share a database without Redis. Keys carry the athlete's
// "today", so a read never outlives the day it was computed for. Entries live in an LRU cache (lru-cache) bounded
// by count and TTL; the generations and the invalidation bus are ours.
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { createInvalidationBus } from './invalidation-bus.ts';

const CHANNEL = 'stamina:athlete-data:changed';

export interface AthleteCache<T> {
  /** The athlete's value under `key`: from the cache, or from `load`, which is then kept. */
  read(athleteId: string, key: string, load: () => Promise<T>): Promise<T>;
  /** The cached value, if fresh; with the generation to hand back to `store` after loading it. */
  lookup(athleteId: string, key: string): { hit: true; value: T } | { hit: false; generation: number };
  /** Keeps a value loaded under `generation`, unless the athlete's data changed since. */
  store(athleteId: string, key: string, generation: number, value: T): void;
  /** Forgets every entry of the athlete, here and in the other processes. */
  invalidate(athleteId: string): void;
  close(): void;
}

interface Entry<T> {
  athleteId: string;
  generation: number;
  value: T;
}

export function createAthleteCache<T>(
  options: { ttlMs?: number; maxEntries?: number; redis?: Redis | undefined } = {},
): AthleteCache<T> {
  const ttlMs = options.ttlMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 2000;
  // With a TTL of 0 nothing is stored (see `store`); lru-cache would read 0 as "no TTL".
  const entries = new LRUCache<string, Entry<T>>({ max: maxEntries, ttl: Math.max(1, Math.ceil(ttlMs)) });
  const generations = new Map<string, number>();
  const generationOf = (athleteId: string) => generations.get(athleteId) ?? 0;
  const entryKey = (athleteId: string, key: string) => `${athleteId}|${key}`;

  const bus = createInvalidationBus<{ athleteId: string }>(
    CHANNEL,
    ({ athleteId }) => {
      if (typeof athleteId !== 'string') return;
      generations.set(athleteId, generationOf(athleteId) + 1);
      const stale = [...entries.entries()].filter(([, entry]) => entry.athleteId === athleteId);
      for (const [key] of stale) entries.delete(key);
    },
    options.redis,
  );

  const cache: AthleteCache<T> = {
    lookup(athleteId, key) {
      const generation = generationOf(athleteId);
      const entry = entries.get(entryKey(athleteId, key));
      if (entry && entry.generation === generation) {
        return { hit: true, value: entry.value };
      }
      return { hit: false, generation };
    },
    store(athleteId, key, generation, value) {
      if (ttlMs <= 0 || generationOf(athleteId) !== generation) return;
      entries.set(entryKey(athleteId, key), { athleteId, generation, value });
    },
    async read(athleteId, key, load) {
      const found = cache.lookup(athleteId, key);
      if (found.hit) return found.value;
      const value = await load();
      cache.store(athleteId, key, found.generation, value);
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
  return cache;
}
