// The profile (docs/profile.md): a new athlete's /profile shows the empty state of every card, and a picture
// uploaded in Settings → Profile (a HEIC phone photo) replaces the initials in the shell.
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { logIn, mailedLink, signedUpAthlete, uniqueEmail } from './helpers.ts';

const HEIC = join(import.meta.dirname, '..', '..', 'fixtures', 'images', 'red-640x480-exif-gps.heic');

async function newAthlete(page: Page, name: string): Promise<string> {
  const email = uniqueEmail('profile');
  await signedUpAthlete(page, name, email, 'profile-picture-1');
  return email;
}

test('a new athlete sees the empty profile, then uploads a picture the shell shows', async ({ page }) => {
  await newAthlete(page, 'Pia Profile');

  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  const header = page.getByRole('region', { name: 'Athlete' });
  await expect(header.getByText('Pia Profile')).toBeVisible();
  await expect(header.getByText('PP', { exact: true })).toBeVisible();
  await expect(page.getByText(/^No training logged in \d{4} yet$/)).toBeVisible();
  await expect(page.getByText('No achievements earned yet')).toBeVisible();
  await expect(page.getByText('No goal set yet')).toBeVisible();
  await expect(page.getByText('No personal records yet')).toBeVisible();

  await header.getByRole('link', { name: 'Edit Profile' }).click();
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await page.getByLabel('Profile picture file').setInputFiles(HEIC);
  await expect(page.getByText('Profile picture updated')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove' })).toBeVisible();

  await page.goto('/dashboard');
  const shellPicture = page.locator('header').getByTestId('avatar-picture');
  await expect(shellPicture).toBeVisible();
  // The picture really loaded: the server's 256×256 WebP, not a broken image.
  await expect
    .poll(() => shellPicture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(256);

  // A file that is not a picture is refused with the server's message, and the picture stays.
  await page.goto('/settings/profile');
  await page
    .getByLabel('Profile picture file')
    .setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a picture') });
  await expect(page.getByRole('alert')).toContainText('Upload a JPEG, PNG, WebP or HEIC picture');
  await expect(page.getByRole('button', { name: 'Remove' })).toBeVisible();
});

test('a changed e-mail takes effect only once the link mailed to the new address is followed', async ({
  page,
}) => {
  const old = await newAthlete(page, 'Eve Mover');
  const fresh = uniqueEmail('moved');
  await page.goto('/settings/profile');
  await page.getByLabel('Email').fill(fresh);
  await page.getByRole('button', { name: 'Save Profile Changes' }).click();
  await expect(page.getByText(`We sent a confirmation link to ${fresh}.`, { exact: false })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(old);

  await page.goto(await mailedLink(fresh, '/api/auth/confirm-email'));
  await expect(page).toHaveURL(/\/settings\/profile\?email_change=confirmed/);
  await expect(page.getByText(`Your e-mail address is now ${fresh}. Use it to log in.`)).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(fresh);

  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await logIn(page, fresh, 'profile-picture-1');
  await expect(page).toHaveURL(/\/dashboard$/);
});
