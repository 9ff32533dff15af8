// All environment variables in one zod schema. A wrong value stops start-up with a list of what is wrong.
import type { ClientConfig } from '@stamina/contract';
import { z } from 'zod';

const ZBoolean = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
/** Text shown to athletes as is (never as markup). */
const plainText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .regex(/^[^<>&]*$/, 'must be plain text (no <, > or &)');
/** A page athletes are sent to from the Support page. */
const ZPublicUrl = z.url().refine((u) => /^https?:\/\//.test(u), 'must start with http:// or https://');

const ZEnv = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .url()
    .refine((u) => /^postgres(ql)?:\/\//.test(u), 'must start with postgres:// or postgresql://')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .url()
    .refine((u) => /^smtps?:\/\//.test(u), 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Stamina <no-reply@stamina.local>'),
  APP_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Human lines or pino's JSON; unset: human on a terminal, JSON otherwise (lib/human-log.ts). */
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  REDIS_URL: z
    .url()
    .refine((u) => /^rediss?:\/\//.test(u), 'must start with redis:// or rediss://')
    .optional(),
  TRUST_PROXY: ZBoolean.default(false),
  CORS_ORIGINS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url()))
    .optional(),
  /**
   * The tiles' credit, shown in the map's corner (docs/activities.md, "Web"). Plain text; unset, a tile URL on
   * openstreetmap.org is credited "© OpenStreetMap contributors", as its tile policy asks.
   */
  MAP_TILE_ATTRIBUTION: plainText(200).optional(),
  /**
   * Who runs this server, in the operator's own words (docs/screens.md, "Operator settings"): the party named in
   * the Terms and Privacy pages and the footer. Unset, the pages say "the operator of this server".
   */
  OPERATOR_NAME: plainText(120).optional(),
  /** The day the operator last changed its Terms and Privacy (YYYY-MM-DD); unset, the pages show no date. */
  LEGAL_UPDATED: z.iso.date('must be a date as YYYY-MM-DD').optional(),
  /**
   * The law the Terms are governed by, as a phrase ("the laws of Ireland"); unset, the Terms name none and say
   * that the rules protecting athletes where they live still apply.
   */
  LEGAL_GOVERNING_LAW: plainText(200).optional(),
  /** Where athletes ask for help (the Support and legal pages); each is hidden where it is unset. */
  SUPPORT_EMAIL: z.email('must be an e-mail address').optional(),
  SUPPORT_URL: ZPublicUrl.optional(),
  COMMUNITY_URL: ZPublicUrl.optional(),
  DOCS_URL: ZPublicUrl.optional(),
  FEEDBACK_URL: ZPublicUrl.optional(),
  /**
   * Sign-ups allowed per minute from one client, 5 by default (docs/auth.md, "How it is built"). Raised
   * by the e2e suite, which signs up many users.
   */
  SIGNUP_RATE_LIMIT: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(10_000, 'must be at most 10000')
    .default(5),
  /**
   * Sign-ins allowed per minute for one e-mail address from one client, 10 by default (docs/auth.md, "Sign-in
   * limits"). Raised by the e2e suite, whose parallel workers sign the demo athlete in from one address.
   */
  LOGIN_RATE_LIMIT: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(10_000, 'must be at most 10000')
    .default(10),
  /** Failed sign-ins allowed from one client address, across all accounts, per 15 minutes. */
  LOGIN_FAILURE_LIMIT: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(100_000, 'must be at most 100000')
    .default(30),
  /** Coach messages one athlete may send per minute, 30 by default (docs/coach.md, "API"); raised by the bench. */
  COACH_RATE_LIMIT: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(1_000_000, 'must be at most 1000000')
    .default(30),
  /** Lifetime of cached read bodies in ms (lib/athlete-cache.ts); 0 turns the cache off (the bench's miss path). */
  READ_CACHE_TTL_MS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be at least 0')
    .max(3_600_000, 'must be at most 3600000')
    .default(60_000),
  /**
   * Map tiles for activity tracks (docs/activities.md, "Web"): an http(s) URL template with {z}, {x} and {y}
   * (and optionally {s} for subdomains), or `none` to draw tracks as plain lines without a background map.
   * Unset: OpenStreetMap's tiles (DEFAULT_MAP_TILE_URL, credited as its tile policy asks).
   */
  MAP_TILE_URL: z
    .string()
    .refine(
      (u) => u === 'none' || /^https?:\/\/[^/\s]+\/\S*$/.test(u),
      'must be an http:// or https:// URL template, or none',
    )
    .refine(
      (u) => u === 'none' || ['{z}', '{x}', '{y}'].every((p) => u.includes(p)),
      'must contain {z}, {x} and {y} (for example https://tile.openstreetmap.org/{z}/{x}/{y}.png), or be none',
    )
    .optional(),
  /**
   * Speech to text for voice prompts (docs/onboarding.md, "Voice"): an OpenAI-compatible service's base URL
   * (the audio goes to STT_URL/audio/transcriptions); unset, voice input says it needs one.
   */
  STT_URL: z
    .url()
    .refine((u) => /^https?:\/\//.test(u), 'must start with http:// or https://')
    .optional(),
  /** Sent as `Authorization: Bearer …` to the speech-to-text service when set. */
  STT_API_KEY: z.string().min(1).optional(),
  /** The transcription model asked for. */
  STT_MODEL: z.string().min(1).max(100).default('whisper-1'),
  /**
   * Device connections (docs/devices.md, "Configuration"): a provider is usable once its client id and secret
   * are set; the URLs default to the provider's own and are overridden only to point at a test server.
   */
  GARMIN_CLIENT_ID: z.string().min(1).optional(),
  GARMIN_CLIENT_SECRET: z.string().min(1).optional(),
  GARMIN_AUTHORIZE_URL: z.url().default('https://connect.garmin.com/oauth2Confirm'),
  GARMIN_TOKEN_URL: z.url().default('https://diauth.garmin.com/di-oauth2-service/oauth/token'),
  GARMIN_API_URL: z.url().default('https://apis.garmin.com'),
  /** The secret the ping endpoint registered with Garmin carries (?verify_token=…); unset refuses every ping. */
  GARMIN_WEBHOOK_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  STRAVA_CLIENT_ID: z.string().min(1).optional(),
  STRAVA_CLIENT_SECRET: z.string().min(1).optional(),
  STRAVA_AUTHORIZE_URL: z.url().default('https://www.strava.com/oauth/authorize'),
  STRAVA_TOKEN_URL: z.url().default('https://www.strava.com/oauth/token'),
  STRAVA_API_URL: z.url().default('https://www.strava.com/api/v3'),
  /** The verify token of Strava's webhook subscription (and of its callback URL); unset refuses events. */
  STRAVA_WEBHOOK_VERIFY_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** 32 bytes (64 hex digits or base64) sealing provider tokens; unset, one is generated in DATA_DIR. */
  DEVICE_TOKEN_KEY: z
    .string()
    .refine(
      (v) => /^[0-9a-f]{64}$/i.test(v.trim()) || Buffer.from(v.trim(), 'base64').length === 32,
      'must be 32 bytes written as 64 hex digits or base64',
    )
    .optional(),
  /**
   * Web Push's VAPID key pair (docs/notifications.md, "VAPID keys"), base64url as `npx web-push
   * generate-vapid-keys` prints it; both or neither. Unset with the embedded database: generated on first start
   * and kept in DATA_DIR. Unset with DATABASE_URL: Web Push is off.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .trim()
    .refine(
      (v) => /^[A-Za-z0-9_-]+$/.test(v) && Buffer.from(v, 'base64url').length === 65,
      'must be a VAPID public key: 65 bytes in base64url',
    )
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .trim()
    .refine(
      (v) => /^[A-Za-z0-9_-]+$/.test(v) && Buffer.from(v, 'base64url').length === 32,
      'must be a VAPID private key: 32 bytes in base64url',
    )
    .optional(),
  /** Who push services may write to about this server: a mailto: or https: URL; unset, MAIL_FROM's address. */
  VAPID_SUBJECT: z
    .string()
    .refine((v) => /^(mailto:\S+@\S+|https:\/\/\S+)$/.test(v), 'must be a mailto: or https:// URL')
    .optional(),
  /** Minutes between automatic pulls of one connection. */
  DEVICE_SYNC_INTERVAL_MINUTES: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(1440, 'must be at most 1440')
    .default(30),
  /**
   * An OpenAI-compatible chat model for the coach (docs/coach.md, "Language model"): the base URL of its API
   * (chat completions go to LLM_BASE_URL/chat/completions). Unset, the built-in coach answers.
   */
  LLM_BASE_URL: z
    .url()
    .refine((u) => /^https?:\/\//.test(u), 'must start with http:// or https://')
    .optional(),
  /** Sent as `Authorization: Bearer …` to the model's API when set. */
  LLM_API_KEY: z.string().min(1).optional(),
  /** The chat model asked for; the coach uses a model only when LLM_BASE_URL and LLM_MODEL are both set. */
  LLM_MODEL: z.string().min(1).max(200).optional(),
  /** How long the coach waits for the model's whole answer before the built-in coach answers instead. */
  LLM_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1000, 'must be at least 1000')
    .max(120_000, 'must be at most 120000')
    .default(20_000),
  /** Create the demo account on an empty database; unset means on for PGlite, off with DATABASE_URL. */
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false (or 1 or 0)' })
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});
export type Env = z.infer<typeof ZEnv>;

/**
 * Whether to seed the demo account. A shared PostgreSQL server is usually a real deployment, where a known
 * password must not appear unasked; the embedded database is a local try-out, where the demo helps.
 */
export function seedDemoEnabled(env: Pick<Env, 'SEED_DEMO' | 'DATABASE_URL'>): boolean {
  return env.SEED_DEMO ?? env.DATABASE_URL === undefined;
}

const SECRET_KEYS = new Set([
  'JWT_SECRET',
  'DATABASE_URL',
  'SMTP_URL',
  'REDIS_URL',
  'STT_URL',
  'STT_API_KEY',
  'GARMIN_CLIENT_SECRET',
  'GARMIN_WEBHOOK_SECRET',
  'STRAVA_CLIENT_SECRET',
  'STRAVA_WEBHOOK_VERIFY_TOKEN',
  'DEVICE_TOKEN_KEY',
  'VAPID_PRIVATE_KEY',
  'LLM_BASE_URL',
  'LLM_API_KEY',
]);

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Empty strings count as unset, so `PORT= npm start` behaves like no PORT at all. */
export function parseEnv(env: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = ZEnv.safeParse(cleaned);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const key = issue.path.join('.') || '(environment)';
        const name = typeof issue.path[0] === 'string' ? issue.path[0] : '';
        // Never echo values that may hold credentials.
        const got = SECRET_KEYS.has(name) ? undefined : cleaned[name];
        return `${key}: ${issue.message}${got !== undefined ? ` (got "${got}")` : ''}`;
      }),
    );
  }
  return result.data;
}

