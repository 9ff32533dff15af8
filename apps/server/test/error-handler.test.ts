import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../src/plugins/error-handler.ts';

// Errors the database raises after a request passed the edge: a value it refuses, a transaction it rolls back.
// Drizzle wraps the driver's error in `cause`, so the handler must find the SQLSTATE there.
function databaseError(sqlState: string): Error {
  const driver = Object.assign(new Error('driver error'), {
    code: sqlState,
    severity: 'ERROR',
    routine: 'x',
  });
  return Object.assign(new Error('Failed query: update workout_templates …'), { cause: driver });
}

const app = Fastify();
registerErrorHandler(app);
app.get('/fails/:state', async (request) => {
  throw databaseError((request.params as { state: string }).state);
});
afterAll(() => app.close());

describe('database errors reaching the error handler', () => {
  it('answers a deadlock or a serialisation failure with 503 and Retry-After, never a 500', async () => {
    for (const state of ['40P01', '40001']) {
      const res = await app.inject({ method: 'GET', url: `/fails/${state}` });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.json()).toEqual({
        message:
          'Another change to the same data was saved at the same moment; nothing was written, try again',
        code: 'SERVICE_UNAVAILABLE',
      });
    }
  });

  it('answers a value PostgreSQL refuses (class 22) with 400', async () => {
    const res = await app.inject({ method: 'GET', url: '/fails/22008' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_REQUEST');
  });

  it('keeps any other database failure a 500 that names nothing internal', async () => {
    const res = await app.inject({ method: 'GET', url: '/fails/53300' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Internal server error', code: 'INTERNAL' });
  });
});
