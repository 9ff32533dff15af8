// The built-in coach (docs/coach.md).
export * from './coach.ts';
/**
 * How server-written text names a day ('Sat 28 Nov', never as YYYY-MM-DD), what counts as a key session, and a
 * session's load (docs/coach.md).
 */
export { coachDay, isKey, sessionTss } from './common.ts';
export { type ParsedMessage, parseMessage } from './intents.ts';
export { normalizeMessage } from './normalize.ts';
export * from './types.ts';
