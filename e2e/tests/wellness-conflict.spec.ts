// Today's wellness edited offline while the same day changes elsewhere (docs/offline.md, "Conflicts";
// docs/wellness.md, "Conditional writes"). A signed-in athlete with the service worker in control logs today's
// wellness, goes offline and edits it: the entry is queued and counted in the banner. Meanwhile the day is changed
// on the server from another client. Back online, the replay does not overwrite that change: the athlete is told
// at once (a toast) and the conflict stays listed in the banner until dismissed; the server keeps the other change,
// and the page shows it.
//
// The replay reads the day before sending, so a change made while the athlete was offline is found by that read
// ("It was changed elsewhere after you made this change offline."), and nothing is sent. A change that lands
// between the read and the send is refused by the server instead (the send carries `If-Match`): 412
// PRECONDITION_FAILED, listed with the server's message. The second test makes that race happen by holding the
// replay's send until the other client's change is in.
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { format } from 'date-fns';
import { signedUpAthlete, uniqueEmail } from './helpers.ts';

const CHANGED_ELSEWHERE = 'It was changed elsewhere after you made this change offline.';
const REFUSED_412 =
  'This wellness day was changed after your copy of it, so your entry was not saved. Reload it and try again.';

interface WellnessDay {
  id: string;
  date: string;
  resting_hr: number | null;
  sleep_hours: number | null;
  notes: string | null;
  updated_at: string;
}

/** A new athlete on the Metrics page, the service worker in control; the bearer token. */
async function signedInOnMetrics(page: Page, prefix: string): Promise<string> {
  const email = uniqueEmail(prefix);
  await signedUpAthlete(page, 'Wendy Wellness', email, 'two-devices-one-day');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await page.goto('/metrics');
  await expect(page.getByRole('heading', { name: "Today's wellness" })).toBeVisible();
  return page.evaluate(
    () => JSON.parse(localStorage.getItem('stamina.session') ?? '{}').access_token as string,
  );
}

async function logWellness(page: Page, values: { restingHr: string; sleep: string }): Promise<void> {
  const form = page.locator('form#log-today');
  await form.getByLabel('Resting HR (bpm)').fill(values.restingHr);
  await form.getByLabel('Sleep (h)').fill(values.sleep);
  await form.getByRole('button', { name: "Save today's wellness" }).click();
}

async function today(
  request: APIRequestContext,
  token: string,
  date: string,
): Promise<WellnessDay | undefined> {
  const response = await request.get(`/api/metrics?start_date=${date}&end_date=${date}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: WellnessDay[] }).data.find((d) => d.date === date);
}

/** Logged online, then edited offline: the edit waits in the queue, counted in the banner. */
async function editedOffline(page: Page, context: BrowserContext, request: APIRequestContext, token: string) {
  const date = format(new Date(), 'yyyy-MM-dd');
  await logWellness(page, { restingHr: '52', sleep: '7' });
  await expect(page.getByText("Today's wellness saved").first()).toBeVisible();
  await expect.poll(async () => (await today(request, token, date))?.resting_hr).toBe(52);
  const logged = (await today(request, token, date))!;
  const savedToast = page.getByText("Today's wellness saved");
  await expect(savedToast).toHaveCount(0, { timeout: 15_000 });

  await context.setOffline(true);
  await expect(page.getByText(/^You're offline\./)).toBeVisible();
  await logWellness(page, { restingHr: '55', sleep: '8' });
  await expect(
    page.getByText("Saved offline. It will be sent when you're back online.").first(),
  ).toBeVisible();
  await expect(page.getByTestId('pending-writes')).toHaveText('1 change waiting to sync');
  // Queued is not saved: no "saved" toast for it.
  await expect(savedToast).toHaveCount(0);
  return { date, logged };
}

/** Another client (the athlete's watch app, a second device) changes the day on the server. */
async function changeElsewhere(request: APIRequestContext, token: string, id: string): Promise<void> {
  const response = await request.put(`/api/metrics/${id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { resting_hr: 48, notes: 'From the watch' },
  });
  expect(response.status()).toBe(200);
}

/**
 * The conflict as the athlete sees it: the banner's list until dismissed. (A toast says it at once too, but it goes
 * after a few seconds, and on a slow CI run it was gone before the check: the list is what stays.)
 */
async function expectConflictShown(page: Page, date: string, reason: string): Promise<void> {
  // The queue names the day as the app shows days (lib/dates.ts formatDay, the browser's en-US locale here).
  const day = new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  });
  const label = `Wellness for ${day.format(new Date(`${date}T00:00:00Z`))}`;
  await expect(page.getByText('1 change made offline was not applied').first()).toBeVisible();
  await expect(page.getByTestId('pending-writes')).toHaveCount(0);
  const banner = page.getByRole('region', { name: 'App status' });
  await banner.getByText('1 change made offline was not applied').click();
  const item = banner.getByRole('listitem').filter({ hasText: label });
  await expect(item.getByText(reason, { exact: true })).toBeVisible();

  // The page shows the day as the server has it: the other client's resting heart rate.
  const restingHr = page.getByRole('region', { name: /^Resting Heart Rate/ });
  await expect(restingHr.locator('p', { hasText: /^Latest:\s*48\s*bpm/ })).toBeVisible();

  await item.getByRole('button', { name: `Dismiss: ${label}` }).click();
  await expect(banner).toHaveCount(0);
}

/** The server kept the other client's change: nothing of the offline edit was written over it. */
async function expectServerKeptOtherChange(request: APIRequestContext, token: string, date: string) {
  expect(await today(request, token, date)).toMatchObject({
    resting_hr: 48,
    notes: 'From the watch',
    sleep_hours: 7,
  });
}

test('a wellness day changed elsewhere while offline: the queued edit is listed as a conflict, not sent', async ({
  page,
  context,
  request,
}) => {
  const token = await signedInOnMetrics(page, 'wellness-conflict');
  const { date, logged } = await editedOffline(page, context, request, token);
  await changeElsewhere(request, token, logged.id);

  let sent = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/metrics') sent += 1;
  });
  await context.setOffline(false);
  await expectConflictShown(page, date, CHANGED_ELSEWHERE);
  expect(sent).toBe(0);
  await expectServerKeptOtherChange(request, token, date);
});

test('a wellness day changed between the replay’s check and its send: 412, listed with the server’s message', async ({
  page,
  context,
  request,
}) => {
  const token = await signedInOnMetrics(page, 'wellness-412');
  const { date, logged } = await editedOffline(page, context, request, token);

  // The replay's send waits until the other client's change is in: the day it checked is no longer the day it
  // sends against.
  const statuses: number[] = [];
  await page.route('**/api/metrics', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    expect(route.request().headers()['if-match']).toBe(`"${logged.updated_at}"`);
    await changeElsewhere(request, token, logged.id);
    const response = await route.fetch();
    statuses.push(response.status());
    return route.fulfill({ response });
  });
  await context.setOffline(false);
  await expectConflictShown(page, date, REFUSED_412);
  expect(statuses).toEqual([412]);
  await expectServerKeptOtherChange(request, token, date);
});
