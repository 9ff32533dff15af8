// Automated accessibility checks (axe, every rule): every page of the web app's route table, signed out and signed
// in as the demo athlete (who has data on every page), the calendar's other views and its dialogs (Save as template
// among them), in light and dark themes at desktop width, and every page again at phone width (390 px, light).
// docs/RELIABILITY.md, "Accessibility and keyboard".
import { expect, type Page, test } from '@playwright/test';
import { format } from 'date-fns';
import { axeViolations, logIn, skipOnboardingOffer } from './helpers.ts';
import { signedInPaths, signedOutPaths } from './route-table.ts';

const THEMES = ['light', 'dark'] as const;
const PHONE = { width: 390, height: 844 };

for (const theme of THEMES) {
  // Every page outside sign-in in the route table, and one that matches no route.
  for (const path of [...signedOutPaths(), '/no-such-page']) {
    test(`${path} has no accessibility violations (${theme})`, async ({ page }) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await axeViolations(page)).toEqual([]);
    });
  }
}

// Phone width: every page in one test (a test a page cost a browser context and a start each; the failures
// still name their page). Each page keeps the minute a test of its own had: a loaded machine needs it.
const PAGE_BUDGET_MS = 60_000;

test('every signed-out page has no accessibility violations at phone width', async ({ page }) => {
  const paths = [...signedOutPaths(), '/no-such-page'];
  test.setTimeout(PAGE_BUDGET_MS * paths.length);
  await page.setViewportSize(PHONE);
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('h1').first(), path).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect.soft(await axeViolations(page), path).toEqual([]);
  }
});

