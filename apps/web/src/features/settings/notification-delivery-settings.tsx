// Settings → Notifications, the part that reaches the athlete outside the app (docs/notifications.md): the
// daily e-mail (opt-in, with "send it now"), and Web Push on this device (subscribed through the service
// worker's PushManager) for plan changes and a missed key session.
import type { AthleteProfile } from '@stamina/contract';
import { useEffect, useState } from 'react';
import {
  removePushSubscription,
  savePushSubscription,
  usePushKey,
  useSendDailyEmailNow,
} from '../../api/notifications/delivery.ts';
import { Button } from '../../components/ui/button.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import type { NotificationKey } from './use-notification-toggle.ts';

type Preferences = AthleteProfile['notification_preferences'] | undefined;
type Toggle = (key: NotificationKey, value: boolean) => Promise<void>;

/** One switch with its label and explanation, as every notification setting is shown. */
export function NotificationSwitchRow({
  id,
  label,
  text,
  checked,
  disabled,
  onChange,
}: {
  id: NotificationKey;
  label: string;
  text: string;
  checked: boolean;
  disabled: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <li className="flex items-center justify-between gap-4 py-3">
      <div>
        <p id={`notify-${id}`} className="font-medium">
          {label}
        </p>
        <p id={`notify-${id}-text`} className="text-sm text-muted-foreground">
          {text}
        </p>
      </div>
      <Switch
        checked={checked}
        disabled={disabled}
        onCheckedChange={onChange}
        aria-labelledby={`notify-${id}`}
        aria-describedby={`notify-${id}-text`}
      />
    </li>
  );
}

/** The daily e-mail's switch and, once it is on, today's e-mail sent now. */
export function DailyEmailSetting({ preferences, toggle }: { preferences: Preferences; toggle: Toggle }) {
  const send = useSendDailyEmailNow();
  const on = preferences?.dailyEmail ?? false;
  return (
    <>
      <NotificationSwitchRow
        id="dailyEmail"
        label="Daily e-mail"
        text="Each morning from 6:00 in your time zone: today's session, your readiness and any plan change"
        checked={on}
        disabled={!preferences}
        onChange={(value) => void toggle('dailyEmail', value)}
      />
      {on ? (
        <li className="py-3">
          <Button
            variant="outline"
            size="sm"
            disabled={send.isPending}
            onClick={() =>
              send.mutate(undefined, {
                onSuccess: () => toast.success("Today's e-mail is on its way"),
                onError: (err) => toast.error(`Could not send the e-mail: ${errorMessage(err)}`),
              })
            }
          >
            Send today's e-mail now
          </Button>
        </li>
      ) : null}
    </>
  );
}

/** What this browser can do with push: unsupported, blocked by the athlete, or ready (and subscribed or not). */
type PushState =
  | { kind: 'checking' }
  | { kind: 'unsupported' }
  | { kind: 'blocked' }
  | { kind: 'ready'; subscription: PushSubscription | null };

function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window;
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The base64url key the server gives, as the bytes PushManager.subscribe wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Web Push on this device: subscribe or unsubscribe it, and the two kinds of push. */
export function PushSettings({ preferences, toggle }: { preferences: Preferences; toggle: Toggle }) {
  const key = usePushKey();
  const [state, setState] = useState<PushState>({ kind: 'checking' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!pushSupported()) {
      setState({ kind: 'unsupported' });
      return;
    }
    if (Notification.permission === 'denied') {
      setState({ kind: 'blocked' });
      return;
    }
    let live = true;
    currentSubscription()
      .then((subscription) => live && setState({ kind: 'ready', subscription }))
      .catch(() => live && setState({ kind: 'ready', subscription: null }));
    return () => {
      live = false;
    };
  }, []);

  async function turnOn(publicKey: string) {
    setBusy(true);
    try {
      if ((await Notification.requestPermission()) !== 'granted') {
        setState({ kind: 'blocked' });
        return;
      }
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      });
      await savePushSubscription(subscription.toJSON(), navigator.userAgent);
      setState({ kind: 'ready', subscription });
      toast.success('Push notifications are on for this device');
    } catch (err) {
      toast.error(`Could not turn on push notifications: ${errorMessage(err)}`);
    } finally {
      setBusy(false);
    }
  }

  async function turnOff(subscription: PushSubscription) {
    setBusy(true);
    try {
      await removePushSubscription(subscription.endpoint);
      await subscription.unsubscribe();
      setState({ kind: 'ready', subscription: null });
      toast.success('Push notifications are off for this device');
    } catch (err) {
      toast.error(`Could not turn off push notifications: ${errorMessage(err)}`);
    } finally {
      setBusy(false);
    }
  }

  let device: React.ReactNode;
  if (key.isError && !(key.error instanceof ApiError && key.error.status === 404)) {
    device = <p className="text-sm text-destructive">Could not check push notifications on this server.</p>;
  } else if (key.data === null) {
    device = (
      <p className="text-sm text-muted-foreground">Push notifications are not set up on this server.</p>
    );
  } else if (state.kind === 'unsupported') {
    device = <p className="text-sm text-muted-foreground">This browser cannot receive push notifications.</p>;
  } else if (state.kind === 'blocked') {
    device = (
      <p className="text-sm text-muted-foreground">
        Notifications are blocked for this site. Allow them in your browser's site settings, then come back.
      </p>
    );
  } else if (state.kind === 'ready' && key.data) {
    const publicKey = key.data;
    device = state.subscription ? (
      <Button variant="outline" size="sm" disabled={busy} onClick={() => void turnOff(state.subscription!)}>
        Turn off push on this device
      </Button>
    ) : (
      <Button variant="outline" size="sm" disabled={busy} onClick={() => void turnOn(publicKey)}>
        Turn on push on this device
      </Button>
    );
  } else {
    device = <p className="text-sm text-muted-foreground">Checking this device…</p>;
  }

  return (
    <>
      <li className="space-y-2 py-3">
        <p className="font-medium">Push notifications</p>
        <p className="text-sm text-muted-foreground">
          On your phone or computer, even when Stamina is closed. Turn them on for each device.
        </p>
        {device}
      </li>
      <NotificationSwitchRow
        id="pushPlanChanges"
        label="Push: plan changes"
        text="When the daily adaptation changes your plan"
        checked={preferences?.pushPlanChanges ?? true}
        disabled={!preferences}
        onChange={(value) => void toggle('pushPlanChanges', value)}
      />
      <NotificationSwitchRow
        id="pushMissedKeySession"
        label="Push: missed key session"
        text="When a key workout (long, or threshold and harder) was not done by the end of its day"
        checked={preferences?.pushMissedKeySession ?? true}
        disabled={!preferences}
        onChange={(value) => void toggle('pushMissedKeySession', value)}
      />
    </>
  );
}
