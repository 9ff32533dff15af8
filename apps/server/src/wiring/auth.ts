// Sign-up, sign-in and sessions (docs/auth.md): the auth service, the `authenticate` hook every protected scope
// runs, the Idempotency-Key hooks (registered before any route) and the auth routes.
import type { FastifyInstance } from 'fastify';
import { createFailureLimiter } from '../lib/failure-limiter.ts';
import { DEFAULT_RATE_LIMITS } from '../lib/rate-limits.ts';
import { createSessionCache } from '../lib/session-cache.ts';
import { refreshTokenDeriver, tokenSigner } from '../lib/tokens.ts';
import { authRoutes, createAuthService } from '../modules/auth/index.ts';
import { authenticator } from '../plugins/authenticate.ts';
import { idempotentCreates } from '../plugins/idempotency.ts';
import type { AppConfig } from './context.ts';

export async function wireAuth(app: FastifyInstance, config: AppConfig) {
  const { db } = config.database;
  const signer = tokenSigner(config.jwtSecret, config.appUrl);
  const sessions = createSessionCache({ redis: config.redis, ttlMs: config.sessionCacheTtlMs });
  app.addHook('onClose', () => sessions.close());
  const limits = { ...DEFAULT_RATE_LIMITS, ...config.rateLimits };
  const authService = createAuthService({
    db,
    signer,
    deriveRefreshToken: refreshTokenDeriver(config.jwtSecret),
    mailer: config.mailer,
    appUrl: config.appUrl,
    log: app.log,
    sessions,
  });
  const authenticate = authenticator(authService, signer, sessions);
  // Before any route: every creating POST (config.idempotent) gets the Idempotency-Key hooks.
  const idempotency = idempotentCreates(db);
  app.addHook('onRoute', idempotency.onRoute);

  const failedLogins = createFailureLimiter({
    name: 'failed-logins',
    max: limits.loginFailuresPerClient,
    windowMs: limits.loginFailureWindowSeconds * 1000,
    redis: config.redis,
    onError: (err) => app.log.warn({ err }, 'Redis unavailable; failed sign-ins counted in this process'),
  });
  await app.register(
    authRoutes(authService, authenticate, limits, failedLogins, {
      secureCookies: config.appUrl.startsWith('https:'),
    }),
    { prefix: '/api/auth' },
  );
  return { signer, sessions, limits, authService, authenticate, idempotency };
}