test.describe('signed in as the demo athlete', () => {
  // One sign-in for every page (sign-in is rate limited); each test starts from the stored session.
  let session = '';
  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    await page.goto('/login');
    await logIn(page, 'demo@stamina.local', 'stamina-demo');
    await expect(page).toHaveURL(/\/dashboard$/);
    session = (await page.evaluate(() => localStorage.getItem('stamina.session'))) ?? '';
    await page.close();
  });

  /** A page signed in as the demo athlete, in `theme` and at `size`, before its first visit. */
  async function prepare(page: Page, theme: string, size = { width: 1280, height: 900 }) {
    await page.setViewportSize(size);
    // A new page is a new browser session: without this the demo athlete would be offered onboarding again.
    await skipOnboardingOffer(page);
    await page.addInitScript(
      ([value, stored]) => {
        localStorage.setItem('theme', value);
        localStorage.setItem('stamina.session', stored);
      },
      [theme, session] as const,
    );
  }

  async function visit(page: Page, path: string) {
    await page.goto(path);
    await expect(page.locator('h1').first(), path).toBeVisible();
    // The page's reads and lazy chunks have arrived and no loading placeholder is left.
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[role="status"][aria-label^="Loading"]'), path).toHaveCount(0);
  }

  async function open(page: Page, path: string, theme: string) {
    await prepare(page, theme);
    await visit(page, path);
  }

  // Phone width: every page, and an activity's page (its laps table scrolls sideways there), in one test.
  test('every page has no accessibility violations signed in at phone width', async ({ page }) => {
    const paths = [...signedInPaths(), '/calendar?view=month', '/calendar?view=agenda'];
    test.setTimeout(PAGE_BUDGET_MS * (paths.length + 1));
    await prepare(page, 'light', PHONE);
    for (const path of paths) {
      await visit(page, path);
      expect.soft(await axeViolations(page), path).toEqual([]);
    }
    await visit(page, '/activities');
    await page.getByRole('listitem').getByRole('link').first().click();
    await expect(page.getByRole('region', { name: 'Charts' }).getByRole('figure').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page), "an activity's page").toEqual([]);
  });

  for (const theme of THEMES) {
    // The calendar's other views are the same route with another ?view.
    for (const path of [...signedInPaths(), '/calendar?view=month', '/calendar?view=agenda']) {
      test(`${path} has no accessibility violations signed in (${theme})`, async ({ page }) => {
        await open(page, path, theme);
        expect(new URL(page.url()).pathname + new URL(page.url()).search).toContain(path);
        expect(await axeViolations(page)).toEqual([]);
      });
    }

    // A page with a parameter: the demo athlete's newest recorded activity, and its two dialogs.
    test(`an activity's page and dialogs have no accessibility violations (${theme})`, async ({ page }) => {
      await open(page, '/activities', theme);
      await page.getByRole('listitem').getByRole('link').first().click();
      await expect(page.getByRole('region', { name: 'Charts' }).getByRole('figure').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await axeViolations(page), 'detail').toEqual([]);

      const dialog = page.getByRole('dialog');
      await page.getByRole('button', { name: /^Match to (a|another) workout$/ }).click();
      await expect(dialog.getByRole('heading', { name: 'Match to a planned workout' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await axeViolations(page, '[role="dialog"]'), 'match').toEqual([]);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      await page.getByRole('button', { name: 'Delete' }).click();
      await expect(dialog.getByRole('button', { name: 'Delete activity' })).toBeVisible();
      expect(await axeViolations(page, '[role="dialog"]'), 'delete').toEqual([]);
    });

    test(`the Workout Bank's detail, filters and categories have no accessibility violations (${theme})`, async ({
      page,
    }) => {
      // Three axe runs over a page of cards: more than the default minute on a busy machine.
      test.setTimeout(150_000);
      await open(page, '/workout-bank', theme);
      await page.getByPlaceholder('Search workouts...').fill('threshold');
      await expect(page.getByText(/^Found \d+ workouts$/)).toBeVisible();
      await page.getByRole('button', { name: /^Filters/ }).click();
      expect(await axeViolations(page), 'filters').toEqual([]);

      await page.getByRole('button', { name: 'Categories' }).click();
      await expect(
        page.getByRole('dialog', { name: 'Categories' }).getByRole('heading', { name: 'Sports' }),
      ).toBeVisible();
      expect(await axeViolations(page, '[role="dialog"]'), 'categories').toEqual([]);
      await page.keyboard.press('Escape');

      await page.getByRole('tabpanel').getByRole('listitem').first().getByRole('button').click();
      const detail = page.getByRole('dialog');
      await expect(detail.getByRole('heading', { name: 'Intensity profile' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await axeViolations(page, '[role="dialog"]'), 'template detail').toEqual([]);
    });

    test(`the calendar's dialogs have no accessibility violations (${theme})`, async ({ page }) => {
      await open(page, '/calendar', theme);
      const dialog = page.getByRole('dialog');

      await page.getByRole('button', { name: 'Add workout', exact: true }).click();
      await expect(dialog.getByRole('button', { name: /Create Custom/ })).toBeVisible();
      expect(await axeViolations(page, '[role="dialog"]'), 'add workout').toEqual([]);

      await dialog.getByRole('button', { name: /Create Custom/ }).click();
      await dialog
        .getByLabel('Workout description')
        .fill('Warmup: 10min Z1\nMain: 4x 4min Z5 with 3min recovery');
      await expect(dialog.getByRole('region', { name: 'Preview' }).getByRole('figure')).toBeVisible();
      expect(await axeViolations(page, '[role="dialog"]'), 'workout editor').toEqual([]);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      // The demo athlete always has a session today.
      const today = page.locator(`section[data-date="${format(new Date(), 'yyyy-MM-dd')}"]`);
      await today.getByRole('listitem').first().getByRole('button').first().click();
      await expect(dialog.getByRole('button', { name: 'Reschedule' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await axeViolations(page, '[role="dialog"]'), 'workout detail').toEqual([]);

      // Save as template (docs/workout-bank.md): a dialog over the workout's, closed back to it.
      await dialog.getByRole('button', { name: 'Save as template' }).click();
      const template = page.getByRole('dialog', { name: 'Save as template' });
      await expect(template.getByLabel('Template name')).toBeVisible();
      expect(await axeViolations(page, '[role="dialog"]'), 'save as template').toEqual([]);
      await page.keyboard.press('Escape');
      await expect(template).toBeHidden();

      await dialog.getByRole('button', { name: 'Reschedule' }).click();
      await expect(dialog.getByRole('grid')).toBeVisible();
      expect(await axeViolations(page, '[role="dialog"]'), 'reschedule').toEqual([]);
    });
  }
});
