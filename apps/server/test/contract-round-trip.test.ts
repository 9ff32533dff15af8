// Every value a create contract accepts reads back through every GET of its resource as its response schema
// says. For each create of the contract's endpoint map (packages/contract/src/endpoints.ts) listed below, the
// body is sent with each optional field absent and null (where the contract takes null) and with each value of
// each enum field; then every GET of the endpoint map under the same path answers 200 with a body the response
// schema accepts, and with a Content-Type. A plan created without `race_type` (which the create contract
// allows) once made `GET /api/training/plans/active` answer 500.
import { API_ENDPOINTS } from '@stamina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { bearer, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type EndpointKey = keyof typeof API_ENDPOINTS;
interface Endpoint {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType | 'multipart';
  response: z.ZodType | 'file';
  eventStream?: true;
}
const endpoint = (key: string) => (API_ENDPOINTS as Record<string, Endpoint>)[key]!;

/** The creates checked, each with the smallest body its contract takes (fixed dates: no test of the day). */
const CREATES: Array<{ key: EndpointKey; base: Record<string, unknown> }> = [
  {
    key: 'POST /training/plans',
    base: { title: 'Spring race', start_date: '2026-03-02', race_date: '2026-06-28' },
  },
  {
    key: 'POST /workout-planning/workouts',
    base: { title: 'Intervals', workout_date: '2026-03-04', sport: 'run' },
  },
  { key: 'POST /metrics', base: { date: '2026-03-05' } },
  {
    key: 'POST /v1/workout-bank/templates',
    base: {
      name: 'My threshold',
      discipline: 'run',
      difficulty_level: 3,
      workout_language_text: '10min WU, 3x 8min @ threshold w/ 2min easy, 10min CD',
    },
  },
];

interface ZodInternals {
  _zod: { def: { type: string; innerType?: z.ZodType; entries?: Record<string, string>; shape?: object } };
}
const defOf = (schema: z.ZodType) => (schema as unknown as ZodInternals)._zod.def;

/** The values of an enum field (under optional, nullable and default wrappers); none for another field. */
function enumValues(schema: z.ZodType): string[] {
  let inner = schema;
  while (defOf(inner).innerType) inner = defOf(inner).innerType!;
  const def = defOf(inner);
  return def.type === 'enum' && def.entries ? Object.values(def.entries) : [];
}

/** Bodies the create contract accepts: the base; each optional field absent or null; each enum value. */
function variants(body: z.ZodType, base: Record<string, unknown>): Array<Record<string, unknown>> {
  const shape = (defOf(body).shape ?? {}) as Record<string, z.ZodType>;
  const out: Array<Record<string, unknown>> = [base];
  for (const [name, field] of Object.entries(shape)) {
    if (name in base && field.safeParse(undefined).success) {
      const { [name]: _, ...without } = base;
      out.push(without);
    }
    if (field.safeParse(null).success) out.push({ ...base, [name]: null });
    for (const value of enumValues(field)) out.push({ ...base, [name]: value });
  }
  return out.filter((candidate) => body.safeParse(candidate).success);
}

/** The GETs of the endpoint map under the create's path that need no query, and at most the created id. */
function readsOf(createPath: string): Array<{ key: string; path: string }> {
  return Object.entries(API_ENDPOINTS as Record<string, Endpoint>)
    .filter(([key, e]) => {
      const [method, path] = key.split(' ') as [string, string];
      if (method !== 'GET' || !path.startsWith(createPath)) return false;
      if (e.response === 'file' || e.eventStream) return false;
      if (e.query && !e.query.safeParse({}).success) return false;
      return (path.match(/\{/g) ?? []).length <= 1;
    })
    .map(([key]) => ({ key, path: key.split(' ')[1]! }));
}

describe('create contracts read back through every GET', () => {
  it.each(CREATES)(
    '$key: every accepted value reads back as the response schemas say',
    async ({ key, base }) => {
      const create = endpoint(key);
      const createPath = key.split(' ')[1]!;
      const reads = readsOf(createPath);
      expect(reads.length).toBeGreaterThan(0);
      const bodies = variants(create.body as z.ZodType, base);
      expect(bodies.length).toBeGreaterThan(1);
      const failures: string[] = [];
      for (const [i, body] of bodies.entries()) {
        // A fresh athlete for each body: no earlier variant's row answers for this one.
        const { token } = await t.athlete({ name: `Variant ${i}` });
        const created = await t.app.inject({
          method: 'POST',
          url: `/api${createPath}`,
          headers: { ...bearer(token), 'idempotency-key': crypto.randomUUID() },
          payload: body,
        });
        if (created.statusCode >= 500)
          failures.push(`${key} ${JSON.stringify(body)} -> ${created.statusCode}`);
        if (created.statusCode >= 300) continue;
        const id: string = created.json().data.id;
        for (const read of reads) {
          const url = `/api${read.path.replace(/\{[^}]+\}/, id)}`;
          const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
          const where = `${read.key} after ${JSON.stringify(body)}`;
          if (res.statusCode !== 200) {
            failures.push(`${where} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
            continue;
          }
          if (!res.headers['content-type']) failures.push(`${where} -> no Content-Type`);
          const parsed = (endpoint(read.key).response as z.ZodType).safeParse(res.json());
          if (!parsed.success) failures.push(`${where} -> ${parsed.error.message.slice(0, 300)}`);
        }
      }
      expect(failures).toEqual([]);
    },
    120_000,
  );
});
