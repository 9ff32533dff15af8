// Adopting a generated plan (docs/onboarding.md, "Adopting a generated plan"): the plan and every session as
// planned workouts linked to it in the caller's transaction, the conflict with an active plan and its
// replacement; and the plan's outline and rebuild calls (docs/onboarding.md, "The plan's outline and rebuild").
import type { GoalContextDto, TrainingProfileDto } from '@stamina/contract';
import { addDays, type GeneratedPlan } from '@stamina/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinToday } from '../../../test-support/today.ts';
import type { Db } from '../src/db/client.ts';
import { createPlanService } from '../src/modules/plans/service.ts';
import { createWorkoutService } from '../src/modules/workouts/service.ts';
import { generatedPlan, goalContext, trainingProfile } from './generated-plan-fixture.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let plans: ReturnType<typeof createPlanService>;
const today = pinToday(); // test athletes live in UTC
const raceDate = addDays(today, 7 * 12 + 3);

const PROFILE: TrainingProfileDto = trainingProfile(today);

function goal(text = `Marathon on ${raceDate}, 6 hours a week, intermediate`): GoalContextDto {
  return goalContext(today, text);
}

function generated(context = goal()): GeneratedPlan {
  return generatedPlan(today, context);
}

const sessionCount = (plan: GeneratedPlan) => plan.weeks.reduce((n, w) => n + w.sessions.length, 0);

/**
 * A signed-up athlete whose stored threshold pace is the one the fixture feeds the generator (270 s/km): the
 * server parses each session with the athlete's thresholds, so without it a pace session's stored TSS was
 * scored on the default pace, unlike the plan's (which sessions come first depended on the weekday).
 */
