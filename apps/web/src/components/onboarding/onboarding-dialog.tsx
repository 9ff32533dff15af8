// The onboarding dialog (docs/screens.md, "Onboarding dialog"): consent → prompt (text or voice) → processing (the
// server's real stages, polled) → devices → review (edit the goal, see the first week and why) → approve →
// ready → done. Opened by the shell on a first sign-in and by the Settings banner. Its session, step and
// progress are kept in local storage until done, so it goes on where it was when opened again.
import * as Dialog from '@radix-ui/react-dialog';
import type { Device, GoalContextUpdateRequest, OnboardingSession } from '@stamina/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Check, Loader2, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { startDeviceConnect } from '../../api/devices/connect.ts';
import { useDevices } from '../../api/devices/devices.ts';
import { type OnboardingApproval, useApproveOnboardingSession } from '../../api/onboarding/approve.ts';
import { useCreateOnboardingSession } from '../../api/onboarding/create-session.ts';
import {
  ONBOARDING_POLL_MAX_ATTEMPTS,
  ONBOARDING_POLL_MS,
  onboardingKeys,
} from '../../api/onboarding/keys.ts';
import { fetchOnboardingSession } from '../../api/onboarding/session.ts';
import { useSkipOnboardingDevices } from '../../api/onboarding/skip-devices.ts';
import { useOnboardingStatus } from '../../api/onboarding/status.ts';
import { useSubmitOnboardingPrompt } from '../../api/onboarding/submit-prompt.ts';
import { useUpdateOnboardingGoalContext } from '../../api/onboarding/update-goal-context.ts';
import { ApiError } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { formatDay } from '../../lib/dates.ts';
import { toast } from '../../lib/toast.ts';
import { Alert } from '../ui/alert.tsx';
import { Button, buttonClasses } from '../ui/button.tsx';
import { ProgressBar } from '../ui/progress-bar.tsx';
import { Spinner } from '../ui/spinner.tsx';
import {
  BACK_TO,
  clearOffered,
  clearSavedProgress,
  conflictingPlan,
  DEFAULT_ERRORS,
  isDrafted,
  onboardingError,
  PROCESSING_STAGES,
  READY_MS,
  readSavedProgress,
  STEP_PROGRESS,
  type Step,
  saveProgress,
  stageStates,
  stepAfterPrompt,
} from './onboarding-flow.ts';
import { PromptStep } from './prompt-step.tsx';
import { capitalize, ReviewStep } from './review-step.tsx';

const TITLES: Record<Step, string> = {
  consent: 'Welcome to Stamina',
  prompt: 'What are you training for?',
  devices: 'Connect your devices',
  processing: 'Building your plan',
  review: 'Review your plan',
  ready: 'Your plan is ready',
  done: "You're all set!",
};

const DESCRIPTIONS: Record<Step, string> = {
  consent:
    'Setup takes 2-3 minutes: tell us your goal and we draft a plan from it and from your recent training.',
  prompt: 'Describe your goal in your own words. Plan creation takes 30-60 seconds.',
  devices: 'Your data makes the plan fit you better.',
  processing: 'We are reading your goal and your recent training.',
  review: 'Check what we read from your goal, then approve the plan.',
  ready: 'Your sessions are on the calendar.',
  done: 'Your plan is on your calendar and your Journey page.',
};

export interface OnboardingDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called when the athlete leaves the done step (Settings then goes to the dashboard). */
  onComplete?: () => void;
}

