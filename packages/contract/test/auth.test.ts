import { describe, expect, it } from 'vitest';
import { ZLoginRequest, ZProfileUpdateRequest, ZSignupRequest } from '../src/index.ts';

describe('auth contract', () => {
  it('trims and lower-cases the e-mail', () => {
    const parsed = ZSignupRequest.parse({ name: ' Ana ', email: '  Ana@Example.COM ', password: 'secret1' });
    expect(parsed).toMatchObject({ name: 'Ana', email: 'ana@example.com' });
  });

  it('needs a password of 6 characters and a name', () => {
    const short = ZSignupRequest.safeParse({ name: 'Ana', email: 'a@b.co', password: '12345' });
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]?.message).toBe('Password must be at least 6 characters');
    expect(ZSignupRequest.safeParse({ name: '  ', email: 'a@b.co', password: '123456' }).success).toBe(false);
  });

  it('rejects unknown time zones and malformed addresses', () => {
    expect(
      ZLoginRequest.safeParse({ email: 'a@b.co', password: 'x', timezone: 'Mars/Olympus' }).success,
    ).toBe(false);
    expect(ZLoginRequest.safeParse({ email: 'not-an-email', password: 'x' }).success).toBe(false);
    expect(
      ZLoginRequest.safeParse({ email: 'a@b.co', password: 'x', timezone: 'Europe/Madrid' }).success,
    ).toBe(true);
  });

  it('accepts only the profile fields it knows', () => {
    expect(ZProfileUpdateRequest.safeParse({ gender: 'female', goalEvent: 'Marathon' }).success).toBe(true);
    expect(ZProfileUpdateRequest.safeParse({ role: 'admin' }).success).toBe(false);
    expect(ZProfileUpdateRequest.safeParse({ birthday: '31/12/1990' }).success).toBe(false);
    expect(ZProfileUpdateRequest.safeParse({}).success).toBe(false);
  });
});
