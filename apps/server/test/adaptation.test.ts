// Plan changes and the daily adaptation (docs/adaptation.md) through the API and the service, on the real
// database: applying and undoing a change, the history, and the athlete's choices winning.
import { randomUUID } from 'node:crypto';
import { addDays, coachDay, weekStartOf } from '@stamina/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinToday } from '../../../test-support/today.ts';
import type { Db } from '../src/db/client.ts';
import { createWorkoutService } from '../src/modules/workouts/service.ts';
import type { AuthContext } from '../src/plugins/authenticate.ts';
import { activityFixture } from './activity-fixtures.ts';
import { storedOutline } from './generated-plan-fixture.ts';
import { bearer, buildSecondApp, createTestApp, multipartForm, type TestApp } from './helpers.ts';

let t: TestApp;
const today = pinToday(); // test athletes live in UTC

async function athlete(name: string) {
  const { session } = await t.signUpAndConfirm({ name });
  const auth = { athleteId: session.user.athlete_id, timezone: 'UTC' } as AuthContext;
  return { token: session.access_token, id: session.user.athlete_id, auth };
}

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function plan(token: string) {
  const res = await call(token, 'POST', '/api/training/plans', {
    title: 'Spring marathon',
    race_type: 'Marathon',
    race_date: addDays(today, 90),
    start_date: addDays(today, -14),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

/** A planned workout as the generator stores it (not by the athlete's hand): written through the service. */
async function generatedWorkout(
  athleteId: string,
  planId: string,
  values: { title: string; date: string; text: string; zone: number; minutes: number },
) {
  const [row] = await t.db.transaction((tx) =>
    createWorkoutService(t.db as Db).insertPlanned(tx, athleteId, [
      {
        title: values.title,
        workout_date: values.date,
        sport: 'run',
        workout_language_text: values.text,
        duration_minutes: values.minutes,
        intensity_zone: values.zone,
        plan_id: planId,
      },
    ]),
  );
  return row!;
}

beforeAll(async () => {
  t = await createTestApp({ jobs: { worker: false } });
});
afterAll(() => t.close());

describe('applyChange and undo', () => {
  it('swaps a workout, lists the change with its reason, and undoes it back to the same workout', async () => {
    const ana = await athlete('Ana');
    const planId = await plan(ana.token);
    const w = await generatedWorkout(ana.id, planId, {
      title: 'VO2 intervals',
      date: today,
      text: '15min Z2, 5x3min Z5 / 3min Z1, 10min Z1',
      zone: 5,
      minutes: 55,
    });
    const change = await t.app.adaptation.applyChange(ana.auth, {
      workoutId: w.id,
      kind: 'swap',
      source: 'adaptation',
      reason: "Readiness 38: today's VO2 session became a 55-min Z2 run",
      patch: { title: 'Easy run', workoutLanguageText: '55min Z2', intensityZone: 2, durationMinutes: 55 },
    });
    expect(change).toMatchObject({
      kind: 'swap',
      source: 'adaptation',
      date: today,
      plan_id: planId,
      workout_id: w.id,
      before: { title: 'VO2 intervals', intensity_zone: 5 },
      after: { title: 'Easy run', intensity_zone: 2, duration_minutes: 55 },
      undone_at: null,
    });
    const workout = (await call(ana.token, 'GET', `/api/workout-planning/workouts/${w.id}`)).json().data;
    expect(workout).toMatchObject({
      title: 'Easy run',
      intensity_zone: 2,
      workout_language_text: '55min Z2',
    });

    const list = await call(ana.token, 'GET', `/api/training/plans/${planId}/changes`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toMatchObject({ total: 1, items: [{ id: change.id, reason: change.reason }] });

    const undo = await call(ana.token, 'POST', `/api/training/plans/${planId}/changes/${change.id}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json().data.undone_at).not.toBeNull();
    const back = (await call(ana.token, 'GET', `/api/workout-planning/workouts/${w.id}`)).json().data;
    expect(back).toMatchObject({ title: 'VO2 intervals', intensity_zone: 5, duration_minutes: 55 });
    expect(back.workout_language_text).toBe('15min Z2, 5x3min Z5 / 3min Z1, 10min Z1');

    const again = await call(ana.token, 'POST', `/api/training/plans/${planId}/changes/${change.id}/undo`);
    expect(again.statusCode).toBe(409);
  });

  it('undoes a change after a threshold change re-parsed its workout, which changed none of its fields', async () => {
    const eva = await athlete('Eva');
    const planId = await plan(eva.token);
    const w = await generatedWorkout(eva.id, planId, {
      title: 'Threshold run',
      date: addDays(today, 1),
      text: '15min Z2, 3x8min Z4 / 2min Z1, 10min Z1',
      zone: 4,
      minutes: 60,
    });
    const change = await t.app.adaptation.applyChange(eva.auth, {
      workoutId: w.id,
      kind: 'ease',
      source: 'adaptation',
      reason: 'Eased to absorb the load',
      patch: { title: 'Steady run', workoutLanguageText: '60min Z3', intensityZone: 3, durationMinutes: 60 },
    });
    const before = (await call(eva.token, 'GET', `/api/workout-planning/workouts/${w.id}`)).json().data;
    const metrics = await call(eva.token, 'PUT', '/api/athletes/me/sport-metrics', {
      sport: 'running',
      values: { threshold_pace_seconds_per_km: 270, max_hr: null, resting_hr: null, lthr: null },
    });
    expect(metrics.statusCode, metrics.body).toBeLessThan(300);
    const reparsed = (await call(eva.token, 'GET', `/api/workout-planning/workouts/${w.id}`)).json().data;
    expect(reparsed.updated_at).not.toBe(before.updated_at);
    const undo = await call(eva.token, 'POST', `/api/training/plans/${planId}/changes/${change.id}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    const back = (await call(eva.token, 'GET', `/api/workout-planning/workouts/${w.id}`)).json().data;
    expect(back).toMatchObject({ title: 'Threshold run', intensity_zone: 4, duration_minutes: 60 });
  });

  it('undoes a drop by bringing the workout back with its id', async () => {
    const ben = await athlete('Ben');
    const planId = await plan(ben.token);
    const w = await generatedWorkout(ben.id, planId, {
      title: 'Easy run',
      date: addDays(today, -1),
      text: '40min Z2',
      zone: 2,
      minutes: 40,
    });
    const change = await t.app.adaptation.applyChange(ben.auth, {
      workoutId: w.id,
      kind: 'drop',
      source: 'adaptation',
      reason: 'Missed easy run dropped',
      patch: null,
    });
    expect(change.after).toBeNull();
    expect((await call(ben.token, 'GET', `/api/workout-planning/workouts/${w.id}`)).statusCode).toBe(404);
    const undo = await call(ben.token, 'POST', `/api/training/plans/${planId}/changes/${change.id}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    const back = await call(ben.token, 'GET', `/api/workout-planning/workouts/${w.id}`);
    expect(back.statusCode).toBe(200);
    expect(back.json().data).toMatchObject({ title: 'Easy run', plan_id: planId, duration_minutes: 40 });
  });

  it('refuses to undo a change whose workout the athlete edited since (409), and hides it from others (404)', async () => {
    const cleo = await athlete('Cleo');
    const other = await athlete('Dan');
    const planId = await plan(cleo.token);
    const w = await generatedWorkout(cleo.id, planId, {
      title: 'Tempo',
      date: today,
      text: '10min Z2, 20min Z4, 10min Z1',
      zone: 4,
      minutes: 40,
    });
    const change = await t.app.adaptation.applyChange(cleo.auth, {
      workoutId: w.id,
      kind: 'ease',
      source: 'adaptation',
      reason: 'Eased',
      patch: { workoutLanguageText: '40min Z2', intensityZone: 2 },
    });
    const edit = await call(cleo.token, 'PUT', `/api/workout-planning/workouts/${w.id}`, {
      title: 'Mine now',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const undo = await call(cleo.token, 'POST', `/api/training/plans/${planId}/changes/${change.id}/undo`);
    expect(undo.statusCode).toBe(409);
    // The adaptation never touches a workout edited by hand.
    await expect(
      t.app.adaptation.applyChange(cleo.auth, {
        workoutId: w.id,
        kind: 'ease',
        source: 'adaptation',
        reason: 'x',
        patch: { intensityZone: 1 },
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    const foreign = await call(
      other.token,
      'POST',
      `/api/training/plans/${planId}/changes/${change.id}/undo`,
    );
    expect(foreign.statusCode).toBe(404);
    expect((await call(other.token, 'GET', `/api/training/plans/${planId}/changes`)).statusCode).toBe(404);
  });
});

/** A poor night: short sleep, low HRV, high resting HR, low readiness — readiness lands below 40. */
async function poorNight(token: string, date = today) {
  const res = await call(token, 'POST', '/api/metrics', {
    date,
    hrv: 18,
    resting_hr: 72,
    sleep_hours: 5,
    sleep_quality: 1,
    readiness: 1,
    fatigue_level: 9,
    soreness: 8,
    mood: 1,
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

describe('POST /api/training/plans/{id}/adapt', () => {
  it('a wellness note reporting a fever makes today a rest day, then a gradual return', async () => {
    const ivy = await athlete('Ivy');
    const planId = await plan(ivy.token);
    const run = await generatedWorkout(ivy.id, planId, {
      title: 'Threshold intervals',
      date: today,
      text: '15min Z2, 3x10min Z4 / 2min Z1, 10min Z1',
      zone: 4,
      minutes: 60,
    });
    const back = await generatedWorkout(ivy.id, planId, {
      title: 'Long run',
      date: addDays(today, 2),
      text: '100min Z2',
      zone: 2,
      minutes: 100,
    });
    const note = await call(ivy.token, 'POST', '/api/metrics', {
      date: today,
      notes: 'Fever since last night',
    });
    expect(note.statusCode, note.body).toBeLessThan(300);
    const res = await call(ivy.token, 'POST', `/api/training/plans/${planId}/adapt`);
    expect(res.statusCode, res.body).toBe(200);
    const changes = res.json().data.changes as { workout_id: string; kind: string; reason: string }[];
    expect(changes.map((c) => [c.workout_id, c.kind])).toEqual([
      [run.id, 'rest'],
      [back.id, 'ease'],
    ]);
    expect(changes[0]!.reason).toMatch(/You noted you are ill/);
    const rested = (await call(ivy.token, 'GET', `/api/workout-planning/workouts/${run.id}`)).json().data;
    expect(rested.status).toBe('skipped');
    const eased = (await call(ivy.token, 'GET', `/api/workout-planning/workouts/${back.id}`)).json().data;
    expect(eased).toMatchObject({ title: 'Easy run', duration_minutes: 50, intensity_zone: 2 });
  });

  it("after a poor night swaps today's hard session, with its reason on the workout, the history and a notification", async () => {
    const eva = await athlete('Eva');
    const planId = await plan(eva.token);
    const vo2 = await generatedWorkout(eva.id, planId, {
      title: 'VO2max intervals',
      date: today,
      text: '15min Z2, 5x3min Z5 / 2min Z1, 10min Z1',
      zone: 5,
      minutes: 50,
    });
    // Two poor nights: readiness below 55 on both days.
    await poorNight(eva.token, addDays(today, -1));
    await poorNight(eva.token);
    const res = await call(eva.token, 'POST', `/api/training/plans/${planId}/adapt`);
    expect(res.statusCode, res.body).toBe(200);
    const run = res.json().data;
    expect(run.date).toBe(today);
    expect(run.changes).toHaveLength(1);
    expect(run.changes[0]).toMatchObject({ kind: 'swap', workout_id: vo2.id, source: 'adaptation' });
    expect(run.changes[0].reason).toMatch(
      /^Readiness \d+ yesterday and \d+ today after a 5-hour night: today's VO2max intervals became a 40-min Z2 run\.$/,
    );
    const workout = (await call(eva.token, 'GET', `/api/workout-planning/workouts/${vo2.id}`)).json().data;
    expect(workout).toMatchObject({ title: 'Easy run', intensity_zone: 2, duration_minutes: 40 });
    const forWorkout = await call(
      eva.token,
      'GET',
      `/api/training/plans/${planId}/changes?workout_id=${vo2.id}`,
    );
    expect(forWorkout.json().data.items.map((c: { id: string }) => c.id)).toEqual([run.changes[0].id]);
    const notifications = (await call(eva.token, 'GET', '/api/notifications')).json().data.notifications;
    expect(notifications).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          title: `Plan adapted: session swapped on ${coachDay(today)}`,
          body: run.changes[0].reason,
        }),
      ]),
    );
    // Running again changes nothing more: the workout was adapted already.
    const again = await call(eva.token, 'POST', `/api/training/plans/${planId}/adapt`);
    expect(again.json().data.changes).toEqual([]);
    // Undone, the day is the athlete's: the next run leaves it alone.
    const undo = await call(
      eva.token,
      'POST',
      `/api/training/plans/${planId}/changes/${run.changes[0].id}/undo`,
    );
    expect(undo.statusCode, undo.body).toBe(200);
    const third = await call(eva.token, 'POST', `/api/training/plans/${planId}/adapt`);
    expect(third.json().data.changes).toEqual([]);
    const back = (await call(eva.token, 'GET', `/api/workout-planning/workouts/${vo2.id}`)).json().data;
    expect(back).toMatchObject({ title: 'VO2max intervals', intensity_zone: 5 });
  });

  it('drops a missed easy run, leaves a hand-made one alone, and refuses with adaptation turned off', async () => {
    const fay = await athlete('Fay');
    const planId = await plan(fay.token);
    const easy = await generatedWorkout(fay.id, planId, {
      title: 'Easy run',
      date: addDays(today, -1),
      text: '40min Z2',
      zone: 2,
      minutes: 40,
    });
    const mine = await call(fay.token, 'POST', '/api/workout-planning/workouts', {
      title: 'My own tempo',
      workout_date: addDays(today, -1),
      sport: 'run',
      workout_language_text: '40min Z2',
      plan_id: planId,
    });
    expect(mine.statusCode, mine.body).toBe(201);
    const res = await call(fay.token, 'POST', `/api/training/plans/${planId}/adapt`);
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res.json().data.changes.map((c: { workout_id: string; kind: string }) => [c.workout_id, c.kind]),
    ).toEqual([[easy.id, 'drop']]);
    const dropped = (await call(fay.token, 'GET', `/api/workout-planning/workouts/${easy.id}`)).json().data;
    expect(dropped.status).toBe('skipped');
    const own = (await call(fay.token, 'GET', `/api/workout-planning/workouts/${mine.json().data.id}`)).json()
      .data;
    expect(own.status).toBe('planned');

    const off = await call(fay.token, 'PUT', '/api/athletes/me', { adaptation_enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.adaptation_enabled).toBe(false);
    const refused = await call(fay.token, 'POST', `/api/training/plans/${planId}/adapt`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/turned off/);
  });

  it("answers 404 for another athlete's plan and 400 for a malformed id", async () => {
    const gil = await athlete('Gil');
    const hana = await athlete('Hana');
    const planId = await plan(gil.token);
    expect((await call(hana.token, 'POST', `/api/training/plans/${planId}/adapt`)).statusCode).toBe(404);
    expect((await call(gil.token, 'POST', '/api/training/plans/not-a-uuid/adapt')).statusCode).toBe(400);
    const bogus = await call(gil.token, 'POST', `/api/training/plans/${planId}/changes/${planId}/undo`);
    expect(bogus.statusCode).toBe(404);
    expect(
      (await call(gil.token, 'GET', `/api/training/plans/${planId}/changes?page_size=0`)).statusCode,
    ).toBe(400);
  });
});

describe('the daily job', () => {
  it('moves a missed long run to the next free day, once per athlete and day however many processes run it', async () => {
    const ida = await athlete('Ida');
    const planId = await plan(ida.token);
    const long = await generatedWorkout(ida.id, planId, {
      title: 'Long run',
      date: addDays(today, -1),
      text: '100min Z2',
      zone: 2,
      minutes: 100,
    });
    const auth = ida.auth;
    const planRow = { id: planId, status: 'active', raceDate: null, outline: null };
    // Two processes run the athlete's day at once: one set of changes.
    const second = await buildSecondApp(t, { jobs: { worker: false } });
    let row: Awaited<ReturnType<typeof t.app.adaptation.run>>;
    try {
      const [a, b] = await Promise.all([
        t.app.adaptation.run(auth, planRow, 'daily'),
        second.adaptation.run(auth, planRow, 'daily'),
      ]);
      expect(a.length === 0 || b.length === 0).toBe(true);
      row = [...a, ...b];
      // A later daily run of the same day does nothing.
      expect(await second.adaptation.run(auth, planRow, 'daily')).toEqual([]);
    } finally {
      await second.close();
    }
    const sunday = addDays(weekStartOf(addDays(today, -1)), 6);
    if (today <= sunday) {
      expect(row.map((c) => c.kind)).toEqual(['move']);
      expect(row[0]!.after?.workout_date).toBe(today);
    } else {
      // Yesterday was a Sunday: its week is over, so the missed long run is dropped.
      expect(row.map((c) => c.kind)).toEqual(['drop']);
    }
    const list = (await call(ida.token, 'GET', `/api/training/plans/${planId}/changes`)).json().data;
    expect(list.total).toBe(1);
    expect(list.items[0].workout_id).toBe(long.id);
  });

  it('is queued for athletes due by the schedule, runs once, and two concurrent jobs of one day change once', async () => {
    const jo = await athlete('Jo');
    const planId = await plan(jo.token);
    await generatedWorkout(jo.id, planId, {
      title: 'Easy run',
      date: addDays(today, -2),
      text: '30min Z2',
      zone: 2,
      minutes: 30,
    });
    // Late in the UTC day, so the athletes (UTC) are past their early-morning hour.
    const now = new Date(`${today}T23:00:00Z`);
    const queued = await t.app.adaptation.scheduleDue(now);
    expect(queued).toBeGreaterThanOrEqual(1);
    // A second process's schedule queues its own job of the same day: harmless, it finds the day claimed.
    const second = await buildSecondApp(t, { jobs: { worker: false } });
    try {
      await second.adaptation.scheduleDue(now);
      await Promise.all([drain(t.app.jobs.runOnce), drain(second.jobs.runOnce)]);
    } finally {
      await second.close();
    }
    const list = (await call(jo.token, 'GET', `/api/training/plans/${planId}/changes`)).json().data;
    expect(list.items.map((c: { kind: string }) => c.kind)).toEqual(['drop']);
    expect(await t.app.adaptation.scheduleDue(now)).toBe(0);
  });
});

async function drain(runOnce: () => Promise<boolean>) {
  while (await runOnce()) {}
}

describe('a change of goal', () => {
  it('rebuilds the weeks from today, keeps the completed weeks, and records a rebuild that cannot be undone', async () => {
    const kim = await athlete('Kim');
    const raceDate = addDays(today, 120);
    const planId = await plan(kim.token);
    // A generated plan that started three weeks ago (its outline's first weeks are over).
    const start = addDays(today, -21);
    await t.db.execute(
      sql`update training_plans set outline = ${JSON.stringify(storedOutline(start, raceDate))}::jsonb where id = ${planId}`,
    );
    const before = (await call(kim.token, 'GET', `/api/training/plans/${planId}/outline`)).json().data;
    const over = before.weeks.filter((w: { end: string }) => w.end < today);
    expect(over.length).toBeGreaterThanOrEqual(2);

    const res = await call(kim.token, 'POST', `/api/training/plans/${planId}/rebuild`, {
      race_date: addDays(raceDate, 14),
      weekly_hours: 7,
      preferences: { long_run_day: 'wednesday' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const outline = res.json().data.outline;
    expect(outline.weeks.slice(0, over.length)).toEqual(over);
    expect(outline.weeks.map((w: { week: number }) => w.week)).toEqual(
      outline.weeks.map((_: unknown, i: number) => i + 1),
    );
    expect(outline.goal_context.preferences.long_run_day).toBe('wednesday');
    expect(outline.goal_context.assumed.long_run_day).toBe(false);

    const list = (await call(kim.token, 'GET', `/api/training/plans/${planId}/changes`)).json().data;
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      kind: 'rebuild',
      workout_id: null,
      date: today,
      before: null,
      after: null,
    });
    expect(list.items[0].reason).toContain(`race day moved from ${raceDate} to ${addDays(raceDate, 14)}`);
    expect(list.items[0].reason).toContain('weekly hours changed from 6 to 7');
    expect(list.items[0].reason).toContain('day preferences changed');
    const undo = await call(
      kim.token,
      'POST',
      `/api/training/plans/${planId}/changes/${list.items[0].id}/undo`,
    );
    expect(undo.statusCode).toBe(409);
  });
});

describe('after an import, and the notification switch', () => {
  it('an import queues a run of the plan; with "new week plan" off the changes notify nothing', async () => {
    const lea = await athlete('Lea');
    const planId = await plan(lea.token);
    const off = await call(lea.token, 'PUT', '/api/athletes/me', {
      notification_preferences: { newWeekPlan: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const easy = await generatedWorkout(lea.id, planId, {
      title: 'Easy run',
      date: addDays(today, -1),
      text: '30min Z2',
      zone: 2,
      minutes: 30,
    });
    const form = multipartForm([
      { name: 'file', value: activityFixture('bike-power-indoor-edge800.fit'), filename: 'ride.fit' },
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/activities/import',
      headers: { ...bearer(lea.token), ...form.headers, 'idempotency-key': randomUUID() },
      payload: form.payload,
    });
    expect(upload.statusCode, upload.body).toBe(202);
    await drain(t.app.jobs.runOnce);
    const list = (await call(lea.token, 'GET', `/api/training/plans/${planId}/changes`)).json().data;
    expect(list.items.map((c: { workout_id: string; kind: string }) => [c.workout_id, c.kind])).toEqual([
      [easy.id, 'drop'],
    ]);
    const notifications = (await call(lea.token, 'GET', '/api/notifications')).json().data.notifications;
    expect(notifications.filter((n: { title: string }) => n.title.startsWith('Plan adapted'))).toEqual([]);
  });
});
