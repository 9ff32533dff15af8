// Sends the queued offline writes when the connection returns (docs/offline.md, "Writes made offline"): when the
// app goes online again (lib/pwa.ts), when the signed-in shell mounts, and when a write is queued behind others while
// online. What the replay applied refreshes the screens that show it; what it could not apply is told to the
// athlete at once (a toast) and stays listed in the banner until dismissed.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { isFavoriteWrite } from '../../lib/offline/favorite-writes.ts';
import type { QueuedWrite } from '../../lib/offline/write-queue.ts';
import { pwaStore } from '../../lib/pwa.ts';
import { toast } from '../../lib/toast.ts';
import { invalidateAfter } from '../invalidation.ts';
import { setReplayer, writeQueue } from './write-queue.ts';

const SYNC_TEXTS = {
  synced: (n: number) => (n === 1 ? '1 offline change synced' : `${n} offline changes synced`),
  notApplied: (n: number) =>
    n === 1 ? '1 change made offline was not applied' : `${n} changes made offline were not applied`,
} as const;

/** The screens a replayed write refreshes (api/invalidation.ts). */
function eventOf(write: QueuedWrite): 'wellness' | 'workout' | 'templateFavorite' {
  if (write.type === 'wellness') return 'wellness';
  return isFavoriteWrite(write) ? 'templateFavorite' : 'workout';
}

/** How long after the shell mounts the queue is first read and replayed. */
const START_DELAY_MS = 3_000;

export function useOfflineSync(userId: string | null): void {
  const client = useQueryClient();
  useEffect(() => {
    let active = true;
    // A call while this hook's replay runs (the connection flapping: back, lost on a request, back again) does not
    // join it, which would report its result twice: it asks for one more replay once this one is done, which sends
    // what was queued meanwhile or what a lost connection stopped, and reports nothing when nothing is left.
    let replaying = false;
    let again = false;
    const run = async () => {
      if (!pwaStore.get().online || !active) return;
      if (replaying) {
        again = true;
        return;
      }
      replaying = true;
      try {
        do {
          again = false;
          await replayAndReport();
        } while (again && active && pwaStore.get().online);
      } finally {
        replaying = false;
      }
    };
    let retryTimer: ReturnType<typeof setTimeout> | null = null;
    const replayAndReport = async () => {
      try {
        const result = await writeQueue.replay();
        // A write the server is still busy with (409 "in progress") is sent again after its backoff.
        if (retryTimer) clearTimeout(retryTimer);
        retryTimer = result.retryInMs === null ? null : setTimeout(() => void run(), result.retryInMs);
        const events = new Set(result.applied.map(eventOf));
        // A refused write is shown as the server has it.
        for (const conflict of result.conflicts) events.add(eventOf(conflict.write));
        await Promise.all([...events].map((event) => invalidateAfter(client, event)));
        if (result.conflicts.length > 0) {
          toast.error(SYNC_TEXTS.notApplied(result.conflicts.length), {
            description: result.conflicts.map((c) => `${c.write.label}: ${c.reason}`).join(' '),
          });
        } else if (result.applied.length > 0) {
          toast.success(SYNC_TEXTS.synced(result.applied.length));
        }
      } catch (err) {
        console.warn('Offline replay failed', err);
      }
    };
    // The queue is read from IndexedDB once the page has started, not during its first render and reads.
    const idle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1));
    const begin = () => void writeQueue.setUser(userId).then(run);
    const startTimer = setTimeout(() => idle(begin, { timeout: 2_000 }), START_DELAY_MS);
    setReplayer(() => void run());
    // Back online (the browser's event, or a request that reached the server again): send what waits.
    let wasOnline = pwaStore.get().online;
    const unsubscribe = pwaStore.subscribe(() => {
      const online = pwaStore.get().online;
      if (online && !wasOnline) void run();
      wasOnline = online;
    });
    return () => {
      active = false;
      clearTimeout(startTimer);
      if (retryTimer) clearTimeout(retryTimer);
      setReplayer(null);
      unsubscribe();
    };
  }, [client, userId]);
}

/** The signed-in account's queued writes and refused ones, live. */
export function useWriteQueue() {
  return useSyncExternalStore(writeQueue.subscribe, writeQueue.get, writeQueue.get);
}
