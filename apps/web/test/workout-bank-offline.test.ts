// The Workout Bank offline store's rules (api/workout-bank/offline/offline-core.ts) on its in-memory storage and
// the app's one write queue in memory (fake-indexeddb is not installed; the IndexedDB layer itself, and the move of
// the former Workout Bank database into the app's one, run in e2e/tests/workout-bank-offline.spec.ts): saved
// reads and their expiry, the categories' fallback, favourites queued offline and replayed in order with the
// app's other writes, refusals listed, one athlete's records never shown or sent for another; and the worker's
// sync hand-over.
import { describe, expect, it, vi } from 'vitest';
import {
  createWorkoutBankOffline,
  isNetworkFailure,
  searchKey,
  WORKOUT_BANK_OFFLINE_LIFETIME_MS,
  type WorkoutBankOfflineDeps,
} from '../src/api/workout-bank/offline/offline-core.ts';
import {
  type FavoriteWrite,
  isFavoriteWrite,
  migratedFavoriteWrite,
  sendFavoriteWrite,
  templateOf,
} from '../src/lib/offline/favorite-writes.ts';
import {
  IDB_OPEN_FAILED,
  memoryWorkoutBankStorage,
  type WorkoutBankStorage,
} from '../src/lib/offline/workout-bank-db.ts';
import {
  FAVORITES_REPLAYED_MESSAGE,
  REPLAY_FAVORITES_MESSAGE,
} from '../src/lib/offline/workout-bank-sync.ts';
import {
  createWriteQueue,
  memoryQueueStorage,
  type QueuedWrite,
  type QueueStorage,
  readFailure,
} from '../src/lib/offline/write-queue.ts';
import { type PageClient, replayThroughPages } from '../src/sw/favorite-sync.ts';

class HttpError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}
const offline = () => new TypeError('Failed to fetch');

function setup(
  overrides: Partial<WorkoutBankOfflineDeps> = {},
  queueStorage: QueueStorage = memoryQueueStorage(),
) {
  const state = { athlete: 'athlete-a' as string | null, online: true, clock: 1_000_000 };
  const sent: FavoriteWrite[] = [];
  const others: QueuedWrite[] = [];
  const storage: WorkoutBankStorage = overrides.storage ?? memoryWorkoutBankStorage();
  const registerSync = vi.fn(async () => true);
  const server = {
    /** What the fake server answers per send; default: accepted. */
    answer: (_write: FavoriteWrite): Error | null => null,
  };
  // The app's queue with the favourites' part of its executor (api/offline/write-queue.ts).
  const queue = createWriteQueue(queueStorage, {
    check: async () => ({ kind: 'send' }),
    send: async (write) => {
      if (!isFavoriteWrite(write)) {
        others.push(write);
        return;
      }
      await sendFavoriteWrite(write, async (favorite) => {
        const failure = server.answer(favorite);
        if (failure) throw failure;
        sent.push(favorite);
      });
    },
    failure: readFailure,
  });
  let key = 0;
  const store = createWorkoutBankOffline({
    storage,
    queue,
    athleteId: () => state.athlete,
    now: () => state.clock,
    newKey: () => `key-${++key}`,
    isOnline: () => state.online,
    registerSync,
    ...overrides,
  });
  const pending = async () => (await queueStorage.list()).filter(isFavoriteWrite);
  return { store, state, sent, others, storage, registerSync, server, queue, pending };
}

