// The athlete's thresholds on Settings → Metrics & Zones: a tempo run written at 4:30/km reads as zone 5 with
// the default threshold pace (5:00/km), and as zone 3 once the athlete says theirs is 4:10/km; the save lists
// the planned workout it re-labelled, and the calendar's badge follows.
import { expect, type Page, test } from '@playwright/test';
import { addDays, format, startOfWeek } from 'date-fns';
import { signedUpAthlete, uniqueEmail } from './helpers.ts';

const TITLE = 'Tempo twenty';

async function signedIn(page: Page): Promise<void> {
  const email = uniqueEmail('zones');
  await signedUpAthlete(page, 'Tia Threshold', email, 'four-ten-a-km');
}

const card = (page: Page, date: Date) =>
  page
    .getByRole('region', { name: new RegExp(`^${format(date, 'EEEE, MMMM d')}`) })
    .getByRole('button', { name: new RegExp(`^${TITLE}, Run`) });

test('setting FTP and threshold pace re-labels a planned tempo run from Z5 to Z3', async ({ page }) => {
  await signedIn(page);
  // The last day of the calendar's week: in the week view, and today or later whatever day it is (the save
  // re-labels planned workouts from today on).
  const day = addDays(startOfWeek(new Date(), { weekStartsOn: 1 }), 6);

  await page.goto('/calendar');
  await page.getByRole('button', { name: 'Add workout', exact: true }).click();
  await page.getByRole('button', { name: /Create Custom/ }).click();
  const editor = page.getByRole('dialog');
  await editor.getByLabel('Title').fill(TITLE);
  await editor.getByLabel('Date').fill(format(day, 'yyyy-MM-dd'));
  await editor.getByLabel('Workout description').fill('15min WU, 20min @ 4:30/km, 10min CD');
  await expect(editor.getByText('Estimated 45 min')).toBeVisible();
  await editor.getByRole('button', { name: 'Create' }).click();
  await expect(editor).toBeHidden();
  await expect(card(page, day)).toHaveAccessibleName(/Zone 5/);

  // The defaults are marked as such until the athlete enters their own values.
  await page.goto('/settings/metrics');
  await expect(page.getByRole('heading', { name: 'Metrics & Zones' })).toBeVisible();
  await expect(page.getByText('Default', { exact: true }).first()).toBeVisible();
  await page.getByRole('tab', { name: 'Cycling' }).click();
  await page.getByLabel('FTP').fill('300');
  await page.getByRole('tab', { name: 'Running' }).click();
  await page.getByLabel('Threshold Pace').fill('4:10');
  await page.getByRole('button', { name: 'Save Metrics & Zones' }).click();
  await expect(page.getByText('1 planned workout was re-labelled:')).toBeVisible();
  await expect(page.getByText(`${TITLE}, Z5 → Z3`)).toBeVisible();

  // The derived tables follow: zone 4 of the power zones starts at 88 % of 300 W.
  await page.getByRole('tab', { name: 'Cycling' }).click();
  await expect(page.getByLabel('cycling Power Zones: zone 4 min')).toHaveValue('263');
  await expect(page.getByLabel('cycling Power Zones: zone 4 min')).toBeDisabled();

  await page.goto('/calendar');
  await expect(card(page, day)).toHaveAccessibleName(/Zone 3/);

  // Kept after a reload of the settings page, per km.
  await page.goto('/settings/metrics');
  await expect(page.getByLabel('Threshold Pace')).toHaveValue('4:10');
});