async function athlete(name: string) {
  const { session } = await t.signUpAndConfirm({ name });
  const token = session.access_token;
  const stored = await call(token, 'PUT', '/api/athletes/me/sport-metrics', {
    sport: 'running',
    effective_from: addDays(today, -365),
    values: { threshold_pace_seconds_per_km: 270, max_hr: null, resting_hr: null, lthr: null },
  });
  if (stored.statusCode !== 200) throw new Error(`storing the threshold pace: ${stored.body}`);
  return { token, id: session.user.athlete_id };
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

async function calendar(token: string, from = today, to = addDays(today, 200)) {
  const res = await call(token, 'GET', `/api/workout-planning/calendar?date_from=${from}&date_to=${to}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.calendar_events as Array<{
    event_date: string;
    title: string;
    status: string;
    workout: {
      plan_id: string | null;
      workout_structure: unknown;
      tss: number | null;
      duration_minutes: number | null;
      workout_language_text: string;
    };
  }>;
}

/** Adopts a generated plan in a transaction of its own, as the onboarding approval does. */
function adopt(athleteId: string, plan: GeneratedPlan, replaceActive = false) {
  return t.db.transaction((tx) =>
    plans.adoptGeneratedPlan(tx, athleteId, { plan, goalContext: goal(), profile: PROFILE, replaceActive }),
  );
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db as Db;
  plans = createPlanService(db, { workouts: createWorkoutService(db) });
});
afterAll(() => t.close());

describe('adoptGeneratedPlan', () => {
  it('creates the active plan with its outline and every session as a planned workout linked to it', async () => {
    const ana = await athlete('Ana');
    const plan = generated();
    const result = await adopt(ana.id, plan);
    expect(result.workoutsCreated).toBe(sessionCount(plan));
    expect(result.workoutsCreated).toBeGreaterThan(30);
    expect(result.plan).toMatchObject({
      title: `Marathon — ${raceDate}`,
      race_type: 'Marathon',
      race_date: raceDate,
      target_time: null,
      start_date: today,
      status: 'active',
    });
    expect(result.plan.phases.map((p) => p.label)).toEqual(plan.phases.map((p) => p.label));

    const events = await calendar(ana.token);
    expect(events).toHaveLength(sessionCount(plan));
    expect(events.every((e) => e.workout.plan_id === result.plan.id && e.status === 'planned')).toBe(true);
    // Each text parsed and scored as a hand-made workout's is.
    const first = plan.weeks[0]!.sessions[0]!;
    const stored = events.find((e) => e.event_date === first.date && e.title === first.title)!;
    expect(stored.workout.workout_language_text).toBe(first.workout_language_text);
    expect(stored.workout.workout_structure).not.toBeNull();
    expect(stored.workout.tss).toBeCloseTo(first.tss, 0);

    // The first week through the Training API, which carries each session's reason as its description.
    const firstWeek = plan.weeks[0]!;
    const training = await call(
      ana.token,
      'GET',
      `/api/training/workouts?plan_id=${result.plan.id}&date_from=${firstWeek.start}&date_to=${firstWeek.end}`,
    );
    expect(training.statusCode, training.body).toBe(200);
    const listed = training.json().data as Array<{
      title: string;
      description: string;
      workout_date: string;
    }>;
    expect(listed).toHaveLength(firstWeek.sessions.length);
    expect(listed.map((w) => w.description).sort()).toEqual(firstWeek.sessions.map((s) => s.reason).sort());
    expect(listed.every((w) => w.workout_date >= firstWeek.start && w.workout_date <= firstWeek.end)).toBe(
      true,
    );

    const outline = await call(ana.token, 'GET', `/api/training/plans/${result.plan.id}/outline`);
    expect(outline.statusCode, outline.body).toBe(200);
    expect(outline.json().data).toMatchObject({
      plan_id: result.plan.id,
      goal_context: { primary_event: { race_type: 'Marathon', date: raceDate } },
      profile: { ctl: 35 },
      explainability: { bullets: plan.explainability.bullets },
    });
    expect(outline.json().data.weeks).toHaveLength(plan.weeks.length);
    expect(outline.json().data.weeks[0]).toMatchObject({
      week: 1,
      start: today,
      sessions: plan.weeks[0]!.sessions.length,
    });
  });

  it('refuses to replace an active plan unless asked, naming it', async () => {
    const ben = await athlete('Ben');
    const firstPlan = await adopt(ben.id, generated());
    const err = await adopt(ben.id, generated()).catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: 'CONFLICT',
      status: 409,
      detail: { active_plan: { id: firstPlan.plan.id, race_date: raceDate } },
    });
    expect((err as Error).message).toMatch(/already have an active plan/);
    const [count] = await rows<{ n: number }>(
      sql`select count(*)::int as n from training_plans where athlete_id = ${ben.id}`,
    );
    expect(count!.n).toBe(1);
  });

  it('replacing archives the old plan, removes its future planned sessions and keeps completed ones', async () => {
    const cy = await athlete('Cy');
    const old = await adopt(cy.id, generated());
    // A past session done, another past one skipped, one planned in the past, and one done today.
    await t.db.execute(sql`
      insert into workouts (athlete_id, plan_id, title, workout_date, sport, status)
      values (${cy.id}, ${old.plan.id}, 'Done run', ${addDays(today, -3)}, 'run', 'completed'),
             (${cy.id}, ${old.plan.id}, 'Skipped run', ${addDays(today, -2)}, 'run', 'skipped'),
             (${cy.id}, ${old.plan.id}, 'Missed run', ${addDays(today, -1)}, 'run', 'planned')`);
    await t.db.execute(
      sql`update workouts set status = 'completed' where plan_id = ${old.plan.id} and workout_date = ${today}`,
    );
    const next = generated(goal(`Half marathon on ${addDays(today, 60)}, 5 hours a week`));
    const result = await adopt(cy.id, next, true);

    const kept = await rows<{ title: string; status: string; workout_date: string }>(
      sql`select title, status, workout_date::text from workouts where plan_id = ${old.plan.id} order by workout_date`,
    );
    expect(kept.map((k) => k.status).sort()).toEqual(
      [
        'completed',
        'planned',
        'skipped',
        ...kept.filter((k) => k.workout_date === today).map(() => 'completed'),
      ].sort(),
    );
    expect(kept.find((k) => k.title === 'Missed run')).toBeDefined();
    expect(kept.every((k) => k.workout_date <= today)).toBe(true);
    const statuses = await rows<{ id: string; status: string }>(
      sql`select id, status from training_plans where athlete_id = ${cy.id}`,
    );
    expect(statuses.find((p) => p.id === old.plan.id)!.status).toBe('archived');
    expect(statuses.find((p) => p.id === result.plan.id)!.status).toBe('active');
    const [created] = await rows<{ n: number }>(
      sql`select count(*)::int as n from workouts where plan_id = ${result.plan.id}`,
    );
    expect(created!.n).toBe(sessionCount(next));
  });

  it('leaves nothing when a session cannot be stored (one transaction)', async () => {
    const dee = await athlete('Dee');
    const plan = generated();
    const broken: GeneratedPlan = {
      ...plan,
      weeks: plan.weeks.map((week, i) =>
        i === 3
          ? { ...week, sessions: [{ ...week.sessions[0]!, workout_language_text: 'x'.repeat(20_000) }] }
          : week,
      ),
    };
    await expect(adopt(dee.id, broken)).rejects.toMatchObject({ status: 413 });
    const [counts] = await rows<{ p: number; w: number }>(sql`
      select (select count(*)::int from training_plans where athlete_id = ${dee.id}) as p,
             (select count(*)::int from workouts where athlete_id = ${dee.id}) as w`);
    expect(counts).toEqual({ p: 0, w: 0 });
  });
});

describe('GET /api/training/plans/{id}/outline', () => {
  it('is null for a plan made by hand and 404 for another athlete’s plan', async () => {
    const eve = await athlete('Eve');
    const fay = await athlete('Fay');
    const hand = await call(eve.token, 'POST', '/api/training/plans', {
      title: 'My own',
      race_type: '10K',
      race_date: addDays(today, 40),
    });
    expect(hand.statusCode, hand.body).toBe(201);
    const own = await call(eve.token, 'GET', `/api/training/plans/${hand.json().data.id}/outline`);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toBeNull();

    const adopted = await adopt(fay.id, generated());
    const other = await call(eve.token, 'GET', `/api/training/plans/${adopted.plan.id}/outline`);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Plan not found');
  });
});

describe('POST /api/training/plans/{id}/rebuild', () => {
  it('drafts the plan again from today: future planned sessions replaced, past and completed ones kept', async () => {
    const gus = await athlete('Gus');
    const adopted = await adopt(gus.id, generated());
    const planId = adopted.plan.id;
    await t.db.execute(sql`
      insert into workouts (athlete_id, plan_id, title, workout_date, sport, status)
      values (${gus.id}, ${planId}, 'Done run', ${addDays(today, -3)}, 'run', 'completed'),
             (${gus.id}, ${planId}, 'Missed run', ${addDays(today, -1)}, 'run', 'planned'),
             (${gus.id}, ${planId}, 'Done today', ${today}, 'run', 'completed')`);
    // Today's planned sessions done too (a rest day has none: 'Done today' stands for them then).
    await t.db.execute(
      sql`update workouts set status = 'completed' where plan_id = ${planId} and workout_date = ${today}`,
    );
    const [future] = await rows<{ n: number }>(sql`
      select count(*)::int as n from workouts
      where plan_id = ${planId} and status = 'planned' and workout_date >= ${today}`);
    // Read (and cache) the calendar before the rebuild: the rebuild must show at once.
    const before = await calendar(gus.token, addDays(today, -7));

    const newRace = addDays(raceDate, 14);
    const res = await call(gus.token, 'POST', `/api/training/plans/${planId}/rebuild`, {
      race_date: newRace,
      weekly_hours: 8,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().data;
    expect(body.workouts_removed).toBe(future!.n);
    expect(body.workouts_created).toBeGreaterThan(0);
    expect(body.plan).toMatchObject({ id: planId, race_date: newRace, start_date: today, status: 'active' });
    expect(body.outline.goal_context).toMatchObject({
      weekly_hours: 8,
      primary_event: { date: newRace },
      assumed: { date: false, weekly_hours: false },
    });
    expect(body.outline.weeks.at(-1).end).toBe(newRace);

    const after = await calendar(gus.token, addDays(today, -7), addDays(newRace, 1));
    expect(after).not.toEqual(before);
    expect(
      after.filter((e) => e.workout.plan_id === planId && e.status === 'planned' && e.event_date >= today),
    ).toHaveLength(body.workouts_created);
    expect(after.some((e) => e.event_date === newRace)).toBe(true);
    expect(after.find((e) => e.title === 'Done run')?.status).toBe('completed');
    expect(after.find((e) => e.title === 'Missed run')?.status).toBe('planned');
    expect(after.find((e) => e.title === 'Done today')?.status).toBe('completed');
    expect(after.filter((e) => e.event_date === today && e.status === 'planned')).toEqual([]);

    const outline = await call(gus.token, 'GET', `/api/training/plans/${planId}/outline`);
    expect(outline.json().data.goal_context.weekly_hours).toBe(8);
  });

  it("writes an imperial athlete's runs in miles and per mile, stored with the metric plan's TSS (docs/units.md)", async () => {
    const kim = await athlete('Kim');
    const adopted = await adopt(kim.id, generated());
    const planId = adopted.plan.id;
    const rebuild = async () => {
      const res = await call(kim.token, 'POST', `/api/training/plans/${planId}/rebuild`, {});
      expect(res.statusCode, res.body).toBe(200);
    };
    await rebuild();
    const metric = (await calendar(kim.token)).filter((e) => e.workout.plan_id === planId);
    expect(metric.some((e) => /\/km\b/.test(e.workout.workout_language_text))).toBe(true);
    const units = await call(kim.token, 'PUT', '/api/auth/profile', { units: 'imperial' });
    expect(units.statusCode, units.body).toBe(200);
    await rebuild();
    const imperial = (await calendar(kim.token)).filter(
      (e) => e.workout.plan_id === planId && e.event_date > today,
    );
    const runs = imperial.filter((e) => /@ \d+:\d{2}/.test(e.workout.workout_language_text));
    expect(runs.length).toBeGreaterThan(10);
    for (const e of runs) {
      expect(e.workout.workout_language_text).toMatch(/\/mi\b/);
      expect(e.workout.workout_language_text).not.toMatch(/km\b/);
    }
    expect(imperial.find((e) => e.event_date === raceDate)?.workout.workout_language_text).toMatch(
      /^26\.2mi @ \d+:\d{2}\/mi$/,
    );
    // The same plan from the same day: each session's stored TSS a minute within a few percent of the metric
    // one's (the texts in miles read as the same load). A minute, because the second rebuild may size a session a
    // few minutes apart from the first: late in the week (Friday to Sunday) the long run of 85 min came back as 90.
    const perMinute = (e: (typeof metric)[number]) =>
      e.workout.tss != null && e.workout.duration_minutes ? e.workout.tss / e.workout.duration_minutes : null;
    const metricLoad = new Map(metric.map((e) => [`${e.event_date} ${e.title}`, perMinute(e)]));
    let compared = 0;
    for (const e of imperial) {
      const before = metricLoad.get(`${e.event_date} ${e.title}`);
      const after = perMinute(e);
      if (before == null || after == null) continue;
      expect(Math.abs(after - before), e.workout.workout_language_text).toBeLessThanOrEqual(before * 0.03);
      compared += 1;
    }
    expect(compared).toBeGreaterThan(20);
  });

  it('refuses a plan made by hand (409), another athlete’s plan (404) and a bad body (400), writing nothing', async () => {
    const hal = await athlete('Hal');
    const ivy = await athlete('Ivy');
    const hand = await call(hal.token, 'POST', '/api/training/plans', {
      title: 'My own',
      race_type: '10K',
      race_date: addDays(today, 40),
    });
    const handId = hand.json().data.id;
    const notGenerated = await call(hal.token, 'POST', `/api/training/plans/${handId}/rebuild`, {});
    expect(notGenerated.statusCode).toBe(409);
    expect(notGenerated.json().message).toMatch(/made by hand/);

    const adopted = await adopt(ivy.id, generated());
    const snapshot = () =>
      rows<{ n: number; outline: string }>(sql`
        select (select count(*)::int from workouts where athlete_id = ${ivy.id}) as n,
               (select outline::text from training_plans where id = ${adopted.plan.id}) as outline`);
    const before = await snapshot();

    const foreign = await call(hal.token, 'POST', `/api/training/plans/${adopted.plan.id}/rebuild`, {
      weekly_hours: 8,
    });
    expect(foreign.statusCode).toBe(404);
    for (const [payload, message] of [
      [{ weekly_hours: 1 }, /weekly_hours must be at least/],
      [{ weekly_hours: 'lots' }, /weekly_hours must be a number/],
      [{ race_date: '2027-02-30' }, /.+/],
      [{ race_date: addDays(today, -1) }, /must be after today/],
      [{ taper: true }, /.+/],
    ] as const) {
      const res = await call(ivy.token, 'POST', `/api/training/plans/${adopted.plan.id}/rebuild`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await snapshot()).toEqual(before);

    // An archived plan is history: it is not rebuilt.
    const archive = await call(ivy.token, 'PUT', `/api/training/plans/${adopted.plan.id}`, {
      status: 'archived',
    });
    expect(archive.statusCode, archive.body).toBe(200);
    const archived = await call(ivy.token, 'POST', `/api/training/plans/${adopted.plan.id}/rebuild`, {});
    expect(archived.statusCode).toBe(409);
    expect(archived.json().message).toMatch(/Only the active plan can be rebuilt; this one is archived/);
    const [after] = await snapshot();
    expect(after!.n).toBe(before[0]!.n);
  });
});
