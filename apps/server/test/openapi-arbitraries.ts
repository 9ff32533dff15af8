// Requests built from the app's own OpenAPI document: every operation, its path, query and body parameters,
// as fast-check arbitraries. Mostly well-formed values with hostile ones mixed in at every level (wrong types,
// missing fields, huge strings, unicode edge cases, absurd numbers and dates), so a run reaches past validation
// into the services as well as testing the validation itself. Used by the fuzz and access-control suites; a
// new endpoint is picked up from the document without touching them.
import fc from 'fast-check';

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

interface OpenApiOperation {
  parameters?: Array<{
    name: string;
    in: 'path' | 'query' | 'header';
    required?: boolean;
    schema: JsonSchema;
  }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  security?: unknown[];
  summary?: string;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** The OpenAPI path, with {param} placeholders. */
  path: string;
  secured: boolean;
  pathParams: string[];
  query: Array<{ name: string; required: boolean; schema: JsonSchema }>;
  /** The JSON body's schema, when the operation takes one. */
  jsonBody: JsonSchema | null;
  summary: string;
}

/** Every operation of the document (the docs UI itself excluded). */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    if (path.startsWith('/api/docs')) continue;
    for (const [method, op] of Object.entries(methods)) {
      const parameters = op.parameters ?? [];
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        secured: (op.security?.length ?? 0) > 0,
        pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, required: p.required ?? false, schema: p.schema })),
        jsonBody: op.requestBody?.content['application/json']?.schema ?? null,
        summary: op.summary ?? '',
      });
    }
  }
  return operations;
}

// Dates that are real but absurd, or not dates at all: each once made a 500 somewhere.
const HOSTILE_DATES = ['0000-01-01', '0001-01-01', '9999-12-31', '2026-02-30', '1899-12-31', '2101-01-01'];

/** Strings that have broken servers: control and formatting characters, lone surrogates, huge, injections. */
const hostileString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'run\u0000ride',
    '\ud800',
    'lone \udfff surrogate',
    '\u202eevil override',
    '\ufeffbom',
    'ﷺ𝔘𝔫𝔦𝔠𝔬𝔡𝔢 🏃‍♀️🚴',
    '../../etc/passwd',
    "'; drop table workouts; --",
    '<script>alert(1)</script>',
    '{{7*7}}#{7*7}',
    '%00%ff%',
    '00000000-0000-0000-0000-000000000000',
    '-1',
    'NaN',
    '1e309',
    ...HOSTILE_DATES,
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: 1_000, max: 120_000 }).map((n) => 'x'.repeat(n)),
);

/** Numbers at and past every boundary a schema might have. */
const hostileNumber = fc.oneof(
  fc.constantFrom(
    -1,
    0,
    0.5,
    -0.0,
    2 ** 31,
    2 ** 53 + 1,
    -(2 ** 63),
    1e308,
    -1e308,
    Number.MIN_VALUE,
    1e-300,
  ),
  fc.double(),
  fc.integer(),
);

/** A value nested `depth` levels deep (arrays of objects of arrays …). */
const nested = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = i % 2 ? { a: value } : [value];
  return value;
};

/** Any hostile JSON value: the wrong type for almost any field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  {
    weight: 1,
    arbitrary: fc.constantFrom(null, true, false, [], {}, [1, 'two', null], { nested: { x: 1 } }),
  },
  { weight: 1, arbitrary: fc.integer({ min: 10, max: 200 }).map(nested) },
);

function resolve(schema: JsonSchema, doc: OpenApiDocument): JsonSchema {
  let current = schema;
  for (let i = 0; current.$ref && i < 10; i++) {
    const name = current.$ref.split('/').at(-1)!;
    current = doc.components?.schemas?.[name] ?? {};
  }
  return current;
}

/** How often a node is replaced by a hostile value, at each level. */
const HOSTILE_WEIGHT = 1;
const VALID_WEIGHT = 6;

/** A value for `schema`: well-formed most of the time, hostile at any level now and then. */
export function schemaValue(schema: JsonSchema, doc: OpenApiDocument, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: VALID_WEIGHT, arbitrary: wellFormed(schema, doc, depth) },
    { weight: HOSTILE_WEIGHT, arbitrary: hostileValue },
  );
}

/**
 * A value that matches `schema` in shape; with `hostile`, any of its fields may still be hostile (each through
 * schemaValue), without, every field is well-formed too (a request that should mostly succeed).
 */
