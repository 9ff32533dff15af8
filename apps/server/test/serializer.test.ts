// Responses are written by fast-json-stringify from the contract's schemas; the rewrite that makes nullable
// fields fast must not change what clients receive.
import { dataEnvelope, ZUser } from '@stamina/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compileContractSerializer, forSerialization } from '../src/plugins/serializer.ts';

const user = (metadata: Record<string, unknown>, confirmed: string | null) => ({
  id: '0087a57e-98d6-4a8f-9084-49c8624de07e',
  athlete_id: '1087a57e-98d6-4a8f-9084-49c8624de07e',
  email: 'ana@example.com',
  name: 'Ana',
  user_metadata: { name: 'Ana', primarySports: ['running'], language: 'en', timezone: 'UTC', ...metadata },
  email_confirmed_at: confirmed,
  created_at: '2026-11-22T08:07:43.223Z',
});

describe('contract serializer', () => {
  const serialize = compileContractSerializer(dataEnvelope(ZUser), { method: 'GET', url: '/me' });

  it('writes nullable fields both set and null with the same values', () => {
    for (const data of [
      user({ birthday: null, gender: null, goalEvent: null, goalDate: null }, null),
      user({ birthday: '1990-04-12', gender: 'female', goalEvent: 'Marathon', goalDate: '2027-04-01' }, 'x'),
    ]) {
      expect(JSON.parse(serialize({ data } as never))).toEqual({ data });
    }
  });

  it('drops fields the schema does not name', () => {
    const data = { ...user({}, null), password_hash: 'secret' };
    expect(serialize({ data } as never)).not.toContain('secret');
  });

  it('turns a nullable scalar into a type list and leaves other unions alone', () => {
    const schema = z.toJSONSchema(
      z.object({ a: z.string().nullable(), b: z.union([z.object({ k: z.literal('x') }), z.null()]) }),
    );
    const out = forSerialization(schema) as { properties: Record<string, Record<string, unknown>> };
    expect(out.properties.a).toEqual({ type: ['string', 'null'] });
    expect(out.properties.b).toHaveProperty('anyOf');
  });
});
