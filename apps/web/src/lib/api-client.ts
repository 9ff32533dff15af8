// The API client (docs/screens.md, "App-wide constants", API client timing): base /api, bearer token, timeouts, retries
// with backoff, one refresh-and-retry on 401, and proactive refresh when the token is about to expire. It is the only
// place that retries (TanStack Query does not, lib/query-client.ts), and it retries only what cannot write twice:
// GET, PUT and DELETE, and a POST that carries an Idempotency-Key (GUIDE §4).
import type {
  EndpointInput,
  EndpointKey,
  EndpointResponse,
  ErrorCode,
  FileEndpoint,
  JsonEndpoint,
  Session,
} from '@stamina/contract';
import {
  API_MAX_RETRIES,
  API_TIMEOUT_MS,
  retryDelayMs,
  TOKEN_REFRESH_MARGIN_SECONDS,
} from './app-constants.ts';

import { reportReachable } from './pwa.ts';
import { readSession, secondsUntilExpiry, writeSession } from './session-store.ts';

export const MESSAGES = {
  authFailed: 'Authentication failed. Please log in again.',
  sessionExpired: 'Session expired. Please log in again.',
  timeout: 'Request timeout - server not responding',
  network: 'Network error. Please check your connection and try again.',
  invalidJson: 'Invalid JSON response',
  unexpected: 'An unexpected error occurred. Please try again.',
} as const;

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly options: {
      isNetworkError?: boolean;
      isAuthError?: boolean;
      code?: ErrorCode;
      detail?: unknown;
    } = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
  get isAuthError(): boolean {
    return this.options.isAuthError ?? (this.status === 401 || this.status === 403);
  }
  get isNetworkError(): boolean {
    return this.options.isNetworkError ?? false;
  }
  /** The contract's error code; compare with a literal of it (`err.code === 'NOT_FOUND'`), which tsc checks. */
  get code(): ErrorCode | undefined {
    return this.options.code;
  }
}

export interface RequestOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  timeoutMs?: number;
  /** Send without a bearer token and skip refresh handling (sign-in, sign-up, refresh itself). */
  anonymous?: boolean;
  /** With `anonymous`: send this bearer token, of a session that is not the stored one, still without refresh. */
  bearer?: string;
  signal?: AbortSignal;
  /**
   * 'file' resolves to a DownloadedFile instead of parsed JSON; 'events' asks for server-sent events, hands
   * each to `onEvent` as it arrives and resolves to the `done` event's data. Errors are still read as JSON.
   */
  responseType?: 'json' | 'file' | 'events';
  /** With responseType 'events': each event's name and parsed data. */
  onEvent?: (name: string, data: unknown) => void;
  /** Sent as `Idempotency-Key`; one per user action (newIdempotencyKey), the same on every retry of it. */
  idempotencyKey?: string;
  /** Sent as `If-Match`: the `updated_at` of the copy a write was made on (docs/offline.md, "Conflicts"). */
  ifMatch?: string;
  /** Sent as `If-None-Match: *`: a write meant only while there is no record yet (docs/offline.md, "Conflicts"). */
  ifNoneMatch?: '*';
  /**
   * A read a decision is made on (an offline write's check before it is sent): sent with `Cache-Control:
   * no-cache`, so the service worker never answers it with its saved copy; without the network it fails instead
   * (docs/offline.md, "Conflicts").
   */
  fresh?: boolean;
  /**
   * Bytes of the body sent so far, for a FormData body: the exchange then goes through XMLHttpRequest, whose
   * upload events fetch does not have. Starts again from 0 on a retry.
   */
  onUploadProgress?: (sentBytes: number, totalBytes: number) => void;
}

/** Methods a retry cannot turn into a second write. */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE']);

/** Whether a failed call may be sent again: an idempotent method, or a POST the server can recognise by its key. */
function mayRetry(method: string, options: Pick<RequestOptions, 'idempotencyKey'>): boolean {
  return IDEMPOTENT_METHODS.has(method) || Boolean(options.idempotencyKey);
}

