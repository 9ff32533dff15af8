import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OnboardingDialog } from '../src/components/onboarding/onboarding-dialog.tsx';
import { ONBOARDING_STORAGE_KEY } from '../src/components/onboarding/onboarding-flow.ts';
import { renderWithProviders } from './calendar-test-utils.tsx';
import {
  approvedPlan,
  draftedSession,
  json,
  makeSession,
  type OnboardingCall,
  SESSION_ID,
  status,
  stubApi,
  weekDraft,
} from './onboarding-fixtures.ts';

const SESSION_PATH = `/api/onboarding/sessions/${SESSION_ID}`;

function Harness({ onComplete }: { onComplete: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Reopen
      </button>
      <OnboardingDialog open={open} onOpenChange={setOpen} onComplete={onComplete} />
    </>
  );
}

function renderDialog() {
  const onComplete = vi.fn();
  renderWithProviders(<Harness onComplete={onComplete} />);
  return { onComplete };
}

const progress = () =>
  screen.getByRole('progressbar', { name: 'Setup progress' }).getAttribute('aria-valuenow');
const saved = () => JSON.parse(localStorage.getItem(ONBOARDING_STORAGE_KEY) ?? 'null');

/** A server that answers every onboarding call; `poll` gives the session each GET answers, in turn. */
function server(
  options: {
    afterPrompt?: ReturnType<typeof makeSession>;
    poll?: ReturnType<typeof makeSession>[];
    approve?: (call: OnboardingCall) => Response;
    voice?: boolean;
  } = {},
) {
  const polls = [...(options.poll ?? [])];
  let last = makeSession();
  return stubApi((call) => {
    if (call.path === '/api/onboarding/status')
      return json(200, { data: status({ voice_available: options.voice ?? false }) });
    if (call.method === 'POST' && call.path === '/api/onboarding/sessions') return json(200, { data: last });
    if (call.method === 'POST' && call.path === `${SESSION_PATH}/prompt`) {
      last =
        options.afterPrompt ??
        makeSession({ status: 'NLP_PARSED', prompt: (call.body as { prompt: string }).prompt });
      return json(200, { data: last });
    }
    if (call.method === 'GET' && call.path === SESSION_PATH) {
      last = polls.shift() ?? last;
      return json(200, { data: last });
    }
    if (call.method === 'POST' && call.path === `${SESSION_PATH}/devices/skip`) {
      last = { ...last, devices_skipped: true };
      return json(200, { data: last });
    }
    if (call.method === 'PUT' && call.path === `${SESSION_PATH}/goal-context`) {
      last = draftedSession({
        goal_context: {
          ...draftedSession().goal_context!,
          weekly_hours: 8,
          assumed: { ...draftedSession().goal_context!.assumed },
        },
        week_plan_draft: weekDraft('Redrafted run'),
        updated_at: '2026-11-26T10:05:00.000Z',
      });
      return json(200, { data: last });
    }
    if (call.method === 'POST' && call.path === `${SESSION_PATH}/approve`) {
      if (options.approve) return options.approve(call);
      return json(200, {
        data: {
          session: { ...last, status: 'APPROVED', ready_for_review: false },
          plan: approvedPlan,
          workouts_created: 110,
        },
      });
    }
    return json(404, { message: 'Not found' });
  });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('onboarding dialog: consent and prompt', () => {
  it('starts a session only after the consent is ticked, with consent 1.0.0, language en and an idempotency key', async () => {
    const calls = server();
    renderDialog();
    expect(await screen.findByRole('dialog', { name: 'Welcome to Stamina' })).toBeVisible();
    expect(progress()).toBe('5');
    const start = screen.getByRole('button', { name: "Let's Get Started" });
    expect(start).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(start);
    expect(await screen.findByRole('dialog', { name: 'What are you training for?' })).toBeVisible();
    expect(progress()).toBe('20');
    const create = calls.find((call) => call.path === '/api/onboarding/sessions');
    expect(create?.body).toEqual({ consent_version: '1.0.0', language: 'en' });
    expect(create?.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(saved()).toEqual({ sessionId: SESSION_ID, step: 'prompt', progress: 20 });
  });

  it('enables submit only past 10 trimmed characters, counts n/2000 and does not stop at 2000', async () => {
    server();
    renderDialog();
    await userEvent.click(await screen.findByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: "Let's Get Started" }));
    const box = await screen.findByRole('textbox', { name: 'Your goal' });
    const submit = screen.getByRole('button', { name: 'Create My Plan' });
    await userEvent.type(box, '   marathon  ');
    expect(screen.getByText('Please provide more details')).toBeVisible();
    expect(screen.getByText('13/2000')).toBeVisible();
    expect(submit).toBeDisabled();
    await userEvent.clear(box);
    await userEvent.type(box, ' 0123456789 ');
    expect(submit).toBeDisabled();
    await userEvent.type(box, 'x');
    expect(screen.getByText('Looking good!')).toBeVisible();
    expect(submit).toBeEnabled();
    fireEvent.change(box, { target: { value: 'a'.repeat(2001) } });
    expect(screen.getByText('2001/2000')).toBeVisible();
    expect(box).toHaveValue('a'.repeat(2001));
  });

  it('goes Back from the prompt to the consent, and from the devices to the prompt, nowhere else', async () => {
    server({ afterPrompt: draftedSession() });
    renderDialog();
    await userEvent.click(await screen.findByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: "Let's Get Started" }));
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('dialog', { name: 'Welcome to Stamina' })).toBeVisible();
    // The session exists already: going on again does not start a second one.
    await userEvent.click(screen.getByRole('button', { name: "Let's Get Started" }));
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Your goal' }),
      'A marathon in April, 6 h a week',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create My Plan' }));
    // A drafted plan in the answer goes straight to the devices.
    expect(await screen.findByRole('dialog', { name: 'Connect your devices' })).toBeVisible();
    expect(progress()).toBe('40');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('dialog', { name: 'What are you training for?' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Create My Plan' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Skip for now' }));
    expect(await screen.findByRole('dialog', { name: 'Review your plan' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
  });

  it('shows a failed call as a toast titled Error and an inline box, with the server message or the step default', async () => {
    stubApi((call) => {
      if (call.path === '/api/onboarding/sessions')
        return json(400, { message: 'consent_version must be 1.0.0' });
      return json(200, { data: status() });
    });
    renderDialog();
    await userEvent.click(await screen.findByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: "Let's Get Started" }));
    const dialog = screen.getByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('consent_version must be 1.0.0');
    expect(await screen.findByText('Error')).toBeVisible();
  });

  it('writes a network failure as Network error: …', async () => {
    server();
    renderDialog();
    await userEvent.click(await screen.findByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: "Let's Get Started" }));
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Your goal' }),
      'A marathon in April, 6 h a week',
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create My Plan' }));
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(
      'Network error: check your connection and try again.',
    );
  });
});

