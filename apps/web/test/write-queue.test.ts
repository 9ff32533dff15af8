// The offline write queue (lib/offline/write-queue.ts) on its in-memory storage: order, retries, idempotency keys
// kept across replays, conflicts reported and never dropped, one account's writes never sent by another.
import { describe, expect, it } from 'vitest';
import {
  createWriteQueue,
  memoryQueueStorage,
  type NewQueuedWrite,
  type QueuedWrite,
  type ReplayExecutor,
  retryDelayMs,
  type Verdict,
} from '../src/lib/offline/write-queue.ts';

class Offline extends Error {}
class Refused extends Error {}
class Busy extends Error {}

function write(label: string, overrides: Partial<NewQueuedWrite> = {}): NewQueuedWrite {
  return {
    type: 'workout-done',
    userId: 'u1',
    endpoint: 'PUT /workout-planning/workouts/{workoutId}',
    params: { workoutId: label },
    method: 'PUT',
    url: `/api/workout-planning/workouts/${label}`,
    headers: { 'idempotency-key': `key-${label}` },
    body: { status: 'completed' },
    baseUpdatedAt: null,
    label,
    queuedAt: '2026-11-26T10:00:00.000Z',
    ...overrides,
  };
}

/** A server as the replay sees it: records what was sent (with keys), can be offline or refuse one label. */
function fakeServer() {
  const sent: { label: string; key: string }[] = [];
  const state = {
    online: true,
    verdicts: new Map<string, Verdict>(),
    refuse: new Set<string>(),
    failOnceOffline: new Set<string>(),
    /** Labels the server answers "still in progress" for, so many times. */
    busy: new Map<string, number>(),
  };
  const executor: ReplayExecutor = {
    async check(w: QueuedWrite) {
      if (!state.online) throw new Offline();
      return state.verdicts.get(w.label) ?? { kind: 'send' };
    },
    async send(w: QueuedWrite) {
      if (!state.online) throw new Offline();
      if (state.failOnceOffline.delete(w.label)) throw new Offline();
      if (state.refuse.has(w.label)) throw new Refused('Workout not found');
      const busy = state.busy.get(w.label) ?? 0;
      if (busy > 0) {
        state.busy.set(w.label, busy - 1);
        throw new Busy('still being processed');
      }
      sent.push({ label: w.label, key: w.headers['idempotency-key'] });
    },
    failure: (err) => ({
      retryLater: err instanceof Offline || err instanceof Busy,
      retrySoon: err instanceof Busy,
      message: (err as Error).message,
    }),
  };
  return { sent, state, executor };
}

