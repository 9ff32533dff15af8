// The athlete's data (docs/account.md): "Download my data" in the browser, imported into a new account; Delete
// Account with the confirmation dialog, after which signing in offers to cancel, and cancelling signs in.
import { expect, type Page, test } from '@playwright/test';
import { signedUpAthlete, uniqueEmail } from './helpers.ts';

async function newAthlete(page: Page, name: string, password: string): Promise<string> {
  const email = uniqueEmail('account');
  await signedUpAthlete(page, name, email, password);
  return email;
}

/** A call of the signed-in API from the page, with the session the app keeps. */
async function apiCall(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const session = JSON.parse(localStorage.getItem('stamina.session') ?? '{}');
      const res = await fetch(path, {
        method,
        headers: {
          authorization: `Bearer ${session.access_token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? null : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
    { method, path, body },
  );
}

test('download my data, then import it into a new account', async ({ page }) => {
  await newAthlete(page, 'Ezra Export', 'export-data-1');
  const created = await apiCall(page, 'POST', '/api/training/workouts', {
    title: 'Hill repeats to take along',
    workout_date: new Date().toISOString().slice(0, 10),
    sport: 'run',
    duration: 50,
  });
  expect(created.status).toBe(201);

  await page.goto('/settings/preferences');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const link = page.getByRole('link', { name: 'Download the zip' });
  await expect(link).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^stamina-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const zipPath = await download.path();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await newAthlete(page, 'Ezra Moved', 'export-data-2');
  await page.goto('/settings/preferences');
  await page.getByLabel('Export zip file').setInputFiles(zipPath);
  await expect(
    page.getByRole('status').filter({ hasText: /^Imported \d+ records and 0 files\.$/ }),
  ).toBeVisible({
    timeout: 30_000,
  });
  const list = await apiCall(page, 'GET', '/api/training/workouts');
  expect(JSON.stringify(list.body)).toContain('Hill repeats to take along');
});

test('delete the account, then signing in offers to cancel, and cancelling signs in', async ({ page }) => {
  const email = await newAthlete(page, 'Dana Delete', 'delete-me-1');
  await page.goto('/settings/preferences');
  await page.getByRole('button', { name: 'Delete Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(
    dialog.getByText(
      'This action cannot be undone. This will permanently delete your account and remove all your data from our servers.',
    ),
  ).toBeVisible();
  await dialog.getByLabel('Password').fill('not my password');
  await dialog.getByRole('button', { name: 'Delete Account' }).click();
  await expect(dialog.getByRole('alert')).toContainText('That password is not correct.');
  await dialog.getByLabel('Password').fill('delete-me-1');
  await dialog.getByRole('button', { name: 'Delete Account' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText(/All your data will be removed on \d{4}-\d{2}-\d{2}/)).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('delete-me-1');
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText(/This account is scheduled for deletion on \d{4}-\d{2}-\d{2}/)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel the deletion and log in' }).click();
  // Signed in again, back where the deletion was asked for.
  await expect(page).toHaveURL(/\/settings\/preferences$/);
  await expect(page.getByRole('button', { name: 'Delete Account' })).toBeVisible();
});
