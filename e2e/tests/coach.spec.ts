// The coach flow (docs/coach.md): an athlete with a plan asks the coach to move Saturday's long ride to Sunday,
// confirms the card, sees the ride on Sunday on the calendar, then asks why the workout changed and gets the
// recorded reason, with the numbers linked.
import { expect, type Page, test } from '@playwright/test';
import { addDays, format } from 'date-fns';
import { signedUpAthlete, uniqueEmail } from './helpers.ts';

/** The next `weekday` (0 Sunday … 6 Saturday) from today, today included. */
const next = (weekday: number) => addDays(new Date(), (weekday - new Date().getDay() + 7) % 7);

async function token(page: Page): Promise<string> {
  const stored = await page.evaluate(() => localStorage.getItem('stamina.session'));
  return (JSON.parse(stored ?? '{}') as { access_token: string }).access_token;
}

test('the coach moves a long ride on request, after confirmation, and says why it changed', async ({
  page,
}) => {
  const email = uniqueEmail('coach');
  await signedUpAthlete(page, 'Cora Coach', email, 'long-ride-sunday');

  const headers = { authorization: `Bearer ${await token(page)}` };
  const saturday = next(6);
  // The Sunday after that Saturday, as the coach reads "to Sunday" (on a Sunday, today is before the Saturday).
  const sunday = addDays(saturday, 1);
  const plan = await page.request.post('/api/training/plans', {
    headers,
    data: {
      title: 'Autumn century',
      race_type: 'Century Ride',
      start_date: format(addDays(new Date(), -7), 'yyyy-MM-dd'),
      race_date: format(addDays(new Date(), 70), 'yyyy-MM-dd'),
    },
  });
  expect(plan.ok()).toBe(true);
  const ride = await page.request.post('/api/training/workouts', {
    headers,
    data: {
      title: 'Long ride',
      workout_date: format(saturday, 'yyyy-MM-dd'),
      sport: 'bike',
      duration: 180,
      intensity: 2,
      plan_id: (await plan.json()).data.id,
    },
  });
  expect(ride.ok()).toBe(true);

  await page.goto('/coach');
  const input = page.getByPlaceholder('Ask your coach anything...');
  await expect(page.getByText('No AI model is connected')).toBeVisible();
  await input.fill("move Saturday's long ride to Sunday");
  await input.press('Enter');
  const card = page.getByTestId('coach-action');
  await expect(card).toContainText(
    `Move 'Long ride' from ${format(saturday, 'EEE d MMM')} to ${format(sunday, 'EEE d MMM')}`,
  );
  await card.getByRole('button', { name: /^Confirm:/ }).click();
  await expect(card.getByText('Applied')).toBeVisible();

  await page.goto(`/calendar?date=${format(sunday, 'yyyy-MM-dd')}`);
  const sundayColumn = page.getByRole('region', { name: new RegExp(`^${format(sunday, 'EEEE, MMMM d')}`) });
  await expect(sundayColumn.getByRole('button', { name: /^Long ride, Bike/ })).toBeVisible();

  await page.goto('/coach');
  await input.fill('why did my workout change?');
  await input.press('Enter');
  const answer = page.getByRole('article', { name: 'Coach' }).last();
  await expect(answer).toContainText('Moved at your request');
  // Who understood the message is said in words under the answer.
  await expect(answer.getByText('Answered by the built-in rules')).toBeVisible();
  await expect(answer.getByRole('link', { name: /^Change on / })).toHaveAttribute(
    'href',
    `/calendar?date=${format(sunday, 'yyyy-MM-dd')}`,
  );
});
