// Response serialization from the contract's zod schemas, compiled once per route with fast-json-stringify
// (Fastify's own serializer). It writes only the fields the schema names, so nothing undeclared can leak,
// at a fraction of the cost of re-validating every response with zod.
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

const toJsonSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any', reused: 'inline' });

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
