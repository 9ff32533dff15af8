// The built-in coach (docs/coach.md).
export * from './coach.ts';
/** How server-written text names a day ('Sat 28 Nov'): never as YYYY-MM-DD. */
export { coachDay } from './common.ts';
export { normalizeMessage, type ParsedMessage, parseMessage } from './intents.ts';
export * from './types.ts';