describe('saved reads', () => {
  it('answers a search from the saved copy when the network fails, until the copy expires', async () => {
    const { store, state } = setup();
    const params = { search_query: 'tempo', disciplines: 'run', page: 1 };
    expect(await store.withSearchCache(params, async () => ({ total_count: 3 }))).toEqual({ total_count: 3 });

    // Same filters in another order: the same entry.
    const fromCopy = await store.withSearchCache({ page: 1, disciplines: 'run', search_query: 'tempo' }, () =>
      Promise.reject(offline()),
    );
    expect(fromCopy).toEqual({ total_count: 3 });

    state.clock += WORKOUT_BANK_OFFLINE_LIFETIME_MS; // expiresAt is exclusive: now the copy is gone
    await expect(store.withSearchCache(params, () => Promise.reject(offline()))).rejects.toThrow(
      'Failed to fetch',
    );
  });

  it('removes an expired entry, so it does not answer even once the clock is wound back', async () => {
    const { store, state, storage } = setup();
    await store.withTemplateCache('t1', async () => ({ id: 't1', name: 'Hills' }));
    expect(await storage.list('workouts', 'athlete-a')).toHaveLength(1);
    state.clock += WORKOUT_BANK_OFFLINE_LIFETIME_MS + 1;
    await expect(store.withTemplateCache('t1', () => Promise.reject(offline()))).rejects.toThrow();
    expect(await storage.list('workouts', 'athlete-a')).toHaveLength(0);
  });

  it('never falls back on a refusal (4xx): the error goes on though a copy exists', async () => {
    const { store } = setup();
    await store.withTemplateCache('t1', async () => ({ id: 't1' }));
    await expect(
      store.withTemplateCache('t1', () => Promise.reject(new HttpError('Template not found', 404))),
    ).rejects.toThrow('Template not found');
    // A server fault does fall back.
    expect(
      await store.withTemplateCache('t1', () => Promise.reject(new HttpError('Internal error', 503))),
    ).toEqual({ id: 't1' });
  });

  it('known offline, answers from the saved copy without calling the network', async () => {
    const { store, state } = setup();
    await store.withTemplateCache('t1', async () => ({ id: 't1', name: 'Hills' }));
    state.online = false;
    const fetcher = vi.fn(async () => ({ id: 't1', name: 'changed' }));
    expect(await store.withTemplateCache('t1', fetcher)).toEqual({ id: 't1', name: 'Hills' });
    expect(fetcher).not.toHaveBeenCalled();
  });
});

describe('ratings', () => {
  it("keeps the athlete's own rating and the reviews in the ratings store, with an expiry", async () => {
    const { store, state, storage } = setup();
    expect(await store.withMyRatingCache('t1', async () => null)).toBeNull();
    await store.withRatingsCache('t1', 1, async () => ({ ratings: [{ review_text: 'Tough' }] }));
    await store.withRatingsCache('t2', 1, async () => ({ ratings: [] }));
    expect((await storage.list('ratings', 'athlete-a')).map((r) => r.key).sort()).toEqual([
      'list:t1:1',
      'list:t2:1',
      'mine:t1',
    ]);

    // A rating just stored is the athlete's own at once; the template's saved reviews (without it) are forgotten.
    await store.rememberMyRating('t1', { rating: 4 });
    state.online = false;
    const network = vi.fn(async () => null);
    expect(await store.withMyRatingCache('t1', network)).toEqual({ rating: 4 });
    expect(network).not.toHaveBeenCalled();
    await expect(store.withRatingsCache('t1', 1, () => Promise.reject(offline()))).rejects.toThrow();
    expect(await store.withRatingsCache('t2', 1, () => Promise.reject(offline()))).toEqual({ ratings: [] });

    // Like every saved read, a copy lives 24 hours.
    state.clock += WORKOUT_BANK_OFFLINE_LIFETIME_MS;
    await expect(store.withMyRatingCache('t1', () => Promise.reject(offline()))).rejects.toThrow();
  });

  it("never shows one athlete's rating to another", async () => {
    const { store, state } = setup();
    await store.rememberMyRating('t1', { rating: 2 });
    state.athlete = 'athlete-b';
    await expect(store.withMyRatingCache('t1', () => Promise.reject(offline()))).rejects.toThrow();
  });
});

describe('categories fallback', () => {
  const categories = { categories: [{ id: 'c1', name: 'Run', category_type: 'discipline', sort_order: 1 }] };

  it('falls back to the stored categories when the network fails', async () => {
    const { store } = setup();
    await store.withCategoriesFallback(async () => categories);
    expect(await store.withCategoriesFallback(() => Promise.reject(offline()))).toEqual(categories);
    // Each type filter is its own entry.
    await expect(store.withCategoriesFallback(() => Promise.reject(offline()), 'phase')).rejects.toThrow(
      'Failed to fetch',
    );
  });

  it('rethrows the network error when none are stored', async () => {
    const { store } = setup();
    const error = offline();
    await expect(store.withCategoriesFallback(() => Promise.reject(error))).rejects.toBe(error);
  });
});

