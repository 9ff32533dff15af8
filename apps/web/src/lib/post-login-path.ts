// Where sign-in leads: shared by the route guard (app/guards.tsx) and the login page, so the two agree.

/** Where to go after sign-in: the protected page the visitor asked for, else the dashboard. */
export function postLoginPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : '/dashboard';
}
