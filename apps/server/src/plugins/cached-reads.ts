// Reads of an athlete's own training data served from the athlete cache (lib/athlete-cache.ts).
//
// `authenticatedReads(authenticate, cache)` is the route scopes' preHandler: it authenticates, and for a GET it
// answers at once with the serialized body stored for the athlete, the URL and the athlete's today, if there
// is one. Otherwise the route runs as usual and `storeCachedReads` keeps its serialized 200 body. A scope
// opts in by taking this preHandler instead of plain `authenticate`; only scopes whose every GET depends on
// nothing but data whose writes invalidate the cache may (workouts and plans: see app.ts).
import { dateInTimeZone } from '@stamina/core';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { AthleteCache } from '../lib/athlete-cache.ts';

interface Slot {
  athleteId: string;
  key: string;
  generation: number;
}

const slots = new WeakMap<FastifyRequest, Slot>();

export function authenticatedReads(
  authenticate: preHandlerHookHandler,
  cache: AthleteCache<string>,
): preHandlerHookHandler {
  return function authenticateThenServeCached(request, reply, done) {
    authenticate.call(this, request, reply, (err?: Error) => {
      const auth = request.auth;
      if (err || request.method !== 'GET' || !auth) {
        done(err);
        return;
      }
      const key = `${request.url}|${dateInTimeZone(new Date(), auth.timezone)}`;
      const found = cache.lookup(auth.athleteId, key);
      if (found.hit) {
        // Answered from the hook: a string body is sent as it is, and the route handler does not run.
        reply.type('application/json; charset=utf-8').send(found.value);
        return;
      }
      slots.set(request, { athleteId: auth.athleteId, key, generation: found.generation });
      done();
    });
  };
}

/**
 * Keeps the serialized body of every successful read that `authenticatedReads` let through. A callback hook,
 * not an async one: it runs on every response of the app, and most have nothing to store.
 */
export function storeCachedReads(app: FastifyInstance, cache: AthleteCache<string>): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    const slot = slots.get(request);
    if (slot && reply.statusCode === 200 && typeof payload === 'string') {
      cache.store(slot.athleteId, slot.key, slot.generation, payload);
    }
    done(null, payload);
  });
}
