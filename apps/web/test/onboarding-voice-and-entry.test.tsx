import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../src/app/router.tsx';
import { OnboardingDialog } from '../src/components/onboarding/onboarding-dialog.tsx';
import {
  ONBOARDING_OFFERED_KEY,
  ONBOARDING_STORAGE_KEY,
} from '../src/components/onboarding/onboarding-flow.ts';
import { PREFERRED_MIME_TYPES } from '../src/components/onboarding/use-voice-recorder.ts';
import { writeSession } from '../src/lib/session-store.ts';
import { renderWithProviders } from './calendar-test-utils.tsx';
import { signIn } from './dashboard-fixtures.ts';
import { json, makeSession, SESSION_ID, status, stubApi } from './onboarding-fixtures.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  writeSession(null);
});

/** A MediaRecorder that hands over one chunk when stopped, and remembers how it was started. */
function stubRecorder() {
  const started: { mimeType?: string; timeslice?: number; constraints?: unknown } = {};
  class FakeRecorder extends EventTarget {
    static isTypeSupported = (type: string) => type === 'audio/webm';
    state = 'inactive';
    mimeType: string;
    constructor(_stream: unknown, options?: { mimeType?: string }) {
      super();
      this.mimeType = options?.mimeType ?? '';
      started.mimeType = this.mimeType;
    }
    start(timeslice: number) {
      started.timeslice = timeslice;
      this.state = 'recording';
    }
    stop() {
      this.state = 'inactive';
      const data = Object.assign(new Event('dataavailable'), {
        data: new Blob(['voice'], { type: 'audio/webm' }),
      });
      this.dispatchEvent(data);
      this.dispatchEvent(new Event('stop'));
    }
  }
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia: vi.fn(async (constraints: unknown) => {
        started.constraints = constraints;
        return { getTracks: () => [{ stop: () => {} }] };
      }),
    },
  });
  return started;
}

async function toPrompt(voiceAvailable: boolean) {
  const calls = stubApi((call) => {
    if (call.path === '/api/onboarding/status')
      return json(200, { data: status({ voice_available: voiceAvailable }) });
    if (call.path === '/api/onboarding/sessions') return json(200, { data: makeSession() });
    if (call.path === '/api/onboarding/transcriptions')
      return json(200, { data: { text: 'I want to run a marathon in April' } });
    return json(404, { message: 'Not found' });
  });
  renderWithProviders(<OnboardingDialog open onOpenChange={() => {}} />);
  await userEvent.click(await screen.findByRole('checkbox'));
  await userEvent.click(screen.getByRole('button', { name: "Let's Get Started" }));
  await screen.findByRole('textbox', { name: 'Your goal' });
  return calls;
}