describe('favourites offline', () => {
  it('queues a favourite whose send fails for want of a network, resolves it as done, and shows it', async () => {
    const { store, registerSync, pending } = setup();
    const outcome = await store.toggleFavoriteOfflineAware(
      { templateId: 't1', favorite: true, notes: 'for winter' },
      () => Promise.reject(offline()),
    );
    expect(outcome).toEqual({ queued: true, isFavorite: true });
    expect(registerSync).toHaveBeenCalledTimes(1);
    const [write] = await pending();
    expect(write).toMatchObject({
      type: 'favorite-add',
      endpoint: 'POST /v1/workout-bank/favorites',
      method: 'POST',
      url: '/api/v1/workout-bank/favorites',
      body: { workout_template_id: 't1', notes: 'for winter' },
      userId: 'athlete-a',
      headers: { 'idempotency-key': 'key-1' },
    });
    expect(await store.localFavoriteStatus('t1')).toBe(true);
    expect(await store.pendingFavoriteCount()).toBe(1);
  });

  it('throws a refusal (4xx) as it came, queueing nothing', async () => {
    const { store, pending, registerSync } = setup();
    await expect(
      store.toggleFavoriteOfflineAware({ templateId: 't1', favorite: true }, () =>
        Promise.reject(new HttpError('Template not found', 404)),
      ),
    ).rejects.toThrow('Template not found');
    expect(await pending()).toEqual([]);
    expect(registerSync).not.toHaveBeenCalled();
  });

  it('replays queued changes in the order they were made, and empties the queue', async () => {
    const { store, state, sent } = setup();
    state.online = false;
    const never = vi.fn(async () => 'sent');
    await store.toggleFavoriteOfflineAware({ templateId: 't1', favorite: true }, never);
    await store.toggleFavoriteOfflineAware({ templateId: 't2', favorite: true }, never);
    await store.toggleFavoriteOfflineAware({ templateId: 't1', favorite: false }, never);
    expect(never).not.toHaveBeenCalled();
    expect(await store.localFavorites()).toEqual(
      new Map([
        ['t1', false],
        ['t2', true],
      ]),
    );

    state.online = true;
    const result = await store.replayPendingFavorites();
    expect(sent.map((a) => `${a.method} ${a.url}`)).toEqual([
      'POST /api/v1/workout-bank/favorites',
      'POST /api/v1/workout-bank/favorites',
      'DELETE /api/v1/workout-bank/favorites/t1',
    ]);
    expect(sent.map(templateOf)).toEqual(['t1', 't2', 't1']);
    expect(result).toMatchObject({ dropped: [], remaining: 0 });
    expect(await store.pendingFavoriteCount()).toBe(0);
    expect(await store.localFavoriteStatus('t1')).toBe(false);
    expect(await store.localFavoriteStatus('t2')).toBe(true);
  });

  it('a new change never overtakes queued ones: online, it is queued behind them and a replay asked for', async () => {
    const replaySoon = vi.fn();
    const { store, state, sent } = setup({ onQueuedWhileOnline: replaySoon });
    state.online = false;
    await store.toggleFavoriteOfflineAware({ templateId: 't1', favorite: true }, async () => 'x');
    expect(replaySoon).not.toHaveBeenCalled();
    state.online = true;
    const online = vi.fn(async () => 'x');
    const outcome = await store.toggleFavoriteOfflineAware({ templateId: 't1', favorite: false }, online);
    expect(outcome).toEqual({ queued: true, isFavorite: false });
    expect(online).not.toHaveBeenCalled();
    expect(replaySoon).toHaveBeenCalledTimes(1);
    await store.replayPendingFavorites();
    expect(sent.map((a) => a.type)).toEqual(['favorite-add', 'favorite-remove']);
  });

  it('sends at once when online with nothing queued, and remembers the status', async () => {
    const { store, pending } = setup();
    const outcome = await store.toggleFavoriteOfflineAware(
      { templateId: 't1', favorite: true },
      async (args) => ({
        sentFor: args.templateId,
      }),
    );
    expect(outcome).toEqual({ queued: false, isFavorite: true, result: { sentFor: 't1' } });
    expect(await pending()).toEqual([]);
    expect(await store.localFavoriteStatus('t1')).toBe(true);
  });

  it('stops at the first change that cannot be sent now, keeping it and the ones after it', async () => {
    const { store, state, sent, server } = setup();
    state.online = false;
    for (const templateId of ['t1', 't2', 't3']) {
      await store.toggleFavoriteOfflineAware({ templateId, favorite: true }, async () => 'x');
    }
    state.online = true;
    server.answer = (w) => (templateOf(w) === 't2' ? offline() : null);
    expect(await store.replayPendingFavorites()).toMatchObject({ remaining: 2 });
    expect(sent.map(templateOf)).toEqual(['t1']);

    server.answer = (w) => (templateOf(w) === 't2' ? new HttpError('Internal error', 500) : null);
    expect(await store.replayPendingFavorites()).toMatchObject({ remaining: 2 });

    server.answer = (w) => (templateOf(w) === 't2' ? new HttpError('Too many requests', 429) : null);
    expect(await store.replayPendingFavorites()).toMatchObject({ remaining: 2 });

    server.answer = () => null;
    expect(await store.replayPendingFavorites()).toMatchObject({ remaining: 0 });
    expect(sent.map(templateOf)).toEqual(['t1', 't2', 't3']);
  });

  it("lists a change the server refuses (4xx) with the queue's refused writes, and goes on with the next", async () => {
    const { store, state, sent, server, queue } = setup();
    const told = vi.fn();
    store.onReplay(told);
    state.online = false;
    await store.toggleFavoriteOfflineAware({ templateId: 'gone', favorite: true }, async () => 'x');
    await store.toggleFavoriteOfflineAware({ templateId: 't2', favorite: true }, async () => 'x');
    state.online = true;
    server.answer = (w) =>
      templateOf(w) === 'gone' ? new HttpError('Workout template not found', 404) : null;
    const result = await store.replayPendingFavorites();
    expect(result.dropped).toHaveLength(1);
    expect(result.dropped[0]).toMatchObject({ reason: 'Workout template not found' });
    expect(templateOf(result.dropped[0]?.write as FavoriteWrite)).toBe('gone');
    expect(queue.get().conflicts.map((c) => c.write.label)).toEqual(['Workout saved to favorites']);
    expect(sent.map(templateOf)).toEqual(['t2']);
    expect(result.remaining).toBe(0);
    expect(told).toHaveBeenCalledWith(result);
    // The refused favourite is no longer shown as one.
    expect(await store.localFavoriteStatus('gone')).toBeNull();
  });

  it('counts a removal the server no longer has (404) as done, not dropped', async () => {
    const { store, state, server } = setup();
    state.online = false;
    await store.toggleFavoriteOfflineAware({ templateId: 't1', favorite: false }, async () => 'x');
    state.online = true;
    server.answer = () => new HttpError('Favorite not found', 404);
    const result = await store.replayPendingFavorites();
    expect(result).toMatchObject({ dropped: [], remaining: 0 });
    expect(result.applied).toHaveLength(1);
  });

  it('keeps a change queued when the session has expired (401), rather than dropping it', async () => {
    const { store, state, server } = setup();
    state.online = false;
    await store.toggleFavoriteOfflineAware({ templateId: 't1', favorite: true }, async () => 'x');
    state.online = true;
    server.answer = () => new HttpError('Session expired. Please log in again.', 401);
    expect(await store.replayPendingFavorites()).toMatchObject({ dropped: [], remaining: 1 });
  });

  it('lays a queued change over the server status answer, and answers the local status offline', async () => {
    const { store, state } = setup();
    expect(
      await store.withFavoriteStatus('t1', async () => ({ is_favorite: false, favorite_id: null })),
    ).toEqual({ is_favorite: false, favorite_id: null });
    state.online = false;
    await store.toggleFavoriteOfflineAware({ templateId: 't1', favorite: true }, async () => 'x');
    expect(await store.withFavoriteStatus('t1', () => Promise.reject(offline()))).toEqual({
      is_favorite: true,
      favorite_id: null,
    });
    // Back online but not replayed yet: the server still says no; the screen shows the athlete's change.
    state.online = true;
    expect(
      await store.withFavoriteStatus('t1', async () => ({ is_favorite: false, favorite_id: null })),
    ).toEqual({ is_favorite: true, favorite_id: null });
    // Never seen at all: the network error goes on.
    await expect(store.withFavoriteStatus('t9', () => Promise.reject(offline()))).rejects.toThrow();
  });
});

