// Retried creates never create twice (docs/RELIABILITY.md, "Idempotent creates"). A creating POST marked
// `config: { idempotent: true }` honours an `Idempotency-Key` header for 24 hours per athlete: the first request
// with a key claims it in PostgreSQL and its answer (status and body) is stored; a retry with the same key and
// the same request gets that answer again without running the route; the same key with another request is a
// 409. Concurrent requests with one key: the claim is one atomic insert, so one runs and the others wait for
// its answer (a 409 if it takes too long). A claim that has no answer after IDEMPOTENCY_LEASE_SECONDS belongs to a
// request whose process died (kill -9 mid-request): it expires and the next request with the key takes it over
// (docs/RELIABILITY.md, "Idempotent creates"). Requests without the header are not touched.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type {
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerHookHandler,
  RouteOptions,
} from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { requireAuth } from './authenticate.ts';

const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long a key holds its answer. */
const IDEMPOTENCY_TTL_HOURS = 24;
/**
 * How long a claim without an answer holds the key. Every route that honours a key answers within seconds (an
 * upload is read before its key is claimed), so a claim this old was cut off; a retry after it runs the route.
 */
const IDEMPOTENCY_LEASE_SECONDS = 120;
/** How long a retry waits for the first request with its key to answer before a 409. */
const WAIT_MS = 10_000;
const POLL_MS = 50;
/** 1 to 255 visible ASCII characters (a UUID, or any opaque token a client makes). */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The header as the OpenAPI document describes it, on every route that honours it. */
const ZIdempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .optional()
    .describe(
      'A fresh key per user action (1 to 255 visible ASCII characters): the same key sent again within 24 hours answers the first result instead of creating twice.',
    ),
});

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A creating POST that honours Idempotency-Key. */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotency?: IdempotencyState;
  }
}

interface IdempotencyState {
  key: string;
  /** This request claimed the key: its answer is stored (or the claim dropped on a 5xx). */
  owned: boolean;
}

interface StoredAnswer {
  status: number;
  body: string;
}

/** The request's key, undefined without the header; a malformed key is a 400. */
function keyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !KEY_PATTERN.test(value))
    throw new AppError('VALIDATION_FAILED', 'Idempotency-Key must be 1 to 255 visible ASCII characters');
  return value;
}

/** What makes two requests "the same": method, URL (with its query) and the body or upload parts. */
function fingerprint(request: FastifyRequest, parts: readonly (string | Buffer)[]): string {
  const hash = createHash('sha256').update(`${request.method} ${request.url}\n`);
  for (const part of parts) {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'utf8') : part;
    hash.update(`${bytes.length}:`).update(bytes);
  }
  return hash.digest('hex');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

function idempotencyStore(db: Db) {
  /**
   * Claims `key` for this request (true), or finds the answer of the request that holds it. A key older than
   * 24 hours, or a claim left without an answer past its lease, is taken over in the same statement, so an
   * expired key never blocks and is never read.
   */
  async function claim(athleteId: string, key: string, hash: string): Promise<boolean> {
    const result = await db.execute(sql`
      insert into idempotency_keys (athlete_id, key, request_hash)
      values (${athleteId}::uuid, ${key}, ${hash})
      on conflict (athlete_id, key) do update
        set request_hash = excluded.request_hash, status_code = null, response_body = null, created_at = now()
        where idempotency_keys.created_at < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})
          or (idempotency_keys.status_code is null
            and idempotency_keys.created_at < now() - make_interval(secs => ${IDEMPOTENCY_LEASE_SECONDS}))
      returning key`);
    return rowsOf(result).length > 0;
  }

  async function find(athleteId: string, key: string) {
    const result = await db.execute(sql`
      select request_hash, status_code, response_body from idempotency_keys
      where athlete_id = ${athleteId}::uuid and key = ${key}
        and created_at >= now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})
        and (status_code is not null
          or created_at >= now() - make_interval(secs => ${IDEMPOTENCY_LEASE_SECONDS}))`);
    return rowsOf<{ request_hash: string; status_code: number | null; response_body: string | null }>(
      result,
    )[0];
  }

  return {
    /**
     * This request's right to run with `key`: null when it claimed the key (run it), else the stored answer
     * of the first request with it, once there is one.
     */
    async begin(athleteId: string, key: string, hash: string): Promise<StoredAnswer | null> {
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        if (await claim(athleteId, key, hash)) {
          // Expired keys of the athlete go as new ones come: the table holds a day of keys per athlete.
          await db.execute(sql`
            delete from idempotency_keys where athlete_id = ${athleteId}::uuid
              and created_at < now() - make_interval(hours => ${IDEMPOTENCY_TTL_HOURS})`);
          return null;
        }
        const row = await find(athleteId, key);
        if (row && row.request_hash !== hash)
          throw new AppError(
            'CONFLICT',
            'This Idempotency-Key was already used for a different request: send a new key for a new request',
          );
        if (row && row.status_code !== null)
          return { status: row.status_code, body: row.response_body ?? '' };
        if (Date.now() >= deadline)
          throw new AppError(
            'CONFLICT',
            'A request with this Idempotency-Key is still being processed: retry in a moment',
            // Clients retry this one (the web write queue does, with backoff) rather than drop the write.
            { in_progress: true, lease_seconds: IDEMPOTENCY_LEASE_SECONDS },
          );
        if (row) await sleep(POLL_MS);
      }
    },

    async finish(athleteId: string, key: string, answer: StoredAnswer): Promise<void> {
      await db.execute(sql`
        update idempotency_keys set status_code = ${answer.status}, response_body = ${answer.body}
        where athlete_id = ${athleteId}::uuid and key = ${key}`);
    },

    /** The first request failed (5xx): the key is free again, so a retry runs the route. */
    async release(athleteId: string, key: string): Promise<void> {
      await db.execute(
        sql`delete from idempotency_keys where athlete_id = ${athleteId}::uuid and key = ${key}`,
      );
    },
  };
}

