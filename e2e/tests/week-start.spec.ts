// The athlete's week start (docs/training-load.md, "Weeks"): the calendar's week starts on Monday for a new
// account, and on Sunday once Settings → Preferences says so, after a reload too.
import { expect, test } from '@playwright/test';
import { signedUpAthlete, skipOnboardingOffer, uniqueEmail } from './helpers.ts';

test('the calendar week starts on the day chosen in Settings', async ({ page }) => {
  await skipOnboardingOffer(page);
  await signedUpAthlete(page, 'Wanda Week', uniqueEmail('week-start'), 'week-start-1');

  // Wednesday 25 November 2026: the Monday week is the 23rd to the 29th.
  await page.goto('/calendar?view=week&date=2026-11-25');
  await expect(page.getByRole('button', { name: /Nov 23 – 29, 2026/ })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Monday, November 23/ })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Sunday, November 22/ })).toHaveCount(0);

  await page.goto('/settings/preferences');
  await expect(page.getByRole('radio', { name: 'Monday' })).toBeChecked();
  // The radio is drawn as its label (a segmented button).
  await page.getByRole('radiogroup', { name: 'Week starts on' }).getByText('Sunday', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Sunday' })).toBeChecked();
  await expect(page.getByText('Week start saved')).toBeVisible();

  await page.goto('/calendar?view=week&date=2026-11-25');
  await expect(page.getByRole('button', { name: /Nov 22 – 28, 2026/ })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Sunday, November 22/ })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Monday, November 23/ })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Sunday, November 29/ })).toHaveCount(0);

  // The month grid starts its rows on Sunday too: 1 November 2026 is a Sunday, so the first cell is the 1st.
  await page.goto('/calendar?view=month&date=2026-11-25');
  await expect(page.getByRole('region', { name: /^Sunday, November 1\b/ })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Monday, October 26/ })).toHaveCount(0);
});
