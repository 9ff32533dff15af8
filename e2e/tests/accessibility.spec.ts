// Automated accessibility checks (axe, every rule): every page of the web app's route table, signed out and signed
// in as the demo athlete (who has data on every page), the calendar's other views and its dialogs (Save as template
// among them), in light and dark themes at desktop width, and every page again at phone width (390 px, light).
// docs/RELIABILITY.md, "Accessibility and keyboard".
//
// A few tests, each walking its pages in one browser page: a test a page paid, each time, a new browser context
// (an empty HTTP cache, so the app's JavaScript fetched and compiled again) and Playwright's set-up, and a page was
// loaded once per theme. Here each page is loaded once and checked in both themes: the theme follows the emulated
// system colour scheme (no theme stored), so it changes without a reload, and the check waits for the `dark` class.
// Each check is a soft assertion named by its page and theme, so one violation does not hide the next
// (docs/performance.md, "CI time").
import { expect, type Page, test } from '@playwright/test';
import { format } from 'date-fns';
import { axeViolations, logIn, skipOnboardingOffer } from './helpers.ts';
import { signedInPaths, signedOutPaths } from './route-table.ts';

const THEMES = ['light', 'dark'] as const;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
// Each page keeps the minute a test of its own had: a loaded machine needs it.
const PAGE_BUDGET_MS = 60_000;

/** The landing page (`/`, landing-main.tsx, no app shell) sets its theme once, at load (theme-init.js). */
const THEME_AT_LOAD_ONLY = ['/'];

/**
 * axe on the page (or the part given) in each theme, switched through the emulated colour scheme (a page that
 * sets its theme only at load is reloaded); soft, named `label (theme)`. The page is left in the light theme.
 */
