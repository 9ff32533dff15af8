// The built-in coach (docs/coach.md).
export * from './coach.ts';
export { normalizeMessage, type ParsedMessage, parseMessage } from './intents.ts';
export * from './types.ts';
