// The request limits of the API: sign-in, sign-up, mail and failed sign-ins, set per app (tests raise them).

export interface RateLimits {
  loginPerMinute: number;
  signupPerMinute: number;
  mailPerMinute: number;
  /** Failed sign-ins from one client address, across all accounts, per window (password spraying). */
  loginFailuresPerClient: number;
  loginFailureWindowSeconds: number;
  /** Coach messages per athlete per minute: each may cost a language-model call (docs/coach.md, "API"). */
  coachMessagesPerMinute: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  loginPerMinute: 10,
  signupPerMinute: 5,
  mailPerMinute: 5,
  loginFailuresPerClient: 30,
  loginFailureWindowSeconds: 15 * 60,
  coachMessagesPerMinute: 30,
};

/** The limits an operator sets in the environment (config.ts); the others keep their defaults. */
export function rateLimitsFromEnv(env: {
  LOGIN_RATE_LIMIT: number;
  SIGNUP_RATE_LIMIT: number;
  LOGIN_FAILURE_LIMIT: number;
  COACH_RATE_LIMIT: number;
}): Partial<RateLimits> {
  return {
    loginPerMinute: env.LOGIN_RATE_LIMIT,
    signupPerMinute: env.SIGNUP_RATE_LIMIT,
    loginFailuresPerClient: env.LOGIN_FAILURE_LIMIT,
    coachMessagesPerMinute: env.COACH_RATE_LIMIT,
  };
}
