// The install offer, the update prompt and the offline banner (components/app-status-banner.tsx, lib/pwa.ts).
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppStatusBanner, BANNER_TEXTS } from '../src/components/app-status-banner.tsx';
import {
  applyUpdate,
  PWA_TEXTS,
  promptInstall,
  pwaStore,
  reportReachable,
  startPwa,
} from '../src/lib/pwa.ts';

/** Chromium's install-prompt event, as the page receives it. */
function installPromptEvent(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  const prompt = vi.fn(async () => {});
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome }) });
  return { event, prompt };
}

beforeAll(() => startPwa());
afterEach(() => vi.restoreAllMocks());

describe('the install offer', () => {
  it('logs that no prompt is available before the browser offers one', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await promptInstall()).toBe(false);
    expect(warn).toHaveBeenCalledWith(PWA_TEXTS.installMissing);
    expect(PWA_TEXTS.installMissing).toBe('Install prompt not available');
  });

  it('appears when the browser offers to install, and accepting marks the app installed', async () => {
    render(<AppStatusBanner />);
    expect(screen.queryByText(BANNER_TEXTS.install)).not.toBeInTheDocument();
    const { event, prompt } = installPromptEvent('accepted');
    act(() => {
      window.dispatchEvent(event);
    });
    // Kept for our button instead of the browser's own bar.
    expect(event.defaultPrevented).toBe(true);
    expect(pwaStore.get().installable).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Install' }));
    expect(prompt).toHaveBeenCalledOnce();
    expect(pwaStore.get()).toMatchObject({ installed: true, installable: false });
    expect(screen.queryByText(BANNER_TEXTS.install)).not.toBeInTheDocument();
  });

  it("takes the browser's appinstalled event as installed, and withdraws the offer", () => {
    const { event } = installPromptEvent('dismissed');
    act(() => {
      window.dispatchEvent(event);
    });
    expect(pwaStore.get().installable).toBe(true);
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(pwaStore.get()).toMatchObject({ installed: true, installable: false });
  });
});

describe('the offline banner', () => {
  it('shows while the server cannot be reached, and goes when it can', () => {
    render(<AppStatusBanner />);
    act(() => reportReachable(false));
    expect(screen.getByText(BANNER_TEXTS.offline)).toBeInTheDocument();
    act(() => reportReachable(true));
    expect(screen.queryByText(BANNER_TEXTS.offline)).not.toBeInTheDocument();
  });

  it('stays while the browser says it is offline, whatever a late answer sent before says', () => {
    render(<AppStatusBanner />);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByText(BANNER_TEXTS.offline)).toBeInTheDocument();
    act(() => reportReachable(true));
    expect(screen.getByText(BANNER_TEXTS.offline)).toBeInTheDocument();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByText(BANNER_TEXTS.offline)).not.toBeInTheDocument();
  });
});

describe('applying an update', () => {
  it('tells the waiting worker to skip waiting', async () => {
    const postMessage = vi.fn();
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: async () => ({ waiting: { postMessage } }) },
    });
    await applyUpdate();
    expect(postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
  });
});
