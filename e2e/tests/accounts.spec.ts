// The foundation flow: sign up, confirm by e-mail, sign out and in, protected redirects, 404, landing CTA.
import { expect, test } from '@playwright/test';
import { logIn, mailedLink, signedUpAthlete, signUp, signUpThroughForm, uniqueEmail } from './helpers.ts';

test('a new athlete signs up, confirms by e-mail, signs out and back in', async ({ page }) => {
  const email = uniqueEmail('ana');
  const password = 'tempo-run-42';
  await signUpThroughForm(page, 'Ana Runner', email, password);

  // Signing in before confirming is refused with the spec's message.
  await page.goto('/login');
  await logIn(page, email, password);
  await expect(page.getByRole('alert')).toContainText('Email not confirmed');

  const link = await mailedLink(email, '/api/auth/confirm');
  await page.goto(link);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Hi Ana Runner')).toBeVisible();
  await expect(page.getByText("Ready for today's session?")).toBeVisible();

  // A confirmation link works once.
  await page.goto(link);
  await expect(page).toHaveURL(/\/confirm\?/);
  await expect(page.getByRole('alert')).toContainText('already been used');

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('You have been successfully signed out.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await logIn(page, email, 'wrong-password');
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);

  // Signed in, /login sends the athlete back to the dashboard.
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a confirmation link opened while another athlete is signed in asks before switching', async ({
  page,
}) => {
  const first = uniqueEmail('dora');
  const second = uniqueEmail('eli');
  await signUp(page, 'Dora Rower', first, 'ergometer-2k');
  await signUp(page, 'Eli Skier', second, 'skate-ski-15');
  const secondLink = await mailedLink(second, '/api/auth/confirm');
  await page.goto(await mailedLink(first, '/api/auth/confirm'));
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Hi Dora Rower')).toBeVisible();

  // Tokens in a URL sign nobody in.
  await page.goto('/dashboard#access_token=forged&refresh_token=forged');
  await expect(page.getByText('Hi Dora Rower')).toBeVisible();

  await page.goto(secondLink);
  await expect(page.getByRole('heading', { name: 'Switch account?' })).toBeVisible();
  await page.getByRole('button', { name: `Stay signed in as ${first}` }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Hi Dora Rower')).toBeVisible();

  // The link confirmed Eli's address all the same: he signs in with his password.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, second, 'skate-ski-15');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Hi Eli Skier')).toBeVisible();
});

test('a protected page sends a signed-out visitor to /login, then back after sign-in', async ({ page }) => {
  const email = uniqueEmail('ben');
  const password = 'threshold-99';
  await signedUpAthlete(page, 'Ben Cyclist', email, password);
  await page.evaluate(() => localStorage.clear());

  await page.goto('/settings/profile');
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/settings\/profile$/);
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
});

test('an unknown address shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('Page Not Found')).toBeVisible();
  await expect(page.getByText("The page you're looking for doesn't exist or has been moved.")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
});

test('the landing call to action leads to sign-up', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Start Training Free' }).first().click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeDisabled();
});
