// The Workout Bank API (docs/workout-bank.md) against a real database: the seeded library, search and ranking,
// templates, favourites, ratings (also under concurrency), views and popularity, recommendations, natural
// search, conversion onto the calendar, suggestions, stats, own templates, and the 400/404 answers.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workoutTemplates } from '../src/db/schema/index.ts';
import { LIBRARY } from '../src/modules/workout-bank/library/index.ts';
import { seedWorkoutBank } from '../src/modules/workout-bank/seed.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let ana: string;
let ben: string;
const BASE = '/api/v1/workout-bank';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `${BASE}${url}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
interface T {
  id: string;
  name: string;
  discipline: string;
  sport: string;
  estimated_duration_minutes: number;
  key_focus: string;
  primary_target: string;
  is_public: boolean;
  avg_rating: number;
}

let templates: T[] = [];
const byName = (name: string) => {
  const found = templates.find((x) => x.name === name);
  if (!found) throw new Error(`no template ${name}`);
  return found;
};

beforeAll(async () => {
  t = await createTestApp();
  const first = await seedWorkoutBank(t.db);
  expect(first.inserted).toBe(LIBRARY.length);
  ana = (await t.signUpAndConfirm({ name: 'Ana' })).session.access_token;
  ben = (await t.signUpAndConfirm({ name: 'Ben' })).session.access_token;
  const res = await call(ana, 'GET', '/templates?page_size=100&page=1');
  const pages = res.json().data.total_pages as number;
  templates = res.json().data.templates;
  for (let p = 2; p <= pages; p += 1) {
    templates.push(...(await call(ana, 'GET', `/templates?page_size=100&page=${p}`)).json().data.templates);
  }
}, 120_000);
afterAll(() => t.close());

describe('seeding', () => {
  it('is idempotent, safe in parallel, and updates a changed entry in place without touching its favourites', async () => {
    const [a, b] = await Promise.all([seedWorkoutBank(t.db), seedWorkoutBank(t.db)]);
    expect(a.inserted + b.inserted).toBe(0);
    expect(a.unchanged).toBe(LIBRARY.length);
    const target = LIBRARY[0]!;
    const row = templates.find((x) => x.name === target.name)!;
    expect((await call(ben, 'POST', `/templates/${row.id}/favorite`, { notes: 'keep' })).statusCode).toBe(
      200,
    );
    const changed = LIBRARY.map((x) =>
      x.slug === target.slug ? { ...x, description: 'Rewritten description' } : x,
    );
    const result = await seedWorkoutBank(t.db, changed);
    expect(result).toEqual({ inserted: 0, updated: 1, unchanged: LIBRARY.length - 1 });
    const detail = (await call(ben, 'GET', `/templates/${row.id}`)).json().data;
    expect(detail.description).toBe('Rewritten description');
    expect((await call(ben, 'GET', `/templates/${row.id}/favorite/status`)).json().data.is_favorite).toBe(
      true,
    );
    await seedWorkoutBank(t.db);
    await call(ben, 'DELETE', `/templates/${row.id}/favorite`);
  });
});

describe('GET /templates', () => {
  it('browses public templates by name ascending, 20 a page by default, with the search response fields', async () => {
    const res = await call(ana, 'GET', '/templates');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.page).toBe(1);
    expect(data.page_size).toBe(20);
    expect(data.templates).toHaveLength(20);
    expect(data.total_count).toBe(LIBRARY.length);
    expect(data.total_pages).toBe(Math.ceil(LIBRARY.length / 20));
    expect(typeof data.search_time_ms).toBe('number');
    const names = data.templates.map((x: T) => x.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(templates).toHaveLength(LIBRARY.length);
  });

  it("ranks 'threshold bike 45 min': bike templates with a threshold focus of 35-55 min in the first five", async () => {
    const res = await call(
      ana,
      'GET',
      `/templates?search_query=${encodeURIComponent('threshold bike 45 min')}`,
    );
    expect(res.statusCode).toBe(200);
    const top = res.json().data.templates.slice(0, 5) as T[];
    expect(top).toHaveLength(5);
    for (const x of top) {
      expect(x.discipline).toBe('bike');
      expect(`${x.key_focus} ${x.primary_target}`.toLowerCase()).toContain('threshold');
      expect(x.estimated_duration_minutes).toBeGreaterThanOrEqual(35);
      expect(x.estimated_duration_minutes).toBeLessThanOrEqual(55);
    }
  });

  it('matches word prefixes in full-text search', async () => {
    const res = await call(ana, 'GET', '/templates?search_query=thresh&disciplines=run');
    const found = res.json().data.templates as T[];
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((x) => x.discipline === 'run')).toBe(true);
  });

  it('filters by comma-joined lists, ranges, phases, weather, equipment and category', async () => {
    const res = await call(
      ana,
      'GET',
      '/templates?disciplines=swim,run&difficulty_levels=1,2&max_duration_minutes=40&page_size=100',
    );
    const found = res.json().data.templates as Array<T & { difficulty_level: number }>;
    expect(found.length).toBeGreaterThan(0);
    for (const x of found) {
      expect(['swim', 'run']).toContain(x.discipline);
      expect([1, 2]).toContain(x.difficulty_level);
      expect(x.estimated_duration_minutes).toBeLessThanOrEqual(40);
    }
    const phase = (
      await call(ana, 'GET', '/templates?training_phases=testing_benchmark&page_size=100')
    ).json().data;
    expect(
      phase.templates.every((x: { training_phases: string[] }) =>
        x.training_phases.includes('testing_benchmark'),
      ),
    ).toBe(true);
    const indoor = (
      await call(ana, 'GET', '/templates?weather_suitability=indoor&disciplines=run&page_size=100')
    ).json().data;
    expect(
      indoor.templates.every((x: { weather_suitability: string[] }) =>
        x.weather_suitability.includes('indoor'),
      ),
    ).toBe(true);
    const kit = (await call(ana, 'GET', '/templates?required_equipment=pool&page_size=100')).json().data;
    expect(kit.total_count).toBeGreaterThan(0);
    expect(
      kit.templates.every((x: { required_equipment: string[] }) =>
        x.required_equipment.every((e) => e === 'pool'),
      ),
    ).toBe(true);
    const cat = (await call(ana, 'GET', '/templates?category=discipline:brick&page_size=100')).json().data;
    expect(cat.total_count).toBe(LIBRARY.filter((x) => x.discipline === 'brick').length);
    const tss = (await call(ana, 'GET', '/templates?min_tss=100&sort_by=tss&sort_order=asc')).json().data;
    expect(tss.templates[0].estimated_tss).toBeGreaterThanOrEqual(100);
    const tags = (await call(ana, 'GET', '/templates?tags=CSS')).json().data;
    expect(tags.templates.every((x: { tags: string[] }) => x.tags.includes('CSS'))).toBe(true);
  });

  it('sorts by duration in either order and pages past the end to an empty page', async () => {
    const desc = (await call(ana, 'GET', '/templates?sort_by=duration&sort_order=desc&page_size=5')).json()
      .data;
    const d = desc.templates.map((x: T) => x.estimated_duration_minutes);
    expect(d).toEqual([...d].sort((a: number, b: number) => b - a));
    const past = (await call(ana, 'GET', '/templates?page=999')).json().data;
    expect(past.templates).toEqual([]);
    expect(past.total_count).toBe(LIBRARY.length);
  });

  it('pages a text search in each order with no gap or overlap, every page giving the count of all matches', async () => {
    for (const order of ['sort_by=relevance', 'sort_by=duration&sort_order=asc', 'sort_by=rating']) {
      const seen: T[] = [];
      const counts = new Set<number>();
      let totalPages = 1;
      for (let page = 1; page <= totalPages; page++) {
        const data = (
          await call(ana, 'GET', `/templates?search_query=threshold&${order}&page_size=9&page=${page}`)
        ).json().data;
        totalPages = data.total_pages;
        counts.add(data.total_count);
        seen.push(...data.templates);
      }
      expect([...counts]).toEqual([seen.length]);
      expect(new Set(seen.map((x) => x.id)).size).toBe(seen.length);
      if (order.includes('duration')) {
        const d = seen.map((x) => x.estimated_duration_minutes);
        expect(d).toEqual([...d].sort((a, b) => a - b));
      }
    }
    // Every library template with a word starting 'threshold' in its searched text, and no other.
    const expected = LIBRARY.filter((x) =>
      /\bthreshold/i.test(`${x.name} ${x.description} ${x.key_focus} ${x.primary_target}`),
    ).length;
    const first = (await call(ana, 'GET', '/templates?search_query=threshold')).json().data;
    expect(first.total_count).toBe(expected);
  });

  it('answers 400 naming the bad parameter', async () => {
    for (const [query, name] of [
      ['sort_by=colour', 'sort_by'],
      ['sort_order=up', 'sort_order'],
      ['disciplines=bike,skiing', 'disciplines'],
      ['difficulty_levels=9', 'difficulty_levels'],
      ['page=0', 'page'],
      ['page_size=1000', 'page_size'],
      ['is_verified=maybe', 'is_verified'],
      ['min_rating=7', 'min_rating'],
    ]) {
      const res = await call(ana, 'GET', `/templates?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toContain(name);
    }
  });
});