describe('one athlete per record', () => {
  it("never shows another athlete's saved reads or favourites, and never sends their queued changes", async () => {
    const storage = memoryWorkoutBankStorage();
    const { store, state, sent } = setup({ storage });
    await store.withCategoriesFallback(async () => ({ categories: ['a-only'] }));
    await store.withTemplateCache('t1', async () => ({ id: 't1' }));
    state.online = false;
    await store.toggleFavoriteOfflineAware({ templateId: 't1', favorite: true }, async () => 'x');

    state.athlete = 'athlete-b';
    await expect(store.withCategoriesFallback(() => Promise.reject(offline()))).rejects.toThrow();
    await expect(store.withTemplateCache('t1', () => Promise.reject(offline()))).rejects.toThrow();
    expect(await store.localFavoriteStatus('t1')).toBeNull();
    expect(await store.localFavorites()).toEqual(new Map());
    expect(await store.pendingFavoriteCount()).toBe(0);
    state.online = true;
    expect(await store.replayPendingFavorites()).toMatchObject({ applied: [], remaining: 0 });
    expect(sent).toEqual([]);

    // A's change is still there for A's own session.
    state.athlete = 'athlete-a';
    expect(await store.replayPendingFavorites()).toMatchObject({ remaining: 0 });
    expect(sent.map((w) => w.userId)).toEqual(['athlete-a']);
  });

  it('on an account switch forgets the other accounts reads, and on sign-out all reads, keeping queued changes', async () => {
    const storage = memoryWorkoutBankStorage();
    const { store, state, pending } = setup({ storage });
    await store.withCategoriesFallback(async () => ({ categories: ['a'] }));
    state.online = false;
    await store.toggleFavoriteOfflineAware({ templateId: 't1', favorite: true }, async () => 'x');
    state.athlete = 'athlete-b';
    state.online = true;
    await store.withCategoriesFallback(async () => ({ categories: ['b'] }));

    await store.forgetReadsExcept('athlete-b');
    expect(await storage.list('categories', 'athlete-a')).toEqual([]);
    expect(await storage.list('favorites', 'athlete-a')).toEqual([]);
    expect(await storage.list('categories', 'athlete-b')).toHaveLength(1);

    await store.forgetReadsExcept(null);
    expect(await storage.list('categories', 'athlete-b')).toEqual([]);
    // A's queued change waits for A: signing back in still shows and sends it.
    expect(await pending()).toHaveLength(1);
    state.athlete = 'athlete-a';
    expect(await store.localFavoriteStatus('t1')).toBe(true);
  });

  it('sends nothing and queues nothing when signed out', async () => {
    const { store, state, pending } = setup();
    state.athlete = null;
    await expect(
      store.toggleFavoriteOfflineAware({ templateId: 't1', favorite: true }, () => Promise.reject(offline())),
    ).rejects.toThrow('Failed to fetch');
    expect(await pending()).toEqual([]);
  });
});