export function OnboardingDialog({ open, onOpenChange, onComplete }: OnboardingDialogProps) {
  const [step, setStep] = useState<Step>('consent');
  // Whether the server can transcribe voice prompts; without an answer the text path is offered alone.
  const status = useOnboardingStatus({ enabled: open });
  const voiceAvailable = status.data?.voice_available ?? false;
  const blocked = step === 'processing';
  const finish = () => {
    onOpenChange(false);
    onComplete?.();
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        // Closing is blocked while the plan is being drafted.
        if (!next && blocked) return;
        if (!next && step === 'done') finish();
        else onOpenChange(next);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          aria-describedby="onboarding-description"
          className={cn(
            'fixed inset-x-0 bottom-0 z-50 max-h-[94dvh] overflow-y-auto rounded-t-2xl border border-border bg-background p-5 shadow-xl focus:outline-none',
            'sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[min(40rem,calc(100vw-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl',
          )}
        >
          {/* Mounted per opening, so a reopened dialog reads the saved progress again. */}
          {open ? (
            <OnboardingFlow
              step={step}
              onStep={setStep}
              blocked={blocked}
              onFinish={finish}
              voiceAvailable={voiceAvailable}
            />
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function OnboardingFlow({
  step,
  onStep,
  blocked,
  onFinish,
  voiceAvailable,
}: {
  step: Step;
  onStep: (step: Step) => void;
  blocked: boolean;
  onFinish: () => void;
  voiceAvailable: boolean;
}) {
  const client = useQueryClient();
  const [session, setSession] = useState<OnboardingSession | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [restoring, setRestoring] = useState(() => readSavedProgress() !== null);
  const [consented, setConsented] = useState(false);
  const [prompt, setPrompt] = useState('');
  const [approval, setApproval] = useState<OnboardingApproval | null>(null);
  const [replaceTitle, setReplaceTitle] = useState<string | null>(null);
  const [pollRound, setPollRound] = useState(0);

  const create = useCreateOnboardingSession();
  const submit = useSubmitOnboardingPrompt();
  const skip = useSkipOnboardingDevices();
  const update = useUpdateOnboardingGoalContext();
  const approve = useApproveOnboardingSession();

  const fail = useCallback((err: unknown, fallback: string) => {
    const message = err === undefined ? fallback : onboardingError(err, fallback);
    setError(message);
    toast.error('Error', { description: message });
  }, []);

  const go = useCallback(
    (next: Step, current: OnboardingSession | null) => {
      setError(null);
      onStep(next);
      if (next === 'done') clearSavedProgress();
      else if (current) saveProgress(current.onboarding_session_id, next);
    },
    [onStep],
  );

  // Resume: the saved session is read again, and the dialog goes back to the step it was at.
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current) return;
    resumed.current = true;
    const saved = readSavedProgress();
    if (!saved) {
      onStep('consent');
      return;
    }
    fetchOnboardingSession(saved.sessionId)
      .then((found) => {
        if (found.status === 'APPROVED') {
          clearSavedProgress();
          onStep('consent');
          return;
        }
        setSession(found);
        setConsented(true);
        setPrompt(found.prompt ?? '');
        const step = saved.step === 'ready' || saved.step === 'done' ? 'review' : saved.step;
        onStep(step);
      })
      .catch((err: unknown) => {
        if (err instanceof ApiError && err.status === 404) clearSavedProgress();
        else fail(err, DEFAULT_ERRORS.status);
        onStep('consent');
      })
      .finally(() => setRestoring(false));
  }, [onStep, fail]);

  // Processing: poll the session every 2000 ms, at most 30 times, until its plan is drafted or it failed.
  // A new round (Check again) starts the count again.
  const sessionId = session?.onboarding_session_id;
  useEffect(() => {
    if (step !== 'processing' || !sessionId || pollRound < 0) return;
    const id = sessionId;
    let attempts = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const poll = async () => {
      attempts++;
      try {
        const next = await fetchOnboardingSession(id);
        if (stopped) return;
        client.setQueryData(onboardingKeys.session(id), next);
        setSession(next);
        if (next.error) {
          fail(undefined, next.error);
          return;
        }
        if (isDrafted(next)) {
          go('devices', next);
          return;
        }
      } catch (err) {
        if (stopped) return;
        if (!(err instanceof ApiError) || err.isAuthError || err.status === 404) {
          fail(err, DEFAULT_ERRORS.status);
          return;
        }
      }
      if (attempts >= ONBOARDING_POLL_MAX_ATTEMPTS) {
        fail(undefined, 'Your plan is taking longer than expected. Check again in a moment.');
        return;
      }
      timer = setTimeout(poll, ONBOARDING_POLL_MS);
    };
    timer = setTimeout(poll, ONBOARDING_POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [step, sessionId, pollRound, client, fail, go]);

  // Ready shows for 2 s, then done.
  useEffect(() => {
    if (step !== 'ready') return;
    const timer = setTimeout(() => go('done', null), READY_MS);
    return () => clearTimeout(timer);
  }, [step, go]);

  function onStart() {
    if (session) {
      go('prompt', session);
      return;
    }
    create.mutate(undefined, {
      onSuccess: (created) => {
        setSession(created);
        go('prompt', created);
      },
      onError: (err) => fail(err, DEFAULT_ERRORS.start),
    });
  }

  function onSubmitPrompt() {
    if (!session) return;
    const text = prompt.trim();
    if (!text) {
      fail(undefined, DEFAULT_ERRORS.noPrompt);
      return;
    }
    submit.mutate(
      { id: session.onboarding_session_id, prompt: text },
      {
        onSuccess: (next) => {
          setSession(next);
          if (next.error) {
            fail(undefined, next.error);
            return;
          }
          go(stepAfterPrompt(next), next);
        },
        onError: (err) => fail(err, DEFAULT_ERRORS.prompt),
      },
    );
  }

  function onSkip() {
    if (!session) return;
    skip.mutate(session.onboarding_session_id, {
      onSuccess: (next) => {
        setSession(next);
        go('review', next);
      },
      onError: (err) => fail(err, DEFAULT_ERRORS.skip),
    });
  }

  function onSaveGoal(changes: GoalContextUpdateRequest) {
    if (!session) return;
    update.mutate(
      { id: session.onboarding_session_id, changes },
      {
        onSuccess: (next) => {
          setError(null);
          setSession(next);
          toast.success('Plan redrafted');
        },
        onError: (err) => fail(err, 'Your changes were not saved'),
      },
    );
  }

  function onApprove(replaceActivePlan = false) {
    if (!session) return;
    setReplaceTitle(null);
    approve.mutate(
      { id: session.onboarding_session_id, replaceActivePlan },
      {
        onSuccess: (result) => {
          setApproval(result);
          setSession(result.session);
          go('ready', result.session);
        },
        onError: (err) => {
          const conflict = conflictingPlan(err);
          if (conflict && !replaceActivePlan) {
            setError(null);
            setReplaceTitle(conflict.title);
            return;
          }
          fail(err, DEFAULT_ERRORS.complete);
        },
      },
    );
  }

  const back = BACK_TO[step];
  const progress = STEP_PROGRESS[step];

  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <Dialog.Title className="text-xl font-semibold">{TITLES[step]}</Dialog.Title>
          <Dialog.Description id="onboarding-description" className="mt-1 text-sm text-muted-foreground">
            {DESCRIPTIONS[step]}
          </Dialog.Description>
        </div>
        {blocked ? null : (
          <Dialog.Close
            aria-label="Close"
            className={cn(buttonClasses('ghost', 'icon'), '-mt-1 -mr-2 shrink-0')}
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </Dialog.Close>
        )}
      </div>
      <div className="mt-4 flex items-center gap-3">
        <ProgressBar value={progress} label="Setup progress" className="flex-1" />
        <span className="w-10 text-right text-sm tabular-nums text-muted-foreground">{progress}%</span>
      </div>

      {error ? (
        <Alert variant="destructive" className="mt-4">
          {error}
        </Alert>
      ) : null}

      <div className="mt-5">
        {restoring ? (
          <div className="flex items-center gap-3 text-sm text-muted-foreground">
            <Spinner label="Loading your setup" /> Loading your setup…
          </div>
        ) : step === 'consent' ? (
          <ConsentStep
            consented={consented}
            onConsent={setConsented}
            starting={create.isPending}
            onStart={onStart}
          />
        ) : step === 'prompt' ? (
          <PromptStep
            value={prompt}
            onChange={setPrompt}
            submitting={submit.isPending}
            onSubmit={onSubmitPrompt}
            voiceAvailable={voiceAvailable}
          />
        ) : step === 'processing' ? (
          <ProcessingStep
            session={session}
            failed={error !== null}
            onRetry={() => {
              setError(null);
              setPollRound((round) => round + 1);
            }}
            onEditGoal={() => go('prompt', session)}
          />
        ) : step === 'devices' ? (
          <DevicesStep
            skipping={skip.isPending}
            onSkip={onSkip}
            onConnectError={(err) => fail(err, DEFAULT_ERRORS.connect)}
          />
        ) : step === 'review' && session ? (
          <>
            {replaceTitle !== null ? (
              <div
                role="alertdialog"
                aria-labelledby="replace-title"
                className="mb-4 rounded-lg border border-warning/40 bg-warning/10 p-4"
              >
                <p id="replace-title" className="text-sm font-medium">
                  Replace your active plan{replaceTitle ? ` “${replaceTitle}”` : ''}? Its future planned
                  sessions are removed; completed ones are kept.
                </p>
                <div className="mt-3 flex flex-wrap gap-2">
                  <Button size="sm" onClick={() => onApprove(true)} disabled={approve.isPending}>
                    Replace plan
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => setReplaceTitle(null)}>
                    Keep current plan
                  </Button>
                </div>
              </div>
            ) : null}
            <ReviewStep
              session={session}
              saving={update.isPending}
              approving={approve.isPending}
              onSave={onSaveGoal}
              onApprove={() => onApprove(false)}
            />
          </>
        ) : step === 'ready' ? (
          <ReadyStep approval={approval} session={session} />
        ) : step === 'done' ? (
          <DoneStep approval={approval} onFinish={onFinish} />
        ) : null}
      </div>

      {back && !restoring ? (
        <div className="mt-4">
          <Button variant="ghost" size="sm" onClick={() => go(back, session)}>
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            Back
          </Button>
        </div>
      ) : null}
    </>
  );
}

function ConsentStep({
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

function ProcessingStep({
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
function DevicesStep({
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

function ReadyStep({
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

function DoneStep({ approval, onFinish }: { approval: OnboardingApproval | null; onFinish: () => void }) {
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