export function wellFormed(
  input: JsonSchema,
  doc: OpenApiDocument,
  depth = 0,
  hostile = true,
): fc.Arbitrary<unknown> {
  const child = (schema: JsonSchema) =>
    hostile ? schemaValue(schema, doc, depth + 1) : wellFormed(schema, doc, depth + 1, false);
  const schema = resolve(input, doc);
  const withNull = (arb: fc.Arbitrary<unknown>) =>
    schema.nullable
      ? fc.oneof({ weight: 5, arbitrary: arb }, { weight: 1, arbitrary: fc.constant(null) })
      : arb;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return withNull(fc.constantFrom(...schema.enum));
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((c) => wellFormed(c, doc, depth, hostile)));
  if (schema.allOf?.length) return wellFormed(schema.allOf[0]!, doc, depth, hostile);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const type = types.find((t) => t !== 'null') ?? (schema.properties ? 'object' : undefined);
  if (types.includes('null') && type) {
    return fc.oneof(wellFormed({ ...schema, type }, doc, depth, hostile), fc.constant(null));
  }
  switch (type) {
    case 'string':
      return withNull(stringFor(schema));
    case 'integer':
      return withNull(
        fc.integer({
          min: Math.ceil(schema.minimum ?? schema.exclusiveMinimum ?? -1_000),
          max: Math.floor(schema.maximum ?? schema.exclusiveMaximum ?? 100_000),
        }),
      );
    case 'number':
      return withNull(
        fc.double({
          min: schema.minimum ?? schema.exclusiveMinimum ?? -1_000,
          max: schema.maximum ?? schema.exclusiveMaximum ?? 100_000,
          noNaN: true,
        }),
      );
    case 'boolean':
      return withNull(fc.boolean());
    case 'array': {
      if (depth > 6) return fc.constant([]);
      const item = schema.items ? child(schema.items) : hostileValue;
      // At most 4 items, unless the schema asks for more (a zone table has exactly 5).
      const minLength = schema.minItems ?? 0;
      return withNull(
        fc.array(item, { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 4, 4)) }),
      );
    }
    case 'object': {
      if (depth > 6) return fc.constant({});
      const properties = schema.properties ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(properties)) record[key] = child(value);
      const required = (schema.required ?? []).filter((key) => key in properties);
      // Now and then a required field goes missing, or an unknown one comes along.
      const object = fc.record(record, { requiredKeys: required });
      if (!hostile) return object;
      return withNull(
        fc.oneof(
          { weight: 8, arbitrary: object },
          { weight: 1, arbitrary: fc.record(record, { requiredKeys: [] }) },
          {
            weight: 1,
            arbitrary: fc.tuple(object, fc.string({ maxLength: 12 }), hostileValue).map(([o, k, v]) => ({
              ...o,
              [k]: v,
            })),
          },
        ),
      );
    }
    default:
      return hostileValue;
  }
}

const uuid = fc.uuid();

function stringFor(schema: JsonSchema): fc.Arbitrary<unknown> {
  switch (schema.format) {
    case 'date':
      return fc.oneof(
        {
          weight: 6,
          arbitrary: fc
            .date({ min: new Date('2020-01-01'), max: new Date('2028-12-31'), noInvalidDate: true })
            .map((d) => d.toISOString().slice(0, 10)),
        },
        { weight: 1, arbitrary: fc.constantFrom('1900-01-01', '2100-12-31', ...HOSTILE_DATES) },
      );
    case 'date-time':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    case 'uuid':
      return uuid;
    case 'email':
      return fc.emailAddress();
    default: {
      const max = Math.min(schema.maxLength ?? 60, 60);
      const min = Math.min(schema.minLength ?? 0, max);
      return fc.oneof(
        { weight: 5, arbitrary: fc.string({ minLength: min, maxLength: max }) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            '4x 5min @ threshold w/ 2min easy',
            '10km easy',
            '3:30:00',
            'Europe/Berlin',
          ),
        },
      );
    }
  }
}

/**
 * A query or path value as it travels in a URL: a well-formed one encoded, or raw bytes a client could send
 * (broken percent escapes, an encoded NUL, an encoded lone surrogate).
 */
export function urlValueOf(schema: JsonSchema, doc: OpenApiDocument): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: wellFormed(schema, doc, 5, false).map((v) => encodeUrlValue(v)) },
    { weight: 2, arbitrary: hostileValue.map((v) => encodeUrlValue(v)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('%00', '%ED%A0%80', '%FF', '%', '%%zz', '..%2F..%2F', '%E2%80%AE'),
    },
  );
}

/** A value as percent-encoded UTF-8 (lone surrogates become U+FFFD, as any client's encoder would make them). */
export function encodeUrlValue(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return [...Buffer.from(text.slice(0, 4000), 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}