describe('when the local database cannot open', () => {
  const broken = new Proxy({} as WorkoutBankStorage, {
    get: () => () => Promise.reject(new Error(IDB_OPEN_FAILED)),
  });
  const brokenQueue = new Proxy({} as QueueStorage, {
    get: () => () => Promise.reject(new Error(IDB_OPEN_FAILED)),
  });

  it('still answers reads and online favourites from the network', async () => {
    const { store } = setup({ storage: broken }, brokenQueue);
    expect(await store.withCategoriesFallback(async () => ({ categories: ['c'] }))).toEqual({
      categories: ['c'],
    });
    expect(
      await store.toggleFavoriteOfflineAware({ templateId: 't1', favorite: true }, async () => 'sent'),
    ).toEqual({ queued: false, isFavorite: true, result: 'sent' });
  });

  it("says so when a favourite cannot be kept offline: 'Failed to initialize IndexedDB'", async () => {
    const { store, state } = setup({ storage: broken }, brokenQueue);
    state.online = false;
    await expect(
      store.toggleFavoriteOfflineAware({ templateId: 't1', favorite: true }, async () => 'x'),
    ).rejects.toThrow('Failed to initialize IndexedDB');
  });
});

describe('the former Workout Bank database', () => {
  it("moves a queued favourite into the app's one queue as the request it was, for the same athlete", () => {
    const old = {
      seq: 4,
      type: 'favorite-add',
      url: '/api/v1/workout-bank/favorites',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: { workout_template_id: 't1', notes: 'hills' },
      athleteId: 'athlete-a',
      templateId: 't1',
      queuedAt: '2026-11-01T08:00:00.000Z',
    };
    expect(migratedFavoriteWrite(old, 'k1')).toEqual({
      type: 'favorite-add',
      userId: 'athlete-a',
      endpoint: 'POST /v1/workout-bank/favorites',
      params: { id: 't1' },
      method: 'POST',
      url: '/api/v1/workout-bank/favorites',
      headers: { 'idempotency-key': 'k1' },
      body: { workout_template_id: 't1', notes: 'hills' },
      baseUpdatedAt: null,
      label: 'Workout saved to favorites',
      queuedAt: '2026-11-01T08:00:00.000Z',
    });
    const removal = migratedFavoriteWrite({ ...old, type: 'favorite-remove', templateId: 'a b' }, 'k2');
    expect(removal).toMatchObject({
      method: 'DELETE',
      url: '/api/v1/workout-bank/favorites/a%20b',
      body: null,
    });
  });

  it('skips a record that is not a queued favourite', () => {
    expect(migratedFavoriteWrite({ type: 'wellness', athleteId: 'a', templateId: 't' }, 'k')).toBeNull();
    expect(migratedFavoriteWrite({ type: 'favorite-add', templateId: 't' }, 'k')).toBeNull();
    expect(migratedFavoriteWrite(null, 'k')).toBeNull();
  });
});