/**
 * Settings that every process sharing one database must agree on, checked at start (main.ts): with
 * DATABASE_URL, DEVICE_TOKEN_KEY is required, since a key generated per process (in its DATA_DIR) seals device
 * tokens and OAuth states that another process cannot open (docs/RELIABILITY.md, "Scale-out"); so are the VAPID
 * keys, since a browser's push subscription is bound to the public key it was made with (docs/notifications.md,
 * "VAPID keys").
 */
export function sharedDatabaseProblems(
  env: Pick<Env, 'DATABASE_URL' | 'DEVICE_TOKEN_KEY' | 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY'>,
): string[] {
  const problems: string[] = [];
  // One VAPID key without the other could only be half of someone's pair (docs/notifications.md).
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    problems.push(
      `${env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'}: set both VAPID keys or neither ` +
        '(`npx web-push generate-vapid-keys` prints a pair)',
    );
  }
  if (env.DATABASE_URL && !env.DEVICE_TOKEN_KEY) {
    problems.push(
      'DEVICE_TOKEN_KEY: required when DATABASE_URL is set, so that every process sharing the database seals ' +
        'device tokens with the same key (32 bytes as 64 hex digits, e.g. the output of `openssl rand -hex 32`)',
    );
  }
  if (env.DATABASE_URL && !env.VAPID_PUBLIC_KEY && !env.VAPID_PRIVATE_KEY) {
    problems.push(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: required when DATABASE_URL is set, so that every process sharing ' +
        'the database sends Web Push with the same key pair (`npx web-push generate-vapid-keys` prints one)',
    );
  }
  return problems;
}

