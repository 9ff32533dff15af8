// Response serialization from the contract's zod schemas, compiled once per route with fast-json-stringify
// (Fastify's own serializer). It writes only the fields the schema names, so nothing undeclared can leak,
// at a fraction of the cost of re-validating every response with zod.
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

export function contractSerializerCompiler(): FastifySerializerCompiler<unknown> {
  const compile = SerializerSelector()();
  return ({ schema, method, url, httpStatus }) => {
    const jsonSchema = z.toJSONSchema(schema as z.ZodType, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'any',
      reused: 'inline',
    });
    return compile({ schema: jsonSchema, method, url, httpStatus: httpStatus ?? '200' });
  };
}
