// /dashboard: the greeting for now; readiness, today's workout and widgets arrive with the wellness work.
import { displayName } from '@stamina/core';
import { useEffect } from 'react';
import { useAuth } from '../auth/auth-context.tsx';

export function DashboardPage() {
  const { user } = useAuth();
  useEffect(() => {
    document.title = 'Dashboard · Stamina';
  }, []);
  return (
    <div>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Welcome back, {displayName(user)}</h1>
      <p className="mt-1 text-muted-foreground">Ready for today's session?</p>
    </div>
  );
}