/**
 * Who push services may write to (docs/notifications.md, "VAPID keys"): VAPID_SUBJECT, else the address of
 * MAIL_FROM as a mailto: URL.
 */
export function vapidSubject(env: Pick<Env, 'VAPID_SUBJECT' | 'MAIL_FROM'>): string {
  if (env.VAPID_SUBJECT) return env.VAPID_SUBJECT;
  const address = env.MAIL_FROM.match(/<([^>]+)>/)?.[1] ?? env.MAIL_FROM.trim();
  return `mailto:${address}`;
}

/** The operator's words told to the web app (GET /api/v1/client-config); null where unset. */
export function operatorFromEnv(env: Env): ClientConfig['operator'] {
  return {
    name: env.OPERATOR_NAME ?? null,
    legal_updated: env.LEGAL_UPDATED ?? null,
    governing_law: env.LEGAL_GOVERNING_LAW ?? null,
    support_email: env.SUPPORT_EMAIL ?? null,
    support_url: env.SUPPORT_URL ?? null,
    community_url: env.COMMUNITY_URL ?? null,
    docs_url: env.DOCS_URL ?? null,
    feedback_url: env.FEEDBACK_URL ?? null,
  };
}

/** The credit for map tiles: the configured one, else OpenStreetMap's for its own tiles, else none. */
/** The tiles behind activity maps when MAP_TILE_URL is unset: OpenStreetMap's standard layer. */
const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/** The tile URL in force: MAP_TILE_URL, none (null) when it says `none`, OpenStreetMap's when it is unset. */
export function mapTileUrlOf(configured: string | undefined): string | null {
  if (configured === 'none') return null;
  return configured ?? DEFAULT_MAP_TILE_URL;
}

export function tileAttribution(
  url: string | null | undefined,
  configured: string | undefined,
): string | null {
  if (configured) return configured;
  if (!url) return null;
  const host = url
    .replace(/^https?:\/\//, '')
    .split('/')[0]!
    .split(':')[0]!;
  return host === 'openstreetmap.org' || host.endsWith('.openstreetmap.org')
    ? '© OpenStreetMap contributors'
    : null;
}
