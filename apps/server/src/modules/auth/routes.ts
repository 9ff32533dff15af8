// /api/auth: thin routes, each one schema and one service call.
import { ZErrorResponse } from '@stamina/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import type { FailureLimiter } from '../../lib/failure-limiter.ts';
import type { RateLimits } from '../../lib/rate-limits.ts';
import { randomToken } from '../../lib/tokens.ts';
import { type Authenticate, requireAuth } from '../../plugins/authenticate.ts';
import { route } from '../../plugins/contract-route.ts';
import { security } from '../../plugins/route-schema.ts';
import { type AuthService, SIGNIN_CODE_TTL_MS } from './service.ts';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  409: ZErrorResponse,
  429: ZErrorResponse,
};

/**
 * The browser that followed a confirmation link holds this cookie; the sign-in code in the landing page's URL works
 * only together with it, so a code sent to someone else's browser signs nobody in (docs/auth.md).
 */
const SIGNIN_COOKIE = 'stamina_signin';
const SIGNIN_COOKIE_PATH = '/api/auth/confirm';

function signinCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return `${SIGNIN_COOKIE}=${value}; Path=${SIGNIN_COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

function readCookie(request: FastifyRequest, name: string): string {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return '';
}

export function authRoutes(
  service: AuthService,
  authenticate: Authenticate,
  limits: RateLimits,
  failedLogins: FailureLimiter,
  options: { secureCookies: boolean },
) {
  return async function register(app: FastifyInstance) {
    const perClient = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
    const userAgent = (request: FastifyRequest) => request.headers['user-agent'];

    /** Runs a password check counted against the client's failed sign-ins: refused with 429 and Retry-After while
     * the client is over its limit (checked before the password hash is computed), given back unless the answer is
     * a wrong address or password; a right password on an unconfirmed address does not count (docs/auth.md). */
    async function countingFailedSignIns<T>(
      request: FastifyRequest,
      reply: FastifyReply,
      check: () => Promise<T>,
    ): Promise<T> {
      const waitMs = await failedLogins.take(request.ip);
      if (waitMs > 0) {
        const minutes = Math.ceil(waitMs / 60_000);
        reply.header('retry-after', String(Math.ceil(waitMs / 1000)));
        throw new AppError(
          'RATE_LIMITED',
          `Too many requests: too many failed sign-ins from your network. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        );
      }
      try {
        const result = await check();
        void failedLogins.giveBack(request.ip);
        return result;
      } catch (err) {
        if (!(err instanceof AppError && err.code === 'INVALID_CREDENTIALS'))
          void failedLogins.giveBack(request.ip);
        throw err;
      }
    }

    route(
      app,
      'POST /auth/signup',
      {
        errors,
        config: perClient(limits.signupPerMinute),
        schema: {
          tags: ['auth'],
          summary: 'Create an account and send the confirmation e-mail',
        },
        status: 201,
      },
      async (request, reply) => reply.code(201).send({ data: await service.signup(request.body) }),
    );

    route(
      app,
      'GET /auth/confirm',
      {
        errors,
        schema: {
          tags: ['auth'],
          summary: 'Confirm an e-mail address from the link in the confirmation mail',
          description:
            'Browsers (Accept: text/html) are redirected to /confirm#code=… with a one-time sign-in code, which that page exchanges at POST /api/auth/confirm/exchange; an invalid link redirects to /confirm?error=…. Other clients get the session as JSON.',
        },
      },
      async (request, reply) => {
        const wantsHtml = (request.headers.accept ?? '').includes('text/html');
        try {
          const token = request.query.token ?? '';
          if (!wantsHtml) return reply.send({ data: await service.confirm(token, userAgent(request)) });
          // Never a session in the URL: a link carrying one could sign anyone in as anyone (docs/auth.md).
          const binding = randomToken();
          const code = await service.confirmForBrowser(token, binding);
          reply.header('set-cookie', signinCookie(binding, SIGNIN_CODE_TTL_MS / 1000, options.secureCookies));
          return reply.redirect(`/confirm#${new URLSearchParams({ code })}`, 302);
        } catch (err) {
          if (!wantsHtml || !(err instanceof AppError)) throw err;
          return reply.redirect(
            `/confirm?${new URLSearchParams({ error: err.code, message: err.message })}`,
            302,
          );
        }
      },
    );

    route(
      app,
      'GET /auth/confirm-email',
      {
        errors,
        schema: {
          tags: ['auth'],
          summary: 'Move the account to a new e-mail address from the link mailed to it',
          description:
            'Browsers (Accept: text/html) are redirected to /settings/profile?email_change=confirmed, or with email_change=failed and a message; other clients get the message as JSON (docs/profile.md, "Changing the email").',
        },
      },
      async (request, reply) => {
        const wantsHtml = (request.headers.accept ?? '').includes('text/html');
        try {
          const result = await service.confirmEmailChange(request.query.token ?? '');
          if (!wantsHtml) return reply.send({ data: result });
          return reply.redirect(
            `/settings/profile?${new URLSearchParams({ email_change: 'confirmed', message: result.message })}`,
            302,
          );
        } catch (err) {
          if (!wantsHtml || !(err instanceof AppError)) throw err;
          return reply.redirect(
            `/settings/profile?${new URLSearchParams({ email_change: 'failed', message: err.message })}`,
            302,
          );
        }
      },
    );

    route(
      app,
      'POST /auth/confirm/exchange',
      {
        errors,
        config: perClient(limits.signupPerMinute),
        schema: {
          tags: ['auth'],
          summary: 'Exchange the one-time code of a followed confirmation link for a session',
          description:
            'Works once, within 5 minutes, and only from the browser that followed the link (it holds a cookie set by the redirect).',
        },
      },
      async (request, reply) => {
        const binding = readCookie(request, SIGNIN_COOKIE);
        reply.header('set-cookie', signinCookie('', 0, options.secureCookies));
        return {
          data: await service.exchangeSigninCode(request.body.code, binding, userAgent(request)),
        };
      },
    );

    route(
      app,
      'POST /auth/resend-confirmation',
      {
        errors,
        config: perClient(limits.mailPerMinute),
        schema: {
          tags: ['auth'],
          summary: 'Send a new confirmation link (same answer whether or not the address exists)',
        },
        status: 202,
      },
      async (request, reply) =>
        reply.code(202).send({ data: await service.resendConfirmation(request.body.email) }),
    );

    route(
      app,
      'POST /auth/login',
      {
        errors,
        config: {
          rateLimit: {
            max: limits.loginPerMinute,
            timeWindow: '1 minute',
            // Keyed by client and address together; the body is parsed by the time this hook runs.
            hook: 'preHandler',
            keyGenerator: (request: FastifyRequest) => {
              const email = (request.body as { email?: unknown } | undefined)?.email;
              return `login:${request.ip}:${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
            },
          },
        },
        schema: {
          tags: ['auth'],
          summary: 'Sign in with e-mail and password',
        },
      },
      async (request, reply) => {
        // Beside the per-address limit above: failed sign-ins from one client across all addresses (docs/auth.md).
        return {
          data: await countingFailedSignIns(request, reply, () =>
            service.login(request.body, userAgent(request)),
          ),
        };
      },
    );

    route(
      app,
      'POST /auth/deletion/cancel',
      {
        errors,
        config: perClient(limits.loginPerMinute),
        schema: {
          tags: ['auth'],
          summary: 'Cancel a pending account deletion with e-mail and password, and sign in',
          description:
            'For an account a sign-in answered 403 ACCOUNT_PENDING_DELETION: the deletion is called off and a session opens (docs/account.md).',
        },
      },
      async (request, reply) => ({
        data: await countingFailedSignIns(request, reply, () =>
          service.cancelDeletion(request.body, userAgent(request)),
        ),
      }),
    );

    route(
      app,
      'POST /auth/refresh',
      {
        errors,
        schema: {
          tags: ['auth'],
          summary: 'Exchange a refresh token for a new token pair (each refresh token works once)',
        },
      },
      async (request) => ({ data: await service.refresh(request.body.refresh_token) }),
    );

    // The signed-in calls: authentication runs on request, before the body is read or validated.
    await app.register(async (scope) => {
      scope.addHook('onRequest', authenticate);
      const secured = scope;

      route(
        secured,
        'POST /auth/logout',
        {
          errors,
          schema: {
            tags: ['auth'],
            summary: 'End the current session',
            security,
          },
        },
        async (request) => ({ data: await service.logout(requireAuth(request).sessionId) }),
      );

      route(
        secured,
        'GET /auth/me',
        {
          errors,
          schema: {
            tags: ['auth'],
            summary: 'The signed-in user',
            security,
          },
        },
        // The user was loaded (or found in the session cache) while authenticating.
        async (request) => ({ data: requireAuth(request).user }),
      );

      route(
        secured,
        'PUT /auth/profile',
        {
          errors,
          schema: {
            tags: ['auth'],
            summary: 'Update the name and profile fields',
            security,
          },
        },
        async (request) => ({ data: await service.updateProfile(requireAuth(request).userId, request.body) }),
      );
    });

    route(
      app,
      'POST /auth/password-reset',
      {
        errors,
        config: perClient(limits.mailPerMinute),
        schema: {
          tags: ['auth'],
          summary: 'Send a password reset link (same answer whether or not the address exists)',
        },
        status: 202,
      },
      async (request, reply) =>
        reply.code(202).send({ data: await service.requestPasswordReset(request.body.email) }),
    );

    route(
      app,
      'POST /auth/password-reset/confirm',
      {
        errors,
        config: perClient(limits.mailPerMinute),
        schema: {
          tags: ['auth'],
          summary: 'Set a new password with the link from the reset mail; ends every session',
        },
      },
      async (request) => ({
        data: await service.confirmPasswordReset(request.body.token, request.body.password),
      }),
    );
  };
}
