// 'Forgot password?' end to end: the mailed link sets a new password and ends every session.
import { expect, test } from '@playwright/test';
import { logIn, mailedLink, signedUpAthlete, uniqueEmail } from './helpers.ts';

test('an athlete resets a forgotten password from the e-mailed link', async ({ page, browser }) => {
  const email = uniqueEmail('cleo');
  await signedUpAthlete(page, 'Cleo Swimmer', email, 'old-password');

  // A second device stays signed in until the reset.
  const otherDevice = await browser.newPage();
  await otherDevice.goto('/login');
  await logIn(otherDevice, email, 'old-password');
  await expect(otherDevice).toHaveURL(/\/dashboard$/);

  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  // The log-in page has an Email field too: fill the reset form's, once it is the page.
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('a password reset link is on its way')).toBeVisible();

  await page.goto(await mailedLink(email, '/reset-password'));
  await page.getByLabel('New password', { exact: true }).fill('new-password');
  await page.getByLabel('Repeat new password').fill('new-password');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();

  await page.getByRole('link', { name: 'Go to Log In' }).click();
  await logIn(page, email, 'old-password');
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await logIn(page, email, 'new-password');
  await expect(page).toHaveURL(/\/dashboard$/);

  // The other device's session ended with the reset: its next request sends it to sign in.
  await otherDevice.reload();
  await expect(otherDevice).toHaveURL(/\/login$/);
});
