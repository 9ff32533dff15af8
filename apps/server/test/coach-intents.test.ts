// Every intent of the built-in coach through the API on the real database (docs/coach.md, "Intents"): the week of
// the core fixture (today Thursday 26 Nov 2026), each message answered from it, the actions it proposes applied
// on confirmation as plan changes, undone, and named afterwards as what changed.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let token: string;
const ids: Record<string, string> = {};

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

interface Reply {
  reply: string;
  citations: { label: string; value: string; path: string }[];
  actions: {
    id: string;
    kind: string;
    workout_id: string;
    workout_date: string;
    summary: string;
    reason: string;
  }[];
}

async function ask(text: string): Promise<Reply> {
  const res = await call('POST', '/api/coach/messages', { text });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Reply;
}

const kinds = (r: Reply) => r.actions.map((a) => `${a.kind}:${a.workout_date}`);

async function workout(id: string) {
  const res = await call('GET', '/api/workout-planning/workouts?date_from=2026-11-16&date_to=2026-12-13');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: string; workout_date: string; status: string; title: string }[]).find(
    (w) => w.id === id,
  );
}

beforeAll(async () => {
  // Only the clock's date is pinned: timers stay real for the database and the server.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-26T10:00:00Z'));
  t = await createTestApp({ jobs: { worker: false } });
  const { session } = await t.signUpAndConfirm({ name: 'Intents' });
  token = session.access_token;
  const plan = await call('POST', '/api/training/plans', {
    title: 'Spring marathon',
    race_type: 'Marathon',
    start_date: '2026-11-02',
    race_date: '2027-04-18',
  });
  expect(plan.statusCode, plan.body).toBe(201);
  const planId = plan.json().data.id as string;
  const week: [string, string, string, 'run' | 'bike' | 'swim', number, number, string?][] = [
    ['mon', '2026-11-23', 'Easy run', 'run', 40, 2, 'completed'],
    ['tue', '2026-11-24', 'VO2 max intervals', 'bike', 60, 5],
    ['thu', '2026-11-26', 'Threshold intervals', 'run', 60, 4],
    ['sat', '2026-11-28', 'Long ride', 'bike', 180, 2],
    ['sun', '2026-11-29', 'Easy run', 'run', 45, 2],
    ['tue2', '2026-12-01', 'Tempo run', 'run', 50, 3],
    ['thu2', '2026-12-03', 'Swim technique', 'swim', 45, 2],
  ];
  for (const [key, date, title, sport, minutes, zone, status] of week) {
    const res = await call('POST', '/api/workout-planning/workouts', {
      title,
      workout_date: date,
      sport,
      duration_minutes: minutes,
      intensity_zone: zone,
      plan_id: planId,
      ...(status ? { status } : {}),
    });
    expect(res.statusCode, res.body).toBe(201);
    ids[key] = res.json().data.id;
  }
});

afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