describe('onboarding dialog: processing', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });

  it('polls every 2000 ms, shows the real stage, blocks closing, and goes to the devices once drafted', async () => {
    const calls = server({
      poll: [
        makeSession({ status: 'DATA_HARVESTED' }),
        makeSession({ status: 'PROFILE_SYNTHESIZED' }),
        draftedSession(),
      ],
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderDialog();
    await user.click(await screen.findByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: "Let's Get Started" }));
    await user.type(
      await screen.findByRole('textbox', { name: 'Your goal' }),
      'A marathon in April, 6 h a week',
    );
    await user.click(screen.getByRole('button', { name: 'Create My Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Building your plan' });
    expect(progress()).toBe('60');
    const stages = within(dialog).getByRole('list', { name: 'Progress of your plan' });
    // NLP_PARSED: the goal is read, the 12 weeks are being read.
    expect(within(stages).getAllByRole('listitem')[0]).toHaveTextContent('Reading your goalDone');
    expect(within(stages).getAllByRole('listitem')[1]).toHaveTextContent('In progress');
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Building your plan' })).toBeVisible();

    const gets = () => calls.filter((call) => call.method === 'GET' && call.path === SESSION_PATH).length;
    expect(gets()).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(gets()).toBe(1);
    expect(within(stages).getAllByRole('listitem')[1]).toHaveTextContent('Done');
    expect(within(stages).getAllByRole('listitem')[2]).toHaveTextContent('In progress');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(gets()).toBe(3);
    expect(await screen.findByRole('dialog', { name: 'Connect your devices' })).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(gets()).toBe(3);
  });

  it('stops after 30 attempts with an error, and Check again polls again', async () => {
    localStorage.setItem(
      ONBOARDING_STORAGE_KEY,
      JSON.stringify({ sessionId: SESSION_ID, step: 'processing', progress: 60 }),
    );
    const calls = server({ poll: [makeSession({ status: 'NLP_PARSED', prompt: 'A marathon in April' })] });
    renderDialog();
    expect(await screen.findByRole('dialog', { name: 'Building your plan' })).toBeVisible();
    const gets = () => calls.filter((call) => call.method === 'GET' && call.path === SESSION_PATH).length;
    expect(gets()).toBe(1);
    for (let i = 0; i < 30; i++) await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(gets()).toBe(31);
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent(
      'Your plan is taking longer than expected. Check again in a moment.',
    );
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(gets()).toBe(31);
    // It stays on processing (closing is still blocked): the athlete can ask again or change the goal.
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(gets()).toBe(32);
  });

  it("shows a session's error and lets the athlete edit the goal", async () => {
    localStorage.setItem(
      ONBOARDING_STORAGE_KEY,
      JSON.stringify({ sessionId: SESSION_ID, step: 'processing', progress: 60 }),
    );
    server({
      poll: [
        makeSession({ status: 'NLP_PARSED', prompt: 'A marathon someday' }),
        makeSession({
          status: 'NLP_PARSED',
          error: 'The plan could not be drafted: the race date is in the past.',
        }),
      ],
    });
    renderDialog();
    await screen.findByRole('dialog', { name: 'Building your plan' });
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent(
      'The plan could not be drafted: the race date is in the past.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Edit your goal' }));
    expect(await screen.findByRole('dialog', { name: 'What are you training for?' })).toBeVisible();
  });
});

