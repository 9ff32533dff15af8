// The Workout Bank page without a connection (docs/offline.md, "Workout Bank offline store"), on the real page in
// Chromium: a template opened online is kept on the device; with the connection gone its heart still saves, the
// page shows it saved and says it will be sent, the change waits in IndexedDB, and the app's own replay sends it
// when the connection returns, so the server has it. Signing out forgets what the device kept. What the former
// Workout Bank database (stamina-workout-bank) held is moved into the app's one offline database on open.
// Each test saves a favourite on an athlete of its own, not on the demo athlete other specs read at the same time.
import { expect, type Page, test } from '@playwright/test';
import { signedUpAthlete, uniqueEmail } from './helpers.ts';

const OFFLINE_TOAST = "Saved to favorites offline. It will be sent when you're back online.";

const STORES = ['workouts', 'favorites', 'pendingActions'] as const;

/** Records of the app's offline database (the Workout Bank's stores and the write queue), read from IndexedDB. */
async function storeContents(
  page: Page,
): Promise<Record<(typeof STORES)[number], Record<string, unknown>[]>> {
  return page.evaluate(
    (names) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('stamina-offline');
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

test('a favourite made offline on the page is shown saved and reaches the server when the connection returns', async ({
  page,
  context,
}) => {
  const { auth, isFavoriteOnServer, template } = await signInWithFreeTemplate(page);

  try {
    // Online: find the template on the page and open it, so its detail and heart are kept on the device.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Workout Bank' }).click();
    await expect(page).toHaveURL(/\/workout-bank$/);
    // The Saved tab, read now (kept a minute): only the refresh after the replay can add the template to it.
    const favoritesRead = page.waitForResponse((r) => r.url().includes('/api/v1/workout-bank/favorites?'));
    await page.getByRole('tab', { name: 'Saved' }).click();
    await favoritesRead;
    await expect(page.getByText('Loading workouts...')).toBeHidden();
    await expect(savedCard(page, template.name)).toHaveCount(0);
    await page.getByRole('tab', { name: 'Browse' }).click();
    await page.getByPlaceholder('Search workouts...').fill(template.name);
    await expect(page.getByText(/^Found \d+ workouts$/)).toBeVisible();
    await page
      .getByRole('tabpanel')
      .getByRole('button', { name: new RegExp(`^${escapeRegExp(template.name)},`) })
      .first()
      .click();
    const detail = page.getByRole('dialog', { name: template.name });
    const heart = detail.getByRole('button', { name: 'Save to favorites' });
    await expect(heart).toBeEnabled();
    await expect(heart).toHaveAttribute('aria-pressed', 'false');
    const id = template.id;
    await expect
      .poll(async () => (await storeContents(page)).workouts.some((record) => record.key === id))
      .toBe(true);

    // As on an installed app, the worker keeps the app's files (the toast's chunk among them) before the
    // connection goes.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // The connection goes: the heart still saves, is shown saved, and the page says it will be sent.
    await context.setOffline(true);
    await expect(page.getByText(/^You're offline\./)).toBeVisible();
    await heart.click();
    const saved = detail.getByRole('button', { name: 'Saved' });
    await expect(saved).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(OFFLINE_TOAST)).toBeVisible();
    await expect(saved).toBeEnabled();
    // It waits on the device as the request the replay will make, and the server does not have it yet.
    expect((await storeContents(page)).pendingActions).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: '/api/v1/workout-bank/favorites',
        body: { workout_template_id: id, notes: null },
      }),
    ]);
    expect(await isFavoriteOnServer(id)).toBe(false);

    // Back online: the app's replay sends it; the queue empties and the heart stays saved.
    await context.setOffline(false);
    await expect.poll(() => isFavoriteOnServer(id), { timeout: 20_000 }).toBe(true);
    await expect.poll(async () => (await storeContents(page)).pendingActions.length).toBe(0);
    await expect(saved).toHaveAttribute('aria-pressed', 'true');
    // The Saved tab, refreshed after the replay (its earlier read was still fresh), lists it.
    await page.keyboard.press('Escape');
    await expect(detail).toBeHidden();
    await page.getByRole('tab', { name: 'Saved' }).click();
    await expect(savedCard(page, template.name)).toBeVisible();
  } finally {
    await context.setOffline(false);
    await page.request.delete(`/api/v1/workout-bank/templates/${template.id}/favorite`, { headers: auth });
  }
  expect(await isFavoriteOnServer(template.id)).toBe(false);

  // Signing out forgets what this device kept of the account's reads.
  expect((await storeContents(page)).workouts.length).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storeContents(page)).toEqual({ workouts: [], favorites: [], pendingActions: [] });
});

