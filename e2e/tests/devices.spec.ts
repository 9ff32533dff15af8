// Device connections end to end (docs/devices.md): a new athlete plans a ride for today, connects Garmin (the
// fake Garmin on loopback, whose athlete rode 40 minutes ago), sees 'Garmin Connected!' and the first import
// finish, syncs again with Sync Now ('Sync Complete' with its count), finds the planned ride completed on the
// calendar, and disconnects after confirming. Then the same with Strava, whose run is rebuilt from its streams
// and comes back through the generic /oauth/callback.
import { expect, type Page, test } from '@playwright/test';
import { format } from 'date-fns';
import { signedUpAthlete, uniqueEmail } from './helpers.ts';

async function signedIn(page: Page, name = 'Gina Garmin', tag = 'garmin'): Promise<void> {
  const email = uniqueEmail(tag);
  await signedUpAthlete(page, name, email, `${tag}-connect-sync`);
}

test('connect Garmin, sync, see the ride on the calendar, disconnect', async ({ page }) => {
  test.setTimeout(120_000);
  await signedIn(page);
  const date = format(new Date(Date.now() - 40 * 60_000), 'yyyy-MM-dd');

  await page.goto('/workouts');
  await page.getByRole('button', { name: 'Add Workout' }).first().click();
  await page.getByRole('button', { name: /Create Custom/ }).click();
  const editor = page.getByRole('dialog');
  await editor
    .locator('label')
    .filter({ hasText: /^Bike$/ })
    .click();
  await editor.getByLabel('Title').fill('Garmin easy spin');
  await editor.getByLabel('Date').fill(date);
  await editor.getByLabel('Workout description').fill('30min Z2');
  await editor.getByRole('button', { name: 'Create' }).click();
  await expect(editor).toBeHidden();

  await page.goto('/settings/devices');
  const garmin = page.getByRole('region', { name: 'Garmin Connect' });
  await expect(garmin.getByText('Disconnected')).toBeVisible();
  await expect(garmin.getByText('Never')).toBeVisible();
  await garmin.getByRole('button', { name: 'Connect' }).click();

  // The fake Garmin authorises at once and sends the browser back through /auth/garmin/callback.
  await expect(page.getByText('Garmin Connected!')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/settings\/devices$/);
  await expect(garmin.getByText('Connected', { exact: true })).toBeVisible();
  await expect(garmin.getByText('Never')).toBeHidden({ timeout: 30_000 });

  await garmin.getByRole('button', { name: 'Sync Now' }).click();
  await expect(page.getByText('Sync Complete')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/^Successfully synced \d+ items from Garmin\.$/)).toBeVisible();

  await page.goto(`/calendar?view=week&date=${date}`);
  await expect(page.getByRole('button', { name: /^Garmin easy spin, Bike, .*Completed/ })).toBeVisible();

  await page.goto('/settings/devices');
  await garmin.getByRole('button', { name: 'Disconnect' }).click();
  const confirm = page.getByRole('dialog', { name: 'Disconnect Garmin Connect?' });
  await confirm.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('Disconnected', { exact: true }).first()).toBeVisible();
  await expect(garmin.getByRole('button', { name: 'Connect' })).toBeEnabled();
});

test('connect Strava, sync, see the run in Activities, disconnect', async ({ page }) => {
  test.setTimeout(120_000);
  await signedIn(page, 'Sam Strava', 'strava');

  await page.goto('/settings/devices');
  const strava = page.getByRole('region', { name: 'Strava' });
  await expect(strava.getByText('Disconnected')).toBeVisible();
  await expect(strava.getByText('Never')).toBeVisible();
  await strava.getByRole('button', { name: 'Connect' }).click();

  // The fake Strava authorises at once and sends the browser back through the generic /oauth/callback.
  await expect(page.getByText('Strava Connected!')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/settings\/devices$/);
  await expect(strava.getByText('Connected', { exact: true })).toBeVisible();
  await expect(strava.getByText('Never')).toBeHidden({ timeout: 30_000 });

  await strava.getByRole('button', { name: 'Sync Now' }).click();
  await expect(page.getByText('Sync Complete')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/^Successfully synced \d+ items from Strava\.$/)).toBeVisible();

  await page.goto('/activities');
  await expect(page.getByText('1 activity')).toBeVisible();
  await expect(page.getByText(/^Run · /)).toBeVisible();

  await page.goto('/settings/devices');
  await strava.getByRole('button', { name: 'Disconnect' }).click();
  const confirm = page.getByRole('dialog', { name: 'Disconnect Strava?' });
  await confirm.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByText('Strava is no longer connected.')).toBeVisible();
  await expect(strava.getByRole('button', { name: 'Connect' })).toBeEnabled();

  // Activities already imported stay.
  await page.goto('/activities');
  await expect(page.getByText('1 activity')).toBeVisible();
});
