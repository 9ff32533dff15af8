// Illness in the coach (docs/coach.md, "Illness, injury and fatigue"): "I'm sick today" proposes a rest day with
// its reason; confirmed, the calendar shows the day's session as skipped (a rest day); undone, it is back.
import { expect, type Page, test } from '@playwright/test';
import { format } from 'date-fns';
import { signedUpAthlete, uniqueEmail } from './helpers.ts';

async function token(page: Page): Promise<string> {
  const stored = await page.evaluate(() => localStorage.getItem('stamina.session'));
  return (JSON.parse(stored ?? '{}') as { access_token: string }).access_token;
}

test('"I\'m sick today" becomes a rest day after confirmation, and undo restores the session', async ({
  page,
}) => {
  const email = uniqueEmail('coach-ill');
  await signedUpAthlete(page, 'Ivy Ill', email, 'sick-today-rest');

  const headers = { authorization: `Bearer ${await token(page)}` };
  const today = format(new Date(), 'yyyy-MM-dd');
  const created = await page.request.post('/api/training/workouts', {
    headers,
    data: { title: 'Threshold intervals', workout_date: today, sport: 'run', duration: 60, intensity: 4 },
  });
  expect(created.ok()).toBe(true);

  await page.goto('/coach');
  const input = page.getByPlaceholder('Ask your coach anything...');
  await input.fill("I'm sick today");
  await input.press('Enter');
  const answer = page.getByRole('article', { name: 'Coach' }).last();
  await expect(answer).toContainText('no training until they are gone');
  await expect(answer).not.toContainText('as planned');
  const card = page.getByTestId('coach-action');
  await expect(card).toContainText(
    `Rest on ${format(new Date(), 'EEE d MMM')}: 'Threshold intervals' becomes a rest day`,
  );
  await expect(card).toContainText('Ill: rest until the symptoms are gone');
  await card.getByRole('button', { name: /^Confirm:/ }).click();
  await expect(card.getByText('Applied')).toBeVisible();

  const day = page.getByRole('region', { name: new RegExp(`^${format(new Date(), 'EEEE, MMMM d')}`) });
  await page.goto(`/calendar?date=${today}`);
  // The session stays on the day, marked skipped: the day is a rest day.
  await expect(day.getByRole('button', { name: /^Threshold intervals, .*Skipped$/ })).toBeVisible();

  await page.goto('/coach');
  await card.getByRole('button', { name: /^Undo:/ }).click();
  await expect(card.getByText('Undone')).toBeVisible();
  await page.goto(`/calendar?date=${today}`);
  await expect(day.getByRole('button', { name: 'Threshold intervals, Run, 1h, Zone 4' })).toBeVisible();
  await expect(day.getByRole('button', { name: /Skipped$/ })).toHaveCount(0);
});
