// The athlete profile's dashboard settings: defaults, partial updates, widget lists sorted, renumbered and
// completed, preferences merged, bad input refused with nothing stored, and a stored list that breaks the
// rule of docs/dashboard.md, 'Athlete profile', answered as the defaults.
import { DEFAULT_WIDGET_CONFIG } from '@stamina/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { athletes } from '../src/db/schema/index.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/athletes/me', headers: bearer(token) });
const put = (token: string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/athletes/me',
    headers: bearer(token),
    payload: payload as object,
  });
const account = () => t.athlete();
const widget = (id: string, order: number, enabled = true) => {
  const known = DEFAULT_WIDGET_CONFIG.find((w) => w.id === id)!;
  return { id, name: known.name, description: known.description, enabled, order };
};

describe('GET /api/athletes/me', () => {
  it('answers the defaults of a new account', async () => {
    const { token, athleteId } = await account();
    const res = await get(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: athleteId,
      layout_style: 'minimal',
      widget_config: DEFAULT_WIDGET_CONFIG,
      onboarding_complete: false,
      // The daily e-mail is opt-in; push goes only to browsers the athlete subscribed (docs/notifications.md).
      notification_preferences: {
        missedSession: true,
        newWeekPlan: true,
        recoveryWarning: true,
        dailyEmail: false,
        pushPlanChanges: true,
        pushMissedKeySession: true,
      },
      adaptation_enabled: true,
      tracked_metrics: {
        heart_rate: true,
        pace: true,
        power: true,
        hrv: true,
        sleep: true,
        fatigue: true,
        rpe: true,
      },
      avatar_version: null,
    });
  });

  it('saves the tracked-metric toggles, merging the ones sent', async () => {
    const { token } = await account();
    await put(token, { tracked_metrics: { hrv: false } });
    const res = await put(token, { tracked_metrics: { power: false, rpe: false } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.tracked_metrics).toEqual({
      heart_rate: true,
      pace: true,
      power: false,
      hrv: false,
      sleep: true,
      fatigue: true,
      rpe: false,
    });
    expect((await get(token)).json().data.tracked_metrics.hrv).toBe(false);
    expect((await put(token, { tracked_metrics: { sleep: 'off' } })).statusCode).toBe(400);
  });

  it('answers a stored widget_config that breaks the spec rule as the default list', async () => {
    const { token, athleteId } = await account();
    for (const stored of [{ not: 'a list' }, [{ id: 'todays-workout', enabled: 'yes', order: 0 }], 'text']) {
      await t.db
        .update(athletes)
        .set({ widgetConfig: stored as never })
        .where(eq(athletes.id, athleteId));
      expect((await get(token)).json().data.widget_config).toEqual(DEFAULT_WIDGET_CONFIG);
    }
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/athletes/me' })).statusCode).toBe(401);
  });
});

describe('PUT /api/athletes/me', () => {
  it('changes only the fields sent', async () => {
    const { token } = await account();
    const res = await put(token, { layout_style: 'expanded' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      layout_style: 'expanded',
      widget_config: DEFAULT_WIDGET_CONFIG,
      onboarding_complete: false,
    });
    const next = await put(token, { onboarding_complete: true });
    expect(next.json().data).toMatchObject({ layout_style: 'expanded', onboarding_complete: true });
    expect((await get(token)).json().data).toMatchObject({
      layout_style: 'expanded',
      onboarding_complete: true,
    });
  });

  it('sorts the widgets by order, renumbers them from 0 and appends the missing ones disabled', async () => {
    const { token } = await account();
    const res = await put(token, {
      widget_config: [
        widget('streak-tracker', 40),
        widget('readiness-score', 7, false),
        widget('todays-workout', 12),
      ],
    });
    expect(res.statusCode).toBe(200);
    const stored = res.json().data.widget_config as { id: string; enabled: boolean; order: number }[];
    expect(stored.map((w) => [w.id, w.enabled, w.order])).toEqual([
      ['readiness-score', false, 0],
      ['todays-workout', true, 1],
      ['streak-tracker', true, 2],
      ['recovery-panel', false, 3],
      ['weekly-summary', false, 4],
      ['race-countdown', false, 5],
    ]);
    expect((await get(token)).json().data.widget_config).toEqual(stored);
  });

  it('merges notification preferences: keys not sent keep their value', async () => {
    const { token } = await account();
    await put(token, { notification_preferences: { missedSession: false } });
    const res = await put(token, { notification_preferences: { recoveryWarning: false } });
    expect(res.json().data.notification_preferences).toEqual({
      missedSession: false,
      newWeekPlan: true,
      recoveryWarning: false,
      dailyEmail: false,
      pushPlanChanges: true,
      pushMissedKeySession: true,
    });
  });

  it('refuses bad input with a 400 naming the problem, and stores nothing', async () => {
    const { token } = await account();
    const cases: [unknown, RegExp][] = [
      [
        { widget_config: [widget('todays-workout', 0), { ...widget('recovery-panel', 1), id: 'weather' }] },
        /Unknown widget id/,
      ],
      [{ widget_config: [widget('todays-workout', 0), widget('todays-workout', 1)] }, /only once/],
      [{ widget_config: [{ ...widget('todays-workout', 0), enabled: 'yes' }] }, /enabled/],
      [{ widget_config: [{ ...widget('todays-workout', 0), order: 'first' }] }, /order/],
      [{ widget_config: 'all' }, /widget_config/],
      [{ layout_style: 'grid' }, /layout_style must be one of/],
      [{ notification_preferences: { missedSession: 'no' } }, /missedSession/],
      [{ notification_preferences: { weekly: true } }, /weekly|Unrecognized/i],
      [{}, /at least one field/],
      [{ layout_style: 'expanded', colour: 'red' }, /colour|Unrecognized/i],
    ];
    for (const [payload, message] of cases) {
      const res = await put(token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await get(token)).json().data).toMatchObject({
      layout_style: 'minimal',
      widget_config: DEFAULT_WIDGET_CONFIG,
      notification_preferences: { missedSession: true, newWeekPlan: true, recoveryWarning: true },
    });
  });

  it("changes only the caller's own profile", async () => {
    const a = await account();
    const b = await account();
    await put(a.token, { layout_style: 'progressive' });
    expect((await get(b.token)).json().data.layout_style).toBe('minimal');
  });
});
