// One error type for everything the API refuses on purpose; the error handler maps its code to a status.
// The codes themselves are the contract's (ZErrorCode), so clients compare against the same list.
import type { ErrorCode } from '@stamina/contract';

export type { ErrorCode };

/** Why text holding a NUL character is refused: plugins/input-guards.ts (JSON, query, path), lib/uploads.ts (forms). */
export const NUL_MESSAGE = 'Text must not contain the NUL character (\\u0000)';

const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  TOKEN_INVALID: 401,
  EMAIL_NOT_CONFIRMED: 403,
  FORBIDDEN: 403,
  ACCOUNT_PENDING_DELETION: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  GONE: 410,
  TOKEN_EXPIRED: 400,
  TOKEN_USED: 400,
  // A mailed link that does not exist is bad input, not a failed sign-in: a 401 would make clients refresh.
  LINK_INVALID: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
} as const satisfies Record<ErrorCode, number>;

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly detail?: unknown,
  ) {
    super(message);
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found`);

/** The SQLSTATE of a database error, also when the ORM wrapped it (Drizzle puts the driver's error in `cause`). */
export function databaseErrorCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