/** A fresh random key for one user action (a UUID; also outside secure contexts, where randomUUID is missing). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A file the API sent back, with the name its content-disposition gave it. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** The file name of a content-disposition header, preferring the UTF-8 `filename*` form. */
export function dispositionFileName(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const extended = header.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // Fall through to the plain form.
    }
  }
  return header.match(/filename="?([^";]+)"?/i)?.[1] ?? fallback;
}

/**
 * fetch's contract over XMLHttpRequest, for an upload whose progress is shown: resolves to a Response of the
 * answer, rejects on a network failure or an abort (as fetch does).
 */
function sendWithProgress(
  url: string,
  init: { method: string; headers: Record<string, string>; body: FormData; signal: AbortSignal },
  onProgress: (sentBytes: number, totalBytes: number) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(init.method, url);
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    });
    xhr.addEventListener('load', () => {
      const headers = new Headers();
      for (const line of xhr
        .getAllResponseHeaders()
        .trim()
        .split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      // A Response cannot carry a body with 204/205/304, nor a status outside 200–599.
      const status = xhr.status >= 200 && xhr.status <= 599 ? xhr.status : 502;
      const empty = status === 204 || status === 205 || status === 304;
      resolve(new Response(empty ? null : xhr.responseText, { status, headers }));
    });
    const fail = () => reject(new TypeError('Network request failed'));
    xhr.addEventListener('error', fail);
    xhr.addEventListener('abort', fail);
    init.signal.addEventListener('abort', () => xhr.abort());
    xhr.send(init.body);
  });
}

/** The options of a typed call: the endpoint's params, query and body (contract API_ENDPOINTS), and transport. */
export type CallOptions<K extends EndpointKey> = Omit<RequestOptions, 'body' | 'query' | 'responseType'> &
  EndpointInput<K>;
/** The options argument may be left out only when the endpoint needs nothing. */
type CallArgs<K extends EndpointKey> =
  object extends EndpointInput<K> ? [options?: CallOptions<K>] : [options: CallOptions<K>];

/** 'PUT /training/plans/{id}' with { id } → ['PUT', '/training/plans/<id>'], each parameter URL-encoded. */
function resolveEndpoint(endpoint: string, params: object | undefined): [method: string, path: string] {
  const [method = 'GET', template = ''] = endpoint.split(' ');
  const values = (params ?? {}) as Record<string, unknown>;
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(values[name] ?? '')),
  );
  return [method, path];
}

export interface ClientDeps {
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  baseUrl: string;
}

const defaultDeps: ClientDeps = {
  fetch: (...args) => globalThis.fetch(...args),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  baseUrl: '/api',
};

/**
 * Reads a server-sent event stream to its end: each `event:`/`data:` block to `onEvent`; the answer is the data
 * of the `done` event, and an `error` event is thrown as an ApiError.
 */
async function readEvents(response: Response, onEvent: RequestOptions['onEvent']): Promise<unknown> {
  let done: unknown;
  let failure: { message?: unknown; code?: unknown } | null = null;
  const handle = (block: string) => {
    let name = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) name = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    if (!data.length) return;
    let value: unknown;
    try {
      value = JSON.parse(data.join('\n'));
    } catch {
      return;
    }
    onEvent?.(name, value);
    if (name === 'done') done = value;
    if (name === 'error') failure = value as { message?: unknown; code?: unknown };
  };
  let buffer = '';
  const reader = response.body?.getReader();
  if (reader) {
    const decoder = new TextDecoder();
    for (;;) {
      const { value, done: finished } = await reader.read();
      if (finished) break;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n/g, '\n');
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        handle(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
      }
    }
  } else buffer = await response.text();
  for (const block of buffer.split('\n\n')) if (block.trim()) handle(block);
  if (failure) {
    const { message, code } = failure as { message?: unknown; code?: unknown };
    throw new ApiError(typeof message === 'string' ? message : MESSAGES.network, 502, {
      ...(typeof code === 'string' ? { code: code as ErrorCode } : {}),
    });
  }
  if (done === undefined) throw new ApiError(MESSAGES.network, 0, { isNetworkError: true });
  return done;
}

