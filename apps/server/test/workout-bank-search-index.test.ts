// The Workout Bank's search index in each process (docs/workout-bank.md, "Search index in each process"): it
// answers every search exactly as the SQL search does, and two processes sharing one database both see every
// change (ratings, views, new, private and deleted templates) at their next search, with no wait.
import { ZWorkoutTemplateSearchQuery } from '@stamina/contract';
import { TRAINING_PHASES } from '@stamina/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as repo from '../src/modules/workout-bank/repository.ts';
import { createSearchIndex } from '../src/modules/workout-bank/search-index.ts';
import { planSearch } from '../src/modules/workout-bank/search-plan.ts';
import { seedWorkoutBank } from '../src/modules/workout-bank/seed.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let ana: { token: string; athleteId: string };
let ben: { token: string; athleteId: string };
const BASE = '/api/v1/workout-bank';

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `${BASE}${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

async function athlete(name: string) {
  const { session } = await t.signUpAndConfirm({ name });
  const res = await call(session.access_token, 'POST', '/templates', {
    name: `${name} probe`,
    discipline: 'run',
    difficulty_level: 1,
    workout_language_text: '20min easy',
  });
  const id = res.json().data.id as string;
  const result = await t.db.execute(
    sql`select owner_athlete_id as "owner" from workout_templates where id = ${id}`,
  );
  const [row] = (result as unknown as { rows: { owner: string }[] }).rows;
  return { token: session.access_token, athleteId: row!.owner };
}

/** A small deterministic random source, so a failing query can be found again. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

const WORDS = [
  ...['threshold', 'easy', 'swim', 'bike', 'run', 'tempo', 'hill', 'long', 'css', 'brick', 'the', 'runs'],
  ...['ride', 'vo2', 'sweet', 'spot', 'recovery', 'sprint', 'ana', 'drills', 'xyzzy', 'interval', 'pyramid'],
];
const SORTS = ['relevance', 'duration', 'rating', 'difficulty', 'popularity', 'tss', 'name', 'created_at'];

function randomQuery(next: () => number): Record<string, string> {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const q: Record<string, string> = {};
  if (next() < 0.8) {
    const words = Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(WORDS));
    if (next() < 0.2) words.push(pick(['45 min', '90 min', '2h']));
    q.search_query = words.join(' ');
  }
  if (next() < 0.3)
    q.disciplines = [pick(['swim', 'bike', 'run']), pick(['brick', 'strength', 'run'])].join(',');
  if (next() < 0.2) q.min_duration_minutes = String(15 * Math.floor(next() * 5));
  if (next() < 0.2) q.max_duration_minutes = String(45 + 15 * Math.floor(next() * 6));
  if (next() < 0.15) q.difficulty_levels = String(1 + Math.floor(next() * 5));
  if (next() < 0.15) q.primary_targets = pick(['threshold', 'endurance', 'vo2max']);
  if (next() < 0.1) q.training_phases = pick(TRAINING_PHASES);
  if (next() < 0.1) q.required_equipment = pick(['pool', 'bike,trainer', 'track']);
  if (next() < 0.1) q.min_rating = pick(['1', '3.5']);
  if (next() < 0.1) q.min_distance_meters = '1000';
  if (next() < 0.1) q.max_tss = '80';
  if (next() < 0.2) q.include_own_templates = 'true';
  if (next() < 0.1) q.created_by_user = pick(['true', 'false']);
  if (next() < 0.1) q.is_verified = 'true';
  if (next() < 0.8) q.sort_by = pick(SORTS);
  if (next() < 0.6) q.sort_order = pick(['asc', 'desc']);
  q.page = String(1 + Math.floor(next() * 4));
  q.page_size = pick(['5', '20', '50']);
  return q;
}

beforeAll(async () => {
  t = await createTestApp();
  await seedWorkoutBank(t.db);
  ana = await athlete('Ana');
  ben = await athlete('Ben');
  for (const [name, isPublic] of [
    ['Ana secret threshold ride', false],
    ['Ana shared tempo run', true],
    ['Ben secret swim drills', false],
  ] as const) {
    const owner = name.startsWith('Ana') ? ana : ben;
    const res = await call(owner.token, 'POST', '/templates', {
      name,
      discipline: name.includes('ride') ? 'bike' : name.includes('swim') ? 'swim' : 'run',
      difficulty_level: 3,
      workout_language_text: '10min easy\n3x 8min Z4 w/ 2min easy\n10min easy',
      is_public: isPublic,
    });
    expect(res.statusCode).toBe(201);
  }
  // Ratings and views, so the rating and popularity orders are not all ties.
  const page = (await call(ben.token, 'GET', '/templates?page_size=30&sort_by=name')).json().data
    .templates as {
    id: string;
  }[];
  for (const [i, x] of page.entries()) {
    await call(ben.token, 'POST', `/templates/${x.id}/rate`, { rating: 1 + (i % 5) });
    if (i % 3 === 0) await call(ana.token, 'POST', `/templates/${x.id}/view`, {});
  }
}, 120_000);
afterAll(() => t.close());

describe('search index', () => {
  it('answers every search as the SQL search does: the same count and the same page in the same order', async () => {
    const index = createSearchIndex(t.db);
    const next = random(14);
    let nonEmpty = 0;
    for (let n = 0; n < 250; n++) {
      const raw = randomQuery(next);
      const q = ZWorkoutTemplateSearchQuery.parse(raw);
      const who = n % 2 ? ana : ben;
      let plan: ReturnType<typeof planSearch>;
      try {
        plan = planSearch(who.athleteId, q);
      } catch {
        continue;
      }
      const fromSql = await repo.search(t.db, plan.sql);
      const fromIndex = await index.search(plan.index!);
      const label = JSON.stringify(raw);
      expect(fromIndex, label).not.toBeNull();
      expect(fromIndex!.total, label).toBe(fromSql.total);
      expect(
        fromIndex!.rows.map((r) => r.name),
        label,
      ).toEqual(fromSql.rows.map((r) => r.name));
      if (fromSql.rows.length) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(100);
  });

  it('never shows an athlete another athlete’s private template', async () => {
    const index = createSearchIndex(t.db);
    const q = (who: typeof ana) =>
      planSearch(
        who.athleteId,
        ZWorkoutTemplateSearchQuery.parse({ search_query: 'secret', include_own_templates: 'true' }),
      ).index!;
    expect((await index.search(q(ana)))!.rows.map((r) => r.name)).toEqual(['Ana secret threshold ride']);
    expect((await index.search(q(ben)))!.rows.map((r) => r.name)).toEqual(['Ben secret swim drills']);
    const publicOnly = planSearch(
      ben.athleteId,
      ZWorkoutTemplateSearchQuery.parse({ search_query: 'secret' }),
    ).index!;
    expect((await index.search(publicOnly))!.total).toBe(0);
  });

  it('sees every change made through another process at its next search', async () => {
    // Two processes: two indexes on one database, both warm.
    const here = createSearchIndex(t.db);
    const there = createSearchIndex(t.db);
    const byRating = planSearch(
      ben.athleteId,
      ZWorkoutTemplateSearchQuery.parse({ search_query: 'pyramid', sort_by: 'rating', page_size: '100' }),
    ).index!;
    const byPopularity = planSearch(
      ben.athleteId,
      ZWorkoutTemplateSearchQuery.parse({ sort_by: 'popularity', page_size: '1' }),
    ).index!;
    const before = (await here.search(byRating))!;
    await there.search(byRating);
    await there.search(byPopularity);
    expect(before.total).toBeGreaterThan(1);
    const last = before.rows.at(-1)!;

    // A rating moves the last to the top.
    expect((await call(ana.token, 'POST', `/templates/${last.id}/rate`, { rating: 5 })).statusCode).toBe(200);
    expect((await call(ben.token, 'POST', `/templates/${last.id}/rate`, { rating: 5 })).statusCode).toBe(200);
    for (const index of [here, there]) expect((await index.search(byRating))!.rows[0]!.id).toBe(last.id);

    // Uses make a template the most popular (views count once per athlete and day, so they cannot).
    for (let i = 0; i < 40; i++) {
      const used = await call(ben.token, 'POST', `/templates/${last.id}/convert`, {
        scheduled_date: '2026-05-01',
      });
      expect(used.statusCode).toBe(201);
    }
    for (const index of [here, there]) expect((await index.search(byPopularity))!.rows[0]!.id).toBe(last.id);

    // A new public template is found by its words; once deleted, it is gone.
    const created = await call(ana.token, 'POST', '/templates', {
      name: 'Quokka pyramid',
      discipline: 'run',
      difficulty_level: 2,
      workout_language_text: '30min easy',
      is_public: true,
    });
    const quokka = planSearch(ben.athleteId, ZWorkoutTemplateSearchQuery.parse({ search_query: 'quokk' }))
      .index!;
    for (const index of [here, there]) {
      expect((await index.search(quokka))!.rows.map((r) => r.name)).toEqual(['Quokka pyramid']);
      expect((await index.search(byRating))!.total).toBe(before.total + 1);
    }
    // Made private by a direct write, then deleted: the trigger versions every write.
    await t.db.execute(
      sql`update workout_templates set is_public = false where id = ${created.json().data.id}`,
    );
    for (const index of [here, there]) expect((await index.search(quokka))!.total).toBe(0);
    await t.db.execute(sql`delete from workout_templates where id = ${created.json().data.id}`);
    for (const index of [here, there]) {
      expect((await index.search(byRating))!.total).toBe(before.total);
    }
  });
});
