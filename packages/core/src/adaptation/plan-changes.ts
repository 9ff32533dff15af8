// The words of a plan change (docs/adaptation.md): who made it and what it did. The contract's enums and the
// plan_changes CHECKs list these arrays (apps/server/test/vocabulary.test.ts).

/** The daily adaptation or a confirmed coach action. */
export const PLAN_CHANGE_SOURCES = ['adaptation', 'coach'] as const;

/** The adaptation's kinds (swap, rest, move, drop, ease), the coach's (move, skip, swap, shorten, rest), and a rebuild. */
export const PLAN_CHANGE_KINDS = [
  'swap',
  'rest',
  'move',
  'drop',
  'ease',
  'skip',
  'shorten',
  'rebuild',
] as const;
