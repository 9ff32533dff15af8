// The API fuzz suite: requests generated from the app's own OpenAPI document, for every operation, signed in
// as an athlete with data and anonymously, with wrong types, missing fields, huge strings, deep JSON, unicode
// edge cases and absurd numbers and dates. The rule: never a 5xx, every 4xx is JSON with a `message`, and every
// answer with a body has a Content-Type.
// FUZZ_REQUESTS (default 2,300) sets the run's size and FUZZ_SEED replays or varies it (docs/RELIABILITY.md).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthContext } from '../src/plugins/authenticate.ts';
import { bearer, createTestApp, fakeSpeechToText, type TestApp } from './helpers.ts';
import {
  encodeUrlValue,
  hostileValue,
  type OpenApiDocument,
  type Operation,
  operationsOf,
  schemaValue,
  urlValueOf,
  wellFormed,
} from './openapi-arbitraries.ts';

const TOTAL_REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2_300);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);

let t: TestApp;
let doc: OpenApiDocument;
let operations: Operation[];
let stt: Awaited<ReturnType<typeof fakeSpeechToText>>;
beforeAll(async () => {
  // Voice prompts go to a speech-to-text service: a fake one on loopback, so the route is fuzzed whole.
  stt = await fakeSpeechToText();
  t = await createTestApp({ stt: { url: stt.url, model: 'whisper-1', timeoutMs: 5_000 } });
  doc = t.app.swagger() as unknown as OpenApiDocument;
  operations = operationsOf(doc);
});
afterAll(async () => {
  await t.close();
  await stt.close();
});

interface Athlete {
  email: string;
  password: string;
  token: string;
  athleteId: string;
  /** Ids of the athlete's own rows, by the path parameter names that take them. */
  ids: { workoutId: string[]; id: string[]; changeId: string[] };
}

/** A fresh athlete with a row in each table an {id} can name, so requests reach past the 404s. */
async function athleteWithData(): Promise<Athlete> {
  const { session, email, password } = await t.signUpAndConfirm();
  const token = session.access_token;
  const post = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
    if (res.statusCode >= 300) throw new Error(`seeding ${url}: ${res.statusCode} ${res.body}`);
    return res.json().data as { id: string };
  };
  const today = new Date().toISOString().slice(0, 10);
  const done = await post('/api/workout-planning/workouts', {
    title: 'Threshold',
    workout_date: today,
    sport: 'run',
    workout_language_text: '15min WU, 3x 8min @ threshold w/ 2min easy, 10min CD',
    status: 'completed',
  });
  const planned = await post('/api/training/workouts', {
    title: 'Long ride',
    workout_date: today,
    sport: 'bike',
    duration: 120,
  });
  const plan = await post('/api/training/plans', {
    title: 'Marathon',
    race_type: 'Marathon',
    start_date: today,
    race_date: '2027-10-10',
  });
  const wellness = await post('/api/metrics', { date: today, hrv: 55, resting_hr: 48, sleep_hours: 7.5 });
  // A plan change (docs/adaptation.md) of the plan, so that its undo call reaches past the 404.
  await t.app.inject({
    method: 'PUT',
    url: `/api/training/workouts/${planned.id}`,
    headers: bearer(token),
    payload: { plan_id: plan.id },
  });
  const change = await t.app.adaptation.applyChange(
    { athleteId: session.user.athlete_id, timezone: 'UTC' } as AuthContext,
    {
      workoutId: planned.id,
      kind: 'shorten',
      source: 'coach',
      reason: 'Shortened',
      patch: { durationMinutes: 90 },
    },
  );
  return {
    email,
    password,
    token,
    athleteId: session.user.athlete_id,
    ids: {
      workoutId: [done.id, planned.id],
      id: [session.user.athlete_id, plan.id, wellness.id],
      changeId: [change.id],
    },
  };
}

type AuthKind = 'own' | 'none' | 'garbage' | 'basic' | 'tampered';

