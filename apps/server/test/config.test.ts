import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv, sharedDatabaseProblems, vapidSubject } from '../src/config.ts';
import { generateVapidKeys } from '../src/modules/notifications/push.ts';

/** The message parseEnv throws for env, or a failure if it does not throw. */
function problemsOf(env: Record<string, string>): string {
  try {
    parseEnv(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).message;
  }
  throw new Error(`parseEnv accepted ${JSON.stringify(env)}`);
}

describe('parseEnv', () => {
  it('has working defaults for an empty environment', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe('./data');
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.JWT_SECRET).toBeUndefined();
  });

  it('accepts good values and treats empty strings as unset', () => {
    const env = parseEnv({ PORT: '8080', DATABASE_URL: 'postgres://u:p@db:5432/stamina', SMTP_URL: '' });
    expect(env.PORT).toBe(8080);
    expect(env.DATABASE_URL).toBe('postgres://u:p@db:5432/stamina');
    expect(env.SMTP_URL).toBeUndefined();
  });

  it('rejects PORT=abc, naming the variable', () => {
    const message = problemsOf({ PORT: 'abc' });
    expect(message).toMatch(/PORT/);
    expect(message).toContain('abc');
  });

  it("limits sign-ups to the spec's 5 a minute unless SIGNUP_RATE_LIMIT says otherwise, and refuses a bad value", () => {
    expect(parseEnv({}).SIGNUP_RATE_LIMIT).toBe(5);
    expect(parseEnv({ SIGNUP_RATE_LIMIT: '100' }).SIGNUP_RATE_LIMIT).toBe(100);
    expect(problemsOf({ SIGNUP_RATE_LIMIT: '0' })).toMatch(/SIGNUP_RATE_LIMIT/);
    expect(problemsOf({ SIGNUP_RATE_LIMIT: 'many' })).toMatch(/SIGNUP_RATE_LIMIT/);
  });

  it('allows 10 sign-ins a minute per address and client unless LOGIN_RATE_LIMIT says otherwise', () => {
    expect(parseEnv({}).LOGIN_RATE_LIMIT).toBe(10);
    expect(parseEnv({ LOGIN_RATE_LIMIT: '1000' }).LOGIN_RATE_LIMIT).toBe(1000);
    expect(problemsOf({ LOGIN_RATE_LIMIT: '0' })).toMatch(/LOGIN_RATE_LIMIT/);
    expect(problemsOf({ LOGIN_RATE_LIMIT: 'plenty' })).toMatch(/LOGIN_RATE_LIMIT/);
  });

  it('allows 30 failed sign-ins per client in 15 minutes unless LOGIN_FAILURE_LIMIT says otherwise', () => {
    expect(parseEnv({}).LOGIN_FAILURE_LIMIT).toBe(30);
    expect(parseEnv({ LOGIN_FAILURE_LIMIT: '200' }).LOGIN_FAILURE_LIMIT).toBe(200);
    expect(problemsOf({ LOGIN_FAILURE_LIMIT: '0' })).toMatch(/LOGIN_FAILURE_LIMIT/);
    expect(problemsOf({ LOGIN_FAILURE_LIMIT: 'lots' })).toMatch(/LOGIN_FAILURE_LIMIT/);
  });

  it('rejects a port out of range', () => {
    expect(problemsOf({ PORT: '70000' })).toMatch(/PORT/);
  });

  it('rejects DATABASE_URL=mysql://x, naming the variable and saying why', () => {
    const message = problemsOf({ DATABASE_URL: 'mysql://x' });
    expect(message).toMatch(/DATABASE_URL/);
    expect(message).toMatch(/postgres/);
  });

  it('lists every problem at once', () => {
    const message = problemsOf({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL']) expect(message).toContain(name);
  });

  it('never echoes the value of JWT_SECRET or of URLs that may hold credentials', () => {
    const secret = 'too-short-but-secret';
    const message = problemsOf({
      JWT_SECRET: secret,
      DATABASE_URL: 'mysql://admin:hunter2@db/x',
      PORT: 'abc',
    });
    expect(message).toMatch(/JWT_SECRET/);
    expect(message).toMatch(/32/);
    expect(message).not.toContain(secret);
    expect(message).not.toContain('hunter2');
  });

  it('reads the speech-to-text service: off by default, whisper-1 unless STT_MODEL says otherwise', () => {
    const none = parseEnv({});
    expect(none.STT_URL).toBeUndefined();
    expect(none.STT_API_KEY).toBeUndefined();
    expect(none.STT_MODEL).toBe('whisper-1');
    const env = parseEnv({ STT_URL: 'http://127.0.0.1:9000/v1', STT_API_KEY: 'sk-x', STT_MODEL: 'large-v3' });
    expect(env).toMatchObject({
      STT_URL: 'http://127.0.0.1:9000/v1',
      STT_API_KEY: 'sk-x',
      STT_MODEL: 'large-v3',
    });
    const message = problemsOf({ STT_URL: 'ftp://user:hunter2@stt/v1' });
    expect(message).toMatch(/STT_URL: must start with http/);
    expect(message).not.toContain('hunter2');
  });

  it('reads the coach language model: off by default, with a 20 s timeout unless LLM_TIMEOUT_MS says otherwise', () => {
    const none = parseEnv({});
    expect(none.LLM_BASE_URL).toBeUndefined();
    expect(none.LLM_MODEL).toBeUndefined();
    expect(none.LLM_TIMEOUT_MS).toBe(20_000);
    const env = parseEnv({
      LLM_BASE_URL: 'http://127.0.0.1:8080/v1',
      LLM_API_KEY: 'sk-y',
      LLM_MODEL: 'coach-1',
    });
    expect(env).toMatchObject({
      LLM_BASE_URL: 'http://127.0.0.1:8080/v1',
      LLM_API_KEY: 'sk-y',
      LLM_MODEL: 'coach-1',
    });
    const message = problemsOf({ LLM_BASE_URL: 'ftp://user:hunter2@llm/v1', LLM_TIMEOUT_MS: '5' });
    expect(message).toMatch(/LLM_BASE_URL: must start with http/);
    expect(message).toMatch(/LLM_TIMEOUT_MS: must be at least 1000/);
    expect(message).not.toContain('hunter2');
  });

  it('asks for DEVICE_TOKEN_KEY with DATABASE_URL, naming it, and not for the embedded database', () => {
    const key = 'ab'.repeat(32);
    const [problem] = sharedDatabaseProblems(parseEnv({ DATABASE_URL: 'postgres://db/stamina' }));
    expect(problem).toMatch(/^DEVICE_TOKEN_KEY: required when DATABASE_URL is set/);
    const pair = generateVapidKeys();
    const vapid = { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey };
    expect(
      sharedDatabaseProblems(
        parseEnv({ DATABASE_URL: 'postgres://db/stamina', DEVICE_TOKEN_KEY: key, ...vapid }),
      ),
    ).toEqual([]);
    expect(sharedDatabaseProblems(parseEnv({}))).toEqual([]);
  });

  it('requires the VAPID keys with DATABASE_URL, naming both (one pair for every process)', () => {
    const key = 'a'.repeat(64);
    expect(
      sharedDatabaseProblems(parseEnv({ DATABASE_URL: 'postgres://db/stamina', DEVICE_TOKEN_KEY: key })),
    ).toEqual([
      expect.stringMatching(/^VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: required when DATABASE_URL is set/),
    ]);
    // With the embedded database they are generated and kept in DATA_DIR.
    expect(sharedDatabaseProblems(parseEnv({ DEVICE_TOKEN_KEY: key }))).toEqual([]);
  });

  it('takes both VAPID keys or neither, checks their size, and never echoes the private one', () => {
    const pair = generateVapidKeys();
    expect(
      sharedDatabaseProblems(
        parseEnv({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey }),
      ),
    ).toEqual([]);
    const [half] = sharedDatabaseProblems(parseEnv({ VAPID_PUBLIC_KEY: pair.publicKey }));
    expect(half).toMatch(/^VAPID_PRIVATE_KEY: set both VAPID keys or neither/);
    const wrong = problemsOf({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: 'not-a-key-zzz' });
    expect(wrong).toContain(
      'VAPID_PUBLIC_KEY: must be a VAPID public key: 65 bytes in base64url (got "abc")',
    );
    expect(wrong).toContain('VAPID_PRIVATE_KEY: must be a VAPID private key: 32 bytes in base64url');
    expect(wrong).not.toContain('not-a-key-zzz');
    expect(problemsOf({ VAPID_SUBJECT: 'ops@example.com' })).toContain(
      'VAPID_SUBJECT: must be a mailto: or https:// URL',
    );
  });

  it('names the operator to push services: VAPID_SUBJECT, else MAIL_FROM’s address', () => {
    expect(vapidSubject(parseEnv({}))).toBe('mailto:no-reply@stamina.local');
    expect(vapidSubject(parseEnv({ MAIL_FROM: 'ops@example.com' }))).toBe('mailto:ops@example.com');
    expect(vapidSubject(parseEnv({ VAPID_SUBJECT: 'https://example.com/contact' }))).toBe(
      'https://example.com/contact',
    );
  });
});
