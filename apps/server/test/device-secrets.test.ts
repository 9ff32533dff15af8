// Device secrets (docs/devices.md, "Secrets"): tokens sealed with AES-256-GCM open only with their key and
// unaltered; a signed state verifies only as signed.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSealer, parseTokenKey } from '../src/modules/devices/secrets.ts';

describe('device secrets', () => {
  const key = randomBytes(32);
  const sealer = createSealer(key);

  it('seals a token so that the stored text does not hold it, and opens it again', () => {
    const sealed = sealer.seal('at-secret-access-token');
    expect(sealed).not.toContain('secret');
    expect(sealer.seal('at-secret-access-token')).not.toBe(sealed); // a fresh IV each time
    expect(sealer.open(sealed)).toBe('at-secret-access-token');
  });

  it('refuses to open an altered value or one sealed with another key', () => {
    const sealed = sealer.seal('token');
    const [iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => sealer.open(`${iv}.${tag}.${flipped.toString('base64url')}`)).toThrow();
    expect(() => createSealer(randomBytes(32)).open(sealed)).toThrow();
  });

  it('verifies a signed state only as it was signed', () => {
    const state = sealer.sign({ a: 'athlete', s: 'session' });
    expect(sealer.verify(state)).toEqual({ a: 'athlete', s: 'session' });
    const [body, sig] = state.split('.');
    const forged = Buffer.from(JSON.stringify({ a: 'other', s: 'session' })).toString('base64url');
    expect(sealer.verify(`${forged}.${sig}`)).toBeNull();
    expect(sealer.verify(`${body}.`)).toBeNull();
    expect(createSealer(randomBytes(32)).verify(state)).toBeNull();
  });

  it('reads DEVICE_TOKEN_KEY as 64 hex digits or base64 of 32 bytes, and nothing else', () => {
    expect(parseTokenKey(key.toString('hex'))).toEqual(key);
    expect(parseTokenKey(key.toString('base64'))).toEqual(key);
    expect(parseTokenKey('too-short')).toBeNull();
  });
});
