// Onboarding through the API (docs/onboarding.md): consent → prompt → the job's stages → review edits →
// approval that creates the plan and its planned workouts; the status and its reset; another athlete's
// session; bad input; conflicts; a restart during processing; a stale job; voice transcription against a fake
// speech-to-text server on loopback.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays, dateInTimeZone, dayOfWeek } from '@stamina/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinToday } from '../../../test-support/today.ts';
import { bearer, buildSecondApp, createTestApp, multipartForm, type TestApp } from './helpers.ts';

pinToday();
const today = () => dateInTimeZone(new Date(), 'UTC');
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

let t: TestApp;
beforeAll(async () => {
  // Jobs run only when a test says so, one stage at a time.
  t = await createTestApp({ jobs: { worker: false } });
});
afterAll(() => t.close());

interface Athlete {
  token: string;
  athleteId: string;
}
const athlete = (app: TestApp = t): Promise<Athlete> => app.athlete();

function call(who: Athlete, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, app = t.app) {
  return app.inject({
    method,
    url,
    headers: bearer(who.token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function ok(res: { statusCode: number; body: string; json(): unknown }, status = 200) {
  expect(res.statusCode, res.body.slice(0, 500)).toBe(status);
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are read loosely; the assertions check them
  return (res.json() as { data: Record<string, any> }).data;
}

async function startSession(who: Athlete, app = t.app): Promise<string> {
  const data = await ok(
    await call(who, 'POST', '/api/onboarding/sessions', { consent_version: '1.0.0', language: 'en' }, app),
    201,
  );
  return data.onboarding_session_id as string;
}

const raceDay = () => addDays(today(), 140);
const goalText = () =>
  `I want to run a marathon on ${raceDay()}, aiming for sub 3:45. I can train about 6 hours a week and my long run is on Sundays.`;

async function sessionOf(who: Athlete, id: string, app = t.app) {
  return ok(await call(who, 'GET', `/api/onboarding/sessions/${id}`, undefined, app));
}

/** Runs the app's due jobs one at a time, as many as there are. */
async function runJobs(app = t.app): Promise<number> {
  let n = 0;
  while (await app.jobs.runOnce()) n += 1;
  return n;
}

async function count(table: string, athleteId: string): Promise<number> {
  const result = await t.db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} where athlete_id = ${athleteId}`,
  );
  return rowsOf<{ n: number }>(result)[0]!.n;
}

describe('the whole onboarding', () => {
  let ana: Athlete;
  let id: string;
  beforeAll(async () => {
    ana = await athlete();
    // Recent training for the job to read: a long run and a ride last week, an FTP, two wellness days.
    for (const payload of [
      {
        title: 'Long run',
        workout_date: addDays(today(), -6),
        sport: 'run',
        duration_minutes: 100,
        intensity_zone: 2,
        status: 'completed',
      },
      {
        title: 'Ride',
        workout_date: addDays(today(), -4),
        sport: 'bike',
        duration_minutes: 80,
        intensity_zone: 2,
        status: 'completed',
      },
    ]) {
      await ok(await call(ana, 'POST', '/api/workout-planning/workouts', payload), 201);
    }
    const metrics = await call(ana, 'PUT', '/api/athletes/me/sport-metrics', {
      sport: 'cycling',
      values: { ftp_watts: 240, max_hr: null, resting_hr: null, lthr: null, max_power_watts: null },
    });
    expect(metrics.statusCode, metrics.body).toBeLessThan(300);
    for (const [offset, hrv] of [
      [-2, 50],
      [-1, 60],
    ] as const) {
      const res = await call(ana, 'POST', '/api/metrics', {
        date: addDays(today(), offset),
        hrv,
        sleep_hours: 7,
      });
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
  });

  it('starts at wearable_connection with nothing to resume', async () => {
    const status = await ok(await call(ana, 'GET', '/api/onboarding/status'));
    expect(status).toEqual({
      step: 'wearable_connection',
      onboarding_complete: false,
      wearable_connection_complete: false,
      conversational_chat_complete: false,
      active_session: null,
      voice_available: false,
    });
  });

  it('creates a session on consent, parses the prompt at once and queues the work', async () => {
    id = await startSession(ana);
    const created = await sessionOf(ana, id);
    expect(created).toMatchObject({
      status: 'CREATED',
      ready_for_review: false,
      consent_version: '1.0.0',
      goal_context: null,
    });

    const parsed = await ok(
      await call(ana, 'POST', `/api/onboarding/sessions/${id}/prompt`, { prompt: `  ${goalText()}  ` }),
    );
    expect(parsed.status).toBe('NLP_PARSED');
    expect(parsed.prompt).toBe(goalText());
    expect(parsed.goal_context.primary_event).toMatchObject({
      sport: 'run',
      race_type: 'Marathon',
      date: raceDay(),
      target: '3:45:00',
    });
    expect(parsed.goal_context.preferences.long_run_day).toBe('sunday');
    expect(parsed.goal_context.assumed.date).toBe(false);
    expect(parsed.week_plan_draft).toBeNull();

    const status = await ok(await call(ana, 'GET', '/api/onboarding/status'));
    expect(status.active_session).toEqual({ onboarding_session_id: id, status: 'NLP_PARSED' });
    expect(status.conversational_chat_complete).toBe(true);
  });

  it('reaches each status by doing its work, one committed stage at a time', async () => {
    expect(await t.app.jobs.runOnce()).toBe(true);
    const harvested = await sessionOf(ana, id);
    expect(harvested.status).toBe('DATA_HARVESTED');
    expect(harvested.profile).toBeNull();

    expect(await t.app.jobs.runOnce()).toBe(true);
    const profiled = await sessionOf(ana, id);
    expect(profiled.status).toBe('PROFILE_SYNTHESIZED');
    expect(profiled.profile).toMatchObject({
      longest_session_minutes: { run: 100, bike: 80, swim: 0 },
      thresholds: { ftp_watts: 240 },
      data: { to: today(), completed_workouts: 2, training_days: 2, wellness_days: 2, hrv_average: 55 },
    });
    expect(profiled.profile.ctl).toBeGreaterThan(0);
    // 3 hours in the one week since the first training day.
    expect(profiled.profile.weekly_hours).toBe(3);

    expect(await t.app.jobs.runOnce()).toBe(true);
    const drafted = await sessionOf(ana, id);
    expect(drafted.status).toBe('PLAN_DRAFTED');
    expect(drafted.ready_for_review).toBe(true);
    expect(drafted.plan_summary).toMatchObject({ start_date: today(), race_date: raceDay() });
    expect(drafted.plan_summary.sessions).toBeGreaterThan(20);
    expect(drafted.explainability.bullets.length).toBeGreaterThanOrEqual(3);
    const week = drafted.week_plan_draft.sessions as Array<Record<string, unknown>>;
    expect(week.length).toBeGreaterThan(0);
    for (const s of week) {
      expect((s.date as string) >= today()).toBe(true);
      expect((s.date as string) <= addDays(today(), 6)).toBe(true);
      expect(typeof s.title).toBe('string');
      expect(String(s.reason).length).toBeGreaterThan(5);
    }
    // Nothing left to run.
    expect(await t.app.jobs.runOnce()).toBe(false);
  });

  it('skips devices', async () => {
    const skipped = await ok(await call(ana, 'POST', `/api/onboarding/sessions/${id}/devices/skip`));
    expect(skipped.devices_skipped).toBe(true);
    expect((await ok(await call(ana, 'GET', '/api/onboarding/status'))).wearable_connection_complete).toBe(
      true,
    );
  });

  it("applies the review's edits, marks them as the athlete's and drafts the plan again", async () => {
    const before = await sessionOf(ana, id);
    expect(before.goal_context.assumed.weekly_hours).toBe(false);
    expect(before.goal_context.assumed.experience).toBe(true);
    const edited = await ok(
      await call(ana, 'PUT', `/api/onboarding/sessions/${id}/goal-context`, {
        primary_event: { race_type: 'Half Marathon' },
        weekly_hours: 8,
        experience: 'advanced',
        preferences: { rest_days: ['friday'] },
      }),
    );
    expect(edited.status).toBe('PLAN_DRAFTED');
    expect(edited.goal_context.primary_event).toMatchObject({
      race_type: 'Half Marathon',
      distance: 'Half Marathon',
      distance_meters: 21097.5,
      sport: 'run',
    });
    expect(edited.goal_context).toMatchObject({ weekly_hours: 8, experience: 'advanced' });
    expect(edited.goal_context.assumed).toMatchObject({
      distance: false,
      weekly_hours: false,
      experience: false,
      rest_days: false,
    });
    expect(edited.plan_summary.peak_week_hours).toBeGreaterThan(before.plan_summary.peak_week_hours);
    for (const s of edited.week_plan_draft.sessions) expect(s.dow).not.toBe('friday');

    const custom = await ok(
      await call(ana, 'PUT', `/api/onboarding/sessions/${id}/goal-context`, {
        primary_event: { distance_meters: 30000 },
      }),
    );
    expect(custom.goal_context.primary_event).toMatchObject({
      race_type: 'Custom Event',
      distance: '30 km',
      distance_meters: 30000,
    });
  });

  it('applies edits to the athlete facts and sport exclusions: the fields given replace the parsed ones', async () => {
    const before = await sessionOf(ana, id);
    expect(before.goal_parsed_by).toBe('rules');
    expect(before.goal_context.athlete.ftp_watts).toBeNull();
    const edited = await ok(
      await call(ana, 'PUT', `/api/onboarding/sessions/${id}/goal-context`, {
        athlete: {
          ftp_watts: 250,
          current_weekly_km: 35,
          past_injuries: ['knee', 'knee'],
          limiters: ['run', 'swim', 'swim'],
          performances: [
            {
              sport: 'run',
              distance_meters: 42_195,
              race_type: 'Marathon',
              time_seconds: 12_600,
              date: null,
            },
          ],
        },
        preferences: {
          sport_exclusions: [
            { sport: 'run', day: 'monday' },
            { sport: 'run', day: 'monday' },
          ],
        },
      }),
    );
    expect(edited.goal_context.athlete).toMatchObject({
      ftp_watts: 250,
      current_weekly_km: 35,
      past_injuries: ['knee'],
      limiters: ['swim', 'run'],
      // Not edited: as parsed.
      current_weekly_hours: before.goal_context.athlete.current_weekly_hours,
      lthr: null,
    });
    expect(edited.goal_context.athlete.performances).toHaveLength(1);
    expect(edited.goal_context.preferences.sport_exclusions).toEqual([{ sport: 'run', day: 'monday' }]);
    // Stored: a new read answers the same.
    expect((await sessionOf(ana, id)).goal_context.athlete.ftp_watts).toBe(250);
    const bad = await call(ana, 'PUT', `/api/onboarding/sessions/${id}/goal-context`, {
      athlete: { ftp_watts: 5000 },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('approves: the plan and its planned workouts exist, the calendar shows them, onboarding is complete', async () => {
    const drafted = await sessionOf(ana, id);
    const approval = await ok(await call(ana, 'POST', `/api/onboarding/sessions/${id}/approve`, {}));
    expect(approval.session).toMatchObject({
      status: 'APPROVED',
      ready_for_review: false,
      plan_id: approval.plan.id,
    });
    expect(approval.plan).toMatchObject({ status: 'active', race_date: raceDay(), start_date: today() });
    expect(approval.workouts_created).toBe(drafted.plan_summary.sessions);

    const calendar = await ok(
      await call(
        ana,
        'GET',
        // The plan's first week is the rest of this calendar week (weeks start on Monday).
        `/api/workout-planning/calendar?date_from=${today()}&date_to=${addDays(today(), (7 - dayOfWeek(today())) % 7)}`,
      ),
    );
    const planned = (
      calendar.calendar_events as Array<{ workout: { plan_id: string | null; status: string } }>
    ).filter((e) => e.workout.plan_id === approval.plan.id);
    expect(planned.length).toBe(drafted.week_plan_draft.sessions.length);
    expect(planned.every((e) => e.workout.status === 'planned')).toBe(true);

    const status = await ok(await call(ana, 'GET', '/api/onboarding/status'));
    expect(status).toMatchObject({ step: 'completed', onboarding_complete: true, active_session: null });
    const me = await ok(await call(ana, 'GET', '/api/athletes/me'));
    expect(me.onboarding_complete).toBe(true);

    // Approving again answers the same approval and creates nothing more.
    const workouts = await count('workouts', ana.athleteId);
    const again = await ok(await call(ana, 'POST', `/api/onboarding/sessions/${id}/approve`, {}));
    expect(again.plan.id).toBe(approval.plan.id);
    expect(again.workouts_created).toBe(approval.workouts_created);
    expect(await count('workouts', ana.athleteId)).toBe(workouts);
  });

  it('refuses a new prompt and edits once approved', async () => {
    const prompt = await call(ana, 'POST', `/api/onboarding/sessions/${id}/prompt`, { prompt: goalText() });
    expect(prompt.statusCode).toBe(409);
    expect(prompt.json().message).toMatch(/approved/);
    const edit = await call(ana, 'PUT', `/api/onboarding/sessions/${id}/goal-context`, { weekly_hours: 5 });
    expect(edit.statusCode).toBe(409);
  });

  it('resets onboarding and keeps the plan', async () => {
    const status = await ok(await call(ana, 'POST', '/api/onboarding/reset'));
    expect(status).toMatchObject({ step: 'wearable_connection', onboarding_complete: false });
    const active = await ok(await call(ana, 'GET', '/api/training/plans/active'));
    expect(active).not.toBeNull();
    expect((await ok(await call(ana, 'GET', '/api/athletes/me'))).onboarding_complete).toBe(false);
  });

  it('replacing an active plan asks first (409 with the plan), then replaces it', async () => {
    const second = await startSession(ana);
    await ok(
      await call(ana, 'POST', `/api/onboarding/sessions/${second}/prompt`, {
        prompt: 'Olympic triathlon next summer, 8 hours a week',
      }),
    );
    expect(await runJobs()).toBe(3);
    const plansBefore = await count('training_plans', ana.athleteId);
    const refused = await call(ana, 'POST', `/api/onboarding/sessions/${second}/approve`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/active plan/);
    expect(refused.json().detail.active_plan.id).toBeTruthy();
    expect(await count('training_plans', ana.athleteId)).toBe(plansBefore);
    expect((await sessionOf(ana, second)).status).toBe('PLAN_DRAFTED');

    const replaced = await ok(
      await call(ana, 'POST', `/api/onboarding/sessions/${second}/approve`, { replace_active_plan: true }),
    );
    expect(replaced.plan.race_type).toBe('Olympic Triathlon');
    const active = await ok(await call(ana, 'GET', '/api/training/plans/active'));
    expect(active.id).toBe(replaced.plan.id);
    expect(await count('training_plans', ana.athleteId)).toBe(plansBefore + 1);
  });
});

describe('refusals', () => {
  let ana: Athlete;
  let bob: Athlete;
  let id: string;
  beforeAll(async () => {
    ana = await athlete();
    bob = await athlete();
    id = await startSession(ana);
  });

  it("answers another athlete's session as not found on every route, and changes nothing", async () => {
    const routes: Array<['GET' | 'POST' | 'PUT', string, unknown?]> = [
      ['GET', `/api/onboarding/sessions/${id}`],
      ['POST', `/api/onboarding/sessions/${id}/prompt`, { prompt: goalText() }],
      ['POST', `/api/onboarding/sessions/${id}/devices/skip`],
      ['PUT', `/api/onboarding/sessions/${id}/goal-context`, { weekly_hours: 5 }],
      ['POST', `/api/onboarding/sessions/${id}/approve`, {}],
    ];
    for (const [method, url, body] of routes) {
      const res = await call(bob, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe('Onboarding session not found');
    }
    const session = await sessionOf(ana, id);
    expect(session).toMatchObject({ status: 'CREATED', prompt: null, devices_skipped: false });
    expect((await ok(await call(bob, 'GET', '/api/onboarding/status'))).active_session).toBeNull();
  });

  it('refuses a short prompt, a wrong consent version and bad bodies with 400, writing nothing', async () => {
    const before = await count('onboarding_sessions', ana.athleteId);
    const short = await call(ana, 'POST', `/api/onboarding/sessions/${id}/prompt`, {
      prompt: '  marathon   ',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/Please provide more details/);
    const long = await call(ana, 'POST', `/api/onboarding/sessions/${id}/prompt`, {
      prompt: 'a'.repeat(2001),
    });
    expect(long.statusCode).toBe(400);
    const consent = await call(ana, 'POST', '/api/onboarding/sessions', { consent_version: '0.9.0' });
    expect(consent.statusCode).toBe(400);
    expect(consent.json().message).toMatch(/consent_version must be 1\.0\.0/);
    for (const body of [
      {},
      { consent_version: '1.0.0', language: 'fr' },
      { consent_version: '1.0.0', extra: 1 },
    ]) {
      expect((await call(ana, 'POST', '/api/onboarding/sessions', body)).statusCode).toBe(400);
    }
    expect(
      (await call(ana, 'POST', `/api/onboarding/sessions/${id}/prompt`, { prompt: 42 })).statusCode,
    ).toBe(400);
    expect((await call(ana, 'GET', '/api/onboarding/sessions/not-a-uuid')).statusCode).toBe(400);
    expect(await count('onboarding_sessions', ana.athleteId)).toBe(before);
    expect((await sessionOf(ana, id)).status).toBe('CREATED');
  });

  it('refuses approval and edits before the plan is drafted (409), and bad edits once it is (400)', async () => {
    const approve = await call(ana, 'POST', `/api/onboarding/sessions/${id}/approve`, {});
    expect(approve.statusCode).toBe(409);
    expect(approve.json().message).toMatch(/Send your goal first/);
    await ok(await call(ana, 'POST', `/api/onboarding/sessions/${id}/prompt`, { prompt: goalText() }));
    const processing = await call(ana, 'PUT', `/api/onboarding/sessions/${id}/goal-context`, {
      weekly_hours: 5,
    });
    expect(processing.statusCode).toBe(409);
    expect(processing.json().message).toMatch(/still being drafted/);
    expect((await call(ana, 'POST', `/api/onboarding/sessions/${id}/approve`, {})).statusCode).toBe(409);

    await runJobs();
    const drafted = await sessionOf(ana, id);
    expect(drafted.status).toBe('PLAN_DRAFTED');
    for (const body of [
      { weekly_hours: 0 },
      { weekly_hours: 'six' },
      { primary_event: { date: addDays(today(), -1) } },
      { primary_event: { race_type: 'Marathon', distance_meters: 5000 } },
      { preferences: { long_run_day: 'someday' } },
      { unknown: true },
    ]) {
      const res = await call(ana, 'PUT', `/api/onboarding/sessions/${id}/goal-context`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
    expect(await sessionOf(ana, id)).toEqual(drafted);
  });
});

describe("an imperial athlete's custom event", () => {
  it('labels the distance read, corrected and refused in miles; the review sets a custom distance and sport', async () => {
    const ivy = await athlete();
    await ok(await call(ivy, 'PUT', '/api/auth/profile', { units: 'imperial' }));
    const id = await startSession(ivy);
    const parsed = await ok(
      await call(ivy, 'POST', `/api/onboarding/sessions/${id}/prompt`, {
        prompt: `I want to run a 50 mile ultra on ${raceDay()}, about 8 hours a week.`,
      }),
    );
    expect(parsed.goal_context.primary_event).toMatchObject({
      race_type: 'Custom Event',
      distance: '50 mi',
      distance_meters: 80_467,
    });
    await runJobs();
    expect((await sessionOf(ivy, id)).status).toBe('PLAN_DRAFTED');

    const edited = await ok(
      await call(ivy, 'PUT', `/api/onboarding/sessions/${id}/goal-context`, {
        primary_event: { race_type: 'Custom Event', sport: 'bike', distance_meters: 160_934 },
      }),
    );
    expect(edited.goal_context.primary_event).toMatchObject({
      race_type: 'Custom Event',
      sport: 'bike',
      distance: '100 mi',
      distance_meters: 160_934,
    });
    expect(edited.goal_context.assumed).toMatchObject({ sport: false, distance: false });

    const wrong = await call(ivy, 'PUT', `/api/onboarding/sessions/${id}/goal-context`, {
      primary_event: { race_type: 'Marathon', distance_meters: 5000 },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(
      "A Marathon is 26.2 mi: send race_type 'Custom Event' with another distance",
    );
  });
});

describe('restarts and stale jobs', () => {
  it('a stale job (an older prompt) does nothing; the newest prompt is the one processed', async () => {
    const ana = await athlete();
    const id = await startSession(ana);
    await ok(await call(ana, 'POST', `/api/onboarding/sessions/${id}/prompt`, { prompt: goalText() }));
    const second = await ok(
      await call(ana, 'POST', `/api/onboarding/sessions/${id}/prompt`, {
        prompt: 'A 10k in 12 weeks, 4 hours a week please',
      }),
    );
    expect(second.goal_context.primary_event.race_type).toBe('10K');
    // The first prompt's job runs first and finds its revision replaced.
    expect(await t.app.jobs.runOnce()).toBe(true);
    expect((await sessionOf(ana, id)).status).toBe('NLP_PARSED');
    await runJobs();
    const drafted = await sessionOf(ana, id);
    expect(drafted.status).toBe('PLAN_DRAFTED');
    expect(drafted.goal_context.primary_event.race_type).toBe('10K');
  });

  it('a session whose process stopped mid-way is finished by the next process', async () => {
    const r = await createTestApp({ jobs: { worker: false } });
    try {
      const eve = await athlete(r);
      const id = await startSession(eve, r.app);
      await ok(
        await call(eve, 'POST', `/api/onboarding/sessions/${id}/prompt`, { prompt: goalText() }, r.app),
      );
      // The first process does the first stage, then dies holding the next stage's job.
      expect(await r.app.jobs.runOnce()).toBe(true);
      expect((await sessionOf(eve, id, r.app)).status).toBe('DATA_HARVESTED');
      await r.db.execute(sql`
        update jobs set status = 'running', attempts = 1, locked_by = 'the-first-process',
          lease_until = now() - interval '1 second'
        where status = 'queued'`);
      await r.app.close();

      const next = await buildSecondApp(r, { jobs: { pollMs: 20 } });
      try {
        const deadline = Date.now() + 20_000;
        let session = await sessionOf(eve, id, next);
        while (session.status !== 'PLAN_DRAFTED' && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 25));
          session = await sessionOf(eve, id, next);
        }
        expect(session.status).toBe('PLAN_DRAFTED');
        expect(session.profile).not.toBeNull();
        expect(session.error).toBeNull();
      } finally {
        await next.close();
      }
    } finally {
      await r.close();
    }
  });

  it('a stage that fails for good leaves a message a person can read; a new prompt starts again', async () => {
    const ana = await athlete();
    const id = await startSession(ana);
    await ok(await call(ana, 'POST', `/api/onboarding/sessions/${id}/prompt`, { prompt: goalText() }));
    // The stage's job on its last attempt, left by a process that died: the queue gives it up and says so.
    await t.db.execute(sql`
      update jobs set attempts = max_attempts, status = 'running', lease_until = now() - interval '1 second'
      where payload->>'sessionId' = ${id}`);
    expect(await t.app.jobs.runOnce()).toBe(true);
    const failed = await sessionOf(ana, id);
    expect(failed.error).toMatch(/Something went wrong while reading your recent training/);
    expect(failed.status).toBe('NLP_PARSED');
    await ok(await call(ana, 'POST', `/api/onboarding/sessions/${id}/prompt`, { prompt: goalText() }));
    expect((await sessionOf(ana, id)).error).toBeNull();
  });
});

describe('voice transcription', () => {
  // A WebM (EBML) header and some bytes: enough to be recognised as a recording.
  const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(60, 1)]);
  const upload = (who: Athlete, content: Buffer, app = t.app, fileName = 'recording.webm') => {
    const form = multipartForm([{ name: 'file', value: content, filename: fileName }]);
    return app.inject({
      method: 'POST',
      url: '/api/onboarding/transcriptions',
      headers: { ...bearer(who.token), ...form.headers },
      payload: form.payload,
    });
  };

  it('says voice needs a speech-to-text service when none is set', async () => {
    const ana = await athlete();
    const res = await upload(ana, webm);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'Voice input needs a speech-to-text service (STT_URL)',
    });
  });

  describe('with a speech-to-text service', () => {
    let server: Server;
    let app: Awaited<ReturnType<typeof buildSecondApp>>;
    let mode: 'ok' | 'refuse' | 'fail' | 'slow' = 'ok';
    const seen: Array<{ url: string; auth: string | undefined; body: string }> = [];
    beforeAll(async () => {
      server = createServer((req: IncomingMessage, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          seen.push({
            url: req.url ?? '',
            auth: req.headers.authorization,
            body: Buffer.concat(chunks).toString('latin1'),
          });
          res.setHeader('content-type', 'application/json');
          if (mode === 'refuse') {
            res.statusCode = 400;
            res.end(JSON.stringify({ error: { message: 'Invalid file format.' } }));
          } else if (mode === 'fail') {
            res.statusCode = 500;
            res.end('{}');
          } else if (mode === 'slow') {
            setTimeout(() => res.end(JSON.stringify({ text: 'late' })), 1500);
          } else {
            res.end(JSON.stringify({ text: ' I want to run a marathon in April. ' }));
          }
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      app = await buildSecondApp(t, {
        jobs: { worker: false },
        stt: {
          url: `http://127.0.0.1:${port}/v1/`,
          apiKey: 'sk-test',
          model: 'whisper-test',
          timeoutMs: 500,
        },
      });
    });
    afterAll(async () => {
      await app.close();
      await new Promise((resolve) => server.close(resolve));
    });

    it('forwards the recording with the model and key, and answers its text; the status says voice is on', async () => {
      const ana = await athlete();
      mode = 'ok';
      const data = await ok(await upload(ana, webm, app));
      expect(data).toEqual({ text: 'I want to run a marathon in April.' });
      const request = seen.at(-1)!;
      expect(request.url).toBe('/v1/audio/transcriptions');
      expect(request.auth).toBe('Bearer sk-test');
      expect(request.body).toContain('whisper-test');
      expect(request.body).toContain('filename="recording.webm"');
      expect(
        (await ok(await call(ana, 'GET', '/api/onboarding/status', undefined, app))).voice_available,
      ).toBe(true);
    });

    it('refuses what is not a recording before sending it, and reports the service refusing or failing', async () => {
      const ana = await athlete();
      const sent = seen.length;
      const garbage = await upload(ana, Buffer.from('just some text, not audio at all'), app, 'notes.webm');
      expect(garbage.statusCode).toBe(400);
      expect(garbage.json().message).toMatch(/not a recording/);
      expect((await upload(ana, Buffer.alloc(0), app)).statusCode).toBe(400);
      expect(seen.length).toBe(sent);

      mode = 'refuse';
      const refused = await upload(ana, webm, app);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/could not read the recording: Invalid file format/);
      mode = 'fail';
      const failed = await upload(ana, webm, app);
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toMatchObject({ code: 'BAD_GATEWAY' });
      mode = 'slow';
      const slow = await upload(ana, webm, app);
      expect(slow.statusCode).toBe(503);
      expect(slow.json().message).toMatch(/took too long/);
      mode = 'ok';
    });

    it('refuses a recording over 10 MB with 413', async () => {
      const ana = await athlete();
      const big = Buffer.concat([webm, Buffer.alloc(10 * 1024 * 1024, 2)]);
      const res = await upload(ana, big, app);
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toMatch(/10 MB/);
    });
  });
});
