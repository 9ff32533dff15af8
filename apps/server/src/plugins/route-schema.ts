// The pieces every secured route schema repeats, declared once: the bearer security requirement, the error
// answers (all `{ message, code, detail? }`), and the tags-plus-security pair a module spreads into each schema.
import { ZErrorResponse } from '@stamina/contract';

/** The OpenAPI security requirement of every route behind `authenticate`. */
export const security = [{ bearerAuth: [] }];

/** The error answers of a secured route: bad input, no session, not found (or not the caller's). */
export const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse };

/** `errors` plus the statuses a route adds (413 for a large upload, 415 for a wrong content type, …). */
export function errorsWith<C extends number>(
  ...codes: C[]
): typeof errors & Record<C, typeof ZErrorResponse> {
  const extra = Object.fromEntries(codes.map((code) => [code, ZErrorResponse])) as Record<
    C,
    typeof ZErrorResponse
  >;
  return { ...errors, ...extra };
}

/** The `tags` and `security` of a secured route of the API area `tag`, to spread into its schema. */
export function secured(tag: string): { tags: string[]; security: typeof security } {
  return { tags: [tag], security };
}
