// The journey flow: an athlete without a plan creates one towards a race on /plan, sees where they are on the
// road to race day (week 1, Foundation current, the race as a milestone), and it is still there after a reload.
import { expect, test } from '@playwright/test';
import { addDays, differenceInCalendarDays, format } from 'date-fns';
import { signedUpAthlete, uniqueEmail } from './helpers.ts';

test('a plan towards a marathon is created and shown as a journey', async ({ page }) => {
  const email = uniqueEmail('journey');
  await signedUpAthlete(page, 'Jo Journey', email, 'base-build-peak');

  await page.goto('/plan');
  const race = addDays(new Date(), 140);
  await page.getByLabel('Race type').selectOption('Marathon');
  await page.getByLabel('Race date').fill(format(race, 'yyyy-MM-dd'));
  await page.getByLabel('Plan title').fill('Autumn Marathon');
  await page.getByLabel('Target time (optional)').fill('3:30:00');
  await page.getByRole('button', { name: 'Create Plan' }).click();

  await expect(page.getByText('Autumn Marathon', { exact: true })).toBeVisible();
  // 141 days from today to race day, both included: 21 weeks, this is the first.
  const weeks = Math.ceil((differenceInCalendarDays(race, new Date()) + 1) / 7);
  await expect(page.getByText(`Week 1 of ${weeks}`)).toBeVisible();
  await expect(page.getByText('140 days')).toBeVisible();
  await expect(page.getByText('3:30:00').first()).toBeVisible();

  const phases = page.getByRole('region', { name: 'Phase map' });
  await expect(phases.getByRole('listitem')).toHaveText([
    /Foundation/,
    /Base Building/,
    /Build Phase/,
    /Peak & Taper/,
  ]);
  await expect(phases.getByRole('listitem', { name: 'Foundation, current' })).toBeVisible();
  for (const label of ['Base Building', 'Build Phase', 'Peak & Taper']) {
    await expect(phases.getByRole('listitem', { name: `${label}, upcoming` })).toBeVisible();
  }
  await expect(
    page.getByRole('region', { name: 'Key milestones' }).getByText('Race day: Marathon'),
  ).toBeVisible();

  await page.reload();
  await expect(page.getByText(`Week 1 of ${weeks}`)).toBeVisible();
});
