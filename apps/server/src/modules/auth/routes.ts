// /api/auth: thin routes, each one schema and one service call.
import {
  dataEnvelope,
  ZConfirmQuery,
  ZEmailOnlyRequest,
  ZErrorResponse,
  ZLoginRequest,
  ZMessage,
  ZPasswordResetConfirmRequest,
  ZProfileUpdateRequest,
  ZRefreshRequest,
  ZSession,
  ZSignupRequest,
  ZSignupResponse,
  ZUser,
} from '@stamina/contract';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RateLimits } from '../../app.ts';
import { AppError } from '../../lib/errors.ts';
import type { FailureLimiter } from '../../lib/failure-limiter.ts';
import { requireAuth } from '../../plugins/authenticate.ts';
import type { AuthService } from './service.ts';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  409: ZErrorResponse,
  429: ZErrorResponse,
};

export function authRoutes(
  service: AuthService,
  authenticate: preHandlerHookHandler,
  limits: RateLimits,
  failedLogins: FailureLimiter,
) {
  return async function register(fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const perClient = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
    const userAgent = (request: FastifyRequest) => request.headers['user-agent'];

    app.post(
      '/signup',
      {
        config: perClient(limits.signupPerMinute),
        schema: {
          tags: ['auth'],
          summary: 'Create an account and send the confirmation e-mail',
          body: ZSignupRequest,
          response: { 201: dataEnvelope(ZSignupResponse), ...errors },
        },
      },
      async (request, reply) => reply.code(201).send({ data: await service.signup(request.body) }),
    );

    app.get(
      '/confirm',
      {
        schema: {
          tags: ['auth'],
          summary: 'Confirm an e-mail address from the link in the confirmation mail',
          description:
            'Browsers (Accept: text/html) are redirected to /dashboard signed in, the session in the URL fragment; an invalid link redirects to /confirm?error=…. Other clients get JSON.',
          querystring: ZConfirmQuery,
          response: { 200: dataEnvelope(ZSession), ...errors },
        },
      },
      async (request, reply) => {
        const wantsHtml = (request.headers.accept ?? '').includes('text/html');
        try {
          const session = await service.confirm(request.query.token ?? '', userAgent(request));
          if (!wantsHtml) return reply.send({ data: session });
          const fragment = new URLSearchParams({
            access_token: session.access_token,
            refresh_token: session.refresh_token,
            expires_at: String(session.expires_at),
            type: 'signup',
          });
          return reply.redirect(`/dashboard#${fragment}`, 302);
        } catch (err) {
          if (!wantsHtml || !(err instanceof AppError)) throw err;
          return reply.redirect(
            `/confirm?${new URLSearchParams({ error: err.code, message: err.message })}`,
            302,
          );
        }
      },
    );

    app.post(
      '/resend-confirmation',
      {
        config: perClient(limits.mailPerMinute),
        schema: {
          tags: ['auth'],
          summary: 'Send a new confirmation link (same answer whether or not the address exists)',
          body: ZEmailOnlyRequest,
          response: { 202: dataEnvelope(ZMessage), ...errors },
        },
      },
      async (request, reply) =>
        reply.code(202).send({ data: await service.resendConfirmation(request.body.email) }),
    );

    app.post(
      '/login',
      {
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
          body: ZLoginRequest,
          response: { 200: dataEnvelope(ZSession), ...errors },
        },
      },
      async (request, reply) => {
        // Beside the per-address limit above: failed sign-ins from one client across all addresses, checked
        // before the password hash is computed (docs/auth.md).
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
          const session = await service.login(request.body, userAgent(request));
          void failedLogins.giveBack(request.ip);
          return { data: session };
        } catch (err) {
          // Only a wrong address or password counts; a right password on an unconfirmed address does not.
          if (!(err instanceof AppError && err.code === 'INVALID_CREDENTIALS'))
            void failedLogins.giveBack(request.ip);
          throw err;
        }
      },
    );

    app.post(
      '/refresh',
      {
        schema: {
          tags: ['auth'],
          summary: 'Exchange a refresh token for a new token pair (each refresh token works once)',
          body: ZRefreshRequest,
          response: { 200: dataEnvelope(ZSession), ...errors },
        },
      },
      async (request) => ({ data: await service.refresh(request.body.refresh_token) }),
    );

    app.post(
      '/logout',
      {
        preHandler: authenticate,
        schema: {
          tags: ['auth'],
          summary: 'End the current session',
          security: [{ bearerAuth: [] }],
          response: { 200: dataEnvelope(ZMessage), ...errors },
        },
      },
      async (request) => ({ data: await service.logout(requireAuth(request).sessionId) }),
    );

    app.get(
      '/me',
      {
        preHandler: authenticate,
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user',
          security: [{ bearerAuth: [] }],
          response: { 200: dataEnvelope(ZUser), ...errors },
        },
      },
      // The user was loaded (or found in the session cache) while authenticating.
      async (request) => ({ data: requireAuth(request).user }),
    );

    app.put(
      '/profile',
      {
        preHandler: authenticate,
        schema: {
          tags: ['auth'],
          summary: 'Update the name and profile fields',
          security: [{ bearerAuth: [] }],
          body: ZProfileUpdateRequest,
          response: { 200: dataEnvelope(ZUser), ...errors },
        },
      },
      async (request) => ({ data: await service.updateProfile(requireAuth(request).userId, request.body) }),
    );

    app.post(
      '/password-reset',
      {
        config: perClient(limits.mailPerMinute),
        schema: {
          tags: ['auth'],
          summary: 'Send a password reset link (same answer whether or not the address exists)',
          body: ZEmailOnlyRequest,
          response: { 202: dataEnvelope(ZMessage), ...errors },
        },
      },
      async (request, reply) =>
        reply.code(202).send({ data: await service.requestPasswordReset(request.body.email) }),
    );

    app.post(
      '/password-reset/confirm',
      {
        config: perClient(limits.mailPerMinute),
        schema: {
          tags: ['auth'],
          summary: 'Set a new password with the link from the reset mail; ends every session',
          body: ZPasswordResetConfirmRequest,
          response: { 200: dataEnvelope(ZMessage), ...errors },
        },
      },
      async (request) => ({
        data: await service.confirmPasswordReset(request.body.token, request.body.password),
      }),
    );
  };
}
