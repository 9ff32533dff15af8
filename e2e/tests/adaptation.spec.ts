// Plan adaptation (docs/adaptation.md): an athlete whose plan was generated from a goal logs two poor nights,
// runs today's adaptation from the Journey page, and sees today's long run eased with its reason: in the plan's
// history, on the calendar's workout and in a notification. Undoing it puts the session back.
import { expect, type Page, test } from '@playwright/test';
import { addDays, format } from 'date-fns';
import { signedUpAthlete, uniqueEmail } from './helpers.ts';

async function token(page: Page): Promise<string> {
  const stored = await page.evaluate(() => localStorage.getItem('stamina.session'));
  return (JSON.parse(stored ?? '{}') as { access_token: string }).access_token;
}

test("two poor nights ease today's long run, with the reason shown, and Undo puts it back", async ({
  page,
}) => {
  const email = uniqueEmail('adapt');
  await signedUpAthlete(page, 'Ada Adapt', email, 'poor-nights');
  const headers = { authorization: `Bearer ${await token(page)}` };
  const today = format(new Date(), 'yyyy-MM-dd');

  // A plan generated from a goal, with the long run on today's weekday, so today holds a key session. A plan made
  // on a Saturday or a Sunday has a first week of a day or two that holds easy sessions only
  // (docs/plan-generator.md, "Calendar weeks"): the athlete's weeks then start today (Settings' week start), so
  // the plan's first week is a whole one, whatever day the test runs on.
  const weekday = format(new Date(), 'EEEE').toLowerCase();
  if (weekday === 'saturday' || weekday === 'sunday') {
    const weekStart = await page.request.put('/api/auth/profile', { headers, data: { weekStart: weekday } });
    expect(weekStart.ok(), await weekStart.text()).toBe(true);
  }
  const created = await page.request.post('/api/onboarding/sessions', {
    headers,
    data: { consent_version: '1.0.0', language: 'en' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const sessionId = (await created.json()).data.onboarding_session_id as string;
  const race = format(addDays(new Date(), 120), 'MMMM d, yyyy');
  const prompt = await page.request.post(`/api/onboarding/sessions/${sessionId}/prompt`, {
    headers,
    data: {
      prompt: `I want to run a marathon on ${race}, 7 hours a week, long runs on ${format(new Date(), 'EEEE')}`,
    },
  });
  expect(prompt.ok(), await prompt.text()).toBe(true);
  await expect
    .poll(
      async () =>
        (await (await page.request.get(`/api/onboarding/sessions/${sessionId}`, { headers })).json()).data
          .status,
      { timeout: 30_000 },
    )
    .toBe('PLAN_DRAFTED');
  const approved = await page.request.post(`/api/onboarding/sessions/${sessionId}/approve`, {
    headers,
    data: { replace_active_plan: false },
  });
  expect(approved.ok(), await approved.text()).toBe(true);
  const todays = await page.request.get(`/api/training/workouts?date_from=${today}&date_to=${today}`, {
    headers,
  });
  const todaysList = (await todays.json()).data as { id: string; title: string }[];
  // The long run, which the adaptation eases (today may hold a strength session too).
  const session = todaysList.find((w) => /^long run/i.test(w.title));
  expect(
    session,
    `the plan has its long run today: ${todaysList.map((w) => w.title).join(', ')}`,
  ).toBeDefined();

  // Two poor nights: readiness below 55 yesterday and today.
  for (const date of [format(addDays(new Date(), -1), 'yyyy-MM-dd'), today]) {
    const night = await page.request.post('/api/metrics', {
      headers,
      data: {
        date,
        hrv: 18,
        resting_hr: 72,
        sleep_hours: 5,
        sleep_quality: 1,
        readiness: 1,
        fatigue_level: 9,
      },
    });
    expect(night.status()).toBeLessThan(300);
  }

  await page.goto('/plan');
  await page.getByRole('button', { name: 'Adapt today' }).click();
  const reason = page.getByText(new RegExp(`^Readiness \\d+.*today's ${session!.title}`, 'i')).first();
  await expect(reason).toBeVisible();
  const reasonText = (await reason.textContent()) ?? '';

  // The same reason on today's workout in the calendar, and in a notification.
  const eased = (
    await (
      await page.request.get(`/api/training/workouts?date_from=${today}&date_to=${today}`, { headers })
    ).json()
  ).data as { id: string; title: string }[];
  expect(eased.map((w) => w.title)).not.toContain(session!.title);
  const notifications = (await (await page.request.get('/api/notifications', { headers })).json()).data
    .notifications as { body: string }[];
  expect(notifications.map((n) => n.body)).toContain(reasonText);
  // The eased session: the one of today's whose title is new (today may hold a strength session too).
  const adapted = eased.find((w) => !todaysList.some((t) => t.title === w.title)) ?? eased[0]!;
  await page.goto(`/calendar?date=${today}`);
  await page
    .getByRole('button', { name: new RegExp(`^${adapted.title}`) })
    .first()
    .click();
  const detail = page.getByRole('dialog');
  await expect(detail.getByText('Adapted')).toBeVisible();
  await expect(detail.getByText(reasonText)).toBeVisible();
  await page.keyboard.press('Escape');

  // Undo: the session is back as it was.
  await page.goto('/plan');
  await page.getByRole('button', { name: `Undo: ${reasonText}` }).click();
  await expect(page.getByText('Undone').first()).toBeVisible();
  const back = (
    await (
      await page.request.get(`/api/training/workouts?date_from=${today}&date_to=${today}`, { headers })
    ).json()
  ).data as { title: string }[];
  expect(back.map((w) => w.title)).toContain(session!.title);
});
