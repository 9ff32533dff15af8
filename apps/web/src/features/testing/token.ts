// Reading an access token for the token debug card: its header and payload, decoded from base64url. The
// signature is never decoded, kept or shown. Decoding checks nothing: the server verifies every token it gets.

export interface DecodedToken {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
}

/** The payload claims the card lists, in this order (docs/testing-dashboard.md, "Token debug"). */
export const TOKEN_CLAIMS = ['sub', 'email', 'role', 'iss', 'exp', 'iat', 'nbf'] as const;
export const TIME_CLAIMS: ReadonlySet<string> = new Set(['exp', 'iat', 'nbf']);

function decodePart(part: string): Record<string, unknown> {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object');
  return value as Record<string, unknown>;
}

/** The token's header and payload; null when it is not a JWT of three parts with JSON objects in the first two. */
export function decodeToken(token: string): DecodedToken | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[0] || !parts[1]) return null;
  try {
    return { header: decodePart(parts[0]), payload: decodePart(parts[1]) };
  } catch {
    return null;
  }
}

/** '59:58', '1:02:03', or 'expired' once `exp` (seconds) has passed. */
export function expiryCountdown(exp: number, nowMs: number): string {
  const left = Math.floor(exp - nowMs / 1000);
  if (left <= 0) return 'expired';
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = left % 60;
  const mm = h > 0 ? String(m).padStart(2, '0') : String(m);
  return `${h > 0 ? `${h}:` : ''}${mm}:${String(s).padStart(2, '0')}`;
}
