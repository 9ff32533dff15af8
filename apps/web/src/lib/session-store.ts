// The persisted session (local storage) and its change notifications. The single source of the API token.
import type { Session } from '@stamina/contract';

const KEY = 'stamina.session';

type Listener = (session: Session | null) => void;
const listeners = new Set<Listener>();

export function readSession(): Session | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Session;
    return typeof parsed.access_token === 'string' ? parsed : null;
  } catch {
    localStorage.removeItem(KEY);
    return null;
  }
}

export function writeSession(session: Session | null): void {
  if (session)
    localStorage.setItem(KEY, JSON.stringify({ ...session, refresh_token: session.refresh_token ?? '' }));
  else localStorage.removeItem(KEY);
  for (const listener of listeners) listener(session);
}

export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Seconds left before the access token's exp claim; the claim is read from the token itself. */
export function secondsUntilExpiry(accessToken: string, nowMs = Date.now()): number {
  try {
    const payload = accessToken.split('.')[1];
    if (!payload) return 0;
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    return typeof json.exp === 'number' ? json.exp - nowMs / 1000 : 0;
  } catch {
    return 0;
  }
}
