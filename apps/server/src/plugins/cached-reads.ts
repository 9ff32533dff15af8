// Reads of an athlete's own training data served from the athlete cache (lib/athlete-cache.ts).
//
// `authenticatedReads(authenticate, cache)` is the route scopes' onRequest hook: it authenticates, and for a GET
// it answers at once with the serialized body stored for the athlete, the URL, the athlete's today and week start, if there
// is one. That is before Fastify validates the query and path, which is sound because only a 200 body is stored,
// under the exact URL: a URL found in the cache passed validation when it was stored. Otherwise it gives that
// reply a serializer of its own: the route's compiled serializer for the status, which also keeps a 200 body in
// the cache. (Not an onSend hook: any onSend hook in the app takes Fastify off its fast path for every response
// of every route, about a sixth of the throughput of /api/auth/me.)
// A scope opts in by taking this hook instead of plain `authenticate`; only scopes whose every GET depends
// on nothing but data whose writes invalidate the cache may (see wiring/).
import { dateInTimeZone } from '@stamina/core';
import type { AthleteCache } from '../lib/athlete-cache.ts';
import { type Authenticate, athleteWeekStart } from './authenticate.ts';

export function authenticatedReads(authenticate: Authenticate, cache: AthleteCache<Buffer>): Authenticate {
  return function authenticateThenServeCached(request, reply, done) {
    authenticate.call(this, request, reply, (err?: Error) => {
      const auth = request.auth;
      if (err || request.method !== 'GET' || !auth) {
        done(err);
        return;
      }
      // The athlete's week start is in the key: weekly reads are cut by it, and changing it is no data write.
      const key = `${request.url}|${dateInTimeZone(new Date(), auth.timezone)}|${athleteWeekStart(auth)}`;
      const found = cache.lookup(auth.athleteId, key);
      if (found.hit) {
        // Answered from the hook: the stored bytes are sent as they are (no encoding per request), and the
        // route handler does not run.
        reply.type('application/json; charset=utf-8').send(found.value);
        return;
      }
      // A serializer of our own leaves the content type to us: JSON, as the hit above (docs/RELIABILITY.md).
      reply.type('application/json; charset=utf-8');
      reply.serializer((payload: unknown) => {
        // Fastify drops the content type set above when the route answers with an error (its error path resets
        // the headers), and leaves it to a custom serializer: so it is set again here, for 4xx answers too.
        if (!reply.hasHeader('content-type')) reply.type('application/json; charset=utf-8');
        const status = reply.statusCode;
        const serialize = reply.getSerializationFunction(String(status));
        const body = serialize ? serialize(payload as Record<string, unknown>) : JSON.stringify(payload);
        if (status === 200) cache.store(auth.athleteId, key, found.generation, Buffer.from(body));
        return body;
      });
      done();
    });
  };
}