test("a favourite queued in the former Workout Bank database is moved into the app's one queue and sent", async ({
  page,
}) => {
  const { auth, isFavoriteOnServer, template } = await signInWithFreeTemplate(page);
  const athleteId = await page.evaluate(
    () => JSON.parse(localStorage.getItem('stamina.session') ?? '{}').user.id as string,
  );
  try {
    // The database as the app before version 2 left it: its six stores, a saved read and a queued favourite.
    await page.evaluate(
      ({ athleteId, templateId }) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('stamina-workout-bank', 1);
          open.onupgradeneeded = () => {
            for (const name of ['workouts', 'categories', 'favorites', 'ratings', 'searches']) {
              open.result
                .createObjectStore(name, { keyPath: ['athleteId', 'key'] })
                .createIndex('athleteId', 'athleteId');
            }
            open.result
              .createObjectStore('pendingActions', { keyPath: 'seq', autoIncrement: true })
              .createIndex('athleteId', 'athleteId');
          };
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const db = open.result;
            const tx = db.transaction(['categories', 'pendingActions'], 'readwrite');
            tx.objectStore('categories').put({ athleteId, key: 'moved-categories', data: [] });
            tx.objectStore('pendingActions').add({
              type: 'favorite-add',
              url: '/api/v1/workout-bank/favorites',
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: { workout_template_id: templateId, notes: null },
              athleteId,
              templateId,
              queuedAt: new Date().toISOString(),
            });
            tx.oncomplete = () => {
              db.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
        }),
      { athleteId, templateId: template.id },
    );
    expect(await isFavoriteOnServer(template.id)).toBe(false);

    // The app starts again: its database opens, takes the former one's records in and deletes it; the queue's
    // replay (a few seconds after the shell mounts) sends the favourite.
    await page.reload();
    await expect.poll(() => isFavoriteOnServer(template.id), { timeout: 30_000 }).toBe(true);
    await expect
      .poll(() => page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name).sort()))
      .toEqual(['stamina-offline']);
    const moved = await page.evaluate(
      () =>
        new Promise<unknown>((resolve, reject) => {
          const open = indexedDB.open('stamina-offline');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const read = open.result.transaction('categories').objectStore('categories').getAll();
            read.onsuccess = () => {
              open.result.close();
              resolve(read.result);
            };
          };
        }),
    );
    expect(moved).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: 'moved-categories', athleteId })]),
    );
    await expect.poll(async () => (await storeContents(page)).pendingActions.length).toBe(0);
  } finally {
    await page.request.delete(`/api/v1/workout-bank/templates/${template.id}/favorite`, { headers: auth });
  }
});

/** Signs a new athlete up and finds a public template they have not saved, with a name a search finds. */
async function signInWithFreeTemplate(page: Page) {
  const token = await signedUpAthlete(page, 'Fay Favourite', uniqueEmail('bank-offline'), 'saved-offline-1');
  const auth = { authorization: `Bearer ${token}` };
  const isFavoriteOnServer = async (id: string) => {
    const status = await page.request.get(`/api/v1/workout-bank/templates/${id}/favorite/status`, {
      headers: auth,
    });
    expect(status.status()).toBe(200);
    return ((await status.json()) as { data: { is_favorite: boolean } }).data.is_favorite;
  };
  const list = await page.request.get('/api/v1/workout-bank/templates?page_size=50&sort_by=name', {
    headers: auth,
  });
  expect(list.status()).toBe(200);
  const templates = ((await list.json()) as { data: { templates: { id: string; name: string }[] } }).data
    .templates;
  for (const candidate of templates) {
    if (!(await isFavoriteOnServer(candidate.id))) return { auth, isFavoriteOnServer, template: candidate };
  }
  throw new Error('every template is already a favourite of the athlete');
}

const savedCard = (page: Page, name: string) =>
  page.getByRole('tabpanel').getByRole('button', { name: new RegExp(`^${escapeRegExp(name)},`) });

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
