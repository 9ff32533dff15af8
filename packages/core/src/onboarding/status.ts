// An onboarding session's statuses, in the order the processing reaches them (docs/screens.md, "Onboarding
// dialog"). The contract's enum and the onboarding_sessions CHECK list this array (apps/server/test/vocabulary.test.ts).
export const ONBOARDING_STATUSES = [
  'CREATED',
  'NLP_PARSED',
  'DATA_HARVESTED',
  'PROFILE_SYNTHESIZED',
  'PLAN_DRAFTED',
  'APPROVED',
] as const;
