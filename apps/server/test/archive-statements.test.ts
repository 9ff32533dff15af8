// What one member of a platform archive costs the database (docs/activities.md, "Platform archives", "Speed"):
// the statements the archive job sends per recording, counted through Drizzle's query log while a 32-activity
// Strava archive imports. The main thread's time per member is mostly these statements (PGlite runs on it), so
// the count is held to a budget, with each table's share printed. Left out: the job queue's own statements
// (claims, leases, polls: timing, not the archive) and the test's polls of the batch, known by their text,
// learnt from a poll of a settled batch before the count starts. And what one statement carries: a round's
// streams go in statements of bounded bytes and rows (repository STREAMS_PER_STATEMENT), since on PGlite each
// statement holds the event loop for its whole run.
import type { ImportBatch } from '@stamina/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STREAMS_PER_STATEMENT } from '../src/modules/activities/repository.ts';
import { bearer, createTestApp, type TestApp, uploadAndSettle } from './helpers.ts';
import { stravaArchive, syntheticStravaActivities } from './platform-archive.ts';

const MEMBERS = 32;
/** Statements per recording: the read (duplicate checks) and its share of the round's writes. */
const BUDGET_PER_MEMBER = 2;

type Session = { logger: unknown; options: { logger?: unknown } };

/** Statements Drizzle sends on `t.db` and its transactions while `run` runs, by text, and their parameters. */
async function statementsOf<T>(
  t: TestApp,
  run: () => Promise<T>,
): Promise<{ result: T; texts: string[]; params: unknown[][] }> {
  const texts: string[] = [];
  const params: unknown[][] = [];
  // Drizzle's session keeps its logger and hands its options to each transaction's session.
  const session = (t.db as unknown as { session: Session }).session;
  const before = { logger: session.logger, option: session.options.logger };
  const logger = {
    logQuery: (query: string, values: unknown[]) => {
      texts.push(query);
      params.push(values);
    },
  };
  session.logger = logger;
  session.options.logger = logger;
  try {
    return { result: await run(), texts, params };
  } finally {
    session.logger = before.logger;
    session.options.logger = before.option;
  }
}

const tableOf = (query: string) =>
  /\b(?:from|into|update)\s+"?([a-z_]+)"?/i.exec(query)?.[1] ?? query.slice(0, 24);

describe('statements per archive member', () => {
  let t: TestApp;
  beforeAll(async () => {
    // One turn for the whole archive: a busy machine's slow rounds would otherwise add turns, each listing the
    // archive again (a dozen statements), and the count would follow the load.
    t = await createTestApp({ archiveTurnMs: 3_600_000 });
  }, 180_000);
  afterAll(() => t.close());

  it(`a ${MEMBERS}-activity Strava archive sends at most ${BUDGET_PER_MEMBER} statements a recording`, async () => {
    const who = await t.athlete();
    const activities = syntheticStravaActivities(MEMBERS + 1, 1);
    const poll = (batchId: string) =>
      t.app.inject({ method: 'GET', url: `/api/activities/imports/${batchId}`, headers: bearer(who.token) });
    // A settled batch, polled once: the texts of a poll's statements.
    const first = await uploadAndSettle(t.app, who.token, '/api/activities/import/archive', [
      { name: 'export_0.zip', content: await stravaArchive(activities.slice(0, 1)) },
    ]);
    const polled = new Set((await statementsOf(t, () => poll(first.batch_id))).texts);

    const archive = await stravaArchive(activities.slice(1));
    const {
      result: batch,
      texts,
      params,
    } = await statementsOf(t, async () => {
      const settled = await uploadAndSettle(
        t.app,
        who.token,
        '/api/activities/import/archive',
        [{ name: 'export_1.zip', content: archive }],
        170_000,
      );
      return settled as ImportBatch;
    });
    expect(batch.files.slice(1).every((f) => f.status === 'imported')).toBe(true);
    const counts = new Map<string, number>();
    for (const text of texts) {
      if (polled.has(text) || tableOf(text) === 'jobs') continue;
      counts.set(tableOf(text), (counts.get(tableOf(text)) ?? 0) + 1);
    }
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    const byTable = [...counts.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([table, n]) => `${table} ${(n / MEMBERS).toFixed(2)}`)
      .join(', ');
    console.log(`statements per member: ${(total / MEMBERS).toFixed(2)} (${byTable})`);
    expect(total / MEMBERS).toBeLessThanOrEqual(BUDGET_PER_MEMBER);

    // A round's streams (half a megabyte for 16 one-hour runs) go in statements of bounded size: on PGlite each
    // statement holds the event loop for its whole run (docs/RELIABILITY.md, "An archive on PGlite").
    const streamInserts = params.filter((_, i) => /^insert into "activity_streams"/.test(texts[i]!));
    const streamBytes = streamInserts.map((values) =>
      values.reduce<number>((sum, v) => sum + (v instanceof Uint8Array ? v.byteLength : 0), 0),
    );
    const streamRows = streamInserts.map((values) => values.filter((v) => v instanceof Uint8Array).length);
    console.log(`stream statements: ${streamInserts.length}, bytes ${streamBytes.join(', ')}`);
    expect(streamBytes.reduce((a, b) => a + b, 0)).toBeGreaterThan(STREAMS_PER_STATEMENT.bytes);
    for (const [i, bytes] of streamBytes.entries()) {
      expect(streamRows[i]).toBeLessThanOrEqual(STREAMS_PER_STATEMENT.rows);
      if (streamRows[i]! > 1) expect(bytes).toBeLessThanOrEqual(STREAMS_PER_STATEMENT.bytes);
    }
  }, 240_000);
});
