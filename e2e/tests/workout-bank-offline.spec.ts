// The Workout Bank offline store in Chromium's real IndexedDB (docs/offline.md, "Workout Bank offline store"): a
// favourite made without a connection is kept and queued, shown from the device, and sent by the app's own replay
// when the connection returns, so the server has it; categories read once answer again offline.
//
// The Workout Bank page is not part of this build yet, so the test drives the store's functions directly: the
// module is bundled here with esbuild and loaded into the signed-in app's page (same origin, so the same
// database and session). The replay that sends the favourite is the app's own, started by the app shell; the
// bundled copy only makes the change, as the page will.
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { build } from 'esbuild';
import { logIn } from './helpers.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** offline-store.ts as one script that puts its exports on window.__workoutBankOffline. */
async function storeScript(): Promise<string> {
  const result = await build({
    stdin: {
      contents:
        "import * as store from './apps/web/src/api/workout-bank/offline-store.ts';\n" +
        '(window as unknown as { __workoutBankOffline: unknown }).__workoutBankOffline = store;\n',
      resolveDir: ROOT,
      loader: 'ts',
      sourcefile: 'workout-bank-offline-harness.ts',
    },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

type Store = typeof import('../../apps/web/src/api/workout-bank/offline-store.ts');
type Harness = Window & { __workoutBankOffline: Store };

async function accessToken(page: Page): Promise<string> {
  return page.evaluate(
    () => JSON.parse(localStorage.getItem('stamina.session') ?? '{}').access_token as string,
  );
}

const STORES = ['workouts', 'categories', 'favorites', 'ratings', 'searches', 'pendingActions'] as const;

/** Every record of the Workout Bank's database, read straight from IndexedDB. */
async function storeContents(
  page: Page,
): Promise<Record<(typeof STORES)[number], Record<string, unknown>[]>> {
  return page.evaluate(
    (names) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('stamina-workout-bank');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction([...names]);
          const contents: Record<string, unknown[]> = {};
          for (const name of names) {
            const read = tx.objectStore(name).getAll();
            read.onsuccess = () => {
              contents[name] = read.result;
            };
          }
          tx.oncomplete = () => {
            db.close();
            resolve(contents as Record<(typeof names)[number], Record<string, unknown>[]>);
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    STORES,
  );
}

// The harness script is inline: the app's policy allows only its own scripts.
test.use({ bypassCSP: true });

test('a favourite made offline is kept, shown, and reaches the server when the connection returns', async ({
  page,
  context,
}) => {
  const script = await storeScript();
  await page.goto('/login');
  await logIn(page, 'demo@stamina.local', 'stamina-demo');
  await expect(page).toHaveURL(/\/dashboard$/);
  const auth = { authorization: `Bearer ${await accessToken(page)}` };

  // A public template the demo athlete has not saved.
  const list = await page.request.get('/api/v1/workout-bank/templates?page_size=50&sort_by=name', {
    headers: auth,
  });
  expect(list.status()).toBe(200);
  const templates = ((await list.json()) as { data: { templates: { id: string }[] } }).data.templates;
  let templateId = '';
  for (const template of templates) {
    const status = await page.request.get(`/api/v1/workout-bank/templates/${template.id}/favorite/status`, {
      headers: auth,
    });
    if (!((await status.json()) as { data: { is_favorite: boolean } }).data.is_favorite) {
      templateId = template.id;
      break;
    }
  }
  expect(templateId).not.toBe('');

  await page.addScriptTag({ content: script });
  // Categories read online are kept for this athlete.
  const online = await page.evaluate(async () => {
    const { withCategoriesFallback } = (window as unknown as Harness).__workoutBankOffline;
    const answer = await withCategoriesFallback(async () => {
      const session = JSON.parse(localStorage.getItem('stamina.session') ?? '{}') as { access_token: string };
      const response = await fetch('/api/v1/workout-bank/categories', {
        headers: { authorization: `Bearer ${session.access_token}` },
      });
      return ((await response.json()) as { data: { categories: unknown[] } }).data;
    });
    return answer.categories.length;
  });
  expect(online).toBeGreaterThan(0);

  // The app shell starts its replay a few seconds after it mounts, from its own chunk: wait for that chunk.
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          performance.getEntriesByType('resource').some((entry) => /offline-store/.test(entry.name)),
        ),
      { timeout: 15_000 },
    )
    .toBe(true);

  // No connection: the favourite is kept and queued, and the call resolves as done.
  await context.setOffline(true);
  const outcome = await page.evaluate(async (id) => {
    const store = (window as unknown as Harness).__workoutBankOffline;
    const session = JSON.parse(localStorage.getItem('stamina.session') ?? '{}') as { access_token: string };
    const sendOnline = async ({ templateId, notes }: { templateId: string; notes?: string | null }) => {
      const response = await fetch(`/api/v1/workout-bank/templates/${templateId}/favorite`, {
        method: 'POST',
        headers: { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ notes: notes ?? null }),
      });
      if (!response.ok)
        throw Object.assign(new Error(`HTTP ${response.status}`), { status: response.status });
      return response.json();
    };
    const result = await store.toggleFavoriteOfflineAware(
      { templateId: id, favorite: true, notes: 'saved on the train' },
      sendOnline,
    );
    const categories = await store.withCategoriesFallback(() =>
      Promise.reject(new TypeError('Failed to fetch')),
    );
    return {
      queued: result.queued,
      isFavorite: result.isFavorite,
      local: await store.localFavoriteStatus(id),
      categories: (categories as { categories: unknown[] }).categories.length,
    };
  }, templateId);
  expect(outcome).toEqual({ queued: true, isFavorite: true, local: true, categories: online });

  // It waits in the spec's store, as the request it will be.
  expect((await storeContents(page)).pendingActions).toEqual([
    expect.objectContaining({
      method: 'POST',
      url: '/api/v1/workout-bank/favorites',
      body: { workout_template_id: templateId, notes: 'saved on the train' },
    }),
  ]);

  // Back online: the app's replay sends it, the queue empties, and the server has the favourite.
  await context.setOffline(false);
  await expect
    .poll(
      async () => {
        const status = await page.request.get(
          `/api/v1/workout-bank/templates/${templateId}/favorite/status`,
          {
            headers: auth,
          },
        );
        return ((await status.json()) as { data: { is_favorite: boolean } }).data.is_favorite;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  // Nothing waits any more, and the device still shows it saved.
  await expect
    .poll(() =>
      page.evaluate(async (id) => {
        const store = (window as unknown as Harness).__workoutBankOffline;
        return {
          pending: await store.workoutBankOffline.pendingFavoriteCount(),
          local: await store.localFavoriteStatus(id),
        };
      }, templateId),
    )
    .toEqual({ pending: 0, local: true });
  const favorites = await page.request.get('/api/v1/workout-bank/favorites?page_size=100', { headers: auth });
  const saved = (
    (await favorites.json()) as { data: { favorites: { workout_template_id: string; notes: string }[] } }
  ).data.favorites;
  expect(saved).toContainEqual(
    expect.objectContaining({ workout_template_id: templateId, notes: 'saved on the train' }),
  );

  // Leave the demo athlete as it was.
  await page.request.delete(`/api/v1/workout-bank/templates/${templateId}/favorite`, { headers: auth });

  // Signing out forgets what this device saved of the account.
  const before = await storeContents(page);
  expect(before.categories.length).toBeGreaterThan(0);
  expect(before.favorites.length).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const after = await storeContents(page);
  expect(after).toEqual({
    workouts: [],
    categories: [],
    favorites: [],
    ratings: [],
    searches: [],
    pendingActions: [],
  });
});
