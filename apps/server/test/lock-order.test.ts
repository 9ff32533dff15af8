// One lock order for every write of an athlete's training (docs/RELIABILITY.md, "Concurrency"): the athlete's
// load lock first, then rows. On PostgreSQL (TEST_DATABASE_URL) four writers really run in parallel on a pool
// of connections; completing and un-completing one workout there once answered 503 (deadlock, 40P01) to 58 of
// 160 requests, because a completion locked the row before the load lock and an un-completion the other way.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityFixture } from './activity-fixtures.ts';
import { bearer, createTestApp, type TestApp, uploadAndSettle } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const WRITERS = 4;
const WRITES_PER_WRITER = 40;

interface Answer {
  statusCode: number;
  body: string;
}

/** Runs `writers` loops at once, each making `each` writes one after the other; every answer, in order. */
async function parallelWriters(
  writers: number,
  each: number,
  write: (writer: number, i: number) => Promise<Answer>,
): Promise<Answer[]> {
  const loops = Array.from({ length: writers }, async (_, writer) => {
    const answers: Answer[] = [];
    for (let i = 0; i < each; i++) answers.push(await write(writer, i));
    return answers;
  });
  return (await Promise.all(loops)).flat();
}

async function importActivity(token: string): Promise<string> {
  const batch = await uploadAndSettle(
    t.app,
    token,
    '/api/activities/import',
    [{ name: 'ride.fit', content: activityFixture('bike-power-indoor-edge800.fit') }],
    30_000,
  );
  return batch.files[0]!.activity_id!;
}

describe('one lock order for workouts and activities', () => {
  it(`${WRITERS} parallel writers completing, un-completing, matching and editing one workout: no deadlock, no 5xx`, async () => {
    const { session } = await t.signUpAndConfirm();
    const token = session.access_token;
    const activityId = await importActivity(token);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/workout-planning/workouts',
      headers: bearer(token),
      payload: { title: 'Contested', workout_date: '2026-03-10', sport: 'bike', duration_minutes: 60 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const workoutId: string = created.json().data.id;
    const workoutUrl = `/api/workout-planning/workouts/${workoutId}`;

    const answers = await parallelWriters(WRITERS, WRITES_PER_WRITER, (writer, i) => {
      const headers = bearer(token);
      // Writers 0 and 1: complete and set back; 2: match the activity to the workout and unmatch it;
      // 3: edits that move the completed workout's day and delete-free changes of its fields.
      if (writer <= 1) {
        return i % 2 === 0
          ? t.app.inject({ method: 'POST', url: `/api/training/workouts/${workoutId}/complete`, headers })
          : t.app.inject({ method: 'PUT', url: workoutUrl, headers, payload: { status: 'planned' } });
      }
      if (writer === 2) {
        return t.app.inject({
          method: 'PUT',
          url: `/api/activities/${activityId}/match`,
          headers,
          payload: { workout_id: i % 2 === 0 ? workoutId : null },
        });
      }
      return t.app.inject({
        method: 'PUT',
        url: workoutUrl,
        headers,
        payload:
          i % 2 === 0 ? { workout_date: '2026-03-11' } : { workout_date: '2026-03-10', status: 'skipped' },
      });
    });

    const failures = answers.filter((a) => a.statusCode >= 500);
    expect(failures.map((a) => `${a.statusCode} ${a.body}`)).toEqual([]);
    // Every other answer is a success: the writes only ever wait on each other.
    expect(answers.filter((a) => a.statusCode >= 400).map((a) => a.body)).toEqual([]);

    // The daily load still equals what was done: the activity, and the workout when no activity completes it.
    const load = await t.db.execute(sql`
      select coalesce(sum(sessions), 0)::int as sessions from daily_load
      where athlete_id = (select athlete_id from workouts where id = ${workoutId})`);
    const done = await t.db.execute(sql`
      select 1 + (select count(*) from workouts w where w.id = ${workoutId} and w.status = 'completed'
        and not exists (select 1 from activities a where a.workout_id = w.id))::int as sessions`);
    const rowsOf = (r: unknown) => (r as { rows: Array<{ sessions: number }> }).rows[0]!.sessions;
    expect(rowsOf(load)).toBe(rowsOf(done));
  }, 120_000);
});
