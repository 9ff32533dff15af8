// Adopting a generated plan (docs/onboarding.md, "Adopting a generated plan"): the plan and every session as
// planned workouts linked to it in the caller's transaction, the conflict with an active plan and its
// replacement; and the plan's outline and rebuild calls (docs/onboarding.md, "The plan's outline and rebuild").
import type { GoalContextDto, TrainingProfileDto } from '@stamina/contract';
import { addDays, type GeneratedPlan, generatePlan, parseGoal } from '@stamina/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { createPlanService } from '../src/modules/plans/service.ts';
import { createWorkoutService } from '../src/modules/workouts/service.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let plans: ReturnType<typeof createPlanService>;
const today = new Date().toISOString().slice(0, 10); // test athletes live in UTC
const raceDate = addDays(today, 7 * 12 + 3);

const PROFILE: TrainingProfileDto = {
  ctl: 35,
  weekly_hours: 5,
  longest_session_minutes: { run: 90, bike: 0, swim: 0 },
  thresholds: {
    ftp_watts: null,
    threshold_pace_seconds_per_km: 270,
    css_seconds_per_100m: null,
    max_hr: null,
    lthr: null,
  },
  data: {
    from: addDays(today, -84),
    to: today,
    training_days: 40,
    activities: 40,
    completed_workouts: 0,
    wellness_days: 0,
    hrv_average: null,
    resting_hr_average: null,
    sleep_hours_average: null,
  },
};

function goal(text = `Marathon on ${raceDate}, 6 hours a week, intermediate`): GoalContextDto {
  return parseGoal(text, { today }) as GoalContextDto;
}

function generated(context = goal()): GeneratedPlan {
  return generatePlan(
    context,
    { ctl: PROFILE.ctl, weeklyHours: PROFILE.weekly_hours, thresholds: { thresholdPaceSecondsPerKm: 270 } },
    { today },
  );
}

const sessionCount = (plan: GeneratedPlan) => plan.weeks.reduce((n, w) => n + w.sessions.length, 0);

async function athlete(name: string) {
  const { session } = await t.signUpAndConfirm({ name });
  return { token: session.access_token, id: session.user.athlete_id };
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
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

    const training = await call(ana.token, 'GET', `/api/training/workouts?plan_id=${result.plan.id}`);
    expect(training.json().data[0].description).toBe(plan.weeks[0]!.sessions[0]!.reason);

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
