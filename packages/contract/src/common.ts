// Envelopes shared by every endpoint: successes are { data }, errors are { message, code, detail? }.
import { EARLIEST_DATE, isDateInRange, LATEST_DATE } from '@stamina/core';
import { z } from 'zod';

/**
 * Every `code` an error body can carry. The server maps each to its HTTP status (apps/server/src/lib/errors.ts);
 * clients compare against these instead of raw strings.
 */
export const ZErrorCode = z.enum([
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'INVALID_JSON',
  'UNAUTHORIZED',
  'INVALID_CREDENTIALS',
  'TOKEN_INVALID',
  'EMAIL_NOT_CONFIRMED',
  'FORBIDDEN',
  /** Sign-in to an account whose deletion is pending: `detail.purge_after` says when it goes (docs/account.md). */
  'ACCOUNT_PENDING_DELETION',
  'NOT_FOUND',
  'CONFLICT',
  /** A write sent with `If-Match` whose copy is older than the record (docs/offline.md, "Conflicts"). */
  'PRECONDITION_FAILED',
  /** A link that worked once and no longer does (an expired export download). */
  'GONE',
  'TOKEN_EXPIRED',
  'TOKEN_USED',
  'LINK_INVALID',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL',
  /** An outside service Stamina relies on (speech to text) failed. */
  'BAD_GATEWAY',
  'SERVICE_UNAVAILABLE',
]);
export type ErrorCode = z.infer<typeof ZErrorCode>;
export const ErrorCode = ZErrorCode.enum;

export const ZErrorResponse = z
  .object({
    message: z.string(),
    code: ZErrorCode,
    detail: z.unknown().optional(),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ZErrorResponse>;

export function dataEnvelope<T extends z.ZodType>(schema: T) {
  return z.object({ data: schema });
}

export const ZMessage = z.object({ message: z.string() });

/**
 * Every calendar date a client sends: YYYY-MM-DD, a real day, from 1900-01-01 to 2100-12-31 (core
 * EARLIEST_DATE and LATEST_DATE; docs/RELIABILITY.md says why).
 */
export const ZIsoDate = z.iso
  .date({ error: 'Use a date in the form YYYY-MM-DD' })
  .refine(isDateInRange, `Use a date between ${EARLIEST_DATE} and ${LATEST_DATE}`);
