// Response serialization from the contract's zod schemas, compiled once per route with fast-json-stringify
// (Fastify's own serializer). It writes only the fields the schema names, so nothing undeclared can leak,
// at a fraction of the cost of re-validating every response with zod.
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

const toJsonSchema = (schema: z.ZodType) =>
  forSerialization(
    z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any', reused: 'inline' }),
  );

const SCALARS = new Set(['string', 'number', 'integer', 'boolean']);
const CONTAINERS = new Set(['object', 'array']);
/** Keywords with which a schema picks or pins values rather than only shaping them. */
const CHOOSING = new Set(['anyOf', 'oneOf', 'allOf', 'not', 'if', 'const']);

/** Whether a schema, anywhere inside, holds a union, a condition or a constant. */
function choosesValues(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.some(choosesValues);
  if (schema === null || typeof schema !== 'object') return false;
  return Object.entries(schema).some(([key, value]) => CHOOSING.has(key) || choosesValues(value));
}

/**
 * The JSON schema as fast-json-stringify serializes it fastest. Zod writes a nullable field as
 * `anyOf: [T, {type: 'null'}]`, and for an `anyOf` fast-json-stringify validates every value with ajv to pick
 * the branch (patterns and enums included, through every nested field): a nullable scalar becomes
 * `type: [T, 'null']` instead, which it writes directly, and a nullable object or array without a union,
 * condition or constant anywhere inside becomes that object or array with `nullable: true` (null written as
 * null, anything else as the object or array: the only branch it could be). A calendar event's workout
 * structure is such an object; validating it per event was most of a calendar miss (docs/performance.md, "Cached reads and what a miss costs"). Everything else is kept: other unions still need their keywords to pick a
 * branch, and a constant is written from the schema, so only the validation keeps a wrong value out.
 */
export function forSerialization(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forSerialization);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    out[key] =
      key === 'properties' || key === 'definitions' || key === '$defs'
        ? Object.fromEntries(Object.entries(value as object).map(([k, v]) => [k, forSerialization(v)]))
        : forSerialization(value);
  }
  const branches = out.anyOf;
  if (Array.isArray(branches) && branches.length === 2) {
    const nullIndex = branches.findIndex((b) => (b as { type?: unknown }).type === 'null');
    const other = branches[1 - nullIndex] as Record<string, unknown> | undefined;
    if (nullIndex !== -1 && other && typeof other.type === 'string' && SCALARS.has(other.type)) {
      const { anyOf: _anyOf, ...rest } = out;
      // A nullable enum keeps null among its values: without it, null failed the schema (a plan without a
      // race type answered 500 from GET /api/training/plans/active).
      const values = Array.isArray(other.enum) ? { enum: [...other.enum, null] } : {};
      return { ...rest, ...other, ...values, type: [other.type, 'null'] };
    }
    if (nullIndex !== -1 && other && typeof other.type === 'string' && CONTAINERS.has(other.type)) {
      if (!choosesValues(other)) {
        const { anyOf: _anyOf, ...rest } = out;
        return { ...rest, ...other, nullable: true };
      }
    }
  }
  return out;
}

export function contractSerializerCompiler(): FastifySerializerCompiler<unknown> {
  const compile = SerializerSelector()();
  return ({ schema, method, url, httpStatus }) =>
    compile({ schema: toJsonSchema(schema as z.ZodType), method, url, httpStatus: httpStatus ?? '200' });
}

/** The same serializer for a body a route builds ahead of time (to cache it), in place of Fastify's. */
export function compileContractSerializer<T extends z.ZodType>(
  schema: T,
  route: { method: string; url: string },
): (body: z.output<T>) => string {
  return SerializerSelector()()({ schema: toJsonSchema(schema), ...route, httpStatus: '200' }) as (
    body: z.output<T>,
  ) => string;
}
