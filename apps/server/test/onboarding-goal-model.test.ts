// The goal parse's language-model path (docs/onboarding.md, "A language model") against a fake
// OpenAI-compatible server on loopback: a streamed JSON answer and a tool call's arguments are taken, checked
// against the text (a date or time the text does not state is dropped); garbage, a schema mismatch, a refusal,
// an error status, a hang and a model that is down all leave the built-in reading, and the API answers 2xx.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GoalContextDto } from '@stamina/contract';
import { addDays, parseGoal } from '@stamina/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pinToday } from '../../../test-support/today.ts';
import { createGoalModel, readGoalWithModel } from '../src/modules/onboarding/goal-model.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';

const today = pinToday();

type Delta = Record<string, unknown>;
/** What the fake model does with one request. */
type Script = Delta[] | 'hang' | 'error' | 'plain-json';

let server: Server;
let baseUrl: string;
let script: Script = [];
let requests: Array<{ model: string; stream: boolean; response_format?: { type: string } }> = [];
const hanging = new Set<ServerResponse>();

const chunk = (delta: Delta, finish: string | null = null) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-goal',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'fake-goal',
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;

async function handle(req: IncomingMessage, res: ServerResponse) {
  let body = '';
  for await (const part of req) body += part;
  if (req.url !== '/v1/chat/completions' || req.headers.authorization !== 'Bearer sk-fake') {
    res.writeHead(404).end();
    return;
  }
  requests.push(JSON.parse(body));
  if (script === 'hang') {
    hanging.add(res);
    return;
  }
  if (script === 'error') {
    res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"boom"}}');
    return;
  }
  if (script === 'plain-json') {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('this is not a stream');
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const delta of script) res.write(chunk(delta));
  res.write(chunk({}, 'stop'));
  res.end('data: [DONE]\n\n');
}

/** A JSON answer streamed in small pieces, as a real server streams tokens. */
const streamed = (answer: object | string): Delta[] => {
  const text = typeof answer === 'string' ? answer : JSON.stringify(answer);
  const pieces: Delta[] = [];
  for (let i = 0; i < text.length; i += 7) pieces.push({ content: text.slice(i, i + 7) });
  return pieces;
};

const TODAY = '2026-11-23';
const TEXT =
  'Marathon on April 18th 2027, sub 3:15. I can train 7 hours a week. FTP 250. Long run on Sundays.';
const rules = () => parseGoal(TEXT, { today: TODAY }) as unknown as GoalContextDto;
const model = () => createGoalModel({ baseUrl, apiKey: 'sk-fake', model: 'fake-goal', timeoutMs: 1000 });

beforeAll(async () => {
  server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  for (const res of hanging) res.destroy();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  requests = [];
});

describe('the goal model, checked by the rules', () => {
  it('takes a streamed structured answer, and drops a date and a time the text does not state', async () => {
    script = streamed({
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
    expect(requests[0]).toMatchObject({
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
    script = [
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

  it.each([
    ['garbage', streamed('I think the athlete wants to run fast!')],
    ['a schema mismatch', streamed({ sport: 'rowing', date: 'next spring' })],
    ['a refusal', [{ refusal: 'I cannot help with that.' }]],
    ['an error status', 'error' as const],
    ['an answer that is not a stream', 'plain-json' as const],
    ['a hang past the timeout', 'hang' as const],
  ])('leaves the rules’ reading on %s', async (_, answer) => {
    script = answer;
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
      llm: { baseUrl, apiKey: 'sk-fake', model: 'fake-goal', timeoutMs: 1000 },
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
    script = streamed({
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
    script = streamed('{"sport": ');
    const session = await prompt('Marathon in 16 weeks, 6 hours a week');
    expect(session.status).toBe('PLAN_DRAFTED');
    expect(session.goal_parsed_by).toBe('rules');
    expect(session.goal_context.weekly_hours).toBe(6);
  });
});
