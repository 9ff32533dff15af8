// Keeping the record (issue #32 §1, docs/training-load.md "Logged sessions", docs/wellness.md): yesterday's
// wellness fixed from the Metrics page at phone width, a workout marked done with how it went (its RPE and the
// minutes done give the TSS that counts), and a yoga session planned on the calendar.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { addDays, format } from 'date-fns';
import { signedUpAthlete, uniqueEmail } from './helpers.ts';

const iso = (date: Date) => format(date, 'yyyy-MM-dd');

async function apiGet<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const response = await request.get(url, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

interface WellnessDay {
  id: string;
  resting_hr: number | null;
  weight_kg: number | null;
}
const dayOf = async (request: APIRequestContext, token: string, date: string) =>
  (await apiGet<WellnessDay[]>(request, token, `/api/metrics?start_date=${date}&end_date=${date}`))[0];

async function pickDay(page: Page, date: string) {
  await page.locator('form#log-today').getByLabel('Day').fill(date);
}

test.describe('at phone width', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("fix yesterday's wellness: log it, correct it, delete it", async ({ page, request }) => {
    const token = await signedUpAthlete(
      page,
      'Wes Wellness',
      uniqueEmail('wellness-past'),
      'yesterday-fixed',
    );
    const yesterday = iso(addDays(new Date(), -1));
    await page.goto('/metrics');
    const form = page.locator('form#log-today');
    await expect(form.getByRole('heading', { name: "Today's wellness" })).toBeVisible();

    await pickDay(page, yesterday);
    await expect(form.getByRole('heading', { name: /^Wellness for / })).toBeVisible();
    await form.getByLabel('Resting HR (bpm)').fill('51');
    await form.getByLabel('Body weight (kg)').fill('70.4');
    await form.getByRole('button', { name: 'Save wellness' }).click();
    await expect(page.getByText(/^Wellness for .* saved$/).first()).toBeVisible();
    await expect.poll(async () => (await dayOf(request, token, yesterday))?.resting_hr).toBe(51);

    // Back on the page later: yesterday opens with what was logged, and a correction replaces it.
    await page.reload();
    await pickDay(page, yesterday);
    await expect(form.getByLabel('Resting HR (bpm)')).toHaveValue('51');
    await expect(form.getByLabel('Body weight (kg)')).toHaveValue('70.4');
    await form.getByLabel('Resting HR (bpm)').fill('49');
    await form.getByLabel('Body weight (kg)').fill('');
    await form.getByRole('button', { name: 'Save wellness' }).click();
    await expect
      .poll(async () => {
        const day = await dayOf(request, token, yesterday);
        return [day?.resting_hr, day?.weight_kg];
      })
      .toEqual([49, null]);

    // A future day is refused before anything is sent.
    await pickDay(page, iso(addDays(new Date(), 1)));
    await form.getByLabel('Resting HR (bpm)').fill('48');
    await form.getByRole('button', { name: /^Save/ }).click();
    await expect(form.getByText(/not a future one/)).toBeVisible();

    await pickDay(page, yesterday);
    await form.getByRole('button', { name: 'Delete entry' }).click();
    await form.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page.getByText(/^Wellness for .* deleted$/).first()).toBeVisible();
    await expect.poll(async () => dayOf(request, token, yesterday)).toBeUndefined();
  });
});

test('mark done with RPE: the minutes done and how hard it felt make the TSS that counts', async ({
  page,
  request,
}) => {
  const token = await signedUpAthlete(page, 'Rae Effort', uniqueEmail('rpe'), 'felt-like-seven');
  const created = await request.post('/api/workout-planning/workouts', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title: 'Steady hour',
      workout_date: iso(new Date()),
      sport: 'run',
      duration_minutes: 60,
      intensity_zone: 2,
    },
  });
  expect(created.status()).toBe(201);
  const workout = ((await created.json()) as { data: { id: string } }).data;

  await page.goto('/calendar');
  await page
    .getByRole('button', { name: /^Steady hour, Run, 1h/ })
    .first()
    .click();
  const detail = page.getByRole('dialog');
  await detail.getByRole('button', { name: 'Mark Done' }).click();
  const form = detail.getByRole('form', { name: 'How did it go?' });
  await form.getByLabel('Actual duration (minutes)').fill('45');
  await form.getByLabel('How hard did it feel? (RPE 1-10)').selectOption('7');
  await form.getByLabel('Note').fill('Windy on the way back');
  await form.getByRole('button', { name: 'Mark Done' }).click();
  await expect(page.getByText('Workout marked as completed!').first()).toBeVisible();
  // The dialog shows what was done: 45 min, RPE 7, and its TSS: 0.75 h × IF(RPE 7) 0.9² × 100 = 60.75.
  await expect(detail.getByText('RPE 7')).toBeVisible();
  await expect(detail.getByText('45 min done')).toBeVisible();
  await expect(detail.getByText('TSS 61')).toBeVisible();
  await expect(detail.getByText('Windy on the way back')).toBeVisible();

  const saved = await apiGet<{
    rpe: number;
    actual_tss: number;
    actual_duration_minutes: number;
    tss: number;
  }>(request, token, `/api/workout-planning/workouts/${workout.id}`);
  expect(saved).toMatchObject({ rpe: 7, actual_duration_minutes: 45, actual_tss: 60.8, tss: 56.3 });
});

test('plan a yoga session on the calendar', async ({ page, request }) => {
  const token = await signedUpAthlete(page, 'Yara Flow', uniqueEmail('yoga'), 'downward-dog-60');
  await page.goto('/calendar');
  await page.getByRole('button', { name: 'Add workout', exact: true }).click();
  await page.getByRole('button', { name: /Create Custom/ }).click();
  const editor = page.getByRole('dialog');
  await editor.getByLabel('Title').fill('Evening yoga');
  await editor.getByLabel('Date').fill(iso(new Date()));
  await editor.getByLabel('Duration (min)').fill('60');
  // The sport radios are visually hidden inside their labels: choose by the label.
  await editor
    .locator('label')
    .filter({ hasText: /^Yoga$/ })
    .click();
  await expect(editor.getByRole('radio', { name: 'Yoga' })).toBeChecked();
  await editor.getByRole('button', { name: 'Create' }).click();
  await expect(editor).toBeHidden();

  await expect(page.getByRole('button', { name: /^Evening yoga, Yoga, 1h/ }).first()).toBeVisible();
  const listed = await apiGet<Array<{ title: string; sport: string }>>(
    request,
    token,
    `/api/workout-planning/workouts?date_from=${iso(new Date())}&date_to=${iso(new Date())}`,
  );
  expect(listed).toMatchObject([{ title: 'Evening yoga', sport: 'yoga' }]);
});