interface FuzzRequest {
  method: Operation['method'];
  url: string;
  auth: AuthKind;
  contentType?: string;
  payload?: string | Buffer;
}

/** The authorization header of a request, made when it is sent (the athlete may have signed in again). */
function authHeader(kind: AuthKind, token: string): Record<string, string> {
  if (kind === 'own') return bearer(token);
  if (kind === 'garbage') return bearer('not-a-jwt');
  if (kind === 'basic') return { authorization: 'Basic Zm9vOmJhcg==' };
  if (kind === 'tampered') return bearer(`${token.slice(0, -2)}xx`);
  return {};
}

/** Bodies no schema describes: broken JSON, bombs, prototype tricks and other content types. */
const rawBodies: fc.Arbitrary<{ contentType: string; payload: string | Buffer }> = fc.oneof(
  fc.constantFrom(
    { contentType: 'application/json', payload: '{' },
    { contentType: 'application/json', payload: '' },
    { contentType: 'application/json', payload: 'null' },
    { contentType: 'application/json', payload: '[]' },
    { contentType: 'application/json', payload: '"text"' },
    {
      contentType: 'application/json',
      payload: '{"__proto__":{"polluted":true},"constructor":{"prototype":{}}}',
    },
    { contentType: 'application/json', payload: `${'['.repeat(10_000)}${']'.repeat(10_000)}` },
    { contentType: 'application/json', payload: `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}` },
    { contentType: 'application/json', payload: '{"title":"\\u0000","notes":"\\ud800"}' },
    { contentType: 'application/json; charset=utf-16', payload: '{}' },
    { contentType: 'text/plain', payload: 'hello' },
    { contentType: 'text/csv', payload: 'date,hrv\n0000-01-01,50\n"unclosed,1\n' },
    { contentType: 'application/xml', payload: '<a>1</a>' },
    { contentType: 'multipart/form-data', payload: 'not a form' },
    {
      contentType: 'multipart/form-data; boundary=x',
      payload: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\n',
    },
  ),
  fc.uint8Array({ maxLength: 2_000 }).map((bytes) => ({
    contentType: 'multipart/form-data; boundary=zz',
    payload: Buffer.concat([
      Buffer.from('--zz\r\nContent-Disposition: form-data; name="file"; filename="a.fit"\r\n\r\n'),
      Buffer.from(bytes),
      Buffer.from('\r\n--zz--\r\n'),
    ]),
  })),
);

const asJson = (value: unknown) => ({
  contentType: 'application/json',
  payload: JSON.stringify(value) ?? 'null',
});

/** Requests for one operation: auth, path, query and body each drawn from the document. */
function requestsFor(op: Operation, athlete: Athlete): fc.Arbitrary<FuzzRequest> {
  const auth = fc.oneof(
    { weight: 12, arbitrary: fc.constant<AuthKind>('own') },
    { weight: 1, arbitrary: fc.constant<AuthKind>('none') },
    { weight: 1, arbitrary: fc.constantFrom<AuthKind>('garbage', 'basic', 'tampered') },
  );
  const pathValue = (name: string) =>
    fc.oneof(
      {
        weight: 6,
        arbitrary: fc.constantFrom(
          ...(name === 'workoutId'
            ? athlete.ids.workoutId
            : name === 'changeId'
              ? athlete.ids.changeId
              : athlete.ids.id),
        ),
      },
      { weight: 2, arbitrary: fc.uuid() },
      { weight: 1, arbitrary: urlValueOf({ type: 'string' }, doc) },
    );
  const path = fc
    .tuple(...op.pathParams.map((name) => pathValue(name)))
    .map((values) => op.pathParams.reduce((p, name, i) => p.replace(`{${name}}`, values[i]!), op.path));
  const query = fc
    .tuple(
      ...op.query.map((param) =>
        fc.oneof(
          { weight: param.required ? 0 : 2, arbitrary: fc.constant(null) },
          { weight: 5, arbitrary: urlValueOf(param.schema, doc).map((v) => `${param.name}=${v}`) },
        ),
      ),
      fc.option(
        fc
          .tuple(fc.string({ maxLength: 8 }), hostileValue)
          .map(([k, v]) => `${encodeUrlValue(k)}=${encodeUrlValue(v)}`),
        { freq: 8 },
      ),
    )
    .map((parts) => parts.filter((p): p is string => typeof p === 'string' && p !== '').join('&'));
  const takesBody = op.method === 'POST' || op.method === 'PUT' || op.method === 'PATCH';
  const body: fc.Arbitrary<{ contentType: string; payload: string | Buffer } | null> = !takesBody
    ? fc.constant(null)
    : fc.oneof(
        ...(op.jsonBody
          ? [
              // Bodies that should mostly be accepted, reaching the services and the database …
              { weight: 4, arbitrary: wellFormed(op.jsonBody, doc, 0, false).map(asJson) },
              // … and the same shapes with hostile values at any level.
              { weight: 4, arbitrary: schemaValue(op.jsonBody, doc).map(asJson) },
            ]
          : [{ weight: 1, arbitrary: hostileValue.map(asJson) }]),
        { weight: 2, arbitrary: rawBodies },
      );
  return fc.record({ auth, path, query, body }).map(({ auth, path, query, body }) => ({
    method: op.method,
    url: query ? `${path}?${query}` : path,
    auth,
    ...(body ? { contentType: body.contentType, payload: body.payload } : {}),
  }));
}

