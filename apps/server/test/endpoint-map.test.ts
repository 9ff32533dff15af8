// The web client's calls are typed by the contract's endpoint map (API_ENDPOINTS); this checks the map against
// the server's own OpenAPI document, so a path, method, path parameter or query parameter the server does not
// have cannot be typed into the web app.
import { API_ENDPOINTS } from '@stamina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from './helpers.ts';

interface Operation {
  parameters?: { in: string; name: string }[];
  security?: Record<string, unknown>[];
  requestBody?: { content: Record<string, unknown> };
}

let t: TestApp;
let paths: Record<string, Record<string, Operation>>;
/** Security schemes by name; an apiKey scheme `in: query` is a query parameter the document lists there instead. */
let schemes: Record<string, { type: string; in?: string; name?: string }>;
beforeAll(async () => {
  t = await createTestApp();
  const doc = t.app.swagger() as {
    paths: typeof paths;
    components: { securitySchemes: typeof schemes };
  };
  paths = doc.paths;
  schemes = doc.components.securitySchemes;
});
afterAll(() => t.close());

const entries = Object.entries(API_ENDPOINTS) as [string, Record<string, unknown>][];

describe('the contract endpoint map', () => {
  it.each(entries)('%s is an operation of the server with the same parameters', (key, def) => {
    const [method = '', path = ''] = key.split(' ');
    // A module's root route ('/') is documented with its trailing slash; the server answers both.
    const item = paths[`/api${path}`] ?? paths[`/api${path}/`];
    const operation = item?.[method.toLowerCase()];
    expect(operation, `${key} is not in the OpenAPI document`).toBeDefined();
    // The log stream's token: EventSource sends no headers (docs/testing-dashboard.md).
    const inSecurity = (operation?.security ?? [])
      .flatMap((requirement) => Object.keys(requirement))
      .map((name) => schemes[name])
      .filter((scheme) => scheme?.type === 'apiKey')
      .map((scheme) => ({ in: scheme?.in ?? '', name: scheme?.name ?? '' }));
    const declared = (where: string) =>
      [...(operation?.parameters ?? []), ...inSecurity]
        .filter((p) => p.in === where)
        .map((p) => p.name)
        .sort();
    const keys = (schema: unknown) =>
      schema instanceof z.ZodObject ? Object.keys(schema.shape).sort() : schema ? ['?'] : [];
    expect(declared('path')).toEqual(keys(def.params));
    for (const name of keys(def.query)) expect(declared('query')).toContain(name);
    if (def.body === 'multipart') expect(Object.keys(operation?.requestBody?.content ?? {})).toEqual([]);
    else if (def.body) expect(operation?.requestBody?.content).toHaveProperty(['application/json']);
  });
});
