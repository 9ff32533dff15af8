// Account rules shared by the server and the web app (docs/auth.md, "Account rules").

export const PASSWORD_MIN_LENGTH = 6;
export const MINIMUM_AGE_YEARS = 13;
export const DATA_DELETION_DAYS = 45;
export const FALLBACK_NAME = 'Athlete';

export interface UserMetadata {
  name?: unknown;
  full_name?: unknown;
  [key: string]: unknown;
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Display name: metadata name, then metadata full name, then the e-mail's local part, then 'Athlete'. */
export function displayName(
  user: { email?: string | null; user_metadata?: UserMetadata | null } | null,
): string {
  if (!user) return FALLBACK_NAME;
  const meta = user.user_metadata ?? {};
  const local = user.email ? user.email.split('@')[0] : undefined;
  return (
    nonEmptyString(meta.name) ?? nonEmptyString(meta.full_name) ?? nonEmptyString(local) ?? FALLBACK_NAME
  );
}

/** Avatar initials: the first letter of each word of the name. */
export function initials(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

/** E-mail addresses are compared trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The sports a profile names as its own (the profile form, the thresholds' tabs), and their names on screen. */
export const PRIMARY_SPORTS = ['running', 'cycling', 'swimming', 'triathlon'] as const;
export type PrimarySport = (typeof PRIMARY_SPORTS)[number];
export const PRIMARY_SPORT_LABELS: Readonly<Record<PrimarySport, string>> = {
  running: 'Running',
  cycling: 'Cycling',
  swimming: 'Swimming',
  triathlon: 'Triathlon',
};