describe('onboarding voice prompt', () => {
  it("shows a 'Soon' badge when this browser cannot record, and the text path stays", async () => {
    await toPrompt(true);
    const record = screen.getByRole('button', { name: 'Record your goal' });
    expect(record).toBeDisabled();
    // A disabled button says why.
    expect(record).toHaveAccessibleDescription(
      'Audio recording is not supported in this browser. Type your goal instead.',
    );
    expect(screen.getByText('Soon')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Your goal' })).toBeEnabled();
  });

  it('says voice needs a speech-to-text service when the server has none', async () => {
    stubRecorder();
    await toPrompt(false);
    const record = screen.getByRole('button', { name: 'Record your goal' });
    expect(record).toBeDisabled();
    expect(record).toHaveAccessibleDescription(/Voice needs a speech-to-text service/);
  });

  it('records in 1 s chunks of the first supported format, sends recording.webm and puts the text in the box', async () => {
    expect(PREFERRED_MIME_TYPES).toEqual(['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4', 'audio/ogg']);
    const started = stubRecorder();
    const calls = await toPrompt(true);
    await userEvent.click(screen.getByRole('button', { name: 'Record your goal' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Stop recording' }));
    expect(started).toEqual({
      mimeType: 'audio/webm',
      timeslice: 1000,
      constraints: {
        audio: { sampleRate: 44100, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
      },
    });
    expect(await screen.findByRole('button', { name: 'Discard' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Use recording' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Your goal' })).toHaveValue(
        'I want to run a marathon in April',
      ),
    );
    const sent = calls.find((call) => call.path === '/api/onboarding/transcriptions')?.body as FormData;
    expect((sent.get('file') as File).name).toBe('recording.webm');
    expect(screen.getByRole('button', { name: 'Record your goal' })).toBeEnabled();
  });
});

const user = {
  id: '00000000-0000-4000-8000-000000000000',
  athlete_id: '00000000-0000-4000-8000-0000000000a1',
  email: 'ana@example.com',
  name: 'Ana Runner',
  user_metadata: { name: 'Ana Runner', units: 'metric' as const },
  email_confirmed_at: '2026-01-01T00:00:00.000Z',
  created_at: '2026-01-01T00:00:00.000Z',
};

function app(path: string, onboarding: { complete: boolean; reset?: number }) {
  signIn(user);
  const calls = stubApi((call) => {
    if (call.path === '/api/auth/me') return json(200, { data: user });
    if (call.path === '/api/onboarding/status')
      return json(200, { data: status({ onboarding_complete: onboarding.complete }) });
    if (call.path === '/api/onboarding/reset')
      return onboarding.reset && onboarding.reset >= 400
        ? json(onboarding.reset, { message: 'boom' })
        : json(200, { data: status() });
    return json(404, { message: 'Not found' });
  });
  const view = render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />);
  return { calls, view };
}

describe('where onboarding opens', () => {
  it('offers the dialog once on sign-in while onboarding is not complete, and not again in this browser session', async () => {
    const first = app('/settings/profile', { complete: false });
    expect(await screen.findByRole('dialog', { name: 'Welcome to Stamina' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sessionStorage.getItem(ONBOARDING_OFFERED_KEY)).toBe('true');
    first.view.unmount();
    app('/settings/profile', { complete: false });
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not offer it once onboarding is complete', async () => {
    const { calls } = app('/settings/profile', { complete: true });
    await waitFor(() => expect(calls.some((call) => call.path === '/api/onboarding/status')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("opens from the Settings AI Profile Assistant banner's Start Onboarding", async () => {
    sessionStorage.setItem(ONBOARDING_OFFERED_KEY, 'true');
    app('/settings', { complete: true });
    const banner = await screen.findByRole('region', { name: 'AI Profile Assistant' });
    await userEvent.click(within(banner).getByRole('button', { name: 'Start Onboarding' }));
    expect(await screen.findByRole('dialog', { name: 'Welcome to Stamina' })).toBeVisible();
  });

  it('Reset Onboarding in Preferences resets it, says so, and asks for the offer again on the next load', async () => {
    sessionStorage.setItem(ONBOARDING_OFFERED_KEY, 'true');
    localStorage.setItem(
      ONBOARDING_STORAGE_KEY,
      JSON.stringify({ sessionId: SESSION_ID, step: 'prompt', progress: 20 }),
    );
    const { calls } = app('/settings/preferences', { complete: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Reset Onboarding' }));
    expect(
      await screen.findByText(
        "Your onboarding has been reset. You'll see the setup flow again on next page load.",
      ),
    ).toBeVisible();
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/onboarding/reset')).toBe(true);
    expect(sessionStorage.getItem(ONBOARDING_OFFERED_KEY)).toBeNull();
    expect(localStorage.getItem(ONBOARDING_STORAGE_KEY)).toBeNull();
  });

  it('says Reset Failed when the reset does not go through', async () => {
    sessionStorage.setItem(ONBOARDING_OFFERED_KEY, 'true');
    app('/settings/preferences', { complete: true, reset: 500 });
    await userEvent.click(await screen.findByRole('button', { name: 'Reset Onboarding' }));
    expect(await screen.findByText('Reset Failed', {}, { timeout: 8000 })).toBeVisible();
    expect(screen.getByText('Failed to reset onboarding. Please try again.')).toBeVisible();
  });
});
