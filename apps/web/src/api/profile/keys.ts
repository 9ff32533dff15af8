// Query keys and freshness of the profile reads (docs/profile.md). The summary is computed from sessions and the
// active plan, so workout, activity and plan writes invalidate it (api/invalidation.ts); the picture is keyed by
// its version, which changes with every upload, so a cached copy never needs refetching.
export const profileKeys = {
  all: ['profile'] as const,
  summary: ['profile', 'summary'] as const,
  avatar: (version: string) => ['profile', 'avatar', version] as const,
};

/** 30 min, like training load (docs/profile.md, 'The profile page'); writes invalidate it anyway. */
export const PROFILE_SUMMARY_STALE_MS = 30 * 60 * 1000;