describe('onboarding dialog: review, approval and resume', () => {
  it('resumes from local storage at the saved step and session', async () => {
    localStorage.setItem(
      ONBOARDING_STORAGE_KEY,
      JSON.stringify({ sessionId: SESSION_ID, step: 'review', progress: 80 }),
    );
    server({ poll: [draftedSession()] });
    renderDialog();
    expect(await screen.findByRole('dialog', { name: 'Review your plan' })).toBeVisible();
    expect(progress()).toBe('80');
  });

  it('starts again at the consent when the saved session is gone', async () => {
    localStorage.setItem(
      ONBOARDING_STORAGE_KEY,
      JSON.stringify({ sessionId: SESSION_ID, step: 'review', progress: 80 }),
    );
    stubApi((call) =>
      call.path === '/api/onboarding/status'
        ? json(200, { data: status() })
        : json(404, { message: 'Onboarding session not found' }),
    );
    renderDialog();
    expect(await screen.findByRole('dialog', { name: 'Welcome to Stamina' })).toBeVisible();
    expect(saved()).toBeNull();
  });

  it('shows the goal with its assumed fields in words, the week of up to 7 sessions and the reasons', async () => {
    localStorage.setItem(
      ONBOARDING_STORAGE_KEY,
      JSON.stringify({ sessionId: SESSION_ID, step: 'review', progress: 80 }),
    );
    server({ poll: [draftedSession()] });
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Review your plan' });
    const target = within(dialog).getByRole('textbox', { name: 'Target' });
    expect(target).toHaveValue('finish');
    expect(target).toHaveAccessibleDescription(/^Assumed/);
    expect(within(dialog).getByRole('combobox', { name: 'Weekly hours' })).toHaveValue('6');
    expect(within(dialog).getByRole('combobox', { name: 'Weekly hours' })).not.toHaveAccessibleDescription();
    expect(within(dialog).getByRole('combobox', { name: 'Experience' })).toHaveAccessibleDescription(
      'Assumed',
    );
    expect(within(dialog).getByRole('combobox', { name: 'Long run day' })).toHaveValue('sunday');
    const hours = within(within(dialog).getByRole('combobox', { name: 'Weekly hours' })).getAllByRole(
      'option',
    );
    expect(hours.map((option) => option.textContent)).toEqual([
      '3 h',
      '4 h',
      '5 h',
      '6 h',
      '7 h',
      '8 h',
      '9 h',
      '10 h',
      '12 h',
      '15 h',
    ]);
    const days = within(within(dialog).getByRole('combobox', { name: 'No swim day' })).getAllByRole('option');
    expect(days.map((option) => option.textContent)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(within(dialog).getAllByText(/^Easy run \d$/)).toHaveLength(7);
    expect(within(dialog).getByText('A 2-week taper.')).toBeVisible();
  });

  it('saves an edit with PUT goal-context and shows the new draft', async () => {
    localStorage.setItem(
      ONBOARDING_STORAGE_KEY,
      JSON.stringify({ sessionId: SESSION_ID, step: 'review', progress: 80 }),
    );
    const calls = server({ poll: [draftedSession()] });
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Review your plan' });
    const approve = within(dialog).getByRole('button', { name: 'Approve plan' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Weekly hours' }), '8');
    expect(approve).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes and redraft' }));
    expect(await within(dialog).findByText('Redrafted run 1')).toBeVisible();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ weekly_hours: 8 });
    expect(within(dialog).getByRole('combobox', { name: 'Weekly hours' })).toHaveValue('8');
    expect(approve).toBeEnabled();
  });

  it('asks before replacing an active plan, approves with replace_active_plan, then ready and done', async () => {
    localStorage.setItem(
      ONBOARDING_STORAGE_KEY,
      JSON.stringify({ sessionId: SESSION_ID, step: 'review', progress: 80 }),
    );
    const calls = server({
      poll: [draftedSession()],
      approve: (call) =>
        (call.body as { replace_active_plan: boolean }).replace_active_plan
          ? json(200, {
              data: {
                session: draftedSession({ status: 'APPROVED' }),
                plan: approvedPlan,
                workouts_created: 110,
              },
            })
          : json(409, {
              code: 'CONFLICT',
              message: 'You already have an active plan',
              detail: { active_plan: { id: 'p0', title: 'Spring 10K' } },
            }),
    });
    const { onComplete } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Review your plan' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve plan' }));
    expect(await within(dialog).findByText(/Replace your active plan “Spring 10K”\?/)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Replace plan' }));
    const ready = await screen.findByRole('dialog', { name: 'Your plan is ready' });
    expect(progress()).toBe('95');
    expect(within(ready).getAllByRole('listitem')).toHaveLength(3);
    expect(calls.filter((call) => call.path.endsWith('/approve')).map((call) => call.body)).toEqual([
      { replace_active_plan: false },
      { replace_active_plan: true },
    ]);
    expect(await screen.findByRole('dialog', { name: "You're all set!" }, { timeout: 3000 })).toBeVisible();
    expect(progress()).toBe('100');
    expect(saved()).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Go to Dashboard' }));
    expect(onComplete).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
