// In-app notifications on the real database: missed sessions and the week's plan found by the sweep, recovery
// warnings from the metrics hook, each once per event and only with its preference on; the list, the unread
// filter and marking read, with another athlete's notification a 404.
import { addDays, coachDay } from '@stamina/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinToday } from '../../../test-support/today.ts';
import { createNotificationService } from '../src/modules/notifications/service.ts';
import { createWorkoutService } from '../src/modules/workouts/service.ts';
import type { AuthContext } from '../src/plugins/authenticate.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
const today = pinToday(); // test athletes live in UTC
const yesterday = addDays(today, -1);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Note {
  id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  created_at: string;
  read_at: string | null;
}

const account = () => t.athlete();
const list = async (token: string, query = '') => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/notifications${query}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { notifications: Note[]; unread_count: number };
};
const post = (token: string, url: string) => t.app.inject({ method: 'POST', url, headers: bearer(token) });
const addWorkout = async (token: string, payload: object) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/workout-planning/workouts',
    headers: bearer(token),
    payload: { sport: 'run', duration_minutes: 45, intensity_zone: 2, ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: string };
};
const setPreferences = (token: string, prefs: object) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/athletes/me',
    headers: bearer(token),
    payload: { notification_preferences: prefs },
  });

describe('time-based notifications (the sweep)', () => {
  it('notifies a workout of yesterday still planned, once, linking to the calendar', async () => {
    const { token, athleteId } = await account();
    await addWorkout(token, { title: 'Tempo run', workout_date: yesterday });
    await addWorkout(token, { title: 'Done run', workout_date: yesterday, status: 'completed' });
    const first = await list(token);
    const notes = first.notifications.filter((n) => n.kind === 'missed_session');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ title: 'Missed session: Tempo run', link: '/calendar', read_at: null });
    // Any number of later sweeps, in this or another process, adds nothing: the dedupe key holds.
    const otherProcess = createNotificationService(t.db, { workouts: createWorkoutService(t.db) });
    await otherProcess.sweep({ athleteId, timezone: 'UTC' } as AuthContext);
    await addWorkout(token, { title: 'Another', workout_date: addDays(today, 3) });
    const again = await list(token);
    expect(again.notifications.filter((n) => n.kind === 'missed_session')).toHaveLength(1);
  });

  it("announces the week's plan once the week holds planned workouts", async () => {
    const { token } = await account();
    expect((await list(token)).notifications).toEqual([]);
    await addWorkout(token, { title: 'Easy', workout_date: today, duration_minutes: 45 });
    await addWorkout(token, { title: 'Spin', workout_date: today, sport: 'bike', duration_minutes: 30 });
    const { notifications, unread_count } = await list(token);
    const week = notifications.filter((n) => n.kind === 'new_week_plan');
    expect(week).toHaveLength(1);
    expect(week[0]).toMatchObject({ title: 'Your week: 2 sessions, 1.3 h planned', link: '/calendar' });
    expect(unread_count).toBe(notifications.length);
    await addWorkout(token, { title: 'Third', workout_date: today });
    expect((await list(token)).notifications.filter((n) => n.kind === 'new_week_plan')).toHaveLength(1);
  });

  it('creates nothing for an athlete who turned those notifications off', async () => {
    const { token } = await account();
    expect((await setPreferences(token, { missedSession: false, newWeekPlan: false })).statusCode).toBe(200);
    await addWorkout(token, { title: 'Skipped quietly', workout_date: yesterday });
    await addWorkout(token, { title: 'Planned', workout_date: today });
    expect(await list(token)).toEqual({ notifications: [], unread_count: 0 });
  });
});

describe('recovery warnings', () => {
  it('warns once per day below 40, with the score and the top recommendation, when switched on', async () => {
    const { token, athleteId } = await account();
    const service = createNotificationService(t.db, { workouts: createWorkoutService(t.db) });
    await service.recoveryScored(athleteId, today, 35.4, 'Take a rest day or an easy recovery session.');
    await service.recoveryScored(athleteId, today, 30, 'Again');
    await service.recoveryScored(athleteId, yesterday, 40, 'Not low');
    await service.recoveryScored(athleteId, addDays(today, -30), 20, 'History, not news');
    const warnings = (await list(token)).notifications.filter((n) => n.kind === 'recovery_warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({
      title: 'Recovery warning',
      body: `Recovery 35/100 on ${coachDay(today)}. Take a rest day or an easy recovery session.`,
      link: '/metrics',
    });

    const quiet = await account();
    await setPreferences(quiet.token, { recoveryWarning: false });
    await service.recoveryScored(quiet.athleteId, today, 10, 'Rest');
    expect((await list(quiet.token)).notifications).toEqual([]);
  });
});

describe('reading and marking', () => {
  let owner: { token: string; athleteId: string };
  beforeAll(async () => {
    owner = await account();
    const service = createNotificationService(t.db, { workouts: createWorkoutService(t.db) });
    await service.recoveryScored(owner.athleteId, today, 20, 'Rest');
    await service.recoveryScored(owner.athleteId, yesterday, 25, 'Rest');
    await addWorkout(owner.token, { title: 'Missed', workout_date: yesterday });
  });

  it('lists newest first, filters unread and limits', async () => {
    const all = await list(owner.token);
    expect(all.notifications.length).toBeGreaterThanOrEqual(3);
    const times = all.notifications.map((n) => n.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect((await list(owner.token, '?limit=1')).notifications).toHaveLength(1);
    expect((await list(owner.token, '?unread=true')).notifications).toHaveLength(all.unread_count);
  });

  it('marks one read, keeps its first read time, and refuses another athlete (404) or a bad id (400)', async () => {
    const before = await list(owner.token);
    const target = before.notifications[0]!;
    const stranger = await account();
    expect((await post(stranger.token, `/api/notifications/${target.id}/read`)).statusCode).toBe(404);
    expect((await post(owner.token, '/api/notifications/not-a-uuid/read')).statusCode).toBe(400);
    const res = await post(owner.token, `/api/notifications/${target.id}/read`);
    expect(res.statusCode, res.body).toBe(200);
    const readAt = res.json().data.read_at as string;
    expect(readAt).toBeTruthy();
    const again = await post(owner.token, `/api/notifications/${target.id}/read`);
    expect(again.json().data.read_at).toBe(readAt);
    const after = await list(owner.token);
    expect(after.unread_count).toBe(before.unread_count - 1);
    expect((await list(owner.token, '?unread=true')).notifications.some((n) => n.id === target.id)).toBe(
      false,
    );
    expect((await list(stranger.token)).unread_count).toBe(0);
  });

  it('marks all read', async () => {
    const res = await post(owner.token, '/api/notifications/read-all');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ marked: expect.any(Number), unread_count: 0 });
    expect(res.json().data.marked).toBeGreaterThan(0);
    const after = await list(owner.token);
    expect(after.unread_count).toBe(0);
    expect(after.notifications.every((n) => n.read_at !== null)).toBe(true);
    expect((await post(owner.token, '/api/notifications/read-all')).json().data.marked).toBe(0);
  });

  it('refuses bad query parameters and a missing session', async () => {
    for (const query of ['?limit=0', '?limit=500', '?unread=maybe']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/notifications${query}`,
        headers: bearer(owner.token),
      });
      expect(res.statusCode, query).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });
});
