// The mutations that may be queued (docs/offline.md, "Writes made offline") when the connection drops on an open
// page: TanStack Query then knows the browser is offline, and its default network mode would pause them (the save
// button stuck on "Saving...") instead of letting them queue the write. Today's wellness form, queued, says so.
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLogWellness } from '../src/api/metrics/log-wellness.ts';
import { OFFLINE_TEXTS, writeQueue } from '../src/api/offline/write-queue.ts';
import { useCreateWorkout, useMarkWorkoutDone } from '../src/api/workouts/mutations.ts';
import { WellnessForm } from '../src/features/metrics/components/wellness-form.tsx';
import { reportReachable } from '../src/lib/pwa.ts';
import { toast } from '../src/lib/toast.ts';
import { signInQueue } from './offline-fixtures.ts';

vi.mock('../src/lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

let fetched: string[];

beforeEach(async () => {
  // Each test its own account: its queue starts empty.
  const user = crypto.randomUUID();
  await signInQueue(user);
  fetched = [];
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.info).mockClear();
  vi.stubGlobal('fetch', async (url: string) => {
    fetched.push(String(url));
    throw new TypeError('Failed to fetch');
  });
  // The connection drops with the page open: the browser's offline event reaches both the app and TanStack Query.
  window.dispatchEvent(new Event('offline'));
  onlineManager.setOnline(false);
  reportReachable(false);
});

afterEach(() => {
  onlineManager.setOnline(true);
  reportReachable(true);
  vi.unstubAllGlobals();
});

describe('a queueable write made after the connection dropped', () => {
  it("today's wellness is queued at once, not paused", async () => {
    const { result } = renderHook(() => useLogWellness(), { wrapper });
    await expect(result.current.mutateAsync({ date: '2026-11-27', resting_hr: 55 })).resolves.toEqual({
      queued: true,
    });
    expect(writeQueue.get().pending.map((w) => w.type)).toEqual(['wellness']);
    expect(fetched.filter((url) => url.includes('/api/metrics'))).toEqual([]);
  });

  it('a mark done is queued at once, not paused', async () => {
    const { result } = renderHook(() => useMarkWorkoutDone(), { wrapper });
    result.current.mutate({
      workout: {
        id: '00000000-0000-4000-8000-000000000001',
        title: 'Tempo',
        workout_date: '2026-11-27',
        status: 'planned',
        updated_at: '2026-11-26T08:00:00.000Z',
      } as never,
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toMatchObject({ status: 'completed', queued: true });
    expect(writeQueue.get().pending.map((w) => w.type)).toEqual(['workout-done']);
  });

  it('a new workout is queued at once, not paused', async () => {
    const { result } = renderHook(() => useCreateWorkout(), { wrapper });
    result.current.mutate({ title: 'Easy', workout_date: '2026-11-27', sport: 'run' });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(writeQueue.get().pending.map((w) => w.type)).toEqual(['workout-create']);
  });

  it("today's wellness form says it is saved offline, not saved, and celebrates nothing yet", async () => {
    const logged = vi.fn();
    render(<WellnessForm onLogged={logged} />, { wrapper });
    const restingHr = screen.getByLabelText('Resting HR (bpm)');
    await userEvent.type(restingHr, '55');
    await userEvent.click(screen.getByRole('button', { name: "Save today's wellness" }));
    await waitFor(() => expect(toast.info).toHaveBeenCalledWith(OFFLINE_TEXTS.savedOffline));
    await waitFor(() => expect(restingHr).toHaveValue(null));
    expect(screen.getByRole('button', { name: "Save today's wellness" })).toBeEnabled();
    expect(toast.success).not.toHaveBeenCalled();
    expect(logged).not.toHaveBeenCalled();
    expect(writeQueue.get().pending.map((w) => w.type)).toEqual(['wellness']);
  });
});