async function checkBothThemes(page: Page, label: string, include?: string): Promise<void> {
  // A page replaced by the route error page passes axe: it must be the page itself (Terms once crashed so).
  await expect.soft(page.getByRole('heading', { name: 'Oops! Something went wrong' }), label).toHaveCount(0);
  for (const colorScheme of THEMES) {
    await page.emulateMedia({ colorScheme });
    if (colorScheme === 'dark' && THEME_AT_LOAD_ONLY.includes(label)) {
      await page.reload();
      await expect(page.locator('h1').first(), label).toBeVisible();
      await page.waitForLoadState('networkidle');
    }
    await expect(page.locator('html.dark'), `${label} (${colorScheme})`).toHaveCount(
      colorScheme === 'dark' ? 1 : 0,
    );
    expect.soft(await axeViolations(page, include), `${label} (${colorScheme})`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

// The tests share nothing but the demo athlete, which they only read: they spread over the suite's workers (a
// signed-in test's worker signs in once for the tests it runs).
test.describe.configure({ mode: 'parallel' });

test.beforeEach(async ({ page }) => {
  // Reduced motion: a toast appears and goes without its 0.4 s fade (sonner honours the setting), so axe never
  // judges a half-faded toast whose timer ran out mid-check (/oauth/callback's, dark, CI of 2026-11-29: contrast
  // 3.22 of a fading #90575d on #201019). The sweep checks what the athlete reads at rest.
  await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
});

// Every page outside sign-in in the route table, and one that matches no route.
const signedOut = [...signedOutPaths(), '/no-such-page'];

test('every signed-out page has no accessibility violations, in light and dark', async ({ page }) => {
  test.setTimeout(PAGE_BUDGET_MS * signedOut.length);
  await page.setViewportSize(DESKTOP);
  for (const path of signedOut) {
    await page.goto(path);
    await expect(page.locator('h1').first(), path).toBeVisible();
    await page.waitForLoadState('networkidle');
    await checkBothThemes(page, path);
  }
});

test('every signed-out page has no accessibility violations at phone width', async ({ page }) => {
  test.setTimeout(PAGE_BUDGET_MS * signedOut.length);
  await page.setViewportSize(PHONE);
  for (const path of signedOut) {
    await page.goto(path);
    await expect(page.locator('h1').first(), path).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect.soft(await axeViolations(page), path).toEqual([]);
  }
});

test.describe('signed in as the demo athlete', () => {
  // One sign-in per worker for every page it checks (sign-in is rate limited); each test starts from the stored
  // session.
  let session = '';
  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    await page.goto('/login');
    await logIn(page, 'demo@stamina.local', 'stamina-demo');
    await expect(page).toHaveURL(/\/dashboard$/);
    session = (await page.evaluate(() => localStorage.getItem('stamina.session'))) ?? '';
    await page.close();
  });

  /** A page signed in as the demo athlete at `size`, before its first visit; no theme stored (it follows the system). */
  async function prepare(page: Page, size = DESKTOP) {
    await page.setViewportSize(size);
    // A new page is a new browser session: without this the demo athlete would be offered onboarding again.
    await skipOnboardingOffer(page);
    // Only into an empty store: a walk's later pages keep the session the app itself refreshed on the way (a
    // refresh token rotates on use, and presenting the old one again would end the session).
    await page.addInitScript((stored) => {
      if (!localStorage.getItem('stamina.session')) localStorage.setItem('stamina.session', stored);
    }, session);
  }

  async function visit(page: Page, path: string) {
    await page.goto(path);
    await expect(page.locator('h1').first(), path).toBeVisible();
    // The page's reads and lazy chunks have arrived and no loading placeholder is left.
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[role="status"][aria-label^="Loading"]'), path).toHaveCount(0);
  }

  // The calendar's other views are the same route with another ?view.
  const paths = [...signedInPaths(), '/calendar?view=month', '/calendar?view=agenda'];

  test('every page has no accessibility violations signed in, in light and dark', async ({ page }) => {
    test.setTimeout(PAGE_BUDGET_MS * paths.length);
    await prepare(page);
    for (const path of paths) {
      await visit(page, path);
      expect(new URL(page.url()).pathname + new URL(page.url()).search, path).toContain(path);
      await checkBothThemes(page, path);
    }
  });

  // Phone width: every page, and an activity's page (its laps table scrolls sideways there).
  test('every page has no accessibility violations signed in at phone width', async ({ page }) => {
    test.setTimeout(PAGE_BUDGET_MS * (paths.length + 1));
    await prepare(page, PHONE);
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

  // A page with a parameter: the demo athlete's newest recorded activity, and its two dialogs.
  test("an activity's page and dialogs have no accessibility violations, in light and dark", async ({
    page,
  }) => {
    test.setTimeout(PAGE_BUDGET_MS * 3);
    await prepare(page);
    await visit(page, '/activities');
    await page.getByRole('listitem').getByRole('link').first().click();
    await expect(page.getByRole('region', { name: 'Charts' }).getByRole('figure').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await checkBothThemes(page, 'detail');

    const dialog = page.getByRole('dialog');
    await page.getByRole('button', { name: /^Match to (a|another) workout$/ }).click();
    await expect(dialog.getByRole('heading', { name: 'Match to a planned workout' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await checkBothThemes(page, 'match', '[role="dialog"]');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(dialog.getByRole('button', { name: 'Delete activity' })).toBeVisible();
    await checkBothThemes(page, 'delete', '[role="dialog"]');
  });

  test("the Workout Bank's detail, filters and categories have no accessibility violations, in light and dark", async ({
    page,
  }) => {
    // Six axe runs, three over a page of cards.
    test.setTimeout(PAGE_BUDGET_MS * 4);
    await prepare(page);
    await visit(page, '/workout-bank');
    await page.getByPlaceholder('Search workouts...').fill('threshold');
    await expect(page.getByText(/^Found \d+ workouts$/)).toBeVisible();
    await page.getByRole('button', { name: /^Filters/ }).click();
    await checkBothThemes(page, 'filters');

    await page.getByRole('button', { name: 'Categories' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Categories' }).getByRole('heading', { name: 'Sports' }),
    ).toBeVisible();
    await checkBothThemes(page, 'categories', '[role="dialog"]');
    await page.keyboard.press('Escape');

    await page.getByRole('tabpanel').getByRole('listitem').first().getByRole('button').click();
    const detail = page.getByRole('dialog');
    await expect(detail.getByRole('heading', { name: 'Intensity profile' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await checkBothThemes(page, 'template detail', '[role="dialog"]');
  });

  test("the calendar's dialogs have no accessibility violations, in light and dark", async ({ page }) => {
    test.setTimeout(PAGE_BUDGET_MS * 5);
    await prepare(page);
    await visit(page, '/calendar');
    const dialog = page.getByRole('dialog');

    await page.getByRole('button', { name: 'Add workout', exact: true }).click();
    await expect(dialog.getByRole('button', { name: /Create Custom/ })).toBeVisible();
    await checkBothThemes(page, 'add workout', '[role="dialog"]');

    await dialog.getByRole('button', { name: /Create Custom/ }).click();
    await dialog
      .getByLabel('Workout description')
      .fill('Warmup: 10min Z1\nMain: 4x 4min Z5 with 3min recovery');
    await expect(dialog.getByRole('region', { name: 'Preview' }).getByRole('figure')).toBeVisible();
    await checkBothThemes(page, 'workout editor', '[role="dialog"]');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // The demo athlete always has a session today.
    const today = page.locator(`section[data-date="${format(new Date(), 'yyyy-MM-dd')}"]`);
    await today.getByRole('listitem').first().getByRole('button').first().click();
    await expect(dialog.getByRole('button', { name: 'Reschedule' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await checkBothThemes(page, 'workout detail', '[role="dialog"]');

    // Save as template (docs/workout-bank.md): a dialog over the workout's, closed back to it.
    await dialog.getByRole('button', { name: 'Save as template' }).click();
    const template = page.getByRole('dialog', { name: 'Save as template' });
    await expect(template.getByLabel('Template name')).toBeVisible();
    await checkBothThemes(page, 'save as template', '[role="dialog"]');
    await page.keyboard.press('Escape');
    await expect(template).toBeHidden();

    await dialog.getByRole('button', { name: 'Reschedule' }).click();
    await expect(dialog.getByRole('grid')).toBeVisible();
    await checkBothThemes(page, 'reschedule', '[role="dialog"]');
  });
});
