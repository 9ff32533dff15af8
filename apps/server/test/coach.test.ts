// The coach chat through the API on the real database (docs/coach.md): grounded answers from the athlete's own
// data, both messages stored and paged, proposed actions applied on confirmation as recorded plan changes that
// can be undone, streaming, and bad input refused.
import { addDays } from '@stamina/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinToday } from '../../../test-support/today.ts';
import type { Db } from '../src/db/client.ts';
import { createWorkoutService } from '../src/modules/workouts/service.ts';
import type { AuthContext } from '../src/plugins/authenticate.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
const today = pinToday(); // test athletes live in UTC
/** The next `weekday` (0 Sunday … 6 Saturday) from today, today included. */
const next = (weekday: number) =>
  addDays(today, (weekday - new Date(`${today}T00:00:00Z`).getUTCDay() + 7) % 7);

async function athlete(name: string) {
  const { session } = await t.signUpAndConfirm({ name });
  const auth = { athleteId: session.user.athlete_id, timezone: 'UTC' } as AuthContext;
  return { token: session.access_token, id: session.user.athlete_id, auth };
}

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function ask(token: string, text: string) {
  const res = await call(token, 'POST', '/api/coach/messages', { text });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    reply: string;
    citations: { label: string; value: string; path: string }[];
    actions: { id: string; kind: string; workout_id: string; status: string; summary: string }[];
    source: string;
    messages: { role: string; text: string }[];
  };
}

async function plan(token: string) {
  const res = await call(token, 'POST', '/api/training/plans', {
    title: 'Autumn century',
    race_type: 'Century Ride',
    race_date: addDays(today, 60),
    start_date: addDays(today, -14),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as string;
}

async function planned(
  athleteId: string,
  planId: string,
  values: {
    title: string;
    date: string;
    text: string;
    zone: number;
    minutes: number;
    sport?: 'run' | 'bike';
  },
) {
  const [row] = await t.db.transaction((tx) =>
    createWorkoutService(t.db as Db).insertPlanned(tx, athleteId, [
      {
        title: values.title,
        workout_date: values.date,
        sport: values.sport ?? 'bike',
        workout_language_text: values.text,
        duration_minutes: values.minutes,
        intensity_zone: values.zone,
        plan_id: planId,
      },
    ]),
  );
  return row!;
}

async function workoutDate(token: string, id: string, from: string) {
  const res = await call(
    token,
    'GET',
    `/api/workout-planning/workouts?date_from=${addDays(from, -8)}&date_to=${addDays(from, 8)}`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: string; workout_date: string }[]).find((w) => w.id === id)?.workout_date;
}

beforeAll(async () => {
  t = await createTestApp({ jobs: { worker: false } });
});
afterAll(() => t.close());

describe('GET /api/coach/messages', () => {
  it('is empty for a new athlete and says no model answers', async () => {
    const a = await athlete('New');
    const res = await call(a.token, 'GET', '/api/coach/messages');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ items: [], page: 1, page_size: 20, total: 0, model: false });
  });

  it('pages the conversation: page 1 holds the newest messages, oldest first within the page', async () => {
    const a = await athlete('Pager');
    await ask(a.token, 'hi');
    await ask(a.token, 'how does my week look?');
    await ask(a.token, 'am i ready for my race?');
    const first = (await call(a.token, 'GET', '/api/coach/messages?page_size=2')).json().data;
    expect(first.total).toBe(6);
    expect(first.items.map((m: { role: string; text: string }) => [m.role, m.text.slice(0, 20)])).toEqual([
      ['athlete', 'am i ready for my ra'],
      ['coach', expect.any(String)],
    ]);
    const last = (await call(a.token, 'GET', '/api/coach/messages?page_size=2&page=3')).json().data;
    expect(last.items[0]).toMatchObject({ role: 'athlete', text: 'hi' });
  });

  it('refuses a bad page size', async () => {
    const a = await athlete('Bad page');
    expect((await call(a.token, 'GET', '/api/coach/messages?page_size=0')).statusCode).toBe(400);
    expect((await call(a.token, 'GET', '/api/coach/messages?page=abc')).statusCode).toBe(400);
  });
});

