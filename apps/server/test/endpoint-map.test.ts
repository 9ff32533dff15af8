// The contract's endpoint map (API_ENDPOINTS) is the one declaration of the API: the server registers its routes
// from it (plugins/contract-route.ts) and the web client's calls are typed by it. This checks the server's own
// OpenAPI document against a document built from the map alone, with the same transforms: the same operations,
// and for each the same path and query parameters (with their defaults), request body and success body. Routes
// registered from the map carry its key as their operationId, and every operation of the server must have one:
// no route can be added the old way.
import { API_ENDPOINTS, type EndpointKey } from '@stamina/contract';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '../src/plugins/contract-route.ts';
import { contractSerializerCompiler } from '../src/plugins/serializer.ts';
import { VERSION } from '../src/version.ts';
import { registerOpenApi } from '../src/wiring/platform.ts';
import { createTestApp, type TestApp } from './helpers.ts';

interface Operation {
  operationId?: string;
  parameters?: { in: string; name: string }[];
  security?: Record<string, unknown>[];
  requestBody?: { content: Record<string, unknown> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}
type Paths = Record<string, Record<string, Operation>>;

let t: TestApp;
let paths: Paths;
let fromMap: Paths;
/** Security schemes by name; an apiKey scheme `in: query` is a query parameter the document lists there instead. */
let schemes: Record<string, { type: string; in?: string; name?: string }>;

/** The document of a bare server whose only routes are the map's, registered by `route`. */
async function mapDocument(): Promise<Paths> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(contractSerializerCompiler());
  await registerOpenApi(app, VERSION);
  for (const key of Object.keys(API_ENDPOINTS) as EndpointKey[]) {
    route(app, key, { schema: {} }, async () => null);
  }
  await app.ready();
  const doc = app.swagger() as { paths: Paths };
  await app.close();
  return doc.paths;
}

beforeAll(async () => {
  t = await createTestApp();
  const doc = t.app.swagger() as { paths: Paths; components: { securitySchemes: typeof schemes } };
  paths = doc.paths;
  schemes = doc.components.securitySchemes;
  fromMap = await mapDocument();
});
afterAll(() => t.close());

const entries = Object.keys(API_ENDPOINTS) as EndpointKey[];

/** The operation of `key` in a document; a module's root route ('/') is documented with its trailing slash. */
function operationOf(doc: Paths, key: string): Operation | undefined {
  const [method = '', path = ''] = key.split(' ');
  return (doc[`/api${path}`] ?? doc[`/api${path}/`])?.[method.toLowerCase()];
}

/** The lowest 2xx answer's JSON schema. */
function successBody(operation: Operation | undefined): unknown {
  const code = Object.keys(operation?.responses ?? {})
    .filter((c) => c.startsWith('2'))
    .sort()[0];
  return code ? operation?.responses?.[code]?.content?.['application/json'] : undefined;
}

describe('the contract endpoint map', () => {
  it.each(entries)('%s is an operation of the server with the same schemas', (key) => {
    const operation = operationOf(paths, key);
    const expected = operationOf(fromMap, key);
    expect(operation, `${key} is not in the OpenAPI document`).toBeDefined();
    // The log stream's token: EventSource sends no headers (docs/testing-dashboard.md).
    const inSecurity = (operation?.security ?? [])
      .flatMap((requirement) => Object.keys(requirement))
      .map((name) => schemes[name])
      .filter((scheme) => scheme?.type === 'apiKey')
      .map((scheme) => ({ in: scheme?.in ?? '', name: scheme?.name ?? '' }));
    const declared = (op: Operation | undefined, where: string, extra: { in: string; name: string }[] = []) =>
      [...(op?.parameters ?? []), ...extra]
        .filter((p) => p.in === where)
        .sort((a, b) => a.name.localeCompare(b.name));
    expect(declared(operation, 'path')).toEqual(declared(expected, 'path'));
    // The token of the log stream is a query parameter that the document lists as a security scheme.
    const queryNames = declared(operation, 'query', inSecurity).map((p) => p.name);
    for (const p of declared(expected, 'query')) {
      if (inSecurity.some((s) => s.name === p.name)) expect(queryNames).toContain(p.name);
      else expect(declared(operation, 'query')).toContainEqual(p);
    }
    expect(operation?.requestBody?.content?.['application/json']).toEqual(
      expected?.requestBody?.content?.['application/json'],
    );
    expect(successBody(operation)).toEqual(successBody(expected));
  });

  it('is the whole API: every operation of the server is registered from the map, once', () => {
    const operations = Object.entries(paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
    );
    const notFromMap = operations.filter(({ op }) => op.operationId === undefined).map(({ name }) => name);
    expect(notFromMap).toEqual([]);
    const ids = operations.map(({ op }) => op.operationId ?? '');
    expect(ids.filter((id) => !(id in API_ENDPOINTS))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(entries.filter((key) => operationOf(paths, key)?.operationId !== key)).toEqual([]);
  });
});
