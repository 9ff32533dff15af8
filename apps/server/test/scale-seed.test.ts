// The scale seed's pure parts (docs/scale.md, "The seed"): COPY text from Drizzle tables, ids unique by
// construction, and the same athlete from the same seed and day.
import { generateDemoAthlete } from '@stamina/core';
import { describe, expect, it } from 'vitest';
import { athleteSeed, idMaker, SessionMemo, writeAthlete } from '../scripts/scale/athlete.ts';
import { CopyBuffer } from '../scripts/scale/copy.ts';
import { createBuffers } from '../scripts/scale/tables.ts';
import { notifications, workoutTemplates } from '../src/db/schema/index.ts';

describe('scale seed', () => {
  it('writes COPY text: escaped text, jsonb, null, arrays, only the columns the table has', () => {
    const buffer = new CopyBuffer(notifications);
    buffer.add({
      id: '00000000-0000-4000-8000-000000000001',
      athleteId: '00000000-0000-4000-8000-000000000002',
      kind: 'new_week_plan',
      title: 'tab\there\\ and\nnewline',
      body: 'b',
      link: null,
      data: { a: 'x\ty' },
      dedupeKey: 'week:1',
      notAColumn: 'dropped',
    });
    const taken = buffer.take()!;
    expect(taken.sql).toBe(
      'COPY "notifications" ("id", "athlete_id", "kind", "title", "body", "link", "data", "dedupe_key") FROM STDIN',
    );
    expect(taken.text).toBe(
      '00000000-0000-4000-8000-000000000001\t00000000-0000-4000-8000-000000000002\tnew_week_plan\ttab\\there\\\\ and\\nnewline\tb\t\\N\t{"a":"x\\\\ty"}\tweek:1\n',
    );
    expect(buffer.take()).toBeNull();

    const templates = new CopyBuffer(workoutTemplates);
    templates.add({ tags: ['bike', 'a b'] });
    expect(templates.take()!.text).toBe('{"bike","a b"}\n');
  });

  it('makes ids unique across owners and runs, in the uuid layout', () => {
    const ids = new Set<string>();
    for (const owner of [-1, 0, 1, 4096, 65_537])
      for (const seed of [1, 2]) {
        const next = idMaker(seed, owner);
        for (let i = 0; i < 500; i++) ids.add(next());
      }
    expect(ids.size).toBe(5 * 2 * 500);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('writes the same athlete from the same seed and day', () => {
    const today = '2026-03-02';
    const run = () => {
      const out = createBuffers();
      const memo = new SessionMemo(
        generateDemoAthlete({ today, seed: athleteSeed(7, 0), historyDays: 60 }).thresholds,
      );
      const counts = writeAthlete(out, {
        index: 3,
        seed: 7,
        today,
        historyDays: 60,
        streamsShare: 0.5,
        passwordHash: 'x',
        templateIds: ['00000000-0000-4000-8000-000000000009'],
        memo,
      });
      return {
        counts,
        text: Object.values(out)
          .map((b) => b.take()?.text ?? '')
          .join('|'),
      };
    };
    const first = run();
    expect(first.counts.workouts).toBeGreaterThan(40);
    expect(first.counts.activities).toBeGreaterThan(20);
    expect(run()).toEqual(first);
  });
});
