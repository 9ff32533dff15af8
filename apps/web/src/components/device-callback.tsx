// The end of a device connection (docs/devices.md, "Web"): the provider sent the athlete back to
// /auth/garmin/callback or /oauth/callback with a code (or an error) and the state; the server exchanges it.
// On success a 'Garmin Connected!' toast and back where connecting started; on failure the titles of
// docs/devices.md, "Connecting": 'Authorization Failed' (the athlete or the provider refused) or
// 'Connection Failed' (the exchange failed).
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { finishDeviceConnect } from '../api/devices/connect.ts';
import { DEVICE_TOASTS } from '../api/devices/messages.ts';
import { ApiError, errorMessage } from '../lib/api-client.ts';
import { readSession } from '../lib/session-store.ts';
import { toast } from '../lib/toast.ts';
import { Alert } from './ui/alert.tsx';
import { Spinner } from './ui/spinner.tsx';

type Outcome = { kind: 'working' } | { kind: 'failed'; title: string; message: string };

export function DeviceCallback() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });
  const started = useRef(false);

  useEffect(() => {
    // Once only: a code can be exchanged once (React's development double effect would spend it twice).
    if (started.current) return;
    started.current = true;
    const state = params.get('state');
    const code = params.get('code');
    const error = params.get('error');
    const description = params.get('error_description');
    if (error || !state || !code) {
      const message = description ?? error ?? 'The provider sent no authorization code.';
      toast.error(DEVICE_TOASTS.authorizationFailed, { description: message });
      setOutcome({ kind: 'failed', title: DEVICE_TOASTS.authorizationFailed, message });
      return;
    }
    if (!readSession()) {
      setOutcome({ kind: 'failed', title: DEVICE_TOASTS.connectionFailed, message: DEVICE_TOASTS.noSession });
      return;
    }
    finishDeviceConnect({ state, code })
      .then(({ device, return_to }) => {
        toast.success(DEVICE_TOASTS.connected(device.provider), {
          description: 'Your last 90 days are being imported.',
        });
        navigate(return_to ?? '/settings/devices', { replace: true });
      })
      .catch((err: unknown) => {
        const refused =
          err instanceof ApiError &&
          (err.options.detail as { reason?: string } | undefined)?.reason === 'authorization_refused';
        const title = refused ? DEVICE_TOASTS.authorizationFailed : DEVICE_TOASTS.connectionFailed;
        toast.error(title, { description: errorMessage(err) });
        setOutcome({ kind: 'failed', title, message: errorMessage(err) });
      });
  }, [params, navigate]);

  if (outcome.kind === 'working') {
    return (
      <div className="flex items-center gap-3 py-8" role="status">
        <Spinner />
        <span>Finishing the connection…</span>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-semibold">{outcome.title}</h2>
      <Alert variant="destructive">{outcome.message}</Alert>
      <Link to="/settings/devices" className="block font-medium text-primary hover:underline">
        Go to Device Connections
      </Link>
    </div>
  );
}
