// Changing a recorded activity's sport (docs/activities.md, "Changing the sport"): a new athlete plans an easy
// run, then uploads a real GPX run from Garmin Connect that names no sport (no <type>) moved to that day. It
// imports as Other, scored by heart rate with a speed in km/h, and completes nothing. The athlete edits it to Run:
// the toast says the training values were recalculated, the page shows paces per km and an rTSS from pace, and
// the planned run is completed with that TSS on the calendar, linked to the activity. The edit form passes axe in
// the light and the dark theme.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { format } from 'date-fns';
import { axeViolations, signedUpAthlete, uniqueEmail } from './helpers.ts';

/** Kept in the repository with its source and licence (fixtures/activities/SOURCES.md): no <type> in it. */
const FIXTURE = join(import.meta.dirname, '..', '..', 'fixtures', 'activities', 'run-hr-garminconnect.gpx');

const TITLE = 'Easy twenty';

/**
 * The fixture with every time moved so that the run starts at 09:00 UTC on `day`, the rest of the file as the
 * device wrote it: it lands on the planned run's day, within the fitness window of today.
 */
function runOn(day: Date): Buffer {
  const gpx = readFileSync(FIXTURE, 'utf8');
  expect(gpx).not.toContain('<type>');
  const times = [...gpx.matchAll(/<trkpt[\s\S]*?<time>([^<]+)<\/time>/g)].map((m) => Date.parse(m[1]!));
  const start = Date.UTC(day.getFullYear(), day.getMonth(), day.getDate(), 9);
  const shift = start - Math.min(...times);
  return Buffer.from(
    gpx.replace(
      /<time>([^<]+)<\/time>/g,
      (_, time: string) => `<time>${new Date(Date.parse(time) + shift).toISOString()}</time>`,
    ),
  );
}

async function signedIn(page: Page): Promise<string> {
  return signedUpAthlete(page, 'Sam Sport', uniqueEmail('sport'), 'gpx-without-type');
}

const region = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(`^${name}`) });

/** A figure of a definition list by its term ("Avg pace" → "5:48 /km"). */
const figure = (page: Page, section: string, term: string) =>
  region(page, section).getByText(term, { exact: true }).locator('xpath=following-sibling::dd');

test('a GPX run imported as Other becomes a Run: recalculated, paced per km and completing the planned run', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const token = await signedIn(page);
  const day = new Date(Date.now() - 2 * 86_400_000);
  const date = format(day, 'yyyy-MM-dd');

  // The planned run of that day, through the API.
  const planned = await page.request.post('/api/workout-planning/workouts', {
    headers: { authorization: `Bearer ${token}` },
    data: { title: TITLE, workout_date: date, sport: 'run', workout_language_text: '20min easy' },
  });
  expect(planned.status()).toBe(201);

  // The upload: a file without a sport is Other, which completes no run.
  await page.goto('/activities');
  await expect(page.getByText('No activities yet')).toBeVisible();
  await page.getByLabel('Upload activity files').setInputFiles({
    name: 'garmin-connect-run.gpx',
    mimeType: 'application/gpx+xml',
    buffer: runOn(day),
  });
  const uploads = page.getByRole('list', { name: 'Uploads' });
  await expect(uploads.getByText('Imported')).toBeVisible({ timeout: 30_000 });
  await uploads.getByRole('link', { name: 'View activity from garmin-connect-run.gpx' }).click();
  await expect(page).toHaveURL(/\/activities\/[^/]+$/);
  const activityPath = new URL(page.url()).pathname;

  // The line under the name: sport, then the start.
  const sportLine = page.locator('h1 + p');
  await expect(sportLine).toHaveText(/^Other\s*·/);
  await expect(figure(page, 'Summary', 'Avg speed')).toHaveText(/^\d+\.\d km\/h$/);
  await expect(region(page, 'Summary').getByText('Avg pace', { exact: true })).toHaveCount(0);
  await expect(
    region(page, 'Training values').getByText('Heart rate (hrTSS from threshold heart rate)'),
  ).toBeVisible();
  await expect(region(page, 'Planned workout').getByText(TITLE)).toHaveCount(0);

  // Edit: the sport offered, the hint saying what a save does.
  await page.getByRole('button', { name: 'Edit' }).click();
  const sport = page.getByRole('combobox', { name: 'Sport' });
  await expect(sport).toHaveValue('other');
  await sport.selectOption({ label: 'Run' });
  await expect(page.getByText(/^Saving scores the recording again as this sport/)).toBeVisible();

  // The edit form passes axe, light and dark (the theme follows the system's).
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html.dark')).toHaveCount(colorScheme === 'dark' ? 1 : 0);
    expect(await axeViolations(page), `edit form (${colorScheme})`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Sport changed: training values recalculated')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Sport' })).toBeHidden();

  // Scored again as a run: paces per km, rTSS from pace against the (default) threshold pace.
  await expect(sportLine).toHaveText(/^Run\s*·/);
  await expect(figure(page, 'Summary', 'Avg pace')).toHaveText(/^\d+:\d\d \/km$/);
  await expect(figure(page, 'Summary', 'Max pace')).toHaveText(/^\d+:\d\d \/km$/);
  await expect(region(page, 'Summary').getByText('Avg speed', { exact: true })).toHaveCount(0);
  const values = region(page, 'Training values');
  await expect(values.getByText('Pace (rTSS from normalized graded pace)')).toBeVisible();
  await expect(values.getByText('Threshold pace:')).toBeVisible();
  const tss = Number(await figure(page, 'Training values', 'TSS').textContent());
  expect(tss).toBeGreaterThan(0);
  await expect(region(page, 'Planned workout').getByText(TITLE)).toBeVisible();

  // The calendar: the planned run is completed with the run's TSS, and links to the activity.
  await page.goto(`/calendar?view=week&date=${date}`);
  const card = page.getByRole('button', { name: new RegExp(`^${TITLE}, Run, .*Completed, TSS ${tss}$`) });
  await expect(card).toBeVisible();
  await card.click();
  const detail = page.getByRole('dialog', { name: TITLE });
  await detail.getByRole('link', { name: 'View activity' }).click();
  await expect(page).toHaveURL(new RegExp(`${activityPath}$`));
  await expect(region(page, 'Summary')).toBeVisible();
});
