// The one place where text entering the API is checked before any schema sees it: JSON bodies nested deeper
// than MAX_JSON_DEPTH, and a NUL character in any string (JSON body, query, path), are refused with a 400.
// PostgreSQL cannot store NUL in text, and deep nesting overflows the stack of recursive code (a size check,
// a serializer) long after the request was accepted. Multipart fields and file names are checked by
// lib/uploads.ts with the same rule. Why: docs/RELIABILITY.md, "Input the API refuses".
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, NUL_MESSAGE } from '../lib/errors.ts';

/** Deepest nesting of objects and arrays a JSON body may have; real bodies stay under ten. */
const MAX_JSON_DEPTH = 64;

/**
 * Scans a JSON text once, before it is parsed: the deepest nesting, and whether any string holds the escape
 * \u0000 (a raw NUL byte is not valid JSON and the parser refuses it). Strings are skipped as a whole, so a
 * bracket or an escaped backslash inside one counts for nothing.
 */
function scanJson(text: string): { tooDeep: boolean; hasNul: boolean } {
  let depth = 0;
  let hasNul = false;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22 /* " */) {
      for (i++; i < length; i++) {
        const c = text.charCodeAt(i);
        if (c === 0x22) break;
        if (c === 0x5c /* \ */) {
          if (text.charCodeAt(i + 1) === 0x75 /* u */ && text.startsWith('0000', i + 2)) hasNul = true;
          i++;
        }
      }
    } else if (code === 0x7b /* { */ || code === 0x5b /* [ */) {
      if (++depth > MAX_JSON_DEPTH) return { tooDeep: true, hasNul };
    } else if (code === 0x7d /* } */ || code === 0x5d /* ] */) {
      depth--;
    }
  }
  return { tooDeep: false, hasNul };
}

/** Whether a parsed query or path value (a string, or a list of them) holds a NUL character. */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === 'object') {
    return Object.entries(value).some(([key, inner]) => key.includes('\u0000') || holdsNul(inner));
  }
  return false;
}

export function registerInputGuards(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    const { tooDeep, hasNul } = scanJson(text);
    if (tooDeep) {
      done(
        new AppError('BAD_REQUEST', `The JSON body is nested more than ${MAX_JSON_DEPTH} levels deep`),
        undefined,
      );
      return;
    }
    if (hasNul) {
      done(new AppError('BAD_REQUEST', NUL_MESSAGE), undefined);
      return;
    }
    parseJson(request, text, done);
  });
  // After authentication (onRequest), before the route's schema: a NUL in the query or the path is refused.
  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    if (holdsNul(request.query) || holdsNul(request.params)) done(new AppError('BAD_REQUEST', NUL_MESSAGE));
    else done();
  });
}
