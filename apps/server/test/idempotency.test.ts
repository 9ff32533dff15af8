// Retried creates never create twice: every creating POST honours an Idempotency-Key for 24 hours per athlete.
// A dropped response (the server committed, the client never heard) retried with the same key answers the first
// answer and leaves one row; the same key with another body is a 409; parallel requests with one key create one
// row; another athlete's key, no key, or an expired key do not replay.
import { randomUUID } from 'node:crypto';
import { addDays } from '@stamina/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, multipartForm, type TestApp } from './helpers.ts';

let t: TestApp;
let ana: string;
let ben: string;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  ana = (await t.signUpAndConfirm({ name: 'Ana' })).session.access_token;
  ben = (await t.signUpAndConfirm({ name: 'Ben' })).session.access_token;
});
afterAll(() => t.close());

function post(
  token: string,
  url: string,
  payload: unknown,
  key?: string,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), ...(key === undefined ? {} : { 'idempotency-key': key }), ...headers },
    payload: payload as string,
  });
}

async function count(token: string, url: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as unknown[]).length;
}

const workout = (title: string, date = '2027-05-10') => ({
  title,
  sport: 'run',
  workout_date: date,
  workout_language_text: '10min Z1, 20min Z3, 10min Z1',
});
const WORKOUTS = '/api/workout-planning/workouts';
const listOn = (date: string) => `${WORKOUTS}?date_from=${date}&date_to=${date}`;

/** A multipart/form-data body with one file and text fields. */
function form(fields: Record<string, string>, file: { name: string; content: string }) {
  const parts = Object.entries(fields).map(([name, value]) => ({ name, value }));
  return multipartForm([...parts, { name: 'file', value: file.content, filename: file.name }]);
}

describe('a dropped response', () => {
  it('retried with the same key answers the first answer and leaves one workout', async () => {
    const key = randomUUID();
    const body = workout('Dropped answer', '2027-05-11');
    const first = await post(ana, WORKOUTS, body, key); // committed; the client never hears it
    expect(first.statusCode, first.body).toBe(201);
    const retry = await post(ana, WORKOUTS, body, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await count(ana, listOn('2027-05-11'))).toBe(1);
  });

  it('holds on every creating POST: both workout APIs, plans, wellness and both imports', async () => {
    const cases: {
      url: string;
      list: string;
      send: (key: string) => Promise<{ statusCode: number; body: string }>;
    }[] = [
      {
        url: '/api/training/workouts',
        list: listOn('2027-05-12'),
        send: (key) =>
          post(
            ana,
            '/api/training/workouts',
            { title: 'Training API', sport: 'bike', duration: 45, workout_date: '2027-05-12' },
            key,
          ),
      },
      {
        url: '/api/training/plans',
        list: '/api/training/plans',
        send: (key) =>
          post(
            ana,
            '/api/training/plans',
            { title: 'Spring marathon', race_type: 'Marathon', race_date: '2027-09-26', status: 'archived' },
            key,
          ),
      },
      {
        url: '/api/metrics',
        list: `/api/metrics?start_date=${addDays(today, -3)}&end_date=${today}`,
        send: (key) => post(ana, '/api/metrics', { date: addDays(today, -2), hrv: 55, resting_hr: 50 }, key),
      },
      {
        url: '/api/metrics/import',
        list: `/api/metrics?start_date=${addDays(today, -3)}&end_date=${today}`,
        send: (key) =>
          post(ana, '/api/metrics/import', `date,hrv\n${addDays(today, -1)},60\n`, key, {
            'content-type': 'text/csv',
          }),
      },
      {
        url: '/api/workout-planning/workouts/import',
        list: listOn('2027-05-13'),
        send: (key) => {
          // A browser builds a new boundary for every send: the retry's bytes differ, its parts do not.
          const upload = form(
            { workout_date: '2027-05-13' },
            {
              name: 'tempo.mrc',
              content:
                '[COURSE HEADER]\nMINUTES PERCENT\n[END COURSE HEADER]\n[COURSE DATA]\n0 80\n20 80\n[END COURSE DATA]\n',
            },
          );
          return post(ana, '/api/workout-planning/workouts/import', upload.payload, key, upload.headers);
        },
      },
    ];
    for (const c of cases) {
      const key = randomUUID();
      const before = await count(ana, c.list);
      const first = await c.send(key);
      expect(first.statusCode, `${c.url}: ${first.body}`).toBeLessThan(300);
      const retry = await c.send(key);
      expect(retry.statusCode, c.url).toBe(first.statusCode);
      expect(JSON.parse(retry.body), c.url).toEqual(JSON.parse(first.body));
      expect(await count(ana, c.list), c.url).toBe(before + 1);
    }
  });
});

