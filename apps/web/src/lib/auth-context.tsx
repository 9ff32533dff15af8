// Session state for the whole app (docs/auth.md, "The session in the web app"): loading until the first
// session check, then user or none.

import type { Session, SignupRequest, User } from '@stamina/contract';
import { DEFAULT_UNITS, type Units, type WeekDayIndex, weekStartsOnOf } from '@stamina/core';
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { ApiError, api } from './api-client.ts';
import { clearOfflineReads } from './pwa.ts';
import { onSessionChange, readSession, writeSession } from './session-store.ts';

export interface AuthState {
  user: User | null;
  loading: boolean;
  signIn(email: string, password: string): Promise<void>;
  signUp(input: SignupRequest): Promise<string>;
  signOut(): Promise<void>;
  setUser(user: User): void;
  /**
   * Stores a session the confirmation page got for a sign-in code. The only way a session enters the app other
   * than a sign-in: never from a URL, and never over another account's without asking (docs/auth.md).
   */
  adoptSession(session: Session): void;
}

const AuthContext = createContext<AuthState | null>(null);

function browserTimezone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** Connection test after sign-in (docs/auth.md, "The session in the web app"); a failure is only logged. */
function checkHealth(): void {
  api
    .request('GET /v1/health', { anonymous: true })
    .catch((err: unknown) => console.warn('API health check failed', err));
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<User | null>(() => readSession()?.user ?? null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let active = true;
    const session = readSession();
    if (!session) {
      setUser(null);
      setLoading(false);
    } else {
      // One transition for the whole outcome: the signed-in page then renders once, time-sliced, instead of
      // in two blocking passes (the user, then the end of loading).
      api.request('GET /auth/me').then(
        ({ data }) => {
          if (!active) return;
          startTransition(() => {
            const current = readSession();
            if (current) writeSession({ ...current, user: data });
            setUser(data);
            setLoading(false);
          });
        },
        () => {
          if (!active) return;
          startTransition(() => {
            if (!readSession()) setUser(null);
            setLoading(false);
          });
        },
      );
    }
    // Every way a session ends (Sign Out, a refresh the server refuses, a revoked or expired session, another
    // tab signing out) forgets this account's saved reads (docs/offline.md, "Keys").
    const unsubscribe = onSessionChange((next) => {
      setUser(next?.user ?? null);
      if (!next) void clearOfflineReads();
    });
    // Another tab signing in or out updates this one too.
    const onStorage = (event: StorageEvent) => {
      if (event.key !== 'stamina.session') return;
      const current = readSession();
      setUser(current?.user ?? null);
      if (!current) void clearOfflineReads();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      active = false;
      unsubscribe();
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  const signIn = useCallback(async (email: string, password: string) => {
    const { data } = await api.request('POST /auth/login', {
      body: { email, password, timezone: browserTimezone() },
      anonymous: true,
    });
    writeSession(data);
    checkHealth();
  }, []);

  const signUp = useCallback(async (input: SignupRequest) => {
    const { data } = await api.request('POST /auth/signup', {
      body: { ...input, timezone: browserTimezone() },
      anonymous: true,
    });
    return data.message;
  }, []);

  const signOut = useCallback(async () => {
    try {
      await api.request('POST /auth/logout');
    } catch (err) {
      // A session the server no longer knows is as good as ended; anything else keeps the user signed in.
      if (!(err instanceof ApiError && err.isAuthError)) throw err;
    }
    writeSession(null);
    // The reads kept for offline use are this account's; the next one on this device never sees them.
    await clearOfflineReads();
  }, []);

  const updateUser = useCallback((next: User) => {
    const current = readSession();
    if (current) writeSession({ ...current, user: next });
  }, []);

  const adoptSession = useCallback((session: Session) => {
    writeSession(session);
    checkHealth();
  }, []);

  const value = useMemo(
    () => ({ user, loading, signIn, signUp, signOut, setUser: updateUser, adoptSession }),
    [user, loading, signIn, signUp, signOut, updateUser, adoptSession],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}

/**
 * The day the athlete's weeks start on (Settings → Preferences) as date-fns' `weekStartsOn`, 0 = Sunday;
 * Monday when signed out or unset (core WEEK_STARTS).
 */
export function useWeekStartsOn(): WeekDayIndex {
  return weekStartsOnOf(useContext(AuthContext)?.user?.user_metadata.weekStart);
}

/** The athlete's units preference for distances and paces; metric when signed out or unset. */
export function useUnits(): Units {
  return useContext(AuthContext)?.user?.user_metadata.units ?? DEFAULT_UNITS;
}