describe('the offline write queue', () => {
  it('counts what is waiting and replays it in the order it was made', async () => {
    const server = fakeServer();
    const queue = createWriteQueue(memoryQueueStorage(), server.executor);
    await queue.setUser('u1');
    for (const label of ['a', 'b', 'c']) await queue.enqueue(write(label));
    expect(queue.get().pending.map((w) => w.label)).toEqual(['a', 'b', 'c']);

    const result = await queue.replay();
    expect(server.sent.map((s) => s.label)).toEqual(['a', 'b', 'c']);
    expect(result).toMatchObject({ remaining: 0, conflicts: [] });
    expect(queue.get().pending).toEqual([]);
  });

  it('stops at the first write that cannot be sent, so nothing overtakes it, and resends it with the same key', async () => {
    const server = fakeServer();
    const queue = createWriteQueue(memoryQueueStorage(), server.executor);
    await queue.setUser('u1');
    for (const label of ['a', 'b', 'c']) await queue.enqueue(write(label));
    server.state.failOnceOffline.add('b');

    const first = await queue.replay();
    expect(first.remaining).toBe(2);
    expect(server.sent.map((s) => s.label)).toEqual(['a']);
    expect(queue.get().pending.map((w) => w.label)).toEqual(['b', 'c']);

    await queue.replay();
    expect(server.sent).toEqual([
      { label: 'a', key: 'key-a' },
      { label: 'b', key: 'key-b' },
      { label: 'c', key: 'key-c' },
    ]);
  });

  it('keeps everything while offline', async () => {
    const server = fakeServer();
    server.state.online = false;
    const queue = createWriteQueue(memoryQueueStorage(), server.executor);
    await queue.setUser('u1');
    await queue.enqueue(write('a'));
    expect((await queue.replay()).remaining).toBe(1);
    expect(queue.get().pending).toHaveLength(1);
  });

  it('reports a write overtaken by a newer change on the server, and goes on with the next', async () => {
    const server = fakeServer();
    server.state.verdicts.set('a', { kind: 'conflict', reason: 'Changed elsewhere' });
    const queue = createWriteQueue(memoryQueueStorage(), server.executor);
    await queue.setUser('u1');
    await queue.enqueue(write('a'));
    await queue.enqueue(write('b'));

    const result = await queue.replay();
    expect(result.conflicts.map((c) => [c.write.label, c.reason])).toEqual([['a', 'Changed elsewhere']]);
    expect(server.sent.map((s) => s.label)).toEqual(['b']);
    // The athlete sees it until they dismiss it.
    const [conflict] = queue.get().conflicts;
    expect(conflict?.write.label).toBe('a');
    await queue.dismissConflict(conflict?.id ?? -1);
    expect(queue.get().conflicts).toEqual([]);
  });

  it('reports a write the server refuses instead of dropping it', async () => {
    const server = fakeServer();
    server.state.refuse.add('gone');
    const queue = createWriteQueue(memoryQueueStorage(), server.executor);
    await queue.setUser('u1');
    await queue.enqueue(write('gone'));
    await queue.replay();
    expect(queue.get().pending).toEqual([]);
    expect(queue.get().conflicts.map((c) => c.reason)).toEqual(['Workout not found']);
  });

  it('drops a write the server already holds without sending it again', async () => {
    const server = fakeServer();
    server.state.verdicts.set('a', { kind: 'already-applied' });
    const queue = createWriteQueue(memoryQueueStorage(), server.executor);
    await queue.setUser('u1');
    await queue.enqueue(write('a'));
    const result = await queue.replay();
    expect(server.sent).toEqual([]);
    expect(result.applied.map((w) => w.label)).toEqual(['a']);
    expect(queue.get()).toMatchObject({ pending: [], conflicts: [] });
  });

  it("never shows or sends another account's writes, and keeps them for that account", async () => {
    const server = fakeServer();
    const storage = memoryQueueStorage();
    const queue = createWriteQueue(storage, server.executor);
    await queue.setUser('u1');
    await queue.enqueue(write('mine'));
    await queue.enqueue(write('theirs', { userId: 'u2' }));
    expect(queue.get().pending.map((w) => w.label)).toEqual(['mine']);
    await queue.replay();
    expect(server.sent.map((s) => s.label)).toEqual(['mine']);
    await queue.setUser('u2');
    expect(queue.get().pending.map((w) => w.label)).toEqual(['theirs']);
  });

  it('runs one replay at a time', async () => {
    const server = fakeServer();
    const queue = createWriteQueue(memoryQueueStorage(), server.executor);
    await queue.setUser('u1');
    await queue.enqueue(write('a'));
    await Promise.all([queue.replay(), queue.replay()]);
    expect(server.sent).toHaveLength(1);
  });

  it('keeps a write the server is still busy with (409 in progress) at the head, retried with growing pauses', async () => {
    const server = fakeServer();
    const queue = createWriteQueue(memoryQueueStorage(), server.executor);
    await queue.setUser('u1');
    await queue.enqueue(write('a'));
    await queue.enqueue(write('b'));
    server.state.busy.set('a', 3);
    const delays: (number | null)[] = [];
    for (let i = 0; i < 3; i++) {
      const result = await queue.replay();
      expect(result).toMatchObject({ applied: [], conflicts: [], remaining: 2 });
      delays.push(result.retryInMs);
    }
    expect(delays).toEqual([2_000, 4_000, 8_000]);
    const last = await queue.replay();
    expect(last.retryInMs).toBeNull();
    expect(server.sent.map((s) => s.label)).toEqual(['a', 'b']);
    expect(queue.get().conflicts).toEqual([]);
    expect(retryDelayMs(10)).toBe(60_000);
  });
});
