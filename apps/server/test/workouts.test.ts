// The workout-planning API and the Training API's workout calls, on one store, scoped to each athlete.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let ana: string;
let ben: string;
beforeAll(async () => {
  t = await createTestApp();
  ana = (await t.signUpAndConfirm({ name: 'Ana' })).session.access_token;
  ben = (await t.signUpAndConfirm({ name: 'Ben' })).session.access_token;
});
afterAll(() => t.close());

const HEADLINE = 'Warmup: 15min easy, 5x 3min @ Z4 with 2min recovery, cooldown 10min';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function workoutCount(): Promise<number> {
  const rows = await t.db.execute(sql`select count(*)::int as n from workouts`);
  return Number((rows as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
}

describe('POST /api/workout-planning/parse-workout', () => {
  it('parses the headline example into intervals with 30% in zone 4', async () => {
    const res = await call(ana, 'POST', '/api/workout-planning/parse-workout', {
      workout_text: HEADLINE,
      sport: 'run',
    });
    expect(res.statusCode).toBe(200);
    const parsed = res.json().data;
    expect(parsed.total_duration_estimated).toBe(50 * 60);
    expect(parsed.zone_distribution.zone_4).toBe(30);
    expect(
      parsed.intervals.filter((i: { isRest: boolean; phase: string }) => !i.isRest && i.phase === 'main'),
    ).toHaveLength(5);
    expect(parsed.parsing_confidence).toBeGreaterThan(0.5);
  });

  it('answers 400 for empty text and 413 past 10,000 characters', async () => {
    const empty = await call(ana, 'POST', '/api/workout-planning/parse-workout', {
      workout_text: '   ',
      sport: 'run',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Workout text is empty');
    const long = await call(ana, 'POST', '/api/workout-planning/parse-workout', {
      workout_text: '10min easy, '.repeat(900),
      sport: 'run',
    });
    expect(long.statusCode).toBe(413);
  });

  it('answers 400 for an unknown sport and 401 without a token', async () => {
    expect(
      (
        await call(ana, 'POST', '/api/workout-planning/parse-workout', {
          workout_text: '10min',
          sport: 'golf',
        })
      ).statusCode,
    ).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/workout-planning/parse-workout',
      payload: { workout_text: '10min', sport: 'run' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('workouts', () => {
  it('creates a workout with its parsed structure, and fills duration and zone from the text', async () => {
    const res = await call(ana, 'POST', '/api/workout-planning/workouts', {
      title: 'Threshold intervals',
      workout_date: '2026-12-01',
      sport: 'run',
      workout_language_text: `  ${HEADLINE}  `,
    });
    expect(res.statusCode).toBe(201);
    const workout = res.json().data;
    expect(workout).toMatchObject({
      title: 'Threshold intervals',
      workout_date: '2026-12-01',
      sport: 'run',
      status: 'planned',
      duration_minutes: 50,
      // The main set is 5x 3 min in zone 4: that is the session's zone, though most of its time is easy.
      intensity_zone: 4,
      workout_language_text: HEADLINE,
    });
    expect(workout.workout_structure.total_duration_estimated).toBe(3000);
    expect(workout.workout_structure.main_intervals.length).toBeGreaterThan(0);
  });

  it('re-parses when the text changes, and sets the status', async () => {
    const created = (
      await call(ana, 'POST', '/api/workout-planning/workouts', {
        title: 'Easy',
        workout_date: '2026-12-02',
        sport: 'run',
        workout_language_text: '30min easy',
      })
    ).json().data;
    expect(created.workout_structure.total_duration_estimated).toBe(1800);
    const updated = await call(ana, 'PUT', `/api/workout-planning/workouts/${created.id}`, {
      workout_language_text: '45min easy',
      status: 'completed',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.workout_structure.total_duration_estimated).toBe(2700);
    expect(updated.json().data.status).toBe('completed');
    const bad = await call(ana, 'PUT', `/api/workout-planning/workouts/${created.id}`, { status: 'done' });
    expect(bad.statusCode).toBe(400);
  });

  it('with If-Match, changes a workout only while the copy is current: else 412 and nothing changes', async () => {
    const created = (
      await call(ana, 'POST', '/api/workout-planning/workouts', {
        title: 'Tempo',
        workout_date: '2026-12-03',
        sport: 'run',
        workout_language_text: '40min Z3',
      })
    ).json().data;
    const put = (ifMatch: string, payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/workout-planning/workouts/${created.id}`,
        headers: { ...bearer(ana), 'if-match': ifMatch },
        payload,
      });
    // Changed elsewhere (a newer version) after this copy: the stale write is refused.
    const elsewhere = await call(ana, 'PUT', `/api/workout-planning/workouts/${created.id}`, {
      title: 'Tempo 2',
    });
    expect(elsewhere.statusCode).toBe(200);
    const stale = await put(`"${created.updated_at}"`, { status: 'completed' });
    expect(stale.statusCode, stale.body).toBe(412);
    expect(stale.json()).toMatchObject({
      code: 'PRECONDITION_FAILED',
      detail: { updated_at: elsewhere.json().data.updated_at },
    });
    expect(await put('"not a version"', { status: 'completed' }).then((r) => r.statusCode)).toBe(412);
    const still = (await call(ana, 'GET', `/api/workout-planning/workouts/${created.id}`)).json().data;
    expect(still).toMatchObject({ title: 'Tempo 2', status: 'planned' });
    // The current copy goes through, quoted or weak.
    const current = await put(`W/"${still.updated_at}"`, { status: 'completed' });
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json().data.status).toBe('completed');
    // The Training API's PUT takes the same precondition.
    const training = await t.app.inject({
      method: 'PUT',
      url: `/api/training/workouts/${created.id}`,
      headers: { ...bearer(ana), 'if-match': `"${still.updated_at}"` },
      payload: { title: 'Too late' },
    });
    expect(training.statusCode).toBe(412);
  });

  it('If-Match: * changes a workout while it exists, and is a 412 once it is gone', async () => {
    const created = (
      await call(ana, 'POST', '/api/workout-planning/workouts', {
        title: 'Easy',
        workout_date: '2026-12-04',
        sport: 'run',
      })
    ).json().data;
    const url = `/api/workout-planning/workouts/${created.id}`;
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url, headers: { ...bearer(ana), 'if-match': '*' }, payload });
    const any = await put({ title: 'Easy, any version' });
    expect(any.statusCode, any.body).toBe(200);
    expect(any.json().data.title).toBe('Easy, any version');
    expect((await call(ana, 'DELETE', url)).statusCode).toBe(200);
    const gone = await put({ title: 'Too late' });
    expect(gone.statusCode, gone.body).toBe(412);
    expect(gone.json()).toMatchObject({ code: 'PRECONDITION_FAILED', detail: { updated_at: null } });
  });

  it("refuses a workout naming another athlete's private Workout Bank template; its owner may name it", async () => {
    const template = await call(ben, 'POST', '/api/v1/workout-bank/templates', {
      name: 'Ben only',
      discipline: 'run',
      difficulty_level: 2,
      workout_language_text: '30min Z2',
    });
    expect(template.statusCode, template.body).toBe(201);
    const templateId: string = template.json().data.id;
    const body = { title: 'Borrowed', workout_date: '2026-12-05', sport: 'run', template_id: templateId };
    const borrowed = await call(ana, 'POST', '/api/workout-planning/workouts', body);
    expect(borrowed.statusCode, borrowed.body).toBe(404);
    expect(borrowed.json().message).toBe('Workout template not found');
    const own = await call(ben, 'POST', '/api/workout-planning/workouts', body);
    expect(own.statusCode, own.body).toBe(201);
    // Nor can an existing workout be pointed at it.
    const mine = (
      await call(ana, 'POST', '/api/workout-planning/workouts', { ...body, template_id: undefined })
    ).json().data;
    const moved = await call(ana, 'PUT', `/api/workout-planning/workouts/${mine.id}`, {
      template_id: templateId,
    });
    expect(moved.statusCode, moved.body).toBe(404);
  });

  it('lists with every filter and validates them', async () => {
    const make = (date: string, sport: string, status = 'planned') =>
      call(ben, 'POST', '/api/workout-planning/workouts', {
        title: `${sport} ${date}`,
        workout_date: date,
        sport,
        status,
      });
    await make('2027-01-05', 'bike');
    await make('2027-01-06', 'swim', 'completed');
    await make('2027-01-20', 'bike', 'skipped');
    const list = async (qs: string) =>
      (await call(ben, 'GET', `/api/workout-planning/workouts?${qs}`)).json().data;
    expect(await list('sport=bike')).toHaveLength(2);
    expect(await list('status=completed')).toHaveLength(1);
    expect(
      (await list('date_from=2027-01-06&date_to=2027-01-31')).map(
        (w: { workout_date: string }) => w.workout_date,
      ),
    ).toEqual(['2027-01-06', '2027-01-20']);
    expect(await list('limit=1')).toHaveLength(1);
    for (const qs of [
      'limit=0',
      'limit=501',
      'sport=golf',
      'status=done',
      'date_from=2027-13-01',
      'date_from=2027-02-01&date_to=2027-01-01',
      'plan_id=nope',
    ]) {
      expect((await call(ben, 'GET', `/api/workout-planning/workouts?${qs}`)).statusCode, qs).toBe(400);
    }
  });

  it('rejects bad input and stores nothing', async () => {
    const before = await workoutCount();
    for (const payload of [
      { workout_date: '2026-12-01', sport: 'run' },
      { title: 'x', workout_date: '2026-02-30', sport: 'run' },
      { title: 'x', workout_date: '2026-12-01', sport: 'run', duration_minutes: 'long' },
      { title: 'x', workout_date: '2026-12-01', sport: 'run', intensity_zone: 6 },
      { title: 'x', workout_date: '2026-12-01', sport: 'run', unknown_field: 1 },
      { title: 'x', workout_date: '2026-12-01', sport: 'run', workout_language_text: 'x'.repeat(10_001) },
    ]) {
      const res = await call(ana, 'POST', '/api/workout-planning/workouts', payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect(await workoutCount()).toBe(before);
  });
});

describe('ownership', () => {
  it("never shows, changes or deletes another athlete's workout", async () => {
    const mine = (
      await call(ana, 'POST', '/api/workout-planning/workouts', {
        title: 'Mine',
        workout_date: '2026-12-03',
        sport: 'swim',
      })
    ).json().data;
    expect((await call(ben, 'GET', `/api/workout-planning/workouts/${mine.id}`)).statusCode).toBe(404);
    expect(
      (await call(ben, 'PUT', `/api/workout-planning/workouts/${mine.id}`, { title: 'Stolen' })).statusCode,
    ).toBe(404);
    expect((await call(ben, 'DELETE', `/api/workout-planning/workouts/${mine.id}`)).statusCode).toBe(404);
    expect((await call(ben, 'POST', `/api/training/workouts/${mine.id}/complete`)).statusCode).toBe(404);
    expect(
      (await call(ben, 'PUT', `/api/training/workouts/${mine.id}`, { title: 'Stolen' })).statusCode,
    ).toBe(404);
    expect((await call(ben, 'DELETE', `/api/training/workouts/${mine.id}`)).statusCode).toBe(404);
    const benList = (await call(ben, 'GET', '/api/workout-planning/workouts')).json().data;
    expect(benList.map((w: { id: string }) => w.id)).not.toContain(mine.id);
    const still = await call(ana, 'GET', `/api/workout-planning/workouts/${mine.id}`);
    expect(still.json().data).toMatchObject({ title: 'Mine', status: 'planned' });
    expect((await call(ana, 'GET', '/api/workout-planning/workouts/not-a-uuid')).statusCode).toBe(404);
  });

  it("refuses another athlete's plan id", async () => {
    const res = await call(ana, 'POST', '/api/workout-planning/workouts', {
      title: 'x',
      workout_date: '2026-12-01',
      sport: 'run',
      plan_id: '00000000-0000-4000-8000-000000000000',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /api/workout-planning/calendar', () => {
  it('needs both dates, valid and in order', async () => {
    for (const qs of [
      '',
      'date_from=2026-12-01',
      'date_to=2026-12-31',
      'date_from=2026-12-31&date_to=2026-12-01',
      'date_from=x&date_to=y',
    ]) {
      expect((await call(ana, 'GET', `/api/workout-planning/calendar?${qs}`)).statusCode, qs).toBe(400);
    }
  });

  it('returns the workouts in the range as calendar_events', async () => {
    const res = await call(
      ana,
      'GET',
      '/api/workout-planning/calendar?date_from=2026-12-01&date_to=2026-12-02',
    );
    expect(res.statusCode).toBe(200);
    const events = res.json().data.calendar_events;
    expect(events.length).toBeGreaterThanOrEqual(2);
    for (const event of events) {
      expect(['2026-12-01', '2026-12-02']).toContain(event.event_date);
      expect(event.workout.id).toBe(event.id);
    }
  });
});

describe('Training API workout calls', () => {
  it('create, list by plan, update, complete and delete with the Training API field names', async () => {
    const created = await call(ana, 'POST', '/api/training/workouts', {
      title: 'Tempo ride',
      sport: 'bike',
      intensity: 3,
      duration: 75,
      target_heart_rate_min: 140,
      target_heart_rate_max: 155,
      description: 'Steady',
      workout_date: '2026-12-10',
    });
    expect(created.statusCode).toBe(201);
    const w = created.json().data;
    expect(w).toMatchObject({ intensity: 3, duration: 75, target_heart_rate_min: 140, status: 'planned' });

    const updated = await call(ana, 'PUT', `/api/training/workouts/${w.id}`, { intensity: 4 });
    expect(updated.json().data.intensity).toBe(4);
    const done = await call(ana, 'POST', `/api/training/workouts/${w.id}/complete`);
    expect(done.json().data.status).toBe('completed');
    expect(
      (await call(ana, 'GET', '/api/training/workouts')).json().data.map((x: { id: string }) => x.id),
    ).toContain(w.id);
    expect((await call(ana, 'DELETE', `/api/training/workouts/${w.id}`)).statusCode).toBe(200);
    expect((await call(ana, 'DELETE', `/api/training/workouts/${w.id}`)).statusCode).toBe(404);
  });

  it('rejects a heart-rate range upside down', async () => {
    const res = await call(ana, 'POST', '/api/training/workouts', {
      title: 'x',
      sport: 'run',
      target_heart_rate_min: 160,
      target_heart_rate_max: 150,
    });
    expect(res.statusCode).toBe(400);
  });

  it("today is the athlete's own calendar day", async () => {
    // Ana signed up without a time zone, so hers is UTC; today's workouts are those dated today in UTC.
    const today = new Date().toISOString().slice(0, 10);
    await call(ana, 'POST', '/api/training/workouts', { title: 'Today run', sport: 'run' });
    const res = await call(ana, 'GET', '/api/training/workouts/today');
    expect(res.statusCode).toBe(200);
    const list = res.json().data;
    expect(list.map((x: { title: string }) => x.title)).toContain('Today run');
    for (const x of list) expect(x.workout_date).toBe(today);
  });
});
