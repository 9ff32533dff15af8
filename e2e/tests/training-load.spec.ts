// The training-load flow: a new athlete sees sample charts marked Demo; after completing three workouts on
// three days, the Analytics page shows their own TSS and rising fitness, and the Progress page their own
// consistency and time in zones. With a session done and one planned ahead, the calendar's week totals weigh
// done against planned and the fitness chart projects to the plan, over a range of the athlete's choosing.
import { expect, type Page, test } from '@playwright/test';
import { addDays, format, isSameWeek, subDays } from 'date-fns';
import { signedUpAthlete, uniqueEmail } from './helpers.ts';

// 50 minutes, 15 of them in Z4: 30 % high intensity, 70 % easy (rest counts as zone 1).
const TEXT = 'Warmup: 15min easy, 5x 3min @ Z4 with 2min recovery, cooldown 10min';

async function signedIn(page: Page): Promise<string> {
  return signedUpAthlete(page, 'Lou Load', uniqueEmail('load'), 'ctl-atl-tsb-42');
}

const card = (page: Page, title: string) => page.getByRole('region', { name: new RegExp(`^${title}`) });

async function addWorkout(page: Page, title: string, date: Date): Promise<void> {
  await page.getByRole('button', { name: 'Add Workout' }).first().click();
  await page.getByRole('button', { name: /Create Custom/ }).click();
  const editor = page.getByRole('dialog');
  await editor.getByLabel('Title').fill(title);
  await editor.getByLabel('Date').fill(format(date, 'yyyy-MM-dd'));
  await editor.getByLabel('Workout description').fill(TEXT);
  await expect(editor.getByText('Estimated 50 min')).toBeVisible();
  await editor.getByRole('button', { name: 'Create' }).click();
  await expect(editor).toBeHidden();
}

async function markDone(page: Page, title: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^${title}, Run`) }).click();
  const detail = page.getByRole('dialog');
  await detail.getByRole('button', { name: 'Mark Done' }).click();
  // The optional "How did it go?" form, sent as it is.
  await detail
    .getByRole('form', { name: 'How did it go?' })
    .getByRole('button', { name: 'Mark Done' })
    .click();
  await expect(page.getByText('Workout marked as completed!').first()).toBeVisible();
  await detail.getByRole('button', { name: 'Close' }).click();
  await expect(detail).toBeHidden();
}

test('completed workouts raise TSS and fitness on Analytics and fill Progress', async ({ page }) => {
  await signedIn(page);

  // An empty account: sample charts, each marked Demo, never shown as the athlete's own.
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  await expect(page.getByText(/Charts marked Demo show sample data/)).toBeVisible();
  await expect(card(page, 'Fitness, Fatigue and Form').getByText('Demo')).toBeVisible();
  await page.goto('/progress');
  await expect(card(page, 'Consistency').getByText('Demo')).toBeVisible();

  // Three workouts on the three days before today, each completed.
  await page.goto('/workouts');
  const titles = ['Threshold one', 'Threshold two', 'Threshold three'];
  for (const [i, title] of titles.entries()) await addWorkout(page, title, subDays(new Date(), 3 - i));
  for (const title of titles) await markDone(page, title);

  // Analytics: the athlete's own weeks, no sample; TSS and fitness above zero.
  await page.goto('/analytics');
  const hours = card(page, 'Weekly Hours by Sport');
  await expect(hours.getByText('Total: 2.5h')).toBeVisible();
  await expect(page.getByText(/Charts marked Demo/)).toHaveCount(0);
  const tss = Number((await hours.getByText(/^TSS: /).textContent())!.replace(/\D/g, ''));
  expect(tss).toBeGreaterThan(100);
  const form = card(page, 'Fitness, Fatigue and Form');
  await expect(form.getByText('Demo')).toHaveCount(0);
  const fitness = Number((await form.getByText(/^Fitness \d+$/).textContent())!.replace(/\D/g, ''));
  expect(fitness).toBeGreaterThan(0);

  // Progress: every planned day done, and the zones of these three sessions.
  await page.goto('/progress?period=4weeks');
  const consistency = card(page, 'Consistency');
  await expect(consistency.getByText('100% complete')).toBeVisible();
  await expect(consistency.getByText('Demo')).toHaveCount(0);
  const zones = card(page, 'Time in Zones');
  await expect(zones.getByRole('figure')).toHaveAccessibleName(
    'Time in zones: Aerobic (Z1-Z2) 70%, Tempo (Z3) 0%, Intensity (Z4-Z5) 30%.',
  );
  await expect(zones.getByText('30%', { exact: true })).toBeVisible();
});

test('the calendar weighs the week done against planned, and the fitness chart projects to the plan', async ({
  page,
}) => {
  const token = await signedIn(page);
  // Through the API: the session done yesterday and one planned five days ahead, 50 minutes each.
  const yesterday = subDays(new Date(), 1);
  const ahead = addDays(new Date(), 5);
  for (const [title, day, status] of [
    ['Threshold done', yesterday, 'completed'],
    ['Threshold ahead', ahead, 'planned'],
  ] as const) {
    const created = await page.request.post('/api/workout-planning/workouts', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        title,
        workout_date: format(day, 'yyyy-MM-dd'),
        sport: 'run',
        workout_language_text: TEXT,
        status,
      },
    });
    expect(created.status()).toBe(201);
  }

  // The week of the planned one (Monday weeks, the default): per sport, the time done against planned.
  await page.goto(`/calendar?view=week&date=${format(ahead, 'yyyy-MM-dd')}`);
  const doneThatWeek = isSameWeek(yesterday, ahead, { weekStartsOn: 1 }) ? 1 : 0;
  const totals = page.getByRole('region', { name: /Week totals/ });
  const run = totals.getByRole('row').filter({ hasText: /^Run/ });
  await expect(run).toContainText(doneThatWeek ? '50 min / 1h 40m' : '0h / 50 min');
  await expect(totals.getByRole('row').filter({ hasText: /^Total/ })).toBeVisible();

  // The fitness chart projects to the planned session, and its range can be chosen.
  await page.goto('/analytics');
  const form = card(page, 'Fitness, Fatigue and Form');
  await expect(form.getByText('Daily, last 3 months, projected to the last planned session')).toBeVisible();
  await expect(form.getByText(/^[A-Z][a-z]{2} \d+: fitness \d+, form −?\d+ \(projected\)$/)).toBeVisible();
  await form.getByRole('button', { name: '1 year' }).click();
  await expect(page).toHaveURL(/fitness=1y/);
  await expect(form.getByText('Daily, last 1 year, projected to the last planned session')).toBeVisible();
});