describe('POST /api/coach/messages', () => {
  it('answers from the athlete’s own data and stores both messages', async () => {
    const a = await athlete('Today');
    const planId = await plan(a.token);
    await planned(a.id, planId, {
      title: 'Sweet spot intervals',
      date: today,
      text: '15min Z2, 3x 12min Z3 / 4min Z1, 10min Z1',
      zone: 3,
      minutes: 73,
    });
    const answer = await ask(a.token, "what's on today?");
    expect(answer.source).toBe('built_in');
    expect(answer.reply).toContain('Sweet spot intervals');
    expect(answer.citations).toContainEqual(expect.objectContaining({ path: `/calendar?date=${today}` }));
    expect(answer.actions).toEqual([]);
    const list = (await call(a.token, 'GET', '/api/coach/messages')).json().data;
    expect(list.items.map((m: { role: string }) => m.role)).toEqual(['athlete', 'coach']);
    expect(list.items[1].citations).toEqual(answer.citations);
  });

  it('speaks of the same TSS the workout carries, not a load score of its own (one load everywhere)', async () => {
    const a = await athlete('One load');
    const planId = await plan(a.token);
    const w = await planned(a.id, planId, {
      title: 'Sweet spot intervals',
      date: today,
      text: '15min Z2, 3x 12min Z3 / 4min Z1, 10min Z1',
      zone: 3,
      minutes: 73,
    });
    const listed = (
      await call(a.token, 'GET', `/api/workout-planning/workouts?date_from=${today}&date_to=${today}`)
    ).json().data as { id: string; tss: number }[];
    const tss = listed.find((x) => x.id === w.id)!.tss;
    expect(tss).toBeGreaterThan(0);
    const skip = await ask(a.token, 'skip today');
    expect(skip.citations).toContainEqual(
      expect.objectContaining({ label: 'TSS of the session', value: String(Math.round(tss)) }),
    );
    expect(skip.reply).toContain(`takes ${Math.round(tss)} TSS off your week`);
    // The old score (minutes × zone weight) would have said 110 (73 × 1.5).
    expect(skip.reply).not.toContain('load points');
    const week = await ask(a.token, 'How does my week look?');
    expect(week.citations).toContainEqual(
      expect.objectContaining({ label: 'TSS this week', value: String(Math.round(tss)) }),
    );
  });

  it('explains why a workout changed with the recorded reason', async () => {
    const a = await athlete('Changed');
    const planId = await plan(a.token);
    const w = await planned(a.id, planId, {
      title: 'VO2 intervals',
      date: today,
      text: '15min Z2, 5x3min Z5 / 3min Z1, 10min Z1',
      zone: 5,
      minutes: 55,
    });
    await t.app.adaptation.applyChange(a.auth, {
      workoutId: w.id,
      kind: 'ease',
      source: 'adaptation',
      reason: "Readiness 38 after a 5-hour night: today's VO2 session became a 45-min Z2 spin",
      patch: { title: 'Easy spin', workoutLanguageText: '45min Z2', intensityZone: 2, durationMinutes: 45 },
    });
    const answer = await ask(a.token, 'why did my workout change?');
    expect(answer.reply).toContain('Readiness 38 after a 5-hour night');
    expect(answer.citations).toContainEqual({
      label: expect.stringContaining('Change on'),
      value: 'ease',
      path: `/calendar?date=${today}`,
    });
  });

  it("quotes a session's km paces and distances with miles to an athlete on imperial units (docs/units.md)", async () => {
    const a = await athlete('Imperial');
    const units = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: bearer(a.token),
      payload: { units: 'imperial' },
    });
    expect(units.statusCode).toBe(200);
    await planned(a.id, await plan(a.token), {
      title: 'Tempo run',
      date: today,
      text: 'Warmup 15min Z2, 2x 3km @ 4:30/km, 10min Z1',
      zone: 3,
      minutes: 55,
      sport: 'run',
    });
    const answer = await ask(a.token, 'explain todays workout');
    expect(answer.reply).toContain('2x 3km (1.9 mi) @ 4:30/km (7:15/mi)');
  });

  it('refuses an empty, blank, missing, too long or non-text message, and stores nothing', async () => {
    const a = await athlete('Empty');
    for (const payload of [
      { text: '' },
      { text: '   \n ' },
      {},
      { text: 'x'.repeat(2001) },
      { text: 5 },
      { text: 'hi', extra: 1 },
    ]) {
      const res = await call(a.token, 'POST', '/api/coach/messages', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
    }
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/coach/messages',
      headers: { ...bearer(a.token), 'content-type': 'application/json' },
      payload: '{"text": ',
    });
    expect(bad.statusCode).toBe(400);
    expect((await call(a.token, 'GET', '/api/coach/messages')).json().data.total).toBe(0);
  });

  it('streams the answer as server-sent events when asked, then the same body as the JSON answer', async () => {
    const a = await athlete('Stream');
    for (const request of [
      { url: '/api/coach/messages?stream=true', headers: bearer(a.token) },
      { url: '/api/coach/messages', headers: { ...bearer(a.token), accept: 'text/event-stream' } },
    ]) {
      const res = await t.app.inject({ method: 'POST', ...request, payload: { text: 'how ready am i?' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/event-stream');
      const events = res.body
        .split('\n\n')
        .filter(Boolean)
        .map((block) => ({
          name: /^event: (.*)$/m.exec(block)?.[1],
          data: JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null'),
        }));
      const deltas = events.filter((e) => e.name === 'delta').map((e) => e.data.text as string);
      const done = events.find((e) => e.name === 'done');
      expect(deltas.length).toBeGreaterThan(0);
      expect(done?.data.data.reply).toContain('readiness');
      expect(deltas.join('').trim()).toBe(done?.data.data.reply);
    }
    expect((await call(a.token, 'GET', '/api/coach/messages')).json().data.total).toBe(4);
  });
});

describe('the coach message limit', () => {
  it('answers 429 with a message past the per-athlete limit, and other athletes still get answers', async () => {
    const limited = await createTestApp({
      jobs: { worker: false },
      rateLimits: { coachMessagesPerMinute: 2 },
    });
    try {
      const tokenOf = async () => (await limited.signUpAndConfirm()).session.access_token;
      const [first, second] = [await tokenOf(), await tokenOf()];
      const send = (token: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/coach/messages',
          headers: bearer(token),
          payload: { text: 'hi' },
        });
      expect((await send(first)).statusCode).toBe(200);
      expect((await send(first)).statusCode).toBe(200);
      const refused = await send(first);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        code: 'RATE_LIMITED',
        message: expect.stringContaining('Try again'),
      });
      expect((await send(second)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/coach/actions/{id}/confirm', () => {
  it("moves Saturday's long ride to Sunday on confirmation, records it as a coach change, and undoes it", async () => {
    const a = await athlete('Mover');
    const planId = await plan(a.token);
    const saturday = next(6);
    // The Sunday after that Saturday (on a Sunday, next(0) would be today, before it: found by the weekday pass).
    const sunday = addDays(saturday, 1);
    const ride = await planned(a.id, planId, {
      title: 'Long ride',
      date: saturday,
      text: '3h Z2',
      zone: 2,
      minutes: 180,
    });

    const answer = await ask(a.token, "move Saturday's long ride to Sunday");
    expect(answer.actions).toHaveLength(1);
    const [action] = answer.actions;
    expect(action).toMatchObject({ kind: 'move', workout_id: ride.id, status: 'proposed' });
    // Proposed only: nothing moved yet.
    expect(await workoutDate(a.token, ride.id, saturday)).toBe(saturday);

    const confirmed = await call(a.token, 'POST', `/api/coach/actions/${action!.id}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const applied = confirmed.json().data;
    expect(applied).toMatchObject({ status: 'applied', plan_id: planId, change_id: expect.any(String) });
    expect(await workoutDate(a.token, ride.id, saturday)).toBe(sunday);

    const changes = (await call(a.token, 'GET', `/api/training/plans/${planId}/changes`)).json().data;
    expect(changes.items[0]).toMatchObject({
      id: applied.change_id,
      source: 'coach',
      kind: 'move',
      workout_id: ride.id,
    });

    // The stored conversation shows the action applied.
    const list = (await call(a.token, 'GET', '/api/coach/messages')).json().data;
    expect(list.items.at(-1).actions[0]).toMatchObject({ id: action!.id, status: 'applied' });

    const again = await call(a.token, 'POST', `/api/coach/actions/${action!.id}/confirm`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CONFLICT');

    const undo = await call(a.token, 'POST', `/api/coach/actions/${action!.id}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json().data).toMatchObject({ id: action!.id, undone: true });
    expect(await workoutDate(a.token, ride.id, saturday)).toBe(saturday);
    const history = (await call(a.token, 'GET', `/api/training/plans/${planId}/changes`)).json().data;
    expect(history.items[0].undone_at).not.toBeNull();
    expect((await call(a.token, 'POST', `/api/coach/actions/${action!.id}/undo`)).statusCode).toBe(409);
  });

  it("swaps today's run for a ride on confirmation: sport, text and load change, and undo puts the run back", async () => {
    const a = await athlete('Crosser');
    const planId = await plan(a.token);
    const run = await planned(a.id, planId, {
      title: 'Easy run',
      date: today,
      text: '50min Z2',
      zone: 2,
      minutes: 50,
      sport: 'run',
    });
    const answer = await ask(a.token, 'can I do a ride instead of the run today?');
    const [action] = answer.actions;
    expect(action).toMatchObject({ kind: 'swap', workout_id: run.id, status: 'proposed' });
    expect(action!.summary).toContain("'Easy ride' (50 min Z2)");
    const workout = async () =>
      (await call(a.token, 'GET', `/api/workout-planning/workouts/${run.id}`)).json().data;
    const confirmed = await call(a.token, 'POST', `/api/coach/actions/${action!.id}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await workout()).toMatchObject({ sport: 'bike', title: 'Easy ride', duration_minutes: 50 });
    const undo = await call(a.token, 'POST', `/api/coach/actions/${action!.id}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await workout()).toMatchObject({ sport: 'run', title: 'Easy run', duration_minutes: 50 });
  });

  it('undoes an applied action on a workout outside any plan; refuses an unapplied one and hides others', async () => {
    const owner = await athlete('Planless');
    const other = await athlete('Nosy');
    const created = await call(owner.token, 'POST', '/api/workout-planning/workouts', {
      title: 'Tempo run',
      workout_date: today,
      sport: 'run',
      workout_language_text: '10min Z2, 20min Z3, 10min Z1',
    });
    expect(created.statusCode, created.body).toBe(201);
    const action = (await ask(owner.token, 'skip today')).actions[0]!;
    expect((await call(owner.token, 'POST', `/api/coach/actions/${action.id}/undo`)).statusCode).toBe(409);
    const confirmed = await call(owner.token, 'POST', `/api/coach/actions/${action.id}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.plan_id).toBeNull();
    const status = async () =>
      (await call(owner.token, 'GET', `/api/workout-planning/workouts/${created.json().data.id}`)).json().data
        .status;
    expect(await status()).toBe('skipped');
    expect((await call(other.token, 'POST', `/api/coach/actions/${action.id}/undo`)).statusCode).toBe(404);
    const undo = await call(owner.token, 'POST', `/api/coach/actions/${action.id}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await status()).toBe('planned');
  });

  it("answers 404 for another athlete's action and for an unknown one, and leaves the workout alone", async () => {
    const owner = await athlete('Owner');
    const other = await athlete('Other');
    const planId = await plan(owner.token);
    await planned(owner.id, planId, {
      title: 'Tempo run',
      date: today,
      text: '10min Z2, 20min Z3, 10min Z1',
      zone: 3,
      minutes: 40,
      sport: 'run',
    });
    const answer = await ask(owner.token, 'skip today');
    const action = answer.actions[0]!;
    expect(action.kind).toBe('skip');
    expect((await call(other.token, 'POST', `/api/coach/actions/${action.id}/confirm`)).statusCode).toBe(404);
    expect(
      (await call(owner.token, 'POST', `/api/coach/actions/${crypto.randomUUID()}/confirm`)).statusCode,
    ).toBe(404);
    expect((await call(owner.token, 'POST', '/api/coach/actions/not-an-id/confirm')).statusCode).toBe(400);
    const list = await call(
      owner.token,
      'GET',
      `/api/workout-planning/workouts?date_from=${today}&date_to=${today}`,
    );
    expect(list.json().data[0].status).toBe('planned');
  });

  it('swaps a hard session for an easier one and shortens another', async () => {
    const a = await athlete('Swapper');
    const planId = await plan(a.token);
    const hard = await planned(a.id, planId, {
      title: 'Threshold intervals',
      date: today,
      text: '15min Z2, 3x10min Z4 / 2min Z1, 10min Z2',
      zone: 4,
      minutes: 61,
      sport: 'run',
    });
    const swap = (await ask(a.token, 'swap todays intervals for something easier')).actions[0]!;
    expect(swap.kind).toBe('swap');
    expect((await call(a.token, 'POST', `/api/coach/actions/${swap.id}/confirm`)).statusCode).toBe(200);
    const after = (
      await call(a.token, 'GET', `/api/workout-planning/workouts?date_from=${today}&date_to=${today}`)
    ).json().data;
    expect(after.find((w: { id: string }) => w.id === hard.id)).toMatchObject({
      title: 'Easy run',
      intensity_zone: 2,
    });

    const shorten = (await ask(a.token, 'only have 30 min today')).actions[0]!;
    expect(shorten.kind).toBe('shorten');
    expect((await call(a.token, 'POST', `/api/coach/actions/${shorten.id}/confirm`)).statusCode).toBe(200);
    const shorter = (
      await call(a.token, 'GET', `/api/workout-planning/workouts?date_from=${today}&date_to=${today}`)
    ).json().data;
    expect(shorter.find((w: { id: string }) => w.id === hard.id).duration_minutes).toBe(30);
  });
});
