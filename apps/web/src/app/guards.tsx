// Route guards: protected pages need a session; /login and /signup are for signed-out visitors only.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { Wordmark } from '../components/ui/wordmark.tsx';
import { useAuth } from '../lib/auth-context.tsx';
import { postLoginPath } from '../lib/post-login-path.ts';

/** Shown while the first session check runs (docs/screens.md, "App-wide constants"). */
export function AuthLoading() {
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-3" aria-busy="true">
      <Wordmark className="animate-pulse text-2xl" />
      <span className="sr-only">Loading your session</span>
    </div>
  );
}

export function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <AuthLoading />;
  if (!user) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to="/login" replace state={{ from }} />;
  }
  return children;
}

export function PublicOnly({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <AuthLoading />;
  // Right after sign-in this agrees with the login page on where to go: the page asked for, else the dashboard.
  if (user) return <Navigate to={postLoginPath(location.state)} replace />;
  return children;
}
