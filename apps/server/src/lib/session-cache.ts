// A short-lived, bounded cache of open sessions, so an authenticated request needs no database round trip.
// Every change that could make an entry wrong (logout, revocation, password reset, profile change) drops it
// here and, when Redis is configured, in every other app process too. The TTL bounds staleness should an
// invalidation message be lost, or when several processes run without Redis.
import type { User } from '@stamina/contract';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { createInvalidationBus } from './invalidation-bus.ts';

export interface SessionIdentity {
  userId: string;
  athleteId: string;
  timezone: string;
  user: User;
}

type Invalidation = { kind: 'session'; id: string } | { kind: 'user'; id: string };

const CHANNEL = 'stamina:auth:invalidate';

export interface SessionCache {
  get(sessionId: string): SessionIdentity | undefined;
  set(sessionId: string, identity: SessionIdentity): void;
  invalidateSession(sessionId: string): void;
  invalidateUser(userId: string): void;
  close(): Promise<void>;
}

export function createSessionCache(
  options: { ttlMs?: number; maxEntries?: number; redis?: Redis | undefined } = {},
): SessionCache {
  const ttlMs = options.ttlMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 10_000;
  // Bounded by count and TTL (lru-cache); with a TTL of 0 nothing is stored (see `set`).
  const entries = new LRUCache<string, SessionIdentity>({
    max: maxEntries,
    ttl: Math.max(1, Math.ceil(ttlMs)),
  });

  const apply = (event: Invalidation) => {
    if (event.kind === 'session') {
      entries.delete(event.id);
      return;
    }
    const stale = [...entries.entries()].filter(([, identity]) => identity.userId === event.id);
    for (const [sessionId] of stale) entries.delete(sessionId);
  };

  const bus = createInvalidationBus<Invalidation>(CHANNEL, apply, options.redis);

  return {
    get(sessionId) {
      return entries.get(sessionId);
    },
    set(sessionId, identity) {
      if (ttlMs <= 0) return;
      entries.set(sessionId, identity);
    },
    invalidateSession: (id) => bus.publish({ kind: 'session', id }),
    invalidateUser: (id) => bus.publish({ kind: 'user', id }),
    async close() {
      entries.clear();
      bus.close();
    },
  };
}