export function createApiClient(deps: ClientDeps = defaultDeps) {
  let refreshing: Promise<Session> | null = null;

  /** One refresh at a time; concurrent callers share it. */
  function refreshSession(): Promise<Session> {
    refreshing ??= (async () => {
      try {
        const current = readSession();
        if (!current?.refresh_token) throw new ApiError(MESSAGES.sessionExpired, 401, { isAuthError: true });
        const result = await send<{ data: Session }>('POST', '/auth/refresh', {
          body: { refresh_token: current.refresh_token },
          anonymous: true,
        });
        if (!result?.data?.access_token)
          throw new ApiError(MESSAGES.sessionExpired, 401, { isAuthError: true });
        writeSession(result.data);
        return result.data;
      } catch (err) {
        // Without a connection the session is not known to be over: keep it, so the app still opens offline
        // (docs/offline.md, "Signed in while offline"); anything else ends it.
        if (err instanceof ApiError && err.isNetworkError) throw err;
        writeSession(null);
        throw err instanceof ApiError && !err.isAuthError
          ? err
          : new ApiError(MESSAGES.sessionExpired, 401, { isAuthError: true });
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  }

  async function tokenForRequest(): Promise<string | undefined> {
    const session = readSession();
    if (!session) return undefined;
    if (secondsUntilExpiry(session.access_token) < TOKEN_REFRESH_MARGIN_SECONDS && session.refresh_token) {
      try {
        return (await refreshSession()).access_token;
      } catch (err) {
        // Offline: send the token we have; the service worker answers reads from its cache, and a 401 once back
        // online refreshes as usual.
        if (err instanceof ApiError && err.isNetworkError) return session.access_token;
        throw err;
      }
    }
    return session.access_token;
  }

  function buildUrl(path: string, query: RequestOptions['query']): string {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
    }
    const qs = params.toString();
    return `${deps.baseUrl}${path}${qs ? `?${qs}` : ''}`;
  }

  /** One HTTP exchange with timeout; throws ApiError for every failure. */
  async function exchange(method: string, url: string, token: string | undefined, options: RequestOptions) {
    const controller = new AbortController();
    const timeout = setTimeout(() => controller.abort(), options.timeoutMs ?? API_TIMEOUT_MS);
    options.signal?.addEventListener('abort', () => controller.abort());
    const headers: Record<string, string> = {
      accept: options.responseType === 'events' ? 'text/event-stream' : 'application/json',
    };
    const form = options.body instanceof FormData ? options.body : null;
    // A form sets its own multipart content type, boundary included.
    if (options.body !== undefined && !form) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
    if (options.ifMatch) headers['if-match'] = `"${options.ifMatch}"`;
    if (options.ifNoneMatch) headers['if-none-match'] = options.ifNoneMatch;
    if (options.fresh) headers['cache-control'] = 'no-cache';
    try {
      if (form && options.onUploadProgress) {
        return await sendWithProgress(
          url,
          { method, headers, body: form, signal: controller.signal },
          options.onUploadProgress,
        );
      }
      const response = await deps.fetch(url, {
        method,
        headers,
        body: form ?? (options.body === undefined ? null : JSON.stringify(options.body)),
        signal: controller.signal,
      });
      // An answer from the service worker's cache means the server could not be reached (docs/offline.md).
      reportReachable(!response.headers?.get?.('x-stamina-offline-copy'));
      return response;
    } catch {
      if (!options.signal?.aborted) reportReachable(false);
      if (controller.signal.aborted && !options.signal?.aborted) {
        throw new ApiError(MESSAGES.timeout, 408, { isNetworkError: true });
      }
      throw new ApiError(MESSAGES.network, 0, { isNetworkError: true });
    } finally {
      clearTimeout(timeout);
    }
  }

  async function parse<T>(response: Response, options: RequestOptions): Promise<T> {
    if (response.ok && options.responseType === 'file') {
      const fileName = dispositionFileName(response.headers.get('content-disposition'), 'download');
      return { blob: await response.blob(), fileName } satisfies DownloadedFile as T;
    }
    if (response.ok && options.responseType === 'events')
      return (await readEvents(response, options.onEvent)) as T;
    const text = await response.text();
    let body: unknown;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        if (response.ok) throw new ApiError(MESSAGES.invalidJson, response.status);
      }
    }
    if (response.ok) return body as T;
    const errorBody = (body ?? {}) as { message?: unknown; detail?: unknown; code?: unknown };
    const message =
      typeof errorBody.message === 'string'
        ? errorBody.message
        : typeof errorBody.detail === 'string'
          ? errorBody.detail
          : `Request failed with status ${response.status}`;
    throw new ApiError(message, response.status, {
      // Typed, not parsed: the server sends only the contract's codes (ZErrorCode), and checking at run time
      // would put zod in every page's bundle.
      ...(typeof errorBody.code === 'string' ? { code: errorBody.code as ErrorCode } : {}),
      detail: errorBody.detail,
    });
  }

  async function send<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const url = buildUrl(path, options.query);
    let token = options.anonymous ? options.bearer : await tokenForRequest();
    let refreshed = false;
    const retries = mayRetry(method, options) ? API_MAX_RETRIES : 0;
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await exchange(method, url, token, options);
        if (response.status === 401 && !options.anonymous && token && !refreshed) {
          refreshed = true;
          try {
            token = (await refreshSession()).access_token;
          } catch {
            throw new ApiError(MESSAGES.authFailed, 401, { isAuthError: true });
          }
          attempt--;
          continue;
        }
        if (response.status === 401 && !options.anonymous && refreshed) {
          writeSession(null);
          throw new ApiError(MESSAGES.authFailed, 401, { isAuthError: true });
        }
        if (response.status >= 500 && attempt < retries) {
          await deps.sleep(retryDelayMs(attempt));
          continue;
        }
        return await parse<T>(response, options);
      } catch (err) {
        const retryable = err instanceof ApiError && err.isNetworkError && err.status === 0;
        if (retryable && attempt < retries && !options.signal?.aborted) {
          await deps.sleep(retryDelayMs(attempt));
          continue;
        }
        throw err;
      }
    }
  }

  function call<T>(endpoint: EndpointKey, options: CallOptions<EndpointKey> | undefined, file: boolean) {
    const { params, query, ...rest } = (options ?? {}) as CallOptions<EndpointKey> & {
      params?: object;
      query?: RequestOptions['query'];
    };
    const [method, path] = resolveEndpoint(endpoint, params);
    return send<T>(method, path, {
      ...rest,
      ...(query ? { query } : {}),
      ...(file ? { responseType: 'file' } : {}),
    });
  }

  return {
    /** One call of the contract's endpoint map: params, query and body are checked against it, and so is the answer. */
    request: <K extends JsonEndpoint>(endpoint: K, ...[options]: CallArgs<K>) =>
      call<EndpointResponse<K>>(endpoint, options as CallOptions<EndpointKey>, false),
    /** A call answered as server-sent events (RequestOptions.responseType 'events'): resolves to the `done` data. */
    events: <K extends JsonEndpoint>(
      endpoint: K,
      options: CallOptions<K> & { onEvent: NonNullable<RequestOptions['onEvent']> },
    ) =>
      send<EndpointResponse<K>>(...resolveEndpoint(endpoint, (options as { params?: object }).params), {
        ...(options as RequestOptions),
        responseType: 'events',
      }),
    /** A GET that answers a file, saved under its content-disposition name. */
    download: <K extends FileEndpoint>(endpoint: K, ...[options]: CallArgs<K>) =>
      call<DownloadedFile>(endpoint, options as CallOptions<EndpointKey>, true),
    refreshSession,
  };
}

export const api = createApiClient();

/** A message a person can read, whatever was thrown. */
export function errorMessage(err: unknown): string {
  if (err instanceof Error && err.message) return err.message;
  return MESSAGES.unexpected;
}
