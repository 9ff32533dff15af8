// The goal parse's language-model path (docs/onboarding.md, "A language model") against a fake
// OpenAI-compatible server on loopback: a streamed JSON answer and a tool call's arguments are taken, checked
// against the text (a date or time the text does not state is dropped); garbage, a schema mismatch, a refusal,
// an error status, a hang and a model that is down all leave the built-in reading, and the API answers 2xx.
import type { GoalContextDto } from '@stamina/contract';
import { addDays, parseGoal } from '@stamina/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pinToday } from '../../../test-support/today.ts';
import { createGoalModel, readGoalWithModel } from '../src/modules/onboarding/goal-model.ts';
import { FAKE_LLM_KEY, type FakeLlm, startFakeLlm, streamed } from './fake-llm.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';

const today = pinToday();

let llm: FakeLlm;

const TODAY = '2026-11-23';
const TEXT =
  'Marathon on April 18th 2027, sub 3:15. I can train 7 hours a week. FTP 250. Long run on Sundays.';
const rules = () => parseGoal(TEXT, { today: TODAY }) as unknown as GoalContextDto;
const model = () =>
  createGoalModel({ baseUrl: llm.baseUrl, apiKey: FAKE_LLM_KEY, model: 'fake-goal', timeoutMs: 1000 });

beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(() => llm.close());
beforeEach(() => {
  llm.reset();
});

describe('the goal model, checked by the rules', () => {
  it('takes a streamed structured answer, and drops a date and a time the text does not state', async () => {
    llm.reply = streamed({
      sport: 'run',
      race_type: 'Marathon',
      distance_meters: 42195,
      // The text says April 18th: a model's 25th is invented.
      date: '2027-04-25',
      // 3:10 is in no form in the text.
      target: '3:10:00',
      weekly_hours: 7,
      experience: 'advanced',
      injuries: [],
      long_run_day: 'sunday',
      ftp_watts: 250,
      // Said nowhere.
      lthr: 171,
    });
    const read = await readGoalWithModel(model(), TEXT, TODAY, rules());
    expect(read.by).toBe('model');
    expect(llm.requests[0]).toMatchObject({
      model: 'fake-goal',
      stream: true,
      response_format: { type: 'json_schema' },
    });
    const goal = read.goal;
    expect(goal.primary_event).toMatchObject({
      race_type: 'Marathon',
      date: '2027-04-18',
      target: '3:15:00',
    });
    expect(goal.weekly_hours).toBe(7);
    expect(goal.athlete.ftp_watts).toBe(250);
    expect(goal.athlete.lthr).toBeNull();
    expect(goal.preferences.long_run_day).toBe('sunday');
  });

  it("takes a supported field the rules missed, and a tool call's arguments", async () => {
    const text = 'Goal: the Two Oceans ultra, 56km, on 3 April 2027. Threshold about 4:30 per km';
    const before = parseGoal(text, { today: TODAY }) as unknown as GoalContextDto;
    llm.reply = [
      {
        tool_calls: [
          {
            index: 0,
            id: 'call_goal',
            type: 'function',
            function: {
              name: 'report_goal',
              arguments: JSON.stringify({
                sport: 'run',
                race_type: 'Custom Event',
                distance_meters: 56000,
                date: '2027-04-03',
                threshold_pace_seconds_per_km: 270,
              }),
            },
          },
        ],
      },
    ];
    const read = await readGoalWithModel(model(), text, TODAY, before);
    expect(read.by).toBe('model');
    expect(read.goal.primary_event).toMatchObject({ distance_meters: 56000, date: '2027-04-03' });
    expect(read.goal.athlete.threshold_pace_seconds_per_km).toBe(270);
  });

  it('takes limiters the text names with a word of weakness, and drops one it does not name', async () => {
    const text = 'Olympic tri on 6 June 2027, 8 hours a week. I always struggle to keep up in the pool.';
    const before = parseGoal(text, { today: TODAY }) as unknown as GoalContextDto;
    expect(before.athlete.limiters).toEqual([]);
    llm.reply = streamed({ sport: 'triathlon', limiters: ['swim'] });
    expect((await readGoalWithModel(model(), text, TODAY, before)).goal.athlete.limiters).toEqual(['swim']);
    // No word of weakness beside the bike: the rules' reading stays.
    const plain = 'Olympic tri on 6 June 2027, I love the bike.';
    llm.reply = streamed({ sport: 'triathlon', limiters: ['bike'] });
    const read = await readGoalWithModel(model(), plain, TODAY, parseGoal(plain, { today: TODAY }) as never);
    expect(read.goal.athlete.limiters).toEqual([]);
  });

  it.each([
    ['garbage', streamed('I think the athlete wants to run fast!')],
    ['a schema mismatch', streamed({ sport: 'rowing', date: 'next spring' })],
    ['a refusal', [{ refusal: 'I cannot help with that.' }]],
    ['an error status', 'error' as const],
    ['an answer that is not a stream', 'not-a-stream' as const],
    ['a hang past the timeout', 'hang' as const],
  ])('leaves the rules’ reading on %s', async (_, answer) => {
    llm.reply = answer;
    const before = rules();
    const read = await readGoalWithModel(model(), TEXT, TODAY, before);
    expect(read).toEqual({ goal: before, by: 'rules' });
  });

  it('leaves the rules’ reading when the model is down', async () => {
    const down = createGoalModel({ baseUrl: 'http://127.0.0.1:9/v1', model: 'x', timeoutMs: 1000 });
    const before = rules();
    expect(await readGoalWithModel(down, TEXT, TODAY, before)).toEqual({ goal: before, by: 'rules' });
  });
});

describe('through the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      jobs: { worker: false },
      llm: { baseUrl: llm.baseUrl, apiKey: FAKE_LLM_KEY, model: 'fake-goal', timeoutMs: 1000 },
    });
  });
  afterAll(() => t.close());

  async function prompt(text: string) {
    const { token } = await t.athlete();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/onboarding/sessions',
      headers: bearer(token),
      payload: { consent_version: '1.0.0', language: 'en' },
    });
    const id = created.json().data.onboarding_session_id as string;
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/onboarding/sessions/${id}/prompt`,
      headers: bearer(token),
      payload: { prompt: text },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.goal_parsed_by).toBe('rules');
    // The first stage asks the model; the others draft the plan.
    while (await t.app.jobs.runOnce()) {}
    const session = await t.app.inject({
      method: 'GET',
      url: `/api/onboarding/sessions/${id}`,
      headers: bearer(token),
    });
    expect(session.statusCode).toBe(200);
    return session.json().data;
  }

  it('shows the model answered, with its supported fields', async () => {
    const race = addDays(today, 120);
    llm.reply = streamed({
      sport: 'run',
      race_type: 'Half Marathon',
      date: race,
      weekly_hours: 5,
      ftp_watts: null,
    });
    const session = await prompt(`Half marathon on ${race}, I have 5 hours a week`);
    expect(session.status).toBe('PLAN_DRAFTED');
    expect(session.goal_parsed_by).toBe('model');
    expect(session.goal_context).toMatchObject({ weekly_hours: 5, primary_event: { date: race } });
  });

  it('keeps the rules’ reading, and goes on, when the model answers garbage', async () => {
    llm.reply = streamed('{"sport": ');
    const session = await prompt('Marathon in 16 weeks, 6 hours a week');
    expect(session.status).toBe('PLAN_DRAFTED');
    expect(session.goal_parsed_by).toBe('rules');
    expect(session.goal_context.weekly_hours).toBe(6);
  });
});
