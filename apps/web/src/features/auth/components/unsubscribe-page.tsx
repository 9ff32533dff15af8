// /unsubscribe?token=…: where a mail's unsubscribe link lands (docs/notifications.md, "Opting out"). One click:
// the page sends the signed token at once, no sign-in needed, and says what was turned off and where to turn
// it on again.
import type { Unsubscribed } from '@stamina/contract';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { AuthLayout } from './auth-layout.tsx';

const WHAT: Record<Unsubscribed['kind'], string> = {
  dailyEmail: 'the daily e-mail',
  pushPlanChanges: 'push notifications of plan changes',
  pushMissedKeySession: 'push notifications of missed key sessions',
};

// A link works any number of times; React may run an effect twice in development, so both runs share one call.
const calls = new Map<string, Promise<Unsubscribed>>();
function unsubscribe(token: string): Promise<Unsubscribed> {
  let pending = calls.get(token);
  if (!pending) {
    pending = api
      .request('POST /notifications/unsubscribe', { body: { token }, anonymous: true })
      .then(({ data }) => data);
    calls.set(token, pending);
  }
  return pending;
}

type State = { kind: 'working' } | { kind: 'done'; what: string } | { kind: 'error'; message: string };

export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [state, setState] = useState<State>(
    token ? { kind: 'working' } : { kind: 'error', message: 'This unsubscribe link is incomplete.' },
  );

  useEffect(() => {
    if (!token) return;
    let live = true;
    unsubscribe(token).then(
      (done) => live && setState({ kind: 'done', what: WHAT[done.kind] }),
      (err: unknown) => live && setState({ kind: 'error', message: errorMessage(err) }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  return (
    <AuthLayout title="Unsubscribe" documentTitle="Unsubscribe">
      <div className="space-y-4">
        {state.kind === 'working' ? (
          <p role="status" className="text-sm text-muted-foreground">
            Unsubscribing…
          </p>
        ) : state.kind === 'done' ? (
          <Alert variant="success">
            You are unsubscribed from {state.what}. You can turn it on again in Settings → Notifications.
          </Alert>
        ) : (
          <Alert variant="destructive">{state.message}</Alert>
        )}
        <Link to="/settings/preferences" className={buttonClasses('outline', 'md')}>
          Notification settings
        </Link>
      </div>
    </AuthLayout>
  );
}
