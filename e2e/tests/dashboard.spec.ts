// The dashboard flows: a poor night lowers today's readiness, a saved widget layout survives a reload, the
// demo athlete's dashboard shows every enabled widget with data and the real unread count on the bell, and
// reading a week's notification clears the badge. The demo athlete is only read here: other specs read it at the
// same time (two workers, docs/performance.md, "CI time"), so marking read is done on an athlete of its own.
import { expect, type Page, test } from '@playwright/test';
import { format } from 'date-fns';
import { logIn, signedUpAthlete, uniqueEmail } from './helpers.ts';

/** A new athlete, signed up and on the dashboard; answers their access token. */
async function signedIn(page: Page, prefix: string): Promise<string> {
  const email = uniqueEmail(prefix);
  await signedUpAthlete(page, 'Dana Dash', email, 'ready-to-train');
  const stored = await page.evaluate(() => localStorage.getItem('stamina.session'));
  return (JSON.parse(stored ?? '{}') as { access_token: string }).access_token;
}

const widgets = (page: Page) => page.getByRole('region', { name: 'Widgets' });
/** The titles of the dashboard's widgets, in the order they show. */
const widgetTitles = (page: Page) => widgets(page).getByRole('heading', { level: 2 }).allTextContents();

test('a poor night lowers readiness: the band and its colour change', async ({ page }) => {
  await signedIn(page, 'night');
  const hero = page.getByRole('region', { name: "Today's readiness" });
  // No wellness and no training yet: no score, and no stand-in number (docs/dashboard.md, "Scores").
  await expect(hero.getByTestId('readiness-score')).toHaveText('—');
  const band = hero.locator('[data-indicator]');
  await expect(band).toHaveText('No score yet');

  // Two taps: the widget's link opens today's form with HRV focused, then Save.
  await widgets(page).getByRole('link', { name: "Log today's wellness" }).click();
  await expect(page).toHaveURL(/\/metrics\?log=today$/);
  await expect(page.getByLabel('HRV (ms)')).toBeFocused();
  await page.getByLabel('HRV (ms)').fill('25');
  await page.getByLabel('Sleep (h)').fill('4.5');
  await page.getByRole('button', { name: "Save today's wellness" }).click();
  await expect(page.getByText("Today's wellness saved")).toBeVisible();

  await page.goto('/dashboard');
  // Recovery 50 − 12.5 (HRV 44 % under the 45 ms default baseline) − 2.5 (4.5 h of sleep) = 35; readiness
  // 0.6 × 35 + 0.25 × 77 (form 0) + 0.15 × 80 (no load yet) = 52: Fair, shown in the destructive colour.
  await expect(hero.getByTestId('readiness-score')).toHaveText('52');
  await expect(band).toHaveText('Fair');
  await expect(band).toHaveAttribute('data-indicator', 'destructive');
  await expect(page.getByRole('region', { name: 'Recovery Status' }).getByText('35%')).toBeVisible();
});

test('widgets reordered and hidden in the layout settings stay that way after a reload', async ({ page }) => {
  await signedIn(page, 'layout');
  await expect(widgets(page).getByRole('heading', { name: 'Race Countdown' })).toBeVisible();
  expect(await widgetTitles(page)).toEqual([
    "Today's Workout",
    'Recovery Status',
    'Weekly Summary',
    'Race Countdown',
  ]);

  // Customize opens the settings on their Dashboard Layout section.
  await page.getByRole('link', { name: 'Customize dashboard' }).click();
  await expect(page).toHaveURL(/\/settings\/dashboard$/);
  await page.getByRole('button', { name: 'Move Recovery Status up' }).click();
  await page.getByRole('switch', { name: 'Show Race Countdown' }).click();
  await page.getByRole('switch', { name: 'Show Momentum' }).click();
  await page.getByRole('button', { name: 'Save Layout' }).click();
  await expect(page.getByText('Dashboard layout saved successfully!')).toBeVisible();

  // Readiness is the hero's, never a second time in the grid (docs/dashboard.md, "Each figure once").
  const expected = ['Recovery Status', "Today's Workout", 'Weekly Summary', 'Momentum'];
  await page.goto('/dashboard');
  await expect(widgets(page).getByRole('heading', { name: 'Momentum' })).toBeVisible();
  expect(await widgetTitles(page)).toEqual(expected);
  await page.reload();
  await expect(widgets(page).getByRole('heading', { name: 'Momentum' })).toBeVisible();
  expect(await widgetTitles(page)).toEqual(expected);
});

test("the demo athlete's dashboard shows every enabled widget with data, and the bell its unread count", async ({
  page,
}) => {
  await page.goto('/login');
  await logIn(page, 'demo@stamina.local', 'stamina-demo');
  await expect(page).toHaveURL(/\/dashboard$/);

  const region = (name: string) => widgets(page).getByRole('region', { name });
  // Six months of real training, wellness and a plan: no widget falls back to an empty or estimated state.
  await expect(region("Today's Workout").getByRole('button', { name: 'Mark Done' })).toBeVisible();
  await expect(region('Recovery Status').getByText(/^\d+%$/)).toBeVisible();
  await expect(region('Recovery Status').getByText(/^\d+ ms$/)).toBeVisible();
  await expect(region('Weekly Summary').getByText(/^\d+\/\d+\s*sessions$/)).toBeVisible();
  await expect(region('Race Countdown').getByText('Road to the 70.3')).toBeVisible();
  await expect(page.getByTestId('readiness-score')).toHaveText(/^\d+$/);
  await expect(page.getByText('Estimate', { exact: true })).toHaveCount(0);
  await expect(page.getByText('No race scheduled')).toHaveCount(0);

  // This week's planned sessions notify once: the bell counts it, and its list shows it (read, not marked read).
  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toBeVisible();
  const unread = Number((await bell.getAttribute('aria-label'))!.match(/(\d+) unread/)![1]);
  expect(unread).toBeGreaterThan(0);
  await bell.click();
  await expect(page.getByText(/^Your week: \d+ sessions/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark all read' })).toBeEnabled();
});

test('a week with a planned session notifies once on the bell, and reading it clears the badge', async ({
  page,
}) => {
  const token = await signedIn(page, 'bell');
  // A session today: the Monday week that holds today has a planned workout, whatever the weekday.
  const created = await page.request.post('/api/workout-planning/workouts', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title: 'Bell tempo',
      workout_date: format(new Date(), 'yyyy-MM-dd'),
      sport: 'run',
      workout_language_text: '40min easy',
    },
  });
  expect(created.status()).toBe(201);

  await page.goto('/dashboard');
  const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(page.getByText(/^Your week: 1 session, [\d.]+ h planned/)).toBeVisible();
  await page.getByRole('button', { name: 'Mark all read' }).click();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
});
