// Which understood each coach message, the built-in rules or the language model (docs/coach.md, "API"), stored
// per message on the real database and returned by the coach endpoints: without a model, with the fake model on
// loopback answering, and with it failing (the built-in answer, a 2xx). Migration 0023 gives the rows written
// before it the built-in value, and the database refuses a coach message that does not say who answered. A model
// that is down is answered for by the built-in rules too.
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_LLM_KEY, type FakeLlm, startFakeLlm } from './fake-llm.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';

interface Listed {
  role: string;
  text: string;
  source: string | null;
}

async function athlete(t: TestApp) {
  const { session } = await t.signUpAndConfirm();
  return { token: session.access_token, id: session.user.athlete_id };
}

async function ask(t: TestApp, token: string, text: string, stream = false) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/coach/messages${stream ? '?stream=true' : ''}`,
    headers: bearer(token),
    payload: { text },
  });
  expect(res.statusCode, res.body).toBe(200);
  if (!stream) return res.json().data;
  return JSON.parse(/^event: done\ndata: (.*)$/m.exec(res.body)![1]!).data;
}

async function listed(t: TestApp, token: string): Promise<Listed[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/coach/messages', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items;
}

describe('without a language model', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobs: { worker: false } });
  });
  afterAll(() => t.close());

  it('stores and shows every coach answer as the built-in rules’, and the athlete’s own with none', async () => {
    const a = await athlete(t);
    const first = await ask(t, a.token, 'I feel sick');
    expect(first.source).toBe('built_in');
    expect(first.messages.map((m: Listed) => [m.role, m.source])).toEqual([
      ['athlete', null],
      ['coach', 'built_in'],
    ]);
    const second = await ask(t, a.token, 'sat long ride → sunday?', true);
    expect(second.source).toBe('built_in');
    expect((await listed(t, a.token)).map((m) => [m.role, m.source])).toEqual([
      ['athlete', null],
      ['coach', 'built_in'],
      ['athlete', null],
      ['coach', 'built_in'],
    ]);
  });

  it('gives the coach messages written before migration 0023 the built-in value', async () => {
    const a = await athlete(t);
    const migration = await readFile(
      new URL('../drizzle/0023_coach_message_source.sql', import.meta.url),
      'utf8',
    );
    // The table as it was before 0023: a nullable source with no check.
    await t.db.execute(sql`alter table coach_messages drop constraint coach_messages_source_check`);
    await t.db.execute(sql`insert into coach_messages (athlete_id, role, text, source, created_at) values
      (${a.id}, 'athlete', 'old question', null, '2026-01-01T10:00:00Z'),
      (${a.id}, 'coach', 'old answer', null, '2026-01-01T10:00:01Z'),
      (${a.id}, 'athlete', 'a question from the model days', null, '2026-01-02T10:00:00Z'),
      (${a.id}, 'coach', 'a model answer', 'model', '2026-01-02T10:00:01Z')`);
    for (const statement of migration.split('--> statement-breakpoint')) {
      await t.db.execute(sql.raw(statement));
    }
    expect((await listed(t, a.token)).map((m) => [m.text, m.source])).toEqual([
      ['old question', null],
      ['old answer', 'built_in'],
      ['a question from the model days', null],
      ['a model answer', 'model'],
    ]);
    // The check is back: a coach message must say who answered, and only the two known sources.
    for (const [role, source] of [
      ['coach', null],
      ['coach', 'gpt'],
      ['athlete', 'model'],
    ] as const) {
      await expect(
        t.db.execute(
          sql`insert into coach_messages (athlete_id, role, text, source) values (${a.id}, ${role}, 'x', ${source})`,
        ),
      ).rejects.toThrow();
    }
  });
});

/** A tool call whose arguments are cut off mid-JSON. */
const garbledCall = {
  tool_calls: [
    { index: 0, id: 'call_1', type: 'function', function: { name: 'get_week', arguments: '{"week_of' } },
  ],
};

describe('with a language model', () => {
  let t: TestApp;
  let llm: FakeLlm;
  beforeAll(async () => {
    llm = await startFakeLlm();
    t = await createTestApp({
      jobs: { worker: false },
      llm: { baseUrl: llm.baseUrl, apiKey: FAKE_LLM_KEY, model: 'fake-coach', timeoutMs: 1000 },
    });
  });
  afterAll(async () => {
    await t.close();
    await llm.close();
  });
  beforeEach(() => {
    llm.reset();
  });

  it('keeps per message which answered: the model, then the built-in rules when the model fails', async () => {
    const a = await athlete(t);
    llm.reply = [{ content: 'Rest ' }, { content: 'today.' }];
    const byModel = await ask(t, a.token, 'I have a fever', true);
    expect(byModel).toMatchObject({ source: 'model', reply: 'Rest today.' });
    expect(byModel.messages.map((m: Listed) => m.source)).toEqual([null, 'model']);

    llm.reply = 'error';
    const byRules = await ask(t, a.token, 'I have a fever');
    expect(byRules.source).toBe('built_in');
    expect(byRules.reply).not.toBe('Rest today.');

    expect((await listed(t, a.token)).map((m) => [m.role, m.source])).toEqual([
      ['athlete', null],
      ['coach', 'model'],
      ['athlete', null],
      ['coach', 'built_in'],
    ]);
  });

  it.each([
    ['an error status', 'error' as const],
    ['an answer that is not a stream', 'not-a-stream' as const],
    ['a hang past the timeout', 'hang' as const],
    ['an empty answer', [] as const],
    [
      'tool calls with garbage arguments, then nothing',
      (_: unknown, turn: number) => (turn === 1 ? [garbledCall] : []),
    ],
  ])('answers with the built-in rules, a 200, and says so, on %s', async (_, reply) => {
    const a = await athlete(t);
    llm.reply = reply as FakeLlm['reply'];
    const data = await ask(t, a.token, 'how was my week?');
    expect(data.source).toBe('built_in');
    expect(data.reply.length).toBeGreaterThan(0);
    expect((await listed(t, a.token)).map((m) => m.source)).toEqual([null, 'built_in']);
  });
});

describe('with a language model that is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on the discard port: every call is refused at once.
    t = await createTestApp({
      jobs: { worker: false },
      llm: { baseUrl: 'http://127.0.0.1:9/v1', apiKey: FAKE_LLM_KEY, model: 'fake-coach', timeoutMs: 1000 },
    });
  });
  afterAll(() => t.close());

  it('answers with the built-in rules, a 200, streamed or not, and stores that', async () => {
    const a = await athlete(t);
    expect((await ask(t, a.token, "I'm sick today")).source).toBe('built_in');
    expect((await ask(t, a.token, "I'm sick today", true)).source).toBe('built_in');
    expect((await listed(t, a.token)).map((m) => m.source)).toEqual([null, 'built_in', null, 'built_in']);
  });
});