describe('one queue for every offline write', () => {
  it('a favourite waits behind a write queued before it, and goes once that one is sent', async () => {
    const queueStorage = memoryQueueStorage();
    const { store, state, sent, others } = setup({}, queueStorage);
    const earlier: Omit<QueuedWrite, 'seq'> = {
      type: 'wellness',
      userId: 'athlete-a',
      endpoint: 'POST /metrics',
      params: {},
      method: 'POST',
      url: '/api/metrics',
      headers: { 'idempotency-key': 'w1' },
      body: {},
      baseUpdatedAt: null,
      label: 'Wellness',
      queuedAt: '2026-11-01T08:00:00.000Z',
    };
    await queueStorage.add(earlier);
    state.online = true;
    const online = vi.fn(async () => 'x');
    expect(await store.toggleFavoriteOfflineAware({ templateId: 't1', favorite: true }, online)).toEqual({
      queued: true,
      isFavorite: true,
    });
    expect(online).not.toHaveBeenCalled();
    const result = await store.replayPendingFavorites();
    expect(others.map((w) => w.type)).toEqual(['wellness']);
    expect(sent.map(templateOf)).toEqual(['t1']);
    expect(result).toMatchObject({ dropped: [], remaining: 0 });
  });
});

describe('helpers', () => {
  it('tells a network failure from an answer', () => {
    expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNetworkFailure({ isNetworkError: true, status: 0 })).toBe(true);
    expect(isNetworkFailure(new DOMException('timed out', 'TimeoutError'))).toBe(true);
    expect(isNetworkFailure(new HttpError('Bad request', 400))).toBe(false);
    expect(isNetworkFailure(new HttpError('Internal error', 500))).toBe(false);
  });

  it('keys searches by their filters, whatever the order and blanks', () => {
    expect(searchKey({ b: 1, a: 'x', c: undefined, d: '' })).toBe(searchKey({ a: 'x', b: 1 }));
    expect(searchKey({ a: 'x' })).not.toBe(searchKey({ a: 'y' }));
  });
});

describe("the worker's sync hands the replay to a page", () => {
  function page(remaining: number | null, extra: Partial<PageClient> = {}) {
    const asked: unknown[] = [];
    const client: PageClient = {
      ...extra,
      postMessage(message, transfer) {
        asked.push(message);
        const port = transfer[0] as MessagePort;
        if (remaining !== null) port.postMessage({ type: FAVORITES_REPLAYED_MESSAGE, remaining });
      },
    };
    return { client, asked };
  }

  it('asks the focused page first and is done when it reports the queue empty', async () => {
    const background = page(0);
    const focused = page(0, { focused: true });
    await replayThroughPages([background.client, focused.client], 1_000);
    expect(focused.asked).toEqual([{ type: REPLAY_FAVORITES_MESSAGE }]);
    expect(background.asked).toEqual([]);
  });

  it('fails (so the browser retries) with no page, or when the pages leave changes queued', async () => {
    await expect(replayThroughPages([], 50)).rejects.toThrow('No open page');
    const stuck = page(2);
    const silent = page(null);
    await expect(replayThroughPages([stuck.client, silent.client], 50)).rejects.toThrow('still waiting');
    expect(stuck.asked).toHaveLength(1);
    expect(silent.asked).toHaveLength(1);
  });
});
