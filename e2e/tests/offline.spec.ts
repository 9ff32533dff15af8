// The installable, offline app (docs/offline.md): /sw.js registers and takes the page, the manifest makes the app
// installable, the dashboard and calendar open from the cache with no connection, a workout marked done offline
// waits in the queue and reaches the server once the connection is back.
import { expect, type Page, test } from '@playwright/test';
import { format } from 'date-fns';
import { signedUpAthlete, uniqueEmail } from './helpers.ts';

const TITLE = 'Offline tempo';

async function accessToken(page: Page): Promise<string> {
  return page.evaluate(
    () => JSON.parse(localStorage.getItem('stamina.session') ?? '{}').access_token as string,
  );
}

test('the dashboard and calendar open offline, and a workout marked done offline reaches the server', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('offline');
  await signedUpAthlete(page, 'Olly Offline', email, 'no-signal-train');
  const token = await accessToken(page);
  const auth = { authorization: `Bearer ${token}` };

  // A workout today, made through the API.
  const created = await page.request.post('/api/workout-planning/workouts', {
    headers: auth,
    data: {
      title: TITLE,
      workout_date: format(new Date(), 'yyyy-MM-dd'),
      sport: 'run',
      workout_language_text: '40min easy',
    },
  });
  expect(created.status()).toBe(201);
  const workoutId = ((await created.json()) as { data: { id: string } }).data.id;

  // The worker at /sw.js registers and takes control of the page.
  const scriptUrl = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL ?? '';
  });
  expect(new URL(scriptUrl).pathname).toBe('/sw.js');
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // The manifest is served as one, and Chromium finds nothing that stops the app from being installed.
  const manifest = await page.request.get('/manifest.webmanifest');
  expect(manifest.headers()['content-type']).toMatch(/application\/manifest\+json/);
  expect(await manifest.json()).toMatchObject({
    name: 'Stamina',
    display: 'standalone',
    start_url: '/dashboard',
    theme_color: '#ea580c',
  });
  const cdp = await context.newCDPSession(page);
  const { errors: manifestErrors } = (await cdp.send('Page.getAppManifest')) as { errors: unknown[] };
  expect(manifestErrors).toEqual([]);
  // Playwright's contexts are incognito, which Chromium never installs from: that one reason is the browser's,
  // not the app's.
  const installabilityErrors = async () =>
    (
      (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] }
    ).installabilityErrors
      .map((error) => error.errorId)
      .filter((id) => id !== 'in-incognito');
  await expect.poll(installabilityErrors).toEqual([]);

  // When the first worker takes the page, the open dashboard's reads go again through it, so it keeps them
  // without a reload; then the calendar is read through it.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const keys = await (await caches.open('stamina-api')).keys();
        return keys.some((request) => decodeURIComponent(request.url).includes('/api/dashboard/summary'));
      }),
    )
    .toBe(true);
  await page.goto('/calendar');
  const onCalendar = page.getByRole('button', { name: new RegExp(`^${TITLE}, Run`) });
  await expect(onCalendar).toBeVisible();

  // No connection: both pages open from the cache, under the offline banner.
  await context.setOffline(true);
  await page.goto('/dashboard');
  await expect(page.getByText(/^You're offline\./)).toBeVisible();
  await expect(page.getByRole('region', { name: "Today's Workout" }).getByText(TITLE)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: "Today's Workout" }).getByText(TITLE)).toBeVisible();
  await page.goto('/calendar');
  await expect(page.getByText(/^You're offline\./)).toBeVisible();
  await expect(onCalendar).toBeVisible();

  // Marked done offline: queued, and counted.
  await onCalendar.click();
  const detail = page.getByRole('dialog');
  await detail.getByRole('button', { name: 'Mark Done' }).click();
  // The optional "How did it go?" form, sent as it is.
  await detail
    .getByRole('form', { name: 'How did it go?' })
    .getByRole('button', { name: 'Mark Done' })
    .click();
  await expect(page.getByText('Marked done offline.', { exact: false }).first()).toBeVisible();
  await expect(page.getByTestId('pending-writes')).toHaveText('1 change waiting to sync');
  await detail.getByRole('button', { name: 'Close' }).click();
  const stillPlanned = await page.request
    .get(`/api/workout-planning/workouts/${workoutId}`, { headers: auth })
    .catch(() => null);
  if (stillPlanned)
    expect(((await stillPlanned.json()) as { data: { status: string } }).data.status).toBe('planned');

  // Back online: the queue is sent, the count goes, and the server has the workout done.
  await context.setOffline(false);
  await expect(page.getByText('1 offline change synced').first()).toBeVisible();
  await expect(page.getByTestId('pending-writes')).toHaveCount(0);
  const after = await page.request.get(`/api/workout-planning/workouts/${workoutId}`, { headers: auth });
  expect(((await after.json()) as { data: { status: string } }).data.status).toBe('completed');
});

test('the install offer: the browser offers, the athlete installs, the offer goes', async ({ page }) => {
  const email = uniqueEmail('install');
  await signedUpAthlete(page, 'Ivy Install', email, 'home-screen-app');
  const offer = page.getByText('Install Stamina on this device for quick access and offline use.');
  await expect(offer).toHaveCount(0);

  // Chromium never offers to install from an incognito context (Playwright's), so the offer is made as Chromium
  // makes it: a beforeinstallprompt event whose prompt the page may call once.
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(event, {
      prompt: async () => {
        (window as unknown as { promptShown: boolean }).promptShown = true;
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(event);
  });
  await expect(offer).toBeVisible();
  await page.getByRole('button', { name: 'Install', exact: true }).click();
  await expect(offer).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { promptShown?: boolean }).promptShown)).toBe(true);
});
