// Query keys of the coach chat (docs/coach.md, "Web").
export const coachKeys = {
  all: ['coach'] as const,
  messages: ['coach', 'messages'] as const,
};
