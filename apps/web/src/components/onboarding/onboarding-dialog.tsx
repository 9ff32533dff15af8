// The onboarding dialog (docs/screens.md, "Onboarding dialog"): consent → prompt (text or voice) → processing (the
// server's real stages, polled) → devices → review (edit the goal, see the first week and why) → approve →
// ready → done. Opened by the shell on a first sign-in and by the Settings banner. Its session, step and
// progress are kept in local storage until done, so it goes on where it was when opened again.
import type { GoalContextUpdateRequest, OnboardingSession } from '@stamina/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
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
import { toast } from '../../lib/toast.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogCloseButton, DialogContent, DialogDescription, DialogTitle } from '../ui/dialog.tsx';
import { ProgressBar } from '../ui/progress-bar.tsx';
import { Spinner } from '../ui/spinner.tsx';
import {
  BACK_TO,
  clearSavedProgress,
  conflictingPlan,
  DEFAULT_ERRORS,
  isDrafted,
  onboardingError,
  READY_MS,
  readSavedProgress,
  STEP_PROGRESS,
  type Step,
  saveProgress,
  stepAfterPrompt,
} from './onboarding-flow.ts';
import { ConsentStep, DevicesStep, DoneStep, ProcessingStep, ReadyStep } from './onboarding-steps.tsx';
import { PromptStep } from './prompt-step.tsx';
import { ReviewStep } from './review-step.tsx';

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
    <Dialog
      open={open}
      onOpenChange={(next) => {
        // Closing is blocked while the plan is being drafted.
        if (!next && blocked) return;
        if (!next && step === 'done') finish();
        else onOpenChange(next);
      }}
    >
      <DialogContent layout="sheet" width={40} aria-describedby="onboarding-description">
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
      </DialogContent>
    </Dialog>
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
          <DialogTitle className="text-xl font-semibold">{TITLES[step]}</DialogTitle>
          <DialogDescription id="onboarding-description" className="mt-1">
            {DESCRIPTIONS[step]}
          </DialogDescription>
        </div>
        {blocked ? null : <DialogCloseButton className="-mt-1 -mr-2 shrink-0" />}
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