describe('a key is bound to its request', () => {
  it('refuses the same key with a different body (409 with a message) and creates nothing', async () => {
    const key = randomUUID();
    expect((await post(ana, WORKOUTS, workout('First', '2027-05-14'), key)).statusCode).toBe(201);
    const other = await post(ana, WORKOUTS, workout('Second', '2027-05-14'), key);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'CONFLICT' });
    expect(other.json().message).toMatch(/Idempotency-Key was already used for a different request/);
    expect(await count(ana, listOn('2027-05-14'))).toBe(1);
  });

  it("is scoped by athlete: another athlete's request with the same key creates their own", async () => {
    const key = randomUUID();
    const a = await post(ana, WORKOUTS, workout('Shared key', '2027-05-15'), key);
    const b = await post(ben, WORKOUTS, workout('Shared key', '2027-05-15'), key);
    expect(b.statusCode).toBe(201);
    expect(b.json().data.id).not.toBe(a.json().data.id);
    expect(await count(ben, listOn('2027-05-15'))).toBe(1);
  });

  it('without a key, each POST creates (the header is opt-in); a malformed key is a 400', async () => {
    await post(ana, WORKOUTS, workout('No key', '2027-05-16'));
    await post(ana, WORKOUTS, workout('No key', '2027-05-16'));
    expect(await count(ana, listOn('2027-05-16'))).toBe(2);
    const bad = await post(ana, WORKOUTS, workout('Bad key', '2027-05-16'), 'has spaces in it');
    expect(bad.statusCode).toBe(400);
    expect(await count(ana, listOn('2027-05-16'))).toBe(2);
  });

  it('expires after 24 hours: an older key creates again', async () => {
    const key = randomUUID();
    const body = workout('Old key', '2027-05-17');
    const first = await post(ana, WORKOUTS, body, key);
    await t.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = ${key}`,
    );
    const later = await post(ana, WORKOUTS, body, key);
    expect(later.statusCode).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(later.json().data.id).not.toBe(first.json().data.id);
    expect(await count(ana, listOn('2027-05-17'))).toBe(2);
  });
});

describe('a request cut off before it answered (kill -9)', () => {
  it('holds its key for the 2-minute lease (409 "in progress", retryable), then the retry runs', async () => {
    const key = randomUUID();
    const body = workout('Cut off', '2027-05-19');
    expect((await post(ana, WORKOUTS, body, key)).statusCode).toBe(201);
    // As the process that died left it: the claim, without an answer.
    await t.db.execute(sql`
      update idempotency_keys set status_code = null, response_body = null, created_at = now() - interval '30 seconds'
      where key = ${key}`);
    const waiting = await post(ana, WORKOUTS, body, key);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().detail).toEqual({ in_progress: true, lease_seconds: 120 });
    await t.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '121 seconds' where key = ${key}`,
    );
    const retry = await post(ana, WORKOUTS, body, key);
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    // The retry's answer is the key's now.
    const again = await post(ana, WORKOUTS, body, key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.id).toBe(retry.json().data.id);
  }, 30_000);
});

describe('concurrent requests with one key', () => {
  it('create one row; every request gets the same answer', async () => {
    const key = randomUUID();
    const body = workout('Parallel', '2027-05-18');
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(ana, WORKOUTS, body, key)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    expect(new Set(answers.map((res) => res.json().data.id)).size).toBe(1);
    expect(await count(ana, listOn('2027-05-18'))).toBe(1);
  });
});

describe('the OpenAPI document', () => {
  it('declares the Idempotency-Key header on every create that honours it, and only there', () => {
    const paths = (
      t.app.swagger() as {
        paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
      }
    ).paths;
    const withHeader = Object.entries(paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key'))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(withHeader).toEqual(
      expect.arrayContaining([
        'POST /api/workout-planning/workouts',
        'POST /api/workout-planning/workouts/import',
        'POST /api/metrics/',
        'POST /api/metrics/import',
        'POST /api/training/plans',
      ]),
    );
    expect(withHeader.every((op) => op.startsWith('POST '))).toBe(true);
  });
});
