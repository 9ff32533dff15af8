// Authentication runs before the request is parsed or validated, on every secured operation: an anonymous
// request is a 401 whatever its body, query or path. The operations come from the app's own OpenAPI document,
// so an endpoint added later is checked without touching this file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

/** The operations that need no session. Any other operation must declare bearer auth and enforce it. */
const PUBLIC_OPERATIONS = new Set([
  'GET /api/v1/health',
  'GET /api/v1/client-config',
  'GET /api/analytics/health',
  'GET /api/dashboard/health',
  'POST /api/auth/signup',
  'GET /api/auth/confirm',
  'GET /api/auth/confirm-email',
  'POST /api/auth/resend-confirmation',
  'POST /api/auth/confirm/exchange',
  'POST /api/auth/login',
  'POST /api/auth/refresh',
  'POST /api/auth/password-reset',
  'POST /api/auth/password-reset/confirm',
  // Cancelling a pending deletion signs in with e-mail and password (docs/account.md).
  'POST /api/auth/deletion/cancel',
  // An export's download link carries its own signed, expiring token (docs/account.md).
  'GET /api/athletes/me/exports/{exportId}/download',
  // Providers' webhooks, verified by their own schemes instead (docs/devices.md, "Webhooks").
  'POST /api/devices/webhooks/garmin',
  'GET /api/devices/webhooks/strava',
  'POST /api/devices/webhooks/strava',
  // A mail's one-click unsubscribe: its signed token is the proof (docs/notifications.md).
  'POST /api/notifications/unsubscribe',
  'POST /api/notifications/unsubscribe/one-click',
]);

interface JsonSchema {
  type?: string;
  format?: string;
  enum?: unknown[];
  maxLength?: number;
  minimum?: number;
}
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  schema?: JsonSchema;
}
interface Operation {
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, unknown> };
}
interface BadRequest {
  operation: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** Whether some part of the request fails validation, so that checking it first would answer 400. */
  bad: boolean;
}

/** A value the schema refuses, or undefined when it accepts any string the router lets through. */
function badValue(schema: JsonSchema = {}, maxLength = Number.POSITIVE_INFINITY): string | undefined {
  if (schema.type === 'integer' || schema.type === 'number') return 'not-a-number';
  if (schema.enum) return 'not-one-of-the-options';
  if (schema.format === 'uuid') return 'not-a-uuid';
  if (schema.format === 'date' || schema.format === 'date-time') return 'not-a-date';
  if (schema.maxLength !== undefined && schema.maxLength < maxLength) return 'x'.repeat(schema.maxLength + 1);
  return undefined;
}

/** The operation's request with every part it can get wrong made wrong. */
function badRequest(method: string, path: string, op: Operation, maxParamLength: number): BadRequest {
  let bad = false;
  let url = path;
  const query = new URLSearchParams();
  for (const param of op.parameters ?? []) {
    // The router answers 414 itself to a path parameter longer than its limit, before any route runs.
    const value = badValue(param.schema, param.in === 'path' ? maxParamLength : undefined);
    if (value !== undefined) bad = true;
    if (param.in === 'path') url = url.replace(`{${param.name}}`, encodeURIComponent(value ?? 'some-id'));
    if (param.in === 'query' && value !== undefined) query.set(param.name, value);
  }
  const search = query.toString();
  const request: BadRequest = {
    operation: `${method} ${path}`,
    method,
    url: search ? `${url}?${search}` : url,
    headers: {},
    bad,
  };
  if (method === 'GET' || method === 'HEAD') return request;
  request.bad = true;
  if (op.requestBody?.content['application/json']) {
    // A JSON number where the schema wants an object or a list.
    request.headers['content-type'] = 'application/json';
    request.payload = '42';
  } else {
    // A content type no route parses: 415 when parsing comes first.
    request.headers['content-type'] = 'application/x-unknown';
    request.payload = 'bad';
  }
  return request;
}

let t: TestApp;
let operations: Array<{ key: string; method: string; path: string; op: Operation }>;
let accessToken: string;
beforeAll(async () => {
  t = await createTestApp();
  const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => {
      const upper = method.toUpperCase();
      return { key: `${upper} ${path}`, method: upper, path, op };
    }),
  );
  accessToken = (await t.signUpAndConfirm()).session.access_token;
});
afterAll(() => t.close());

const secured = () => operations.filter((o) => !PUBLIC_OPERATIONS.has(o.key));

describe('every secured operation authenticates first', () => {
  it('the document lists the public operations and declares bearer auth on all the others', () => {
    const keys = operations.map((o) => o.key);
    expect(keys.filter((key) => PUBLIC_OPERATIONS.has(key)).sort()).toEqual([...PUBLIC_OPERATIONS].sort());
    const undeclared = secured().filter((o) => !o.op.security?.length);
    expect(undeclared.map((o) => o.key)).toEqual([]);
    const declaredPublic = operations.filter((o) => PUBLIC_OPERATIONS.has(o.key) && o.op.security?.length);
    expect(declaredPublic.map((o) => o.key)).toEqual([]);
  });

  it('answers 401 to an anonymous request with a bad body, query or path', async () => {
    const maxParamLength = t.app.initialConfig.maxParamLength ?? 100;
    const requests = secured().map((o) => badRequest(o.method, o.path, o.op, maxParamLength));
    // Most operations take input that can be wrong; the check below proves it is wrong for each of them.
    expect(requests.filter((r) => r.bad).length).toBeGreaterThan(requests.length / 2);

    const wrong: string[] = [];
    for (const request of requests) {
      const inject = (headers: Record<string, string>) =>
        t.app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers: { ...request.headers, ...headers },
          ...(request.payload === undefined ? {} : { payload: request.payload }),
        });
      const anonymous = await inject({});
      if (anonymous.statusCode !== 401 || anonymous.json().code !== 'UNAUTHORIZED') {
        wrong.push(`${request.operation} anonymous: ${anonymous.statusCode} ${anonymous.body}`);
      }
      const forged = await inject({ authorization: 'Bearer not.a.token' });
      if (forged.statusCode !== 401) wrong.push(`${request.operation} bad token: ${forged.statusCode}`);
      if (request.bad) {
        // Signed in, the same request is refused for its input: so the 401 above came before validation.
        const signedIn = await inject({ authorization: `Bearer ${accessToken}` });
        if (signedIn.statusCode < 400 || signedIn.statusCode === 401 || signedIn.statusCode >= 500) {
          wrong.push(
            `${request.operation} signed in: ${signedIn.statusCode} (expected a 4xx for the bad input)`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('serves no cached read to a request without a valid token', async () => {
    const url = '/api/dashboard/summary';
    const signedIn = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(signedIn.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'GET',
      url,
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(again.body).toBe(signedIn.body);
    const anonymous = await t.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain('"data"');
  });
});
