// The installable app's state (docs/offline.md, "Installing" and "Updates"): whether the browser offers to install
// it, whether it is installed (or running standalone), whether a new version waits, and whether the browser is
// online. One store for the app, read with useSyncExternalStore; the service worker is registered here, in
// production builds only (dev mode has no worker).
import { OFFLINE_API_CACHE_NAME } from '@stamina/core';
import { useSyncExternalStore } from 'react';
import { clearWorkoutBankReads } from './offline/offline-db.ts';

export const PWA_TEXTS = {
  installMissing: 'Install prompt not available',
} as const;

export interface PwaState {
  /** The browser has offered to install the app (its install-prompt event came). */
  installable: boolean;
  /** Accepted from our prompt, reported installed by the browser, or running standalone. */
  installed: boolean;
  /** Running as an installed app (display-mode standalone). */
  standalone: boolean;
  /** A new version's worker is installed and waiting. */
  updateAvailable: boolean;
  online: boolean;
}

/** The install-prompt event (Chromium's beforeinstallprompt; not in TypeScript's DOM types). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let state: PwaState = {
  installable: false,
  installed: false,
  standalone: false,
  updateAvailable: false,
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
};
const listeners = new Set<() => void>();
let installPrompt: InstallPromptEvent | null = null;
let waitingWorker: ServiceWorker | null = null;
let applying = false;
let started = false;
const firstControlListeners = new Set<() => void>();
let probe: ReturnType<typeof setInterval> | null = null;

/** How long after the page's load event the service worker is registered (docs/offline.md). */
const REGISTER_DELAY_MS = 10_000;

/** How often the app checks whether the server can be reached again, once a request found it could not. */
const PROBE_INTERVAL_MS = 5_000;

function startProbe(): void {
  probe ??= setInterval(() => {
    fetch('/api/v1/health', { cache: 'no-store' }).then(
      (response) => {
        if (response.ok) reportReachable(true);
      },
      () => {},
    );
  }, PROBE_INTERVAL_MS);
}

/**
 * What a request learnt about the connection (docs/offline.md, "Online and offline"): the browser's online flag
 * is not enough (it stays true on a network without internet), so a request that could not reach the server, or
 * that the service worker answered from its cache, makes the app offline until a request reaches the server again
 * (checked every 5 s meanwhile) or the browser says it is online again.
 */
export function reportReachable(reachable: boolean): void {
  // A request sent before the connection went can still come back after: while the browser says it is offline,
  // that answer proves nothing about now (the 'online' event reports the return).
  if (reachable && typeof navigator !== 'undefined' && !navigator.onLine) return;
  if (reachable) {
    if (probe) clearInterval(probe);
    probe = null;
    if (!state.online) set({ online: true });
    return;
  }
  startProbe();
  if (state.online) set({ online: false });
}

function set(patch: Partial<PwaState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export const pwaStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: (): PwaState => state,
};

export function usePwa(): PwaState {
  return useSyncExternalStore(pwaStore.subscribe, pwaStore.get, pwaStore.get);
}

function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return window.matchMedia?.('(display-mode: standalone)').matches === true || iosStandalone;
}

/**
 * Starts listening (install prompt, installed, display mode, online and offline) and, in a production build,
 * registers /sw.js after the page has loaded. Call once, before the first render: the install-prompt event can
 * come early.
 */
export function startPwa(options: { register?: boolean } = {}): void {
  if (started) return;
  started = true;
  const standalone = isStandalone();
  set({ standalone, installed: standalone, online: navigator.onLine });
  window
    .matchMedia?.('(display-mode: standalone)')
    .addEventListener?.('change', (event) =>
      set({ standalone: event.matches, installed: event.matches || state.installed }),
    );
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep it for our own Install button instead of the browser's mini bar.
    event.preventDefault();
    installPrompt = event as InstallPromptEvent;
    set({ installable: true });
  });
  window.addEventListener('appinstalled', () => {
    installPrompt = null;
    set({ installed: true, installable: false });
  });
  window.addEventListener('online', () => reportReachable(true));
  window.addEventListener('offline', () => reportReachable(false));
  if (!navigator.onLine) reportReachable(false);
  if (options.register && 'serviceWorker' in navigator) {
    // Well after the load, so the worker's precaching (the whole shell) never competes with the page's own start
    // for the network or the CPU.
    const later = () => setTimeout(() => void registerWorker(), REGISTER_DELAY_MS);
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
  }
}

async function registerWorker(): Promise<void> {
  try {
    const { Workbox } = await import('workbox-window');
    const wb = new Workbox('/sw.js');
    const markWaiting = (worker: ServiceWorker | null | undefined) => {
      if (worker) waitingWorker = worker;
      set({ updateAvailable: true });
    };
    // A new worker installed while one controls the page, or one already waiting: an update.
    wb.addEventListener('installed', (event) => {
      if (event.isUpdate) markWaiting(event.sw);
    });
    wb.addEventListener('waiting', (event) => markWaiting(event.sw));
    navigator.serviceWorker.addEventListener('message', (event) => {
      if ((event.data as { type?: unknown } | null)?.type === 'UPDATE_AVAILABLE') markWaiting(null);
    });
    // Reload once the new worker has taken control, only when the athlete asked for the update. The first
    // worker taking an open page is not one: the open screen's reads are asked for again through it, so they are
    // kept for offline use from the first visit on (docs/offline.md, "The service worker").
    const hadController = navigator.serviceWorker.controller !== null;
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      if (applying) window.location.reload();
      else if (!hadController) for (const listener of firstControlListeners) listener();
    });
    const registration = await wb.register();
    if (registration?.waiting && navigator.serviceWorker.controller) markWaiting(registration.waiting);
  } catch (err) {
    console.error('Service worker registration failed', err);
  }
}

/**
 * Calls `listener` when the first service worker takes control of the open page (not on an update); the
 * signed-in shell refetches the screen's reads then, through the worker. Returns the unsubscribe.
 */
export function onFirstWorkerControl(listener: () => void): () => void {
  firstControlListeners.add(listener);
  return () => firstControlListeners.delete(listener);
}

/** Shows the browser's install dialog; true when the athlete accepted. Without an offered prompt, logs and is false. */
export async function promptInstall(): Promise<boolean> {
  const prompt = installPrompt;
  if (!prompt) {
    console.warn(PWA_TEXTS.installMissing);
    return false;
  }
  try {
    await prompt.prompt();
    const { outcome } = await prompt.userChoice;
    installPrompt = null;
    set({ installable: false, ...(outcome === 'accepted' ? { installed: true } : {}) });
    return outcome === 'accepted';
  } catch (err) {
    console.error('Install failed', err);
    return false;
  }
}

/** Applies a waiting update: the waiting worker skips waiting, and the page reloads once it has control. */
export async function applyUpdate(): Promise<void> {
  applying = true;
  const registration = await navigator.serviceWorker?.getRegistration();
  const worker = registration?.waiting ?? waitingWorker;
  if (!worker) {
    window.location.reload();
    return;
  }
  worker.postMessage({ type: 'SKIP_WAITING' });
}

/** Forgets the saved API reads (on sign-out), the worker's and the Workout Bank's: the next account never sees them. */
export async function clearOfflineReads(): Promise<void> {
  try {
    if (typeof caches !== 'undefined') await caches.delete(OFFLINE_API_CACHE_NAME);
  } catch (err) {
    console.warn('Could not clear the offline cache', err);
  }
  // The Workout Bank's saved reads too (docs/offline.md, "Workout Bank offline store").
  await clearWorkoutBankReads();
}
