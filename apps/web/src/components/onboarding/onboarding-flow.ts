// The onboarding dialog's steps and rules that do not draw anything (docs/screens.md, "Onboarding dialog"): the
// progress of each step, where Back goes, which session status leads where, the processing stages read from
// the real status, the saved progress in local storage, and the error texts.
import type { OnboardingSession, OnboardingStatus } from '@stamina/contract';
import { ONBOARDING_STATUSES } from '@stamina/core';
import { ApiError } from '../../lib/api-client.ts';

const STEPS = ['consent', 'prompt', 'devices', 'processing', 'review', 'ready', 'done'] as const;
export type Step = (typeof STEPS)[number];

export const STEP_PROGRESS: Readonly<Record<Step, number>> = {
  consent: 5,
  prompt: 20,
  devices: 40,
  processing: 60,
  review: 80,
  ready: 95,
  done: 100,
};

/** Back exists only from the prompt (to the consent) and from the devices (to the prompt). */
export const BACK_TO: Readonly<Partial<Record<Step, Step>>> = { prompt: 'consent', devices: 'prompt' };

/** How long the ready step shows before done. */
export const READY_MS = 2000;

/** A drafted plan is ready to review: go on to the devices, then the review. */
export function isDrafted(session: OnboardingSession): boolean {
  return session.ready_for_review || session.status === 'PLAN_DRAFTED';
}

/**
 * Where a session goes once its prompt is sent: still being worked on → processing (polled); drafted → devices.
 * CREATED with a prompt is processing too: the server works as a queued job, so the answer to the prompt may
 * come before the goal is even read.
 */
export function stepAfterPrompt(session: OnboardingSession): Step {
  if (session.error) return 'prompt';
  return isDrafted(session) || session.status === 'APPROVED' ? 'devices' : 'processing';
}

/**
 * The five processing stages, each finished when the server has done that work (docs/screens.md, 'Onboarding
 * dialog'): the names are kept; what each one says is what the server really does at that point.
 */
export const PROCESSING_STAGES = [
  { id: 'analyzing', label: 'Reading your goal', doneAt: 'NLP_PARSED' },
  { id: 'calculating', label: 'Reading your last 12 weeks of training', doneAt: 'DATA_HARVESTED' },
  { id: 'scheduling', label: 'Estimating your current fitness and hours', doneAt: 'PROFILE_SYNTHESIZED' },
  { id: 'optimizing', label: 'Drafting your periodised plan', doneAt: 'PLAN_DRAFTED' },
  { id: 'personalizing', label: 'Writing your first week and why', doneAt: 'PLAN_DRAFTED' },
] as const satisfies readonly { id: string; label: string; doneAt: OnboardingStatus }[];

const ORDER: readonly OnboardingStatus[] = ONBOARDING_STATUSES;

export type StageState = 'done' | 'active' | 'waiting';

/** Each stage's state for a session status: the ones reached are done, the first one not reached is active. */
export function stageStates(status: OnboardingStatus): StageState[] {
  const at = ORDER.indexOf(status);
  let activeGiven = false;
  return PROCESSING_STAGES.map((stage) => {
    if (ORDER.indexOf(stage.doneAt) <= at) return 'done';
    if (activeGiven) return 'waiting';
    activeGiven = true;
    return 'active';
  });
}

export const DEFAULT_ERRORS = {
  start: 'Failed to start session',
  prompt: 'Failed to submit prompt',
  noPrompt: 'No prompt provided',
  connect: 'Failed to connect device',
  skip: 'Failed to skip devices',
  complete: 'Failed to complete onboarding',
  status: 'Failed to fetch onboarding status',
} as const;

/**
 * An onboarding error as the dialog writes it: the server's detail or message (the API client already gives
 * 'Request failed with status {n}' when there is neither), 'Network error: …' when the server was not reached,
 * and the step's default otherwise.
 */
export function onboardingError(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    if (err.isNetworkError) {
      return err.status === 0
        ? 'Network error: check your connection and try again.'
        : `Network error: ${err.message}`;
    }
    return err.message || fallback;
  }
  return fallback;
}

/** The active plan a 409 on approval names, when the athlete already has one. */
export function conflictingPlan(err: unknown): { title: string } | null {
  if (!(err instanceof ApiError) || err.status !== 409) return null;
  const detail = err.options.detail as { active_plan?: { title?: unknown } } | undefined;
  if (!detail?.active_plan) return null;
  const title = typeof detail.active_plan.title === 'string' ? detail.active_plan.title : '';
  return { title };
}

// ---------------------------------------------------------------------------------------------------------
// Saved progress: the session, step and progress stay in this browser until onboarding is done, so closing
// the dialog (or the tab) and opening it again goes on where it was.

export const ONBOARDING_STORAGE_KEY = 'stamina.onboarding';

export interface SavedProgress {
  sessionId: string;
  step: Step;
  progress: number;
}

export function readSavedProgress(): SavedProgress | null {
  try {
    const raw = localStorage.getItem(ONBOARDING_STORAGE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<SavedProgress>;
    if (typeof value.sessionId !== 'string' || !STEPS.includes(value.step as Step)) return null;
    return {
      sessionId: value.sessionId,
      step: value.step as Step,
      progress: STEP_PROGRESS[value.step as Step],
    };
  } catch {
    return null;
  }
}

export function saveProgress(sessionId: string, step: Step): void {
  try {
    localStorage.setItem(
      ONBOARDING_STORAGE_KEY,
      JSON.stringify({ sessionId, step, progress: STEP_PROGRESS[step] } satisfies SavedProgress),
    );
  } catch {
    // Private mode or a full storage: the dialog still works, it only cannot resume.
  }
}

export function clearSavedProgress(): void {
  try {
    localStorage.removeItem(ONBOARDING_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}

// ---------------------------------------------------------------------------------------------------------
// The offer on sign-in: an athlete whose onboarding is not complete is offered the dialog once per browser
// session (sessionStorage): closing it is respected until the tab is closed or a reset asks for it again.

export const ONBOARDING_OFFERED_KEY = 'stamina.onboarding-offered';

export function wasOffered(): boolean {
  try {
    return sessionStorage.getItem(ONBOARDING_OFFERED_KEY) === 'true';
  } catch {
    return true;
  }
}

export function markOffered(): void {
  try {
    sessionStorage.setItem(ONBOARDING_OFFERED_KEY, 'true');
  } catch {
    // Without storage the offer may come again on the next page load; it is still closable.
  }
}

export function clearOffered(): void {
  try {
    sessionStorage.removeItem(ONBOARDING_OFFERED_KEY);
  } catch {
    // Nothing to clear.
  }
}