describe('illness', () => {
  it('"I\'m sick today": rest, then a gradual return; confirmed, the day is a rest day, and undo restores it', async () => {
    const r = await ask("I'm sick today");
    expect(r.reply).not.toMatch(/as planned/i);
    expect(kinds(r)).toEqual(['rest:2026-11-26', 'swap:2026-11-28', 'shorten:2026-11-29']);
    const rest = r.actions[0]!;
    expect(rest.summary).toContain('rest day');
    const confirmed = await call('POST', `/api/coach/actions/${rest.id}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await workout(ids.thu!))?.status).toBe('skipped');
    const changes = await ask('what changed?');
    expect(changes.reply).toContain('Ill: rest until the symptoms are gone');
    expect(changes.reply).toContain('rest, at your request');
    const undone = await call('POST', `/api/coach/actions/${rest.id}/undo`);
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await workout(ids.thu!))?.status).toBe('planned');
  });

  it('a head cold eases the hard session instead of resting', async () => {
    const r = await ask('got a head cold, runny nose');
    expect(kinds(r)).toEqual(['swap:2026-11-26']);
  });
});

describe('injury, fatigue, time, travel and weather', () => {
  it('a sore knee rests the runs and rides', async () => {
    const r = await ask('my knee hurts');
    expect(kinds(r)).toEqual(['rest:2026-11-26', 'rest:2026-11-28', 'shorten:2026-11-29']);
    expect(r.reply).toContain('no running or cycling');
  });

  it('dead legs ease today’s hard session', async () => {
    const r = await ask('legs are dead');
    expect(kinds(r)).toEqual(['swap:2026-11-26']);
  });

  it('"only 30 minutes today" shortens it to 30', async () => {
    const r = await ask('only 30 minutes today');
    expect(r.actions[0]).toMatchObject({ kind: 'shorten', workout_id: ids.thu });
    expect(r.actions[0]!.summary).toContain('to 30 min');
  });

  it('a trip moves the key sessions out of it', async () => {
    const r = await ask('travelling Thursday to Sunday');
    expect(r.actions.map((a) => a.workout_id)).toEqual([ids.thu, ids.sat]);
    expect(r.actions[0]!.summary).toContain('to Mon 30 Nov');
  });

  it('rain on Saturday takes the long ride indoors', async () => {
    const r = await ask('rain forecast for saturday, long ride?');
    expect(r.actions[0]).toMatchObject({ kind: 'swap', workout_id: ids.sat });
  });
});

describe('the plan on request', () => {
  it('moves tomorrow’s… Saturday’s long ride to the day after without asking, and then says it changed', async () => {
    const r = await ask("move saturday's long ride to the day after");
    expect(r.reply).not.toMatch(/Which day/);
    expect(r.actions[0]).toMatchObject({ kind: 'move', workout_id: ids.sat });
    expect((await call('POST', `/api/coach/actions/${r.actions[0]!.id}/confirm`)).statusCode).toBe(200);
    expect((await workout(ids.sat!))?.workout_date).toBe('2026-11-29');
    const week = await ask('how does my week look?');
    expect(week.reply).not.toContain('Nothing in it has been changed');
    expect(week.reply).toContain('Moved at your request from Sat 28 Nov to Sun 29 Nov');
    const sunday = await ask('what changed on sunday?');
    expect(sunday.reply).toContain('Sat 28 Nov → Sun 29 Nov: Moved at your request');
    const saturday = await ask("what's on saturday?");
    expect(saturday.reply).toContain('Changed on Sat 28 Nov:');
  });

  it('skips, swaps and handles a missed key session', async () => {
    expect((await ask("skip sunday's run")).actions[0]).toMatchObject({ kind: 'skip', workout_id: ids.sun });
    expect((await ask('swap today for something easy')).actions[0]).toMatchObject({
      kind: 'swap',
      workout_id: ids.thu,
    });
    const missed = await ask("missed tuesday's intervals");
    expect(missed.actions[0]).toMatchObject({ workout_id: ids.tue });
  });
});

describe('questions', () => {
  it('"How was my week?" assesses it', async () => {
    const r = await ask('How was my week?');
    expect(r.reply).toMatch(/This week so far \(Mon 23 Nov to Thu 26 Nov\): 1 of 2 sessions done/);
    expect(r.reply).toContain('Key sessions: 0 of 1 done');
    expect(r.reply).toContain('One thing to do next:');
    expect(r.actions).toEqual([]);
  });

  it.each([
    ["what's on today?", 'Threshold intervals'],
    ['how ready am i to train today?', 'readiness'],
    ['am i ready for my race?', 'race'],
    ['how is my training load trending?', 'fitness (ctl)'],
    ["explain thursday's workout", 'Threshold intervals'],
    ['hi', 'I’m your coach'],
  ])('answers “%s”', async (text, word) => {
    const r = await ask(text);
    expect(r.reply.toLowerCase()).toContain(word.toLowerCase());
    expect(r.actions).toEqual([]);
  });
});
