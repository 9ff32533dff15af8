// The Fastify instance and what every request goes through before a module sees it: compilers, security
// headers, error handler, input guards, the request log, CORS, rate limits and the OpenAPI document.
import { randomUUID } from 'node:crypto';
import fastifyCors from '@fastify/cors';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import { OneLinePerRequest } from '../lib/logger.ts';
import { createRequestLog, pathOf } from '../modules/logs/index.ts';
import { documentOwnAthleteId } from '../plugins/contract-route.ts';
import { registerErrorHandler } from '../plugins/error-handler.ts';
import { registerInputGuards } from '../plugins/input-guards.ts';
import { securityHeaders } from '../plugins/security-headers.ts';
import { contractSerializerCompiler } from '../plugins/serializer.ts';
import type { AppConfig } from './context.ts';

const BODY_LIMIT_BYTES = 1024 * 1024;

export async function createServer(config: AppConfig) {
  const app = Fastify({
    logger: config.logger,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy ?? false,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    return503OnClosing: true,
    logController: new OneLinePerRequest(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(contractSerializerCompiler());
  // Only JSON is accepted; anything else is a 415.
  app.removeContentTypeParser('text/plain');
  app.decorateRequest('auth', null);
  const headers = securityHeaders({ mapTileUrl: config.mapTileUrl ?? null });
  app.addHook('onRequest', (request, reply, done) => {
    const api = request.url.startsWith('/api/') && !request.url.startsWith('/api/docs');
    reply.headers(api ? headers.api : headers.page).header('x-request-id', request.id);
    done();
  });
  registerErrorHandler(app);
  registerInputGuards(app);
  // Every answered request of a signed-in athlete goes into their own in-memory request log, which the testing
  // dashboard lists and streams (docs/testing-dashboard.md): method, path without query, status, duration, id.
  const requestLog = createRequestLog();
  app.addHook('onResponse', (request, reply, done) => {
    const auth = request.auth;
    if (auth && request.routeOptions.config.requestLog !== false) {
      requestLog.record(auth.athleteId, {
        request_id: request.id,
        method: request.method,
        path: pathOf(request.url),
        status: reply.statusCode,
        duration_ms: Math.round(reply.elapsedTime * 10) / 10,
        time: new Date().toISOString(),
      });
    }
    done();
  });

  // CORS stays closed (no plugin, no headers) unless origins are configured.
  if (config.corsOrigins?.length) await app.register(fastifyCors, { origin: config.corsOrigins });
  await app.register(fastifyRateLimit, {
    global: false,
    ...(config.redis ? { redis: config.redis } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });

  await registerOpenApi(app, config.version);
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  return { app, requestLog };
}

/**
 * The OpenAPI document, built from the routes' zod schemas (the contract's). Also used by the endpoint-map test
 * to build the document the contract alone describes, with the same transforms.
 */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Stamina API', version: version },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // The log stream only: EventSource cannot send headers (docs/testing-dashboard.md).
          queryToken: { type: 'apiKey', in: 'query', name: 'token' },
        },
      },
    },
    transform: (input) => jsonSchemaTransform(documentOwnAthleteId(input)),
    transformObject: jsonSchemaTransformObject,
  });
}