type IdempotencyStore = ReturnType<typeof idempotencyStore>;

function sendStored(reply: FastifyReply, answer: StoredAnswer): FastifyReply {
  return reply
    .code(answer.status)
    .header('content-type', 'application/json; charset=utf-8')
    .header('idempotent-replayed', 'true')
    .send(answer.body);
}

async function begin(
  store: IdempotencyStore,
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  parts: readonly (string | Buffer)[],
): Promise<boolean> {
  const auth = requireAuth(request);
  const stored = await store.begin(auth.athleteId, key, fingerprint(request, parts));
  if (stored) {
    request.idempotency = { key, owned: false };
    sendStored(reply, stored);
    return true;
  }
  request.idempotency = { key, owned: true };
  return false;
}

/**
 * The app-wide `onRoute` hook that gives every route marked `config: { idempotent: true }` its two hooks:
 * before the handler, the key is claimed (or the stored answer sent); on send, the answer is stored. A
 * multipart upload is read by its handler, so its key is claimed there, with `claimUpload`.
 */
export function idempotentCreates(db: Db) {
  const store = idempotencyStore(db);

  const preHandler: preHandlerHookHandler = async (request, reply) => {
    const key = keyOf(request);
    if (key === undefined) return;
    if (request.isMultipart?.()) {
      request.idempotency = { key, owned: false };
      return;
    }
    const body = request.body === undefined ? '' : JSON.stringify(request.body);
    if (await begin(store, request, reply, key, [body])) return reply;
  };

  const onSend: onSendHookHandler = async (request, reply, payload) => {
    const state = request.idempotency;
    if (!state?.owned || !request.auth) return payload;
    const { athleteId } = request.auth;
    try {
      if (reply.statusCode >= 500) await store.release(athleteId, state.key);
      else
        await store.finish(athleteId, state.key, { status: reply.statusCode, body: String(payload ?? '') });
    } catch (err) {
      // The write is committed and answered; a retry with this key meets a claim without an answer (409).
      request.log.error({ err }, 'idempotency: the answer could not be stored');
    }
    return payload;
  };

  /**
   * For a multipart route's handler, once it has read the upload: claims the key with the upload's parts as
   * the fingerprint. True when the stored answer of an earlier request was sent (the handler stops there).
   */
  async function claimUpload(
    request: FastifyRequest,
    reply: FastifyReply,
    parts: readonly (string | Buffer)[],
  ): Promise<boolean> {
    const key = request.idempotency?.key;
    if (key === undefined) return false;
    return begin(store, request, reply, key, parts);
  }

  function onRoute(route: RouteOptions) {
    if (!route.config?.idempotent) return;
    // Declared so that the OpenAPI document shows the header; its format is checked by `keyOf`.
    route.schema = { ...route.schema, headers: route.schema?.headers ?? ZIdempotencyHeaders };
    const list = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : ([hooks].flat() as T[]));
    route.preHandler = [...list(route.preHandler), preHandler];
    route.onSend = [...list(route.onSend), onSend];
  }

  return { onRoute, claimUpload };
}

export type IdempotentCreates = ReturnType<typeof idempotentCreates>;
/** What a multipart create's handler calls after reading its upload. */
export type ClaimUpload = IdempotentCreates['claimUpload'];
