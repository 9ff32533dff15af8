// Conditional writes (docs/offline.md, "Conflicts"): a write made on a copy of a row names the copy's
// `updated_at` in `If-Match` and goes through only while the row is still that version (else 412). A create that
// must not land on a row made elsewhere meanwhile sends `If-None-Match: *`. `If-Match: *` asks only that the row
// exists: it matches any version, and is a 412 when there is no row (RFC 9110, 13.1.1).
import { AppError } from './errors.ts';

/** What an `If-Match` asks: the row is still this version (its `updated_at`), or '*': the row exists. */
export type IfMatch = Date | '*';

/** The version an `If-Match` names, if it names one (undefined for '*' and for no header). */
export const versionOf = (ifMatch: IfMatch | undefined): Date | undefined =>
  ifMatch instanceof Date ? ifMatch : undefined;

const first = (header: string | string[] | undefined) => (Array.isArray(header) ? header[0] : header);

/**
 * The version an `If-Match` names: a row's `updated_at`, quoted as an entity tag or bare, or '*' (any version).
 * One that names no time cannot match any version: 412, as HTTP has it. Undefined when there is no header.
 */
export function ifMatchOf(header: string | string[] | undefined, what: string): IfMatch | undefined {
  if (header === undefined) return undefined;
  if (first(header)?.trim() === '*') return '*';
  const tag = first(header)
    ?.trim()
    .replace(/^W\//, '')
    .replace(/^"(.*)"$/, '$1');
  const time = tag ? Date.parse(tag) : Number.NaN;
  if (Number.isNaN(time)) {
    throw new AppError('PRECONDITION_FAILED', `If-Match names no version of ${what}: send its updated_at.`);
  }
  return new Date(time);
}

/** Whether the write asks `If-None-Match: *` (only while there is no row); any other value is refused (400). */
export function ifNoneMatchAny(header: string | string[] | undefined): boolean {
  if (header === undefined) return false;
  if (first(header)?.trim() === '*') return true;
  throw new AppError(
    'VALIDATION_FAILED',
    'If-None-Match takes only * here (write only while there is no entry yet); to name a version, send If-Match.',
  );
}
