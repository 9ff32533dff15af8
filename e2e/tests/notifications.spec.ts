// Notifications that reach the athlete (docs/notifications.md): opt into the daily e-mail in Settings, receive
// today's e-mail (sent on request, so the test does not wait for a morning) from the outbox, and follow its
// one-click unsubscribe link, which turns the switch off again.
import { expect, test } from '@playwright/test';
import { mailedLink, signedUpAthlete, skipOnboardingOffer, uniqueEmail } from './helpers.ts';

test('opting into the daily e-mail in Settings, receiving it, and unsubscribing from its link', async ({
  page,
}) => {
  await skipOnboardingOffer(page);
  const email = uniqueEmail('daily-mail');
  await signedUpAthlete(page, 'Dana Daily', email, 'daily-mail-1');

  await page.goto('/settings/preferences');
  const daily = page.getByRole('switch', { name: 'Daily e-mail' });
  await expect(daily).toBeEnabled();
  await expect(daily).toHaveAttribute('aria-checked', 'false');
  await daily.click();
  await expect(daily).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('button', { name: "Send today's e-mail now" }).click();
  await expect(page.getByText("Today's e-mail is on its way")).toBeVisible();

  const link = await mailedLink(email, '/unsubscribe');
  await page.goto(link);
  await expect(page.getByText(/You are unsubscribed from the daily e-mail/)).toBeVisible();

  await page.goto('/settings/preferences');
  await expect(page.getByRole('switch', { name: 'Daily e-mail' })).toHaveAttribute('aria-checked', 'false');
});
