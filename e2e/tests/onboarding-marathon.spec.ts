// Issue 26: a marathon goal with a best time, written as an athlete writes it. The review and the Journey page
// say whether the target is within reach (the feasibility note), and the calendar holds sessions at the goal's
// marathon pace (3:15:00 / 42.195 km = 4:37/km), not at a default threshold.
import { expect, type Page, test } from '@playwright/test';
import { addDays, format } from 'date-fns';
import { signedUpAthlete, uniqueEmail } from './helpers.ts';

async function token(page: Page): Promise<string> {
  const stored = await page.evaluate(() => localStorage.getItem('stamina.session'));
  return (JSON.parse(stored ?? '{}') as { access_token: string }).access_token;
}

test('a 3:15 marathon goal from a 3:21 best: feasibility on review and Journey, sessions at 4:37/km', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('marathon-goal');
  await signedUpAthlete(page, 'Mara Thon', email, 'goal-three-fifteen', { offerOnboarding: true });

  const dialog = page.getByRole('dialog');
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: "Let's Get Started" }).click();
  const race = addDays(new Date(), 16 * 7);
  await dialog
    .getByRole('textbox', { name: 'Your goal' })
    .fill(
      `Marathon on ${format(race, 'MMMM do')}, goal 3:15 to qualify for Boston. PB 3:21. ` +
        'I run about 9 hours a week, long run on Sundays',
    );
  await dialog.getByRole('button', { name: 'Create My Plan' }).click();
  await expect(dialog.getByRole('heading', { name: 'Connect your devices' })).toBeVisible({
    timeout: 60_000,
  });
  await dialog.getByRole('button', { name: 'Skip for now' }).click();

  // The review read the target and the date, and says whether 3:15 is within reach from a 3:21 best.
  await expect(dialog.getByRole('heading', { name: 'Review your plan' })).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Target' })).toHaveValue('3:15:00');
  await expect(dialog.getByLabel('Race date')).toHaveValue(format(race, 'yyyy-MM-dd'));
  const note = dialog.getByRole('region', { name: /^Your target: / });
  await expect(note).toBeVisible();
  await expect(note.getByText('3:15:00', { exact: true })).toBeVisible();
  await expect(note.getByText(/VDOT|Riegel/)).toBeVisible();
  // What the reader took from the words is shown, each removable ("What we read about you").
  const read = dialog.getByRole('region', { name: 'What we read about you' });
  await expect(read.getByText('42.2 km run in 3:21:00')).toBeVisible();
  await expect(
    read.getByRole('button', { name: 'Not right: remove "42.2 km run in 3:21:00"' }),
  ).toBeEnabled();

  await dialog.getByRole('button', { name: 'Approve plan' }).click();
  await expect(dialog.getByRole('heading', { name: "You're all set!" })).toBeVisible({ timeout: 15_000 });
  await dialog.getByRole('button', { name: 'Go to Dashboard' }).click();

  // Journey: the same note under "Why this plan", and the reviewer's verdict.
  await page.goto('/plan');
  await expect(page.getByText('Why this plan')).toBeVisible();
  await expect(page.getByRole('region', { name: /^Your target: / })).toBeVisible();

  // The plan's sessions carry the goal's marathon pace in their text; the calendar shows one of them.
  const headers = { authorization: `Bearer ${await token(page)}` };
  const from = format(new Date(), 'yyyy-MM-dd');
  const to = format(race, 'yyyy-MM-dd');
  const workouts = (
    await (
      await page.request.get(`/api/workout-planning/workouts?date_from=${from}&date_to=${to}&limit=500`, {
        headers,
      })
    ).json()
  ).data as { title: string; workout_date: string; workout_language_text: string | null }[];
  const atMarathonPace = workouts.filter((w) => w.workout_language_text?.includes('4:37/km'));
  expect(atMarathonPace.length).toBeGreaterThan(2);
  // Easy running is well slower than marathon pace (Daniels' E pace for a 3:15-3:21 marathoner).
  const easy = workouts.find((w) => /^Easy run/.test(w.title) && w.workout_language_text?.includes('/km'));
  expect(easy?.workout_language_text).toMatch(/5:[1-5]\d/);

  const session = atMarathonPace[0]!;
  await page.goto(`/calendar?date=${session.workout_date}`);
  await page
    .getByRole('button', { name: new RegExp(`^${session.title}`) })
    .first()
    .click();
  await expect(
    page
      .getByRole('dialog')
      .getByText(/4:37\/km/)
      .first(),
  ).toBeVisible();
});
