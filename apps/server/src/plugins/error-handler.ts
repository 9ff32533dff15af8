// Maps every failure to { message, code, detail? } with a 4xx a person can act on; 5xx never leak internals.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, databaseErrorCode } from '../lib/errors.ts';

const FASTIFY_CODES: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'INVALID_JSON',
    message: 'The request body is not valid JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'INVALID_JSON',
    message: 'The request body is empty but Content-Type is application/json',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The request body is too large',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Unsupported Content-Type: send application/json',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'BAD_REQUEST',
    message: 'Content-Length does not match the body',
  },
};

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      return reply.code(error.status).send({
        message: error.message,
        code: error.code,
        ...(error.detail === undefined ? {} : { detail: error.detail }),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        field: [error.validationContext, ...v.instancePath.split('/').filter(Boolean)].join('.'),
        message: v.message,
      }));
      const first = issues[0];
      return reply.code(400).send({
        message: first ? `${first.field}: ${first.message}` : 'Invalid request',
        code: 'VALIDATION_FAILED',
        detail: issues,
      });
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known) return reply.code(known.status).send({ message: known.message, code: known.code });
    if (error.statusCode === 429) {
      return reply.code(429).send({ message: error.message, code: 'RATE_LIMITED' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ message: error.message, code: error.code ?? 'BAD_REQUEST' });
    }
    // Last line of defence: PostgreSQL refused a value (SQLSTATE class 22, "data exception": a date out of
    // range, a NUL in text, a number too large). The edge should have refused it first; the transaction rolled
    // back, so nothing was written, and the client sent the value, so it is a 400. Logged to close the gap.
    const sqlState = databaseErrorCode(error);
    if (sqlState?.startsWith('22')) {
      request.log.warn({ sqlState }, 'a value reached the database that the edge should have refused');
      return reply.code(400).send({
        message: 'A value in the request is out of the range Stamina can store',
        code: 'BAD_REQUEST',
      });
    }
    // Two transactions that waited on each other (deadlock) or could not both be serialised: PostgreSQL rolled
    // this one back, so nothing was written, and the same request sent again succeeds (docs/RELIABILITY.md,
    // "Concurrency").
    if (sqlState === '40P01' || sqlState === '40001') {
      request.log.warn({ sqlState }, 'a transaction was rolled back by a concurrent one');
      return reply.code(503).header('retry-after', '1').send({
        message:
          'Another change to the same data was saved at the same moment; nothing was written, try again',
        code: 'SERVICE_UNAVAILABLE',
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'Internal server error', code: 'INTERNAL' });
  });
}
