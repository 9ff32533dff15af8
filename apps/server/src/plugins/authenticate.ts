// Bearer-token authentication: a valid, unexpired JWT whose session has not been revoked.
import type { User } from '@stamina/contract';
import { DEFAULT_UNITS, DEFAULT_WEEK_START, type Units, type WeekStart } from '@stamina/core';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { AppError } from '../lib/errors.ts';
import type { SessionCache, SessionIdentity } from '../lib/session-cache.ts';
import type { TokenSigner } from '../lib/tokens.ts';

export interface AuthContext {
  userId: string;
  email: string;
  sessionId: string;
  athleteId: string;
  timezone: string;
  user: User;
}

/**
 * The identity a background job acts with (the daily adaptation, the daily e-mail): the athlete's id and time
 * zone, all the services it calls read of a caller. No session, no user: it never reaches a route.
 */
export function systemAuth(athleteId: string, timezone: string): AuthContext {
  return { athleteId, timezone, userId: '', email: '', sessionId: '', user: null } as unknown as AuthContext;
}

/**
 * The day the athlete's weeks start on (Settings → Preferences; core WEEK_STARTS), Monday when not set, as
 * for a system context without the profile (the daily jobs).
 */
export function athleteWeekStart(auth: Pick<AuthContext, 'user'>): WeekStart {
  return auth.user?.user_metadata.weekStart ?? DEFAULT_WEEK_START;
}

/** The athlete's units (Settings → Preferences), metric when not set, as for a system context. */
export function athleteUnits(auth: Pick<AuthContext, 'user'>): Units {
  return auth.user?.user_metadata.units ?? DEFAULT_UNITS;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  // 'Bearer <token>', the scheme in any case; checked without splitting, since this runs on every request.
  if (!header || header.length <= 7 || header.charCodeAt(6) !== 32) return undefined;
  if (header.slice(0, 6).toLowerCase() !== 'bearer') return undefined;
  const token = header.slice(7).trim();
  return token && !token.includes(' ') ? token : undefined;
}

/**
 * The hook of protected routes: a scope adds it as its `onRequest` hook (`scope.addHook('onRequest', authenticate)`),
 * the only way routes declare authentication. It sets request.auth or answers 401. On request, because Fastify
 * parses and validates the body, query and path after that hook: an anonymous request is a 401 whatever it sends,
 * and the server reads no body from it.
 */
export type Authenticate = onRequestHookHandler;

/** Where an open session's identity comes from: the auth service, which owns sessions. */
export interface SessionSource {
  openSessionIdentity(sessionId: string, userId: string): Promise<SessionIdentity | undefined>;
}

/** Who a token belongs to: `cached` without I/O when both its check and its session are cached, else `verify`. */
export interface TokenIdentifier {
  cached(token: string): AuthContext | undefined;
  /** Verifies the signature and that the session is still open; rejects with a 401 AppError otherwise. */
  verify(token: string): Promise<AuthContext>;
}

export function tokenIdentifier(
  sessions: SessionSource,
  signer: TokenSigner,
  cache: SessionCache,
): TokenIdentifier {
  return {
    cached(token) {
      const claims = signer.verifiedClaims(token);
      const identity = claims ? cache.get(claims.sid) : undefined;
      if (!claims || !identity || identity.userId !== claims.sub) return undefined;
      return { ...identity, email: claims.email, sessionId: claims.sid };
    },
    async verify(token) {
      const claims = await signer.verify(token);
      let identity = cache.get(claims.sid);
      if (!identity || identity.userId !== claims.sub) {
        identity = await sessions.openSessionIdentity(claims.sid, claims.sub);
        if (!identity) throw new AppError('TOKEN_INVALID', 'Session expired. Please log in again.');
        cache.set(claims.sid, identity);
      }
      return { ...identity, email: claims.email, sessionId: claims.sid };
    },
  };
}

/**
 * Most requests carry a token verified before and an open session found in the cache: those finish
 * synchronously, without a promise, since this runs on every authenticated request. The rest verify the
 * signature and load the session. `tokenOf` finds the token: the bearer header, except for the log stream,
 * which EventSource opens with the token in its query (docs/testing-dashboard.md, "Live stream").
 */
export function authenticator(
  sessions: SessionSource,
  signer: TokenSigner,
  cache: SessionCache,
  tokenOf: (request: FastifyRequest) => string | undefined = bearerToken,
): Authenticate {
  const identify = tokenIdentifier(sessions, signer, cache);
  return function authenticate(request, _reply, done) {
    const token = tokenOf(request);
    if (!token) {
      done(new AppError('UNAUTHORIZED', 'Authentication required'));
      return;
    }
    const known = identify.cached(token);
    if (known) {
      request.auth = known;
      done();
      return;
    }
    identify.verify(token).then((auth) => {
      request.auth = auth;
      done();
    }, done);
  };
}

/** The caller's identity inside a handler behind `authenticate`. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHORIZED', 'Authentication required');
  return request.auth;
}
