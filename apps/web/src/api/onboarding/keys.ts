// Query keys and freshness of the onboarding calls (docs/screens.md, "Onboarding dialog"). The status and a session change only
// through the onboarding dialog's writes (which invalidate them: api/invalidation.ts), except while a session
// is processing, which the dialog polls itself.
export const onboardingKeys = {
  all: ['onboarding'] as const,
  status: ['onboarding', 'status'] as const,
  session: (id: string) => ['onboarding', 'sessions', id] as const,
};

/** The status is read when the shell mounts and when the dialog opens; a minute keeps page changes quiet. */
export const ONBOARDING_STATUS_STALE_MS = 60 * 1000;

/** The dialog polls a processing session every 2000 ms, at most 30 times (docs/screens.md, "Onboarding dialog"). */
export const ONBOARDING_POLL_MS = 2000;
export const ONBOARDING_POLL_MAX_ATTEMPTS = 30;
