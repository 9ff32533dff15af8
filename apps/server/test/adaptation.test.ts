// Plan changes and the daily adaptation (docs/adaptation.md) through the API and the service, on the real
// database: applying and undoing a change, the history, and the athlete's choices winning.
import { addDays } from '@stamina/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { createWorkoutService } from '../src/modules/workouts/service.ts';
import type { AuthContext } from '../src/plugins/authenticate.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
const today = new Date().toISOString().slice(0, 10); // test athletes live in UTC

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
