// The Training API's plan calls: plans with generated phases, one active plan per athlete, progress for the
// Journey page, and nothing of one athlete's plans visible to or changeable by another.
import { addDays } from '@stamina/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinToday } from '../../../test-support/today.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let ana: string;
let ben: string;
const today = pinToday(); // test athletes live in UTC
beforeAll(async () => {
  t = await createTestApp();
  ana = (await t.signUpAndConfirm({ name: 'Ana' })).session.access_token;
  ben = (await t.signUpAndConfirm({ name: 'Ben' })).session.access_token;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const rows = await t.db.execute(query);
  return Number((rows as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
}
const planCount = () => count(sql`select count(*)::int as n from training_plans`);
const activeCount = () => count(sql`select count(*)::int as n from training_plans where status = 'active'`);

const MARATHON = {
  title: 'Spring marathon',
  race_type: 'Marathon',
  race_date: '2026-05-03',
  start_date: '2026-01-05',
  target_time: '3:30:00',
};

async function createPlan(token: string, payload: object = MARATHON) {
  const res = await call(token, 'POST', '/api/training/plans', payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

describe('POST /api/training/plans', () => {
  it('creates an active plan with phases generated backward from race day', async () => {
    const plan = await createPlan(ana);
    expect(plan).toMatchObject({ ...MARATHON, status: 'active' });
    // The same cut as core's fixture: Foundation 21 days, Base Building 34, Build 35, peak, taper 14, race.
    expect(
      plan.phases.map((p: { label: string; name: string; start_date: string }) => [
        p.label,
        p.name,
        p.start_date,
      ]),
    ).toEqual([
      ['Foundation', 'base', '2026-01-05'],
      ['Base Building', 'base', '2026-01-26'],
      ['Build Phase', 'build', '2026-03-01'],
      ['Peak & Taper', 'peak', '2026-04-05'],
      ['Peak & Taper', 'taper', '2026-04-19'],
      ['Peak & Taper', 'race', '2026-05-03'],
    ]);
    expect(plan.phases[0].focus).toMatch(/habit/);
    expect(plan.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("starts today in the athlete's time zone when start_date is omitted, and keeps given phases", async () => {
    const plan = await createPlan(ben, { title: 'Ten K', race_type: '10K', race_date: addDays(today, 30) });
    expect(plan.start_date).toBe(today);
    expect(plan.phases.at(-1)).toMatchObject({ name: 'race', start_date: addDays(today, 30) });
    const phases = [
      { name: 'build', label: 'Sharpen', start_date: today, end_date: addDays(today, 9), focus: null },
      {
        name: 'race',
        label: 'Race',
        start_date: addDays(today, 10),
        end_date: addDays(today, 10),
        focus: 'Go',
      },
    ];
    const own = await createPlan(ben, { title: 'Own phases', race_date: addDays(today, 10), phases });
    expect(own.phases).toEqual(phases);
    expect(own.race_type).toBeNull();
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    const before = await planCount();
    const cases: Array<[object, RegExp]> = [
      [
        { ...MARATHON, race_date: '2026-01-04' },
        /race_date \(2026-01-04\) is before start_date \(2026-01-05\)/,
      ],
      [{ ...MARATHON, race_date: '2028-01-07' }, /at most 2 years/],
      [{ ...MARATHON, race_type: 'Triathlon' }, /race_type must be one of/],
      [{ ...MARATHON, title: '  ' }, /title/],
      [{ ...MARATHON, race_date: '2026-02-30' }, /YYYY-MM-DD/],
      [{ ...MARATHON, target_time: 'fast' }, /target_time/],
      [{ ...MARATHON, status: 'paused' }, /status/],
      [{ ...MARATHON, colour: 'red' }, /./],
      [{ title: 'No race' }, /race_date/],
      [
        {
          ...MARATHON,
          phases: [
            { name: 'base', label: 'B', start_date: '2026-01-01', end_date: '2026-02-01', focus: null },
          ],
        },
        /phases\[0\] must lie between/,
      ],
      [
        {
          ...MARATHON,
          phases: [
            { name: 'base', label: 'B', start_date: '2026-02-01', end_date: '2026-01-20', focus: null },
          ],
        },
        /phases\[0\] ends before it starts/,
      ],
    ];
    for (const [payload, message] of cases) {
      const res = await call(ana, 'POST', '/api/training/plans', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    // Exactly two years (731 days, across a leap day) is allowed.
    expect(
      (
        await call(ana, 'POST', '/api/training/plans', {
          ...MARATHON,
          race_date: '2028-01-06',
          status: 'archived',
        })
      ).statusCode,
    ).toBe(201);
    expect(await planCount()).toBe(before + 1);
  });

  it('needs a session', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/training/plans', payload: MARATHON })).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/training/plans' })).statusCode).toBe(401);
  });
});

describe('one active plan per athlete', () => {
  it('archives the previous active plan when a new active plan is created or a plan is activated', async () => {
    const cleo = (await t.signUpAndConfirm({ name: 'Cleo' })).session.access_token;
    expect((await call(cleo, 'GET', '/api/training/plans/active')).json()).toEqual({ data: null });
    const first = await createPlan(cleo);
    const second = await createPlan(cleo, { ...MARATHON, title: 'Autumn marathon', race_date: '2026-10-04' });
    const list = (await call(cleo, 'GET', '/api/training/plans')).json().data;
    expect(list.map((p: { id: string; status: string }) => [p.id, p.status])).toEqual([
      [second.id, 'active'],
      [first.id, 'archived'],
    ]);
    expect((await call(cleo, 'GET', '/api/training/plans/active')).json().data.id).toBe(second.id);

    // An archived new plan leaves the active one alone.
    const draft = await createPlan(cleo, { ...MARATHON, title: 'Draft', status: 'archived' });
    expect((await call(cleo, 'GET', '/api/training/plans/active')).json().data.id).toBe(second.id);

    const activated = await call(cleo, 'PUT', `/api/training/plans/${first.id}`, { status: 'active' });
    expect(activated.statusCode).toBe(200);
    expect(activated.json().data.status).toBe('active');
    const statuses = Object.fromEntries(
      (await call(cleo, 'GET', '/api/training/plans'))
        .json()
        .data.map((p: { id: string; status: string }) => [p.id, p.status]),
    );
    expect(statuses).toEqual({ [first.id]: 'active', [second.id]: 'archived', [draft.id]: 'archived' });
  });

  it('keeps one active plan when two are created at once', async () => {
    const dan = (await t.signUpAndConfirm({ name: 'Dan' })).session.access_token;
    const results = await Promise.all(
      ['A', 'B', 'C'].map((title) => call(dan, 'POST', '/api/training/plans', { ...MARATHON, title })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const list = (await call(dan, 'GET', '/api/training/plans')).json().data;
    expect(list.filter((p: { status: string }) => p.status === 'active')).toHaveLength(1);
    // Across all athletes too: nobody ever has two.
    const doubles = await count(
      sql`select count(*)::int as n from (select athlete_id from training_plans where status = 'active' group by athlete_id having count(*) > 1) d`,
    );
    expect(doubles).toBe(0);
    expect(await activeCount()).toBeGreaterThan(0);
  });
});

describe('PUT /api/training/plans/{id}', () => {
  it('changes only the fields sent; new dates regenerate the phases, sent phases are kept', async () => {
    const plan = await createPlan(ana, { ...MARATHON, title: 'To edit', status: 'archived' });
    const renamed = (
      await call(ana, 'PUT', `/api/training/plans/${plan.id}`, { title: 'Renamed', target_time: null })
    ).json().data;
    expect(renamed).toMatchObject({
      title: 'Renamed',
      target_time: null,
      race_date: '2026-05-03',
      status: 'archived',
    });
    expect(renamed.phases).toEqual(plan.phases);

    // Race moved to 2026-03-31 with a 5K: 85 days before the race, taper 7 (5K), peak 14, 64 left.
    const moved = (
      await call(ana, 'PUT', `/api/training/plans/${plan.id}`, { race_date: '2026-03-31', race_type: '5K' })
    ).json().data;
    expect(moved.race_date).toBe('2026-03-31');
    expect(moved.phases.at(-1)).toMatchObject({ name: 'race', start_date: '2026-03-31' });
    expect(moved.phases.at(-2)).toMatchObject({
      name: 'taper',
      start_date: '2026-03-24',
      end_date: '2026-03-30',
    });
    expect(moved.phases[0].start_date).toBe('2026-01-05');

    const phases = [
      { name: 'base', label: 'All base', start_date: '2026-01-05', end_date: '2026-03-31', focus: null },
    ];
    const own = (await call(ana, 'PUT', `/api/training/plans/${plan.id}`, { phases })).json().data;
    expect(own.phases).toEqual(phases);
    expect(new Date(own.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(plan.updated_at).getTime());
  });

  it('refuses bad changes with 400 and changes nothing', async () => {
    const plan = await createPlan(ana, { ...MARATHON, title: 'Untouched', status: 'archived' });
    for (const [payload, message] of [
      [{ race_date: '2026-01-01' }, /before start_date/],
      [{ start_date: '2026-06-01' }, /before start_date/],
      [{ race_date: '2029-01-01' }, /at most 2 years/],
      [{ status: 'done' }, /status/],
      [{ title: '' }, /title/],
      [{ nope: 1 }, /./],
    ] as const) {
      const res = await call(ana, 'PUT', `/api/training/plans/${plan.id}`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const list = (await call(ana, 'GET', '/api/training/plans')).json().data;
    expect(list.find((p: { id: string }) => p.id === plan.id)).toEqual(plan);
  });
});

describe('DELETE /api/training/plans/{id}', () => {
  it('deletes the plan and keeps its workouts, outside any plan, in the calendar and the load', async () => {
    const { session } = await t.signUpAndConfirm({ name: 'Eve' });
    const eve = session.access_token;
    const athleteId = session.user.athlete_id;
    const plan = await createPlan(eve, { title: 'Short', race_date: addDays(today, 20) });
    const workout = (
      await call(eve, 'POST', '/api/workout-planning/workouts', {
        title: 'Easy run',
        workout_date: today,
        sport: 'run',
        duration_minutes: 60,
        intensity_zone: 2,
        status: 'completed',
        plan_id: plan.id,
      })
    ).json().data;
    expect(workout.plan_id).toBe(plan.id);
    const calendarUrl = `/api/workout-planning/calendar?date_from=${today}&date_to=${today}`;
    // Read once so the calendar cache holds the workout with its plan.
    expect((await call(eve, 'GET', calendarUrl)).json().data.calendar_events[0].workout.plan_id).toBe(
      plan.id,
    );
    const loadUrl = `/api/training/form-fitness/${athleteId}?days=1`;
    const loadBefore = (await call(eve, 'GET', loadUrl)).json().data;
    expect(loadBefore[0].tss).toBe(workout.tss);

    const res = await call(eve, 'DELETE', `/api/training/plans/${plan.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: plan.id, deleted: true } });
    expect((await call(eve, 'GET', '/api/training/plans')).json().data).toEqual([]);
    expect((await call(eve, 'GET', '/api/training/plans/active')).json().data).toBeNull();
    expect((await call(eve, 'DELETE', `/api/training/plans/${plan.id}`)).statusCode).toBe(404);

    const kept = (await call(eve, 'GET', `/api/workout-planning/workouts/${workout.id}`)).json().data;
    expect(kept).toMatchObject({ id: workout.id, plan_id: null, status: 'completed', tss: workout.tss });
    expect((await call(eve, 'GET', calendarUrl)).json().data.calendar_events[0].workout.plan_id).toBeNull();
    expect((await call(eve, 'GET', loadUrl)).json().data).toEqual(loadBefore);
  });
});

describe('GET /api/training/plans/{id}/progress', () => {
  it('reports weeks, phases, milestones, this week’s goals and the plan’s sessions from real workouts', async () => {
    const fay = (await t.signUpAndConfirm({ name: 'Fay' })).session.access_token;
    // Started 14 days ago, race in 60 days: 75 days, ⌈75 / 7⌉ = 11 weeks; today is day 15, week 3 (today..+6).
    const plan = await createPlan(fay, {
      title: 'Marathon in 60 days',
      race_type: 'Marathon',
      race_date: addDays(today, 60),
      start_date: addDays(today, -14),
      target_time: '3:45:00',
    });
    const add = async (payload: object) => {
      const res = await call(fay, 'POST', '/api/workout-planning/workouts', payload);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data;
    };
    const run = { sport: 'run', duration_minutes: 60, intensity_zone: 2, plan_id: plan.id };
    await add({ ...run, title: 'Last week', workout_date: addDays(today, -3), status: 'completed' });
    await add({ ...run, title: 'Skipped', workout_date: addDays(today, -2), status: 'skipped' });
    const done = await add({ ...run, title: 'Today', workout_date: today, status: 'completed' });
    const later = await add({
      title: 'Swim',
      sport: 'swim',
      duration_minutes: 45,
      workout_date: addDays(today, 2),
    });

    const res = await call(fay, 'GET', `/api/training/plans/${plan.id}/progress`);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().data;
    expect(p).toMatchObject({
      plan_id: plan.id,
      today,
      start_date: addDays(today, -14),
      race_date: addDays(today, 60),
      days_to_go: 60,
      total_weeks: 11,
      current_week: 3,
      progress_percentage: 20, // 15 of 75 days
      sessions: { planned: 3, completed: 2, skipped: 1 }, // the swim is not in the plan
    });
    // 74 days before the race: taper 14, peak 14, build 21 (40 % of 46 = 18.4 → 3 weeks), base 25:
    // Foundation 7 (a third, 1 week), Base Building 18. Day 15 is in Base Building.
    expect(
      p.phases.map((b: { label: string; status: string; weeks: number }) => [b.label, b.status, b.weeks]),
    ).toEqual([
      ['Foundation', 'completed', 1],
      ['Base Building', 'current', 3],
      ['Build Phase', 'upcoming', 3],
      ['Peak & Taper', 'upcoming', 4],
    ]);
    expect(p.current_phase).toMatchObject({ label: 'Base Building', progress_percentage: 44.4 }); // 8 of 18 days
    expect(p.milestones.map((m: { type: string; status: string }) => [m.type, m.status])).toEqual([
      ['milestone', 'completed'],
      ['milestone', 'future'],
      ['test', 'future'],
      ['milestone', 'future'],
      ['test', 'future'],
      ['race', 'future'],
      ['goal', 'goal'],
    ]);
    expect(p.milestones.at(-1)).toMatchObject({ title: 'Target time 3:45:00', date: addDays(today, 60) });
    // This week: today's run (done) and the swim: 2 sessions, 105 minutes, both workouts' TSS.
    const tss = Math.round(done.tss + later.tss);
    expect(p.weekly_goals).toEqual([
      { text: 'Complete all 2 planned sessions', current_value: 1, target_value: 2, unit: 'sessions' },
      { text: 'Train 1 h 45 min this week', current_value: 60, target_value: 105, unit: 'minutes' },
      {
        text: `Reach a training load of ${tss} TSS`,
        current_value: Math.round(done.tss),
        target_value: tss,
        unit: 'TSS',
      },
    ]);
  });
});

describe('ownership', () => {
  it("never shows, changes or deletes another athlete's plan", async () => {
    const mine = await createPlan(ana, { ...MARATHON, title: 'Ana only', status: 'archived' });
    const url = `/api/training/plans/${mine.id}`;
    expect((await call(ben, 'GET', `${url}/progress`)).statusCode).toBe(404);
    const stolen = await call(ben, 'PUT', url, { title: 'Stolen', status: 'active' });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.body).not.toContain('Ana only');
    expect((await call(ben, 'DELETE', url)).statusCode).toBe(404);
    const benList = (await call(ben, 'GET', '/api/training/plans')).json().data;
    expect(benList.map((p: { id: string }) => p.id)).not.toContain(mine.id);
    expect((await call(ben, 'GET', '/api/training/plans/active')).json().data?.id).not.toBe(mine.id);
    const anaList = (await call(ana, 'GET', '/api/training/plans')).json().data;
    expect(anaList.find((p: { id: string }) => p.id === mine.id)).toEqual(mine);
    // A missing id is the same 404.
    expect(
      (await call(ana, 'PUT', '/api/training/plans/00000000-0000-4000-8000-000000000000', { title: 'x' }))
        .statusCode,
    ).toBe(404);
  });

  it("refuses a workout in another athlete's plan", async () => {
    const mine = await createPlan(ana, { ...MARATHON, title: 'Ana again', status: 'archived' });
    const before = await count(sql`select count(*)::int as n from workouts where plan_id = ${mine.id}`);
    const create = await call(ben, 'POST', '/api/workout-planning/workouts', {
      title: 'x',
      workout_date: today,
      sport: 'run',
      plan_id: mine.id,
    });
    expect(create.statusCode).toBe(404);
    expect(create.json().message).toBe('Plan not found');
    const training = await call(ben, 'POST', '/api/training/workouts', {
      title: 'x',
      sport: 'run',
      plan_id: mine.id,
    });
    expect(training.statusCode).toBe(404);
    const own = (
      await call(ben, 'POST', '/api/workout-planning/workouts', {
        title: 'Ben run',
        workout_date: today,
        sport: 'run',
      })
    ).json().data;
    expect(
      (await call(ben, 'PUT', `/api/workout-planning/workouts/${own.id}`, { plan_id: mine.id })).statusCode,
    ).toBe(404);
    expect(
      (await call(ben, 'PUT', `/api/training/workouts/${own.id}`, { plan_id: mine.id })).statusCode,
    ).toBe(404);
    expect(await count(sql`select count(*)::int as n from workouts where plan_id = ${mine.id}`)).toBe(before);
  });

  it('answers 400 for a malformed id', async () => {
    for (const [method, url] of [
      ['PUT', '/api/training/plans/not-a-uuid'],
      ['DELETE', '/api/training/plans/not-a-uuid'],
      ['GET', '/api/training/plans/not-a-uuid/progress'],
    ] as const) {
      const res = await call(ana, method, url, method === 'PUT' ? { title: 'x' } : undefined);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toMatch(/plan id/);
    }
  });
});