describe('templates', () => {
  it('reads one template; an unknown or malformed id is 404', async () => {
    const x = byName('Threshold 2x20min');
    const res = await call(ana, 'GET', `/templates/${x.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.workout_language_text).toContain('95-100% FTP');
    expect(res.json().data.zone4_percentage).toBeGreaterThan(40);
    expect((await call(ana, 'GET', '/templates/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await call(ana, 'GET', '/templates/not-an-id')).statusCode).toBe(404);
  });

  it('offers the same session shorter and longer', async () => {
    const x = byName('Threshold 3x12min');
    const data = (await call(ana, 'GET', `/templates/${x.id}/variants`)).json().data;
    const [shorter, longer] = data.variants;
    expect(shorter.label).toBe('shorter');
    expect(shorter.estimated_duration_minutes).toBeLessThan(x.estimated_duration_minutes);
    expect(longer.estimated_duration_minutes).toBeGreaterThan(x.estimated_duration_minutes);
    expect(longer.workout_language_text).toContain('95-100% FTP');
  });

  it('finds similar templates, five by default, most alike first', async () => {
    const x = byName('VO2max 5x3min');
    const data = (await call(ana, 'GET', `/templates/${x.id}/similar`)).json().data;
    expect(data.templates).toHaveLength(5);
    expect(data.templates.every((s: T) => s.id !== x.id)).toBe(true);
    expect(data.templates[0].discipline).toBe('bike');
    expect(data.templates[0].primary_target).toBe('vo2max');
    const sims = data.templates.map((s: { similarity: number }) => s.similarity);
    expect(sims).toEqual([...sims].sort((a: number, b: number) => b - a));
    expect((await call(ana, 'GET', `/templates/${x.id}/similar?limit=2`)).json().data.templates).toHaveLength(
      2,
    );
  });

  it('lists categories of the four types in sort order, and by type', async () => {
    const all = (await call(ana, 'GET', '/categories')).json().data.categories;
    expect(new Set(all.map((c: { category_type: string }) => c.category_type))).toEqual(
      new Set(['discipline', 'target', 'phase', 'intensity']),
    );
    const disciplines = (await call(ana, 'GET', '/categories?type=discipline')).json().data.categories;
    expect(disciplines.map((c: { name: string }) => c.name)).toEqual([
      'Swim',
      'Bike',
      'Run',
      'Brick',
      'Strength',
      'Recovery',
    ]);
    expect(disciplines.every((c: { template_count: number }) => c.template_count > 0)).toBe(true);
    expect((await call(ana, 'GET', '/categories?type=colour')).statusCode).toBe(400);
  });
});

describe('own templates', () => {
  let privateId: string;
  it('saves a private template that only its author sees, and a public one everyone sees', async () => {
    const res = await call(ana, 'POST', '/templates', {
      name: 'Ana hill session',
      discipline: 'run',
      difficulty_level: 3,
      workout_language_text: 'Warmup 15min easy\nMain 6x 2min hard uphill w/ 2min jog\nCooldown 10min easy',
      tags: ['hills'],
    });
    expect(res.statusCode).toBe(201);
    const own = res.json().data;
    privateId = own.id;
    expect(own.is_public).toBe(false);
    expect(own.created_by_user).toBe(true);
    expect(own.estimated_duration_minutes).toBe(49);
    expect((await call(ben, 'GET', `/templates/${privateId}`)).statusCode).toBe(404);
    expect((await call(ben, 'POST', `/templates/${privateId}/favorite`, {})).statusCode).toBe(404);
    expect((await call(ben, 'POST', `/templates/${privateId}/rate`, { rating: 5 })).statusCode).toBe(404);
    expect(
      (await call(ben, 'POST', `/templates/${privateId}/convert`, { scheduled_date: '2026-05-01' }))
        .statusCode,
    ).toBe(404);
    const mine = (await call(ana, 'GET', '/templates?include_own_templates=true&created_by_user=true')).json()
      .data;
    expect(mine.templates.map((x: T) => x.id)).toEqual([privateId]);
    const browse = (await call(ana, 'GET', '/templates?created_by_user=true')).json().data;
    expect(browse.total_count).toBe(0);
    const pub = await call(ana, 'POST', '/templates', {
      name: 'Ana public swim',
      discipline: 'swim',
      difficulty_level: 2,
      workout_language_text: '10x 100m @ CSS w/ 15s rest',
      is_public: true,
    });
    expect(pub.statusCode).toBe(201);
    expect((await call(ben, 'GET', `/templates/${pub.json().data.id}`)).statusCode).toBe(200);
  });

  it('lets the author edit an own template and make it public; anyone else gets 404', async () => {
    const dana = (await t.signUpAndConfirm({ name: 'Dana' })).session.access_token;
    const body = {
      name: 'Dana tempo',
      discipline: 'run',
      difficulty_level: 3,
      workout_language_text: 'Warmup 10min easy\nMain 20min Z3\nCooldown 10min easy',
    };
    const id = (await call(dana, 'POST', '/templates', body)).json().data.id;
    const edited = await call(dana, 'PUT', `/templates/${id}`, {
      ...body,
      name: 'Dana long tempo',
      workout_language_text: 'Warmup 10min easy\nMain 30min Z3\nCooldown 10min easy',
      is_public: true,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({
      name: 'Dana long tempo',
      is_public: true,
      estimated_duration_minutes: 50,
    });
    // Found by search, by its author and (public now) by others.
    const found = (
      await call(ben, 'GET', `/templates?search_query=${encodeURIComponent('dana long tempo')}`)
    ).json().data;
    expect(found.templates.map((x: T) => x.id)).toContain(id);
    expect((await call(ben, 'PUT', `/templates/${id}`, body)).statusCode).toBe(404);
    expect((await call(dana, 'PUT', `/templates/${byName('Threshold 2x30min').id}`, body)).statusCode).toBe(
      404,
    );
    expect((await call(dana, 'PUT', '/templates/nope', body)).statusCode).toBe(404);
    expect((await call(dana, 'PUT', `/templates/${id}`, { ...body, name: '' })).statusCode).toBe(400);
  });

  it('tells the client which sport the text is parsed as: core disciplineSport for own templates', async () => {
    // An athlete of its own, so the other tests' counts of Ana's templates stay as they are.
    const cara = (await t.signUpAndConfirm({ name: 'Cara' })).session.access_token;
    const post = (discipline: string) =>
      call(cara, 'POST', '/templates', {
        name: `Cara ${discipline}`,
        discipline,
        difficulty_level: 2,
        workout_language_text: '40min Z2',
      });
    const brick = (await post('brick')).json().data;
    const recovery = (await post('recovery')).json().data;
    expect([brick.sport, recovery.sport]).toEqual(['bike', 'run']);
    // The library says per entry what its recovery sessions are done as: a recovery swim is read as a swim.
    expect(byName('Recovery swim with drills').sport).toBe('swim');
    const got = (await call(cara, 'GET', `/templates/${byName('Recovery swim with drills').id}`)).json().data;
    expect(got.sport).toBe('swim');
  });
});

describe('favourites', () => {
  it('adds with notes, reports status, lists, and removes; the offline replay calls do the same', async () => {
    const x = byName('Sweet spot 2x20min');
    const added = await call(ana, 'POST', `/templates/${x.id}/favorite`, { notes: 'Tuesday staple' });
    expect(added.statusCode).toBe(200);
    expect(added.json().data.notes).toBe('Tuesday staple');
    expect((await call(ana, 'GET', `/templates/${x.id}/favorite/status`)).json().data.is_favorite).toBe(true);
    expect((await call(ben, 'GET', `/templates/${x.id}/favorite/status`)).json().data.is_favorite).toBe(
      false,
    );
    // Adding again keeps one favourite.
    await call(ana, 'POST', `/templates/${x.id}/favorite`, {});
    const list = (await call(ana, 'GET', '/favorites?page=1&page_size=12')).json().data;
    expect(list.favorites).toHaveLength(1);
    expect(list.favorites[0].notes).toBe('Tuesday staple');
    expect(list.favorites[0].template.name).toBe('Sweet spot 2x20min');
    const removed = await call(ana, 'DELETE', `/templates/${x.id}/favorite`);
    expect(removed.json().data).toEqual({ is_favorite: false, removed: true });
    expect((await call(ana, 'GET', '/favorites')).json().data.total_count).toBe(0);

    const replay = await call(ana, 'POST', '/favorites', { workout_template_id: x.id, notes: 'offline' });
    expect(replay.statusCode).toBe(200);
    const favId = replay.json().data.id;
    expect((await call(ben, 'DELETE', `/favorites/${favId}`)).statusCode).toBe(404);
    expect((await call(ana, 'DELETE', `/favorites/${favId}`)).statusCode).toBe(200);
    expect((await call(ana, 'DELETE', `/favorites/${favId}`)).statusCode).toBe(404);
    // By the template's id too (a client that only knows the template).
    await call(ana, 'POST', '/favorites', { workout_template_id: x.id });
    expect((await call(ana, 'DELETE', `/favorites/${x.id}`)).statusCode).toBe(200);
    expect((await call(ana, 'POST', '/favorites', { workout_template_id: 'nope' })).statusCode).toBe(404);
  });
});

describe('ratings', () => {
  it('rates with the full payload, replaces a second rating, reads mine and pages the list', async () => {
    const x = byName('Tempo 2x20min');
    const full = {
      rating: 4,
      effectiveness_rating: 5,
      enjoyment_rating: 3,
      difficulty_rating: 4,
      review_text: 'Solid',
      fitness_level_when_completed: 'intermediate',
      completed_as_prescribed: true,
      modifications_made: 'none',
    };
    const res = await call(ana, 'POST', `/templates/${x.id}/rate`, full);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.rating).toMatchObject(full);
    await call(ana, 'POST', `/templates/${x.id}/rate`, { rating: 2 });
    const ben5 = (await call(ben, 'POST', `/templates/${x.id}/rate`, { rating: 5 })).json().data;
    expect(ben5.rating_count).toBe(2);
    expect(ben5.avg_rating).toBe(3.5);
    expect((await call(ana, 'GET', `/templates/${x.id}/rating`)).json().data.rating.rating).toBe(2);
    expect(
      (await call(ana, 'GET', `/templates/${byName('Tempo hour').id}/rating`)).json().data.rating,
    ).toBeNull();
    const page = (await call(ana, 'GET', `/templates/${x.id}/ratings?page=1&page_size=1`)).json().data;
    expect(page.ratings).toHaveLength(1);
    expect(page.total_count).toBe(2);
    expect(page.total_pages).toBe(2);
    expect((await call(ana, 'GET', `/templates/${x.id}/ratings`)).json().data.page_size).toBe(10);
    expect((await call(ana, 'POST', `/templates/${x.id}/rate`, { rating: 6 })).statusCode).toBe(400);
    expect((await call(ana, 'GET', `/templates/${x.id}`)).json().data.avg_rating).toBe(3.5);
  });

  it('keeps the average and count right under concurrent ratings', async () => {
    const x = byName('Tempo hour');
    const athletes = await Promise.all(
      [1, 2, 3, 4, 5, 1, 2, 3].map(async (stars, i) => ({
        stars,
        token: (await t.signUpAndConfirm({ name: `Rater ${i}` })).session.access_token,
      })),
    );
    const results = await Promise.all(
      athletes.map((a) => call(a.token, 'POST', `/templates/${x.id}/rate`, { rating: a.stars })),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const detail = (await call(ana, 'GET', `/templates/${x.id}`)).json().data;
    expect(detail.rating_count).toBe(8);
    expect(detail.avg_rating).toBe(2.63);
  });
});

describe('views, uses and popular', () => {
  it('ranks templates by real views and uses in the timeframe', async () => {
    const a = byName('Easy run 30min');
    const b = byName('CSS 8x100m');
    for (let i = 0; i < 3; i += 1)
      expect((await call(ana, 'POST', `/templates/${a.id}/view`, {})).statusCode).toBe(200);
    await call(ben, 'POST', `/templates/${a.id}/view`, {});
    await call(ben, 'POST', `/templates/${b.id}/view`, {});
    const month = (await call(ana, 'GET', '/popular?timeframe=month&limit=12')).json().data;
    expect(month.templates[0].id).toBe(a.id);
    // Ana's three views today count once: two athletes viewed it.
    expect(month.templates[0].views).toBe(2);
    // Old events fall out of the week.
    await t.db.execute(
      sql`update workout_template_events set created_at = now() - interval '20 days' where template_id = ${a.id}`,
    );
    const week = (await call(ana, 'GET', '/popular?timeframe=week')).json().data;
    expect(week.templates.map((x: T) => x.id)).not.toContain(a.id);
    expect(week.templates.map((x: T) => x.id)).toContain(b.id);
    expect((await call(ana, 'GET', '/popular?timeframe=decade')).statusCode).toBe(400);
  });
});

describe('popularity that cannot be gamed', () => {
  it('counts one view per athlete, template and day: 60 views by one athlete do not make a template #1', async () => {
    const gamer = (await t.signUpAndConfirm({ name: 'Gamer' })).session.access_token;
    const pushed = byName('Threshold 2x20min');
    const liked = byName('Easy run 30min');
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => call(gamer, 'POST', `/templates/${pushed.id}/view`, {})),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(60).fill(200));
    const month = (await call(gamer, 'GET', '/popular?timeframe=month&limit=50')).json().data;
    const views = (id: string) => month.templates.find((x: T & { views: number }) => x.id === id)?.views;
    expect(views(pushed.id)).toBe(1);
    expect(views(liked.id)).toBeGreaterThanOrEqual(2);
    expect(month.templates.findIndex((x: T) => x.id === pushed.id)).toBeGreaterThan(
      month.templates.findIndex((x: T) => x.id === liked.id),
    );
    // The next day, the same athlete's view counts again.
    await t.db.execute(
      sql`update workout_template_events set created_at = created_at - interval '1 day' where template_id = ${pushed.id}`,
    );
    await call(gamer, 'POST', `/templates/${pushed.id}/view`, {});
    const later = (await call(gamer, 'GET', '/popular?timeframe=month&limit=50')).json().data;
    expect(later.templates.find((x: T & { views: number }) => x.id === pushed.id)?.views).toBe(2);
  });

  it("refuses an author's rating of their own template, with a message; others may rate it", async () => {
    const author = (await t.signUpAndConfirm({ name: 'Author' })).session.access_token;
    const own = await call(author, 'POST', '/templates', {
      name: 'The author rates it',
      discipline: 'run',
      difficulty_level: 2,
      workout_language_text: '30min Z2',
      is_public: true,
    });
    expect(own.statusCode, own.body).toBe(201);
    const id = own.json().data.id;
    const self = await call(author, 'POST', `/templates/${id}/rate`, { rating: 5 });
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringContaining('your own template'),
    });
    expect((await call(ben, 'POST', `/templates/${id}/rate`, { rating: 4 })).statusCode).toBe(200);
    const detail = (await call(author, 'GET', `/templates/${id}`)).json().data;
    expect(detail).toMatchObject({ rating_count: 1, avg_rating: 4 });
  });
});

describe('convert', () => {
  it('puts the template on the calendar as a parsed workout, scaled, and records a use', async () => {
    const x = byName('Threshold 2x20min');
    const res = await call(ana, 'POST', `/templates/${x.id}/convert`, {
      scheduled_date: '2026-06-02',
      scheduled_start_time: '07:30',
      custom_scaling: 0.5,
      notes: 'Before work',
    });
    expect(res.statusCode).toBe(201);
    const { workout } = res.json().data;
    expect(workout.template_id).toBe(x.id);
    expect(workout.workout_date).toBe('2026-06-02');
    expect(workout.sport).toBe('bike');
    expect(workout.workout_data.notes).toBe('Before work');
    expect(workout.duration_minutes).toBeLessThan(x.estimated_duration_minutes);
    expect(workout.workout_structure.main_intervals.length).toBeGreaterThan(0);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/workout-planning/workouts',
      headers: bearer(ana),
    });
    expect(list.json().data.some((w: { id: string }) => w.id === workout.id)).toBe(true);
    expect((await call(ana, 'GET', `/templates/${x.id}`)).json().data.usage_count).toBe(1);
    const bad = await call(ana, 'POST', `/templates/${x.id}/convert`, { scheduled_date: '2026-02-30' });
    expect(bad.statusCode).toBe(400);
    const brick = await call(ana, 'POST', `/templates/${byName('Short transition brick').id}/convert`, {
      scheduled_date: '2026-06-03',
    });
    expect(brick.json().data.workout.duration_minutes).toBe(40);
  });
});

describe('suggestions', () => {
  it('scales to the time available and explains missing equipment and unsuitable weather', async () => {
    const x = byName('Threshold 2x30min');
    const res = await call(ana, 'POST', `/templates/${x.id}/suggestions`, {
      available_time: 60,
      fitness_level: 'intermediate',
      equipment_available: ['bike'],
      weather_conditions: 'hot',
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.estimated_duration_minutes).toBeLessThanOrEqual(66);
    expect(data.estimated_duration_minutes).toBeGreaterThanOrEqual(50);
    expect(data.missing_equipment).toEqual(['indoor trainer', 'power meter']);
    expect(data.changes.some((c: string) => c.includes('Shortened'))).toBe(true);
    const outdoor = await call(ana, 'POST', `/templates/${byName('Endurance ride 2h').id}/suggestions`, {
      weather_conditions: 'rainy',
    });
    expect(outdoor.json().data.weather_ok).toBe(false);
    expect(outdoor.json().data.changes.join(' ')).toContain('indoor trainer');
    expect(
      (await call(ana, 'POST', `/templates/${x.id}/suggestions`, { available_time: 'soon' })).statusCode,
    ).toBe(400);
  });

  it('fits a 60-minute 30/30 session into 30 minutes with fewer repeats, and says the time it gives', async () => {
    const res = await call(ana, 'POST', `/templates/${byName('30/30s micro intervals').id}/suggestions`, {
      available_time: 30,
    });
    const data = res.json().data;
    expect(data.estimated_duration_minutes).toBeLessThanOrEqual(32);
    expect(data.estimated_duration_minutes).toBeGreaterThanOrEqual(24);
    expect(data.changes[0]).toBe(
      `Shortened from 60 to ${data.estimated_duration_minutes} minutes to fit your 30`,
    );
    // The surges keep their length and intensity: there are fewer of them.
    expect(data.workout_language_text).toContain('30s @ 130% FTP');
  });

  it('reads equipment however it is written: indoor_trainer is an indoor trainer', async () => {
    const res = await call(ana, 'POST', `/templates/${byName('Threshold 2x30min').id}/suggestions`, {
      equipment_available: ['Bike', 'indoor_trainer', 'power-meter'],
    });
    expect(res.json().data.missing_equipment).toEqual([]);
    // The search's "equipment I have" reads the names the same way, in memory and in SQL (with a category).
    const kit = 'search_query=2x30min&required_equipment=Bike,indoor_trainer,power-meter&page_size=100';
    for (const url of [`/templates?${kit}`, `/templates?${kit}&category=discipline:bike`]) {
      const names = (await call(ana, 'GET', url)).json().data.templates.map((x: T) => x.name);
      expect(names).toContain('Threshold 2x30min');
    }
    const track = 'search_query=time%20trial&required_equipment=Running_Shoes,track&page_size=100';
    for (const url of [`/templates?${track}`, `/templates?${track}&category=discipline:run`]) {
      const names = (await call(ana, 'GET', url)).json().data.templates.map((x: T) => x.name);
      expect(names).toContain('5k time trial');
    }
  });
});

describe('natural search', () => {
  it("turns '45 min threshold ride' into filters and returns matching templates", async () => {
    const res = await call(ana, 'POST', '/search/natural', { query: '45 min threshold ride', limit: 5 });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.filters.disciplines).toEqual(['bike']);
    expect(data.filters.primary_targets).toEqual(['threshold']);
    expect(data.filters.duration_minutes).toBe(45);
    expect(data.templates.length).toBeGreaterThan(0);
    for (const x of data.templates as T[]) {
      expect(x.discipline).toBe('bike');
      expect(x.primary_target).toBe('threshold');
      expect(x.estimated_duration_minutes).toBeGreaterThanOrEqual(33);
      expect(x.estimated_duration_minutes).toBeLessThanOrEqual(57);
    }
    expect((await call(ana, 'POST', '/search/natural', { query: '  ' })).statusCode).toBe(400);
    // Nothing recognised and no words left: every visible template, by name.
    const vague = await call(ana, 'POST', '/search/natural', { query: '3:30:00 !{', limit: 3 });
    expect(vague.statusCode).toBe(200);
    expect(vague.json().data.templates).toHaveLength(3);
  });
});

describe('recommendations, stats and health', () => {
  it("recommends from the athlete's sports and says why", async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/workout-planning/workouts',
      headers: bearer(ben),
      payload: {
        title: 'Swim',
        workout_date: new Date().toISOString().slice(0, 10),
        sport: 'swim',
        workout_language_text: '1000m easy',
      },
    });
    const res = await call(ben, 'GET', '/recommendations?type=general&limit=12');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.templates).toHaveLength(12);
    expect(data.templates[0].discipline).toBe('swim');
    expect(data.templates[0].reasons).toContain('You train swim');
    const recovery = (await call(ben, 'GET', '/recommendations?type=recovery&limit=5')).json().data;
    expect(recovery.templates.every((x: { difficulty_level: number }) => x.difficulty_level <= 2)).toBe(true);
    expect((await call(ben, 'GET', '/recommendations?type=weird')).statusCode).toBe(400);
  });

  it("counts the athlete's own activity in the bank", async () => {
    const stats = (await call(ana, 'GET', '/user/stats')).json().data;
    expect(stats.ratings_count).toBe(1);
    expect(stats.templates_used).toBe(2);
    expect(stats.templates_viewed).toBe(1);
    expect(stats.own_templates).toBe(2);
    const health = (await call(ana, 'GET', '/health')).json().data;
    expect(health.status).toBe('ok');
    expect(health.templates).toBeGreaterThanOrEqual(LIBRARY.length);
    expect(health.categories).toBe(29);
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${BASE}/templates` });
    expect(res.statusCode).toBe(401);
  });
});

describe('database', () => {
  it('searches on the GIN index', async () => {
    const rows = await t.db.select({ n: sql<number>`count(*)` }).from(workoutTemplates);
    expect(Number(rows[0]!.n)).toBeGreaterThanOrEqual(LIBRARY.length);
  });
});
