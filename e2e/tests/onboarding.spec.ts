// The onboarding flow: a new athlete is offered the dialog on first sign-in, writes a goal in plain words,
// watches the server's real stages, skips devices, reviews the goal it read and the first week, approves, and
// the plan's sessions are on the calendar and the Journey page.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { addDays, format } from 'date-fns';
import { signedUpAthlete, uniqueEmail } from './helpers.ts';

/** axe's violations inside the dialog, as "rule: targets" (every rule, as accessibility.spec.ts runs them). */
async function dialogViolations(page: Page): Promise<string[]> {
  // The pointer off the buttons: a hovered primary button is drawn at 90 % opacity.
  await page.mouse.move(0, 0);
  // Finished transitions only (the progress bar grows, a button fades in when enabled): axe reads the colours
  // of the moment.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) =>
          a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
      ),
  );
  const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  return violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary ?? ''})`).join(', ')}`,
  );
}

test('from a goal in plain words to a plan on the calendar and the Journey page', async ({ page }) => {
  // The server's real stages, four axe runs and five pages: like the other long flows, two minutes.
  test.setTimeout(120_000);
  const email = uniqueEmail('onboarding');
  await signedUpAthlete(page, 'Olli Onboard', email, 'goal-to-plan', { offerOnboarding: true });

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Welcome to Stamina' })).toBeVisible();
  const progress = dialog.getByRole('progressbar', { name: 'Setup progress' });
  await expect(progress).toHaveAttribute('aria-valuenow', '5');
  await expect(dialog.getByRole('button', { name: "Let's Get Started" })).toBeDisabled();
  expect(await dialogViolations(page)).toEqual([]);
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: "Let's Get Started" }).click();

  await expect(dialog.getByRole('heading', { name: 'What are you training for?' })).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', '20');
  const race = addDays(new Date(), 140);
  const goal = dialog.getByRole('textbox', { name: 'Your goal' });
  await goal.fill('a marathon');
  await expect(dialog.getByText('Please provide more details')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create My Plan' })).toBeDisabled();
  await goal.fill(
    `I want to run a marathon on ${format(race, 'MMMM d, yyyy')}, 6 hours a week, long runs on Sunday`,
  );
  await expect(dialog.getByText('Looking good!')).toBeVisible();
  expect(await dialogViolations(page)).toEqual([]);
  // Without a speech-to-text service, the voice button says what it needs and the text path stays.
  await expect(dialog.getByText(/Voice needs a speech-to-text service|Soon/).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Create My Plan' }).click();

  // Processing: the server's stages, polled; closing is blocked meanwhile.
  await expect(dialog.getByRole('heading', { name: 'Building your plan' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(0);
  await expect(dialog.getByText('Reading your goal', { exact: true })).toBeVisible();

  await expect(dialog.getByRole('heading', { name: 'Connect your devices' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(progress).toHaveAttribute('aria-valuenow', '40');
  expect(await dialogViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Skip for now' }).click();

  await expect(dialog.getByRole('heading', { name: 'Review your plan' })).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Race type' })).toHaveValue('Marathon');
  await expect(dialog.getByLabel('Race date')).toHaveValue(format(race, 'yyyy-MM-dd'));
  await expect(dialog.getByRole('combobox', { name: 'Weekly hours' })).toHaveValue('6');
  await expect(dialog.getByRole('combobox', { name: 'Long run day' })).toHaveValue('sunday');
  // The text gave no target: it is assumed, and says so.
  await expect(dialog.getByRole('textbox', { name: 'Target' })).toHaveAccessibleDescription(/Assumed/);
  const week = dialog.getByRole('region', { name: 'Your first week' });
  await expect(week.getByRole('listitem').first()).toBeVisible();
  const firstTitle =
    (await week.getByRole('listitem').first().locator('span.text-foreground').textContent()) ?? '';
  await expect(
    dialog.getByRole('region', { name: 'Why this plan' }).getByRole('listitem').first(),
  ).toBeVisible();

  expect(await dialogViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Approve plan' }).click();
  await expect(dialog.getByRole('heading', { name: 'Your plan is ready' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: "You're all set!" })).toBeVisible({ timeout: 5000 });
  await expect(progress).toHaveAttribute('aria-valuenow', '100');
  await dialog.getByRole('button', { name: 'Go to Dashboard' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await page.evaluate(() => localStorage.getItem('stamina.onboarding'))).toBeNull();

  // The first week's sessions are planned workouts on the calendar.
  await page.goto('/calendar');
  await expect(page.getByText(firstTitle, { exact: false }).first()).toBeVisible();

  // The Journey page shows the generated plan and why.
  await page.goto('/plan');
  await expect(page.getByText('Why this plan')).toBeVisible();
  await expect(page.getByText('Weekly volume')).toBeVisible();

  // Onboarding is complete: a new browser session is not offered the dialog again.
  // The offer is decided when the onboarding status arrives: an offer marks the session offered in its effect,
  // before its dialog's code loads, so after the status and two frames nothing was offered (no fixed wait).
  await page.evaluate(() => sessionStorage.clear());
  const status = page.waitForResponse((r) => r.url().includes('/onboarding/status'));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /^Hi / }).or(page.getByText(/^Hi /)).first()).toBeVisible();
  expect((await status).ok()).toBe(true);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  expect(await page.evaluate(() => sessionStorage.getItem('stamina.onboarding-offered'))).toBeNull();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
