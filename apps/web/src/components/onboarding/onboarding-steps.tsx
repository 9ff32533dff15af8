// The onboarding dialog's smaller steps (docs/screens.md, "Onboarding dialog"): consent, processing (the server's
// stages), devices, ready and done. The flow that moves between them is onboarding-dialog.tsx.
import type { Device, OnboardingSession } from '@stamina/contract';
import { Check, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { startDeviceConnect } from '../../api/devices/connect.ts';
import { useDevices } from '../../api/devices/devices.ts';
import type { OnboardingApproval } from '../../api/onboarding/approve.ts';
import { cn } from '../../lib/cn.ts';
import { formatDay } from '../../lib/dates.ts';
import { Button } from '../ui/button.tsx';
import { clearOffered, PROCESSING_STAGES, stageStates } from './onboarding-flow.ts';
import { capitalize } from './review-step.tsx';

export function ConsentStep({
  consented,
  onConsent,
  starting,
  onStart,
}: {
  consented: boolean;
  onConsent: (value: boolean) => void;
  starting: boolean;
  onStart: () => void;
}) {
  return (
    <div className="space-y-4">
      <div className="space-y-2 rounded-lg border border-border bg-muted/40 p-4 text-sm">
        <p className="font-medium">To draft your plan, Stamina reads:</p>
        <ul className="list-disc space-y-1 pl-5">
          <li>the goal you write or say;</li>
          <li>your last 12 weeks of activities, training load and thresholds;</li>
          <li>your wellness data (sleep, HRV, resting heart rate) when you log it.</li>
        </ul>
        <p className="text-muted-foreground">
          You review the plan before it goes on your calendar. A voice recording is sent only to be written
          out as text. Consent version 1.0.0.
        </p>
      </div>
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          checked={consented}
          onChange={(event) => onConsent(event.target.checked)}
          className="mt-0.5 h-5 w-5 shrink-0 accent-[var(--color-primary)]"
        />
        <span>I agree that Stamina uses this data to build and adapt my training plan.</span>
      </label>
      <Button className="w-full" disabled={!consented || starting} onClick={onStart}>
        {starting ? 'Starting…' : "Let's Get Started"}
      </Button>
    </div>
  );
}

export function ProcessingStep({
  session,
  failed,
  onRetry,
  onEditGoal,
}: {
  session: OnboardingSession | null;
  failed: boolean;
  onRetry: () => void;
  onEditGoal: () => void;
}) {
  const states = stageStates(session?.status ?? 'CREATED');
  return (
    <div className="space-y-4">
      <ol className="space-y-3" aria-label="Progress of your plan">
        {PROCESSING_STAGES.map((stage, index) => {
          const state = states[index];
          return (
            <li key={stage.id} className="flex items-center gap-3 text-sm">
              <span
                className={cn(
                  'flex h-7 w-7 shrink-0 items-center justify-center rounded-full border',
                  state === 'done' && 'border-success/40 bg-success/10 text-success',
                  state === 'active' && 'border-primary/40 bg-accent text-accent-foreground',
                  state === 'waiting' && 'border-border text-muted-foreground',
                )}
                aria-hidden="true"
              >
                {state === 'done' ? (
                  <Check className="h-4 w-4" />
                ) : state === 'active' && !failed ? (
                  <Loader2 className="h-4 w-4 animate-spin" />
                ) : (
                  index + 1
                )}
              </span>
              <span className={cn(state === 'waiting' && 'text-muted-foreground')}>{stage.label}</span>
              <span className="ml-auto whitespace-nowrap text-xs text-muted-foreground">
                {state === 'done'
                  ? 'Done'
                  : state === 'active'
                    ? failed
                      ? 'Stopped'
                      : 'In progress'
                    : 'Waiting'}
              </span>
            </li>
          );
        })}
      </ol>
      {failed ? (
        <div className="flex flex-wrap gap-2">
          {session?.error ? null : (
            <Button variant="secondary" onClick={onRetry}>
              Check again
            </Button>
          )}
          <Button variant="outline" onClick={onEditGoal}>
            Edit your goal
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">
          This takes 30-60 seconds. Please keep this window open.
        </p>
      )}
    </div>
  );
}

const FILE_ONLY = [
  { name: 'Apple Health', text: 'Workouts, heart rate and sleep' },
  { name: 'Google Fit', text: 'Workouts and heart rate' },
] as const;

/**
 * The devices step (docs/devices.md, "Web"): Garmin and Strava connect for real (the provider's page, then
 * back here through the callback page); once one is connected, Continue goes on to the review.
 */
export function DevicesStep({
  skipping,
  onSkip,
  onConnectError,
}: {
  skipping: boolean;
  onSkip: () => void;
  onConnectError: (err: unknown) => void;
}) {
  const devices = useDevices();
  const [connecting, setConnecting] = useState<string | null>(null);
  const anyConnected = devices.data?.some((d) => d.connected) ?? false;
  async function connect(provider: Device['provider']) {
    setConnecting(provider);
    try {
      // Back from the provider, the offer opens the dialog again and its saved progress resumes this step.
      clearOffered();
      await startDeviceConnect(provider, `${window.location.pathname}${window.location.search}`);
    } catch (err) {
      setConnecting(null);
      onConnectError(err);
    }
  }
  return (
    <div className="space-y-4">
      <ul className="grid gap-2 sm:grid-cols-2">
        {(devices.data ?? []).map((device) => (
          <li key={device.id} className="rounded-lg border border-border p-3">
            <p className="text-sm font-medium">{device.name}</p>
            <p className="text-xs text-muted-foreground">{device.description}</p>
            {device.connected ? (
              <p className="mt-1 text-xs font-medium text-success">Connected</p>
            ) : device.configured ? (
              <Button
                size="sm"
                variant="outline"
                className="mt-2"
                onClick={() => connect(device.provider)}
                disabled={connecting !== null}
              >
                {connecting === device.provider ? 'Connecting…' : 'Connect'}
              </Button>
            ) : (
              <p className="mt-1 text-xs text-muted-foreground">Not configured on this server</p>
            )}
          </li>
        ))}
        {FILE_ONLY.map((provider) => (
          <li key={provider.name} className="rounded-lg border border-border p-3">
            <p className="text-sm font-medium">{provider.name}</p>
            <p className="text-xs text-muted-foreground">{provider.text}</p>
            <p className="mt-1 text-xs text-muted-foreground">Import its files from Activities</p>
          </li>
        ))}
      </ul>
      <Button className="w-full" onClick={onSkip} disabled={skipping}>
        {skipping ? (anyConnected ? 'Continuing…' : 'Skipping…') : anyConnected ? 'Continue' : 'Skip for now'}
      </Button>
    </div>
  );
}

function SessionList({ session }: { session: OnboardingSession | null }) {
  const sessions = session?.week_plan_draft?.sessions.slice(0, 3) ?? [];
  if (sessions.length === 0) return null;
  return (
    <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Your first sessions">
      {sessions.map((item) => (
        <li key={`${item.date}-${item.sport}-${item.type}`} className="p-3 text-sm">
          <span className="font-medium">{capitalize(item.dow)}</span>: {item.title} · {item.duration_min} min
        </li>
      ))}
    </ul>
  );
}

export function ReadyStep({
  approval,
  session,
}: {
  approval: OnboardingApproval | null;
  session: OnboardingSession | null;
}) {
  return (
    <div className="space-y-4">
      <p className="text-sm">
        {approval
          ? `${approval.plan.title}: ${approval.workouts_created} sessions added to your calendar. Your first ones:`
          : 'Your first sessions:'}
      </p>
      <SessionList session={session} />
    </div>
  );
}

const longDate = (iso: string) => formatDay(iso, 'weekday-year');

export function DoneStep({
  approval,
  onFinish,
}: {
  approval: OnboardingApproval | null;
  onFinish: () => void;
}) {
  return (
    <div className="space-y-4 text-center">
      <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-success/10 text-success">
        <Check className="h-7 w-7" aria-hidden="true" />
      </span>
      <p className="text-sm">
        {approval
          ? `${approval.plan.title} is on your calendar: ${approval.workouts_created} sessions${
              approval.plan.race_date ? ` up to race day, ${longDate(approval.plan.race_date)}` : ''
            }. Train well!`
          : 'Your plan is ready. Train well!'}
      </p>
      <Button className="w-full" onClick={onFinish}>
        Go to Dashboard
      </Button>
    </div>
  );
}
