// A matched workout set back to planned frees its activity (docs/activities.md, "Matching": a link exists only
// while the workout is completed). A new athlete plans a run, uploads a TCX run of that day that completes it, and
// sees it completed on the calendar with View activity. The workout is then set back to planned: the app offers
// no status control for it (the workout detail dialog has Mark Done only, docs/screens.md), so it is set back as
// another client does, `PUT /api/workout-planning/workouts/{id}` with `status: 'planned'`. What the athlete sees:
// the calendar shows the run planned with Mark Done and no View activity, the activity's page has no planned
// workout and offers matching again, and matching it again by hand completes the run once more.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { format } from 'date-fns';
import { signedUpAthlete, uniqueEmail } from './helpers.ts';

/** Kept in the repository with its source and licence (fixtures/activities/SOURCES.md): Sport="Running". */
const FIXTURE = join(import.meta.dirname, '..', '..', 'fixtures', 'activities', 'run-hr-fr410.tcx');

const TITLE = 'Set-back run';

/** The fixture with every time moved so that the run starts at 09:00 UTC on `day`, the rest as the device wrote it. */
function runOn(day: Date): Buffer {
  const tcx = readFileSync(FIXTURE, 'utf8');
  const stamp = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g;
  const times = [...tcx.matchAll(stamp)].map((m) => Date.parse(m[0]));
  const start = Date.UTC(day.getFullYear(), day.getMonth(), day.getDate(), 9);
  const shift = start - Math.min(...times);
  return Buffer.from(tcx.replace(stamp, (time) => new Date(Date.parse(time) + shift).toISOString()));
}

async function signedIn(page: Page): Promise<string> {
  const email = uniqueEmail('setback');
  await signedUpAthlete(page, 'Pat Planned', email, 'back-to-planned');
  const stored = await page.evaluate(() => localStorage.getItem('stamina.session'));
  return (JSON.parse(stored ?? '{}') as { access_token: string }).access_token;
}

const region = (page: Page, name: string) => page.getByRole('region', { name: new RegExp(`^${name}`) });

test('a matched run set back to planned lets go of its activity: calendar, activity page, matched again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const token = await signedIn(page);
  const auth = { authorization: `Bearer ${token}` };
  const day = new Date(Date.now() - 2 * 86_400_000);
  const date = format(day, 'yyyy-MM-dd');

  const planned = await page.request.post('/api/workout-planning/workouts', {
    headers: auth,
    data: { title: TITLE, workout_date: date, sport: 'run', workout_language_text: '30min easy' },
  });
  expect(planned.status()).toBe(201);
  const workoutId = ((await planned.json()) as { data: { id: string } }).data.id;

  // The upload: a run on the planned run's day completes it.
  await page.goto('/activities');
  await expect(page.getByText('No activities yet')).toBeVisible();
  await page.getByLabel('Upload activity files').setInputFiles({
    name: 'forerunner-run.tcx',
    mimeType: 'application/vnd.garmin.tcx+xml',
    buffer: runOn(day),
  });
  const uploads = page.getByRole('list', { name: 'Uploads' });
  await expect(uploads.getByText('Imported')).toBeVisible({ timeout: 30_000 });
  await uploads.getByRole('link', { name: 'View activity from forerunner-run.tcx' }).click();
  await expect(page).toHaveURL(/\/activities\/[^/]+$/);
  const activityPath = new URL(page.url()).pathname;
  const activityId = activityPath.split('/').at(-1)!;
  await expect(region(page, 'Planned workout').getByText(TITLE)).toBeVisible();
  await expect(region(page, 'Planned workout').getByRole('button', { name: 'Unmatch' })).toBeVisible();

  // The calendar: completed, linked to the activity.
  const calendar = `/calendar?view=week&date=${date}`;
  await page.goto(calendar);
  const completedCard = page.getByRole('button', {
    name: new RegExp(`^${TITLE}, Run, .*Completed, TSS \\d+$`),
  });
  await expect(completedCard).toBeVisible();
  await completedCard.click();
  let detail = page.getByRole('dialog', { name: TITLE });
  await expect(detail.getByRole('link', { name: 'View activity' })).toHaveAttribute('href', activityPath);
  await expect(detail.getByRole('button', { name: 'Mark Done' })).toHaveCount(0);
  await detail.getByRole('button', { name: 'Close' }).click();
  await expect(detail).toBeHidden();

  // Set back to planned, as another client does (the app itself has no control for it).
  const setBack = await page.request.put(`/api/workout-planning/workouts/${workoutId}`, {
    headers: auth,
    data: { status: 'planned' },
  });
  expect(setBack.status()).toBe(200);
  expect(((await setBack.json()) as { data: { status: string } }).data.status).toBe('planned');

  // The calendar shows it planned: no Completed, no TSS, Mark Done offered, no View activity.
  await page.goto(calendar);
  const plannedCard = page.getByRole('button', { name: new RegExp(`^${TITLE}, Run, `) });
  await expect(plannedCard).toBeVisible();
  await expect(plannedCard).not.toHaveAccessibleName(/Completed/);
  await plannedCard.click();
  detail = page.getByRole('dialog', { name: TITLE });
  await expect(detail.getByRole('button', { name: 'Mark Done' })).toBeVisible();
  await expect(detail.getByText('Completed', { exact: true })).toHaveCount(0);
  await expect(detail.getByRole('link', { name: 'View activity' })).toHaveCount(0);
  await detail.getByRole('button', { name: 'Close' }).click();
  const calendarRead = await page.request.get(
    `/api/workout-planning/calendar?date_from=${date}&date_to=${date}`,
    { headers: auth },
  );
  const events = (
    (await calendarRead.json()) as {
      data: { calendar_events: { title: string; status: string; activity_id: string | null }[] };
    }
  ).data.calendar_events;
  expect(events.find((e) => e.title === TITLE)).toMatchObject({ status: 'planned', activity_id: null });

  // The activity's page: no planned workout, still training, and matching offered again.
  await page.goto(activityPath);
  const section = region(page, 'Planned workout');
  await expect(
    section.getByText('Not matched to a planned workout. It still counts as training.'),
  ).toBeVisible();
  await expect(section.getByText(TITLE)).toHaveCount(0);
  await expect(section.getByRole('button', { name: 'Unmatch' })).toHaveCount(0);
  const activity = await page.request.get(`/api/activities/${activityId}`, { headers: auth });
  expect(((await activity.json()) as { data: Record<string, unknown> }).data).toMatchObject({
    workout_id: null,
    matched_workout: null,
  });

  // The freed run is offered, and matching it by hand completes it again, linked to the activity.
  await section.getByRole('button', { name: 'Match to a workout' }).click();
  const matchDialog = page.getByRole('dialog', { name: 'Match to a planned workout' });
  await matchDialog.getByRole('radio', { name: new RegExp(`^${TITLE}`) }).check();
  await matchDialog.getByRole('button', { name: 'Match', exact: true }).click();
  await expect(page.getByText('Activity matched').first()).toBeVisible();
  await expect(matchDialog).toBeHidden();
  await expect(section.getByText(TITLE)).toBeVisible();
  await page.goto(calendar);
  await expect(completedCard).toBeVisible();
  await completedCard.click();
  await expect(
    page.getByRole('dialog', { name: TITLE }).getByRole('link', { name: 'View activity' }),
  ).toHaveAttribute('href', activityPath);
});
