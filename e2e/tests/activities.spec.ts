// Recorded activities end to end (docs/activities.md, "Web"): a new athlete plans a ride, uploads a real FIT
// recording of a ride with power (Garmin Edge 810 with Vector pedals) moved to two days ago, watches it import,
// opens its detail page (the track drawn without tiles, the stream charts, the training values), finds the
// planned ride completed with its TSS on the calendar and linked to the activity, and sees fitness on Analytics.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Decoder, Encoder, Stream } from '@garmin/fitsdk';
import { expect, type Page, test } from '@playwright/test';
import { format } from 'date-fns';
import { signedUpAthlete, uniqueEmail } from './helpers.ts';

/** Kept in the repository with its source (fixtures/activities/SOURCES.md). */
const FIXTURE = join(
  import.meta.dirname,
  '..',
  '..',
  'fixtures',
  'activities',
  'bike-power-edge810-vector.fit',
);

/**
 * The fixture with every date moved so that the ride starts at 09:00 UTC on `day`: the recording stays the
 * device's own (decoded and written again field by field), but lands within the fitness window of today.
 */
function rideOn(day: Date): Buffer {
  const fixture = process.env.ACTIVITY_FIXTURE ?? FIXTURE;
  const decoder = new Decoder(Stream.fromByteArray(Array.from(readFileSync(fixture))));
  const messages: [number, Record<string, unknown>][] = [];
  const { errors } = decoder.read({
    convertTypesToStrings: false,
    expandSubFields: false,
    expandComponents: false,
    mergeHeartRates: false,
    mesgListener: (mesgNum: number, message: Record<string, unknown>) => {
      messages.push([mesgNum, message]);
    },
  } as Parameters<Decoder['read']>[0]);
  expect(errors).toEqual([]);
  const recordedStart = messages.map(([, m]) => m.startTime).find((v): v is Date => v instanceof Date);
  if (!recordedStart) throw new Error(`${fixture} has no start time`);
  const start = new Date(Date.UTC(day.getFullYear(), day.getMonth(), day.getDate(), 9));
  const shift = start.getTime() - recordedStart.getTime();
  const encoder = new Encoder();
  for (const [mesgNum, message] of messages) {
    const moved: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(message)) {
      if (field === 'developerFields') continue;
      moved[field] = value instanceof Date ? new Date(value.getTime() + shift) : value;
    }
    encoder.onMesg(mesgNum as never, moved as never);
  }
  return Buffer.from(encoder.close());
}

async function signedIn(page: Page): Promise<void> {
  const email = uniqueEmail('rider');
  await signedUpAthlete(page, 'Riley Rider', email, 'vector-pedals-810');
}

const region = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(`^${name}`) });

test('an uploaded FIT ride completes its planned workout, shows its figures and raises fitness', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signedIn(page);
  const day = new Date(Date.now() - 2 * 86_400_000);
  const date = format(day, 'yyyy-MM-dd');

  // Nothing recorded yet: the Analytics page shows its sample.
  await page.goto('/analytics');
  await expect(page.getByText(/Charts marked Demo show sample data/)).toBeVisible();

  // A planned ride on the ride's day.
  await page.goto('/workouts');
  await page.getByRole('button', { name: 'Add Workout' }).first().click();
  await page.getByRole('button', { name: /Create Custom/ }).click();
  const editor = page.getByRole('dialog');
  // The sport radios are visually hidden inside their labels: choose by the label.
  await editor
    .locator('label')
    .filter({ hasText: /^Bike$/ })
    .click();
  await expect(editor.getByRole('radio', { name: 'Bike' })).toBeChecked();
  await editor.getByLabel('Title').fill('Vector test ride');
  await editor.getByLabel('Date').fill(date);
  await editor.getByLabel('Workout description').fill('90min Z2');
  await expect(editor.getByText('Estimated 1h 30m')).toBeVisible();
  await editor.getByRole('button', { name: 'Create' }).click();
  await expect(editor).toBeHidden();

  // The upload, from the Activities page reached through the navigation.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Activities' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Activities' })).toBeVisible();
  await expect(page.getByText('No activities yet')).toBeVisible();
  await page.getByLabel('Upload activity files').setInputFiles({
    name: 'edge810-vector.fit',
    mimeType: 'application/octet-stream',
    buffer: rideOn(day),
  });
  const uploads = page.getByRole('list', { name: 'Uploads' });
  await expect(uploads.getByText('Imported')).toBeVisible({ timeout: 30_000 });
  // The list shows it once the batch is done.
  await expect(page.getByText('1 activity')).toBeVisible();

  // The detail page: the track without tiles, the charts, the training values named by their method.
  await uploads.getByRole('link', { name: 'View activity from edge810-vector.fit' }).click();
  await expect(page).toHaveURL(/\/activities\/[^/]+$/);
  await expect(page.getByText(/Garmin|Edge/).first()).toBeVisible();
  await expect(page.getByTestId('track-svg')).toBeVisible();
  await expect(page.getByRole('img', { name: /^Route of / })).toBeVisible();
  const charts = region(page, 'Charts');
  await expect(charts.getByRole('figure', { name: 'Power chart' })).toBeVisible();
  await expect(charts.getByRole('figure', { name: 'Heart rate chart' })).toBeVisible();
  await expect(charts.locator('.recharts-line').first()).toBeVisible();
  const values = region(page, 'Training values');
  await expect(values.getByText(/^Power \(TSS from normalized power and FTP\)$/)).toBeVisible();
  await expect(values.getByText('FTP:')).toBeVisible();
  const tss = Number(
    await values.getByText('TSS', { exact: true }).locator('xpath=following-sibling::dd').textContent(),
  );
  expect(tss).toBeGreaterThan(0);
  await expect(region(page, 'Planned workout').getByText('Vector test ride')).toBeVisible();

  // The calendar: the planned ride is completed, with the ride's TSS, and its detail links to the activity.
  await page.goto(`/calendar?view=week&date=${date}`);
  const card = page.getByRole('button', {
    name: new RegExp(`^Vector test ride, Bike, .*Completed, TSS ${tss}$`),
  });
  await expect(card).toBeVisible();
  await card.click();
  const detail = page.getByRole('dialog', { name: 'Vector test ride' });
  await detail.getByRole('link', { name: 'View activity' }).click();
  await expect(page.getByRole('region', { name: 'Summary' })).toBeVisible();

  // Analytics: the athlete's own figures now, with fitness above zero.
  await page.goto('/analytics');
  await expect(page.getByText(/Charts marked Demo/)).toHaveCount(0);
  const form = region(page, 'Fitness, Fatigue and Form');
  const fitness = Number((await form.getByText(/^Fitness \d+$/).textContent())!.replace(/\D/g, ''));
  expect(fitness).toBeGreaterThan(0);
  await expect(
    region(page, 'Best efforts').getByRole('table', { name: 'Best power by duration' }),
  ).toBeVisible();
});