// Signing out is drawn like any other operation; the athlete then signs in again for the rest of the run.
const ENDS_SESSION = new Set(['POST /api/auth/logout']);

async function signIn(athlete: Athlete): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: athlete.email, password: athlete.password },
  });
  if (res.statusCode !== 200) throw new Error(`signing in again: ${res.statusCode} ${res.body}`);
  athlete.token = res.json().data.access_token;
}

describe('API fuzz', () => {
  it(`answers ${TOTAL_REQUESTS} generated requests across every operation without a 5xx, each 4xx with a message`, async () => {
    expect(operations.length).toBeGreaterThan(100);
    const perOperation = Math.ceil(TOTAL_REQUESTS / operations.length);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;
    for (const [index, op] of operations.entries()) {
      const athlete = await athleteWithData();
      const samples = fc.sample(requestsFor(op, athlete), { seed: SEED + index, numRuns: perOperation });
      for (const request of samples) {
        const res = await t.app.inject({
          method: request.method,
          url: request.url,
          headers: {
            ...authHeader(request.auth, athlete.token),
            ...(request.contentType ? { 'content-type': request.contentType } : {}),
          },
          ...(request.payload === undefined ? {} : { payload: request.payload }),
        });
        sent++;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const where = `${request.method} ${request.url.slice(0, 300)} (${request.auth}) [${request.contentType ?? '-'}] body ${String(request.payload ?? '').slice(0, 300)}`;
        if (res.statusCode >= 500) failures.push(`${res.statusCode} ${where} -> ${res.body.slice(0, 300)}`);
        // Every answer with a body says what it is (the cached reads' misses once said nothing).
        if (res.rawPayload.length > 0 && !res.headers['content-type'])
          failures.push(`${res.statusCode} without a Content-Type: ${where}`);
        else if (res.statusCode >= 400) {
          let message: unknown;
          try {
            message = res.json().message;
          } catch {
            message = undefined;
          }
          if (typeof message !== 'string' || message === '') {
            failures.push(`${res.statusCode} without a JSON message: ${where} -> ${res.body.slice(0, 200)}`);
          }
        }
        if (ENDS_SESSION.has(`${op.method} ${op.path}`) && res.statusCode < 300) await signIn(athlete);
      }
    }
    const summary = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    console.info(`fuzz: ${sent} requests over ${operations.length} operations (seed ${SEED}): ${summary}`);
    expect(sent).toBeGreaterThanOrEqual(2_000);
    expect(failures, `seed ${SEED}; replay with FUZZ_SEED=${SEED}`).toEqual([]);
  }, 600_000);
});
