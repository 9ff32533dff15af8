// The athlete's thresholds and zones (docs/zones.md): the dated history, the triathlon view, derived and
// edited zone tables with their validation, the re-labelling of planned workouts, and that every parse and
// calculate-tss reads the athlete's own values. Another athlete's values are never seen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pinToday } from '../../../test-support/today.ts';
import { createThresholdService } from '../src/modules/thresholds/service.ts';
import { bearer, createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const account = async () => (await t.signUpAndConfirm()).session.access_token;
const call = (token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload: payload as object } : {}) });

const today = pinToday(); // test athletes live in UTC
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const running = (pace: number | null, extra: Record<string, number | null> = {}) => ({
  sport: 'running',
  values: { threshold_pace_seconds_per_km: pace, max_hr: null, resting_hr: null, lthr: null, ...extra },
});

describe('GET/PUT /api/athletes/me/sport-metrics', () => {
  it('answers nulls and the defaults for a new athlete', async () => {
    const token = await account();
    const res = await call(token, 'GET', '/api/athletes/me/sport-metrics');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.running).toEqual({
      effective_from: null,
      values: { threshold_pace_seconds_per_km: null, max_hr: null, resting_hr: null, lthr: null },
    });
    expect(data.history).toEqual([]);
    expect(data.defaults).toEqual({
      ftp_watts: 250,
      threshold_pace_seconds_per_km: 300,
      css_seconds_per_100m: 105,
      max_hr: 190,
    });
  });

  it('keeps a dated history: the value in force today, every entry newest first', async () => {
    const token = await account();
    const early = addDays(today, -60);
    const mid = addDays(today, -10);
    const later = addDays(today, 30);
    for (const [day, ftp] of [
      [early, 240],
      [mid, 265],
      [later, 280],
    ] as const) {
      const res = await call(token, 'PUT', '/api/athletes/me/sport-metrics', {
        sport: 'cycling',
        effective_from: day,
        values: { ftp_watts: ftp, max_hr: 185, resting_hr: 50, lthr: null, max_power_watts: 900 },
      });
      expect(res.statusCode).toBe(200);
    }
    const data = (await call(token, 'GET', '/api/athletes/me/sport-metrics')).json().data;
    expect(data.cycling).toMatchObject({
      effective_from: mid,
      values: { ftp_watts: 265, max_power_watts: 900 },
    });
    expect(data.history.map((h: { effective_from: string }) => h.effective_from)).toEqual([
      later,
      mid,
      early,
    ]);
    // The same day again replaces that day's entry.
    await call(token, 'PUT', '/api/athletes/me/sport-metrics', {
      sport: 'cycling',
      effective_from: mid,
      values: { ftp_watts: 270, max_hr: 185, resting_hr: 50, lthr: null, max_power_watts: 900 },
    });
    const again = (await call(token, 'GET', '/api/athletes/me/sport-metrics')).json().data;
    expect(again.history).toHaveLength(3);
    expect(again.cycling.values.ftp_watts).toBe(270);
  });

  it('shows triathlon as a view over the three sports, and writes them through it', async () => {
    const token = await account();
    await call(token, 'PUT', '/api/athletes/me/sport-metrics', running(250, { resting_hr: 48, lthr: 170 }));
    const res = await call(token, 'PUT', '/api/athletes/me/sport-metrics', {
      sport: 'triathlon',
      values: {
        run_threshold_pace_seconds_per_km: 245,
        ftp_watts: 265,
        css_seconds_per_100m: 100,
        run_max_hr: 188,
        bike_max_hr: 182,
        swim_max_hr: 175,
      },
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.triathlon.values).toEqual({
      run_threshold_pace_seconds_per_km: 245,
      ftp_watts: 265,
      css_seconds_per_100m: 100,
      run_max_hr: 188,
      bike_max_hr: 182,
      swim_max_hr: 175,
    });
    // What the triathlon tab does not show is kept.
    expect(data.running.values).toEqual({
      threshold_pace_seconds_per_km: 245,
      max_hr: 188,
      resting_hr: 48,
      lthr: 170,
    });
    expect(data.cycling.values.ftp_watts).toBe(265);
    expect(data.swimming.values).toMatchObject({ css_seconds_per_100m: 100, max_hr: 175 });
  });

  it.each([
    ['a pace out of range', running(30)],
    ['an unknown sport', { sport: 'rowing', values: {} }],
    [
      'a fractional FTP',
      {
        sport: 'cycling',
        values: { ftp_watts: 250.5, max_hr: null, resting_hr: null, lthr: null, max_power_watts: null },
      },
    ],
    ['a bad date', { ...running(250), effective_from: '2026-02-30' }],
  ])('refuses %s with 400 and stores nothing', async (_label, body) => {
    const token = await account();
    const res = await call(token, 'PUT', '/api/athletes/me/sport-metrics', body);
    expect(res.statusCode).toBe(400);
    expect((await call(token, 'GET', '/api/athletes/me/sport-metrics')).json().data.history).toEqual([]);
  });

  it("never shows or changes another athlete's values", async () => {
    const ana = await account();
    const ben = await account();
    await call(ana, 'PUT', '/api/athletes/me/sport-metrics', running(250));
    expect((await call(ben, 'GET', '/api/athletes/me/sport-metrics')).json().data.history).toEqual([]);
    expect((await call(ana, 'GET', '/api/athletes/me/sport-metrics')).json().data.history).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/api/athletes/me/sport-metrics' })).statusCode).toBe(
      401,
    );
  });
});

describe('re-labelling planned workouts', () => {
  const tempo = 'Tempo: 15min WU, 20min @ 4:30/km, 10min CD';
  const create = (token: string, workout_date: string, status = 'planned') =>
    call(token, 'POST', '/api/workout-planning/workouts', {
      title: 'Tempo',
      workout_date,
      sport: 'run',
      workout_language_text: tempo,
      status,
    });

  it('parses with the defaults until the athlete has a threshold pace, then with theirs', async () => {
    const token = await account();
    const before = await create(token, addDays(today, 3));
    expect(before.json().data.intensity_zone).toBe(5);
    const done = await create(token, addDays(today, -3), 'completed');
    const res = await call(token, 'PUT', '/api/athletes/me/sport-metrics', running(250));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.relabelled_workouts).toEqual([
      {
        id: before.json().data.id,
        title: 'Tempo',
        workout_date: addDays(today, 3),
        from_zone: 5,
        to_zone: 3,
      },
    ]);
    const calendar = await call(
      token,
      'GET',
      `/api/workout-planning/calendar?date_from=${addDays(today, -7)}&date_to=${addDays(today, 7)}`,
    );
    const zones = Object.fromEntries(
      (calendar.json().data.calendar_events as { id: string; intensity_zone: number }[]).map((w) => [
        w.id,
        w.intensity_zone,
      ]),
    );
    expect(zones[before.json().data.id]).toBe(3);
    // Completed workouts keep what they were scored with.
    expect(zones[done.json().data.id]).toBe(5);
    // A new workout is parsed with the athlete's value; so is the editor's live parse.
    expect((await create(token, addDays(today, 5))).json().data.intensity_zone).toBe(3);
    const parsed = await call(token, 'POST', '/api/workout-planning/parse-workout', {
      workout_text: '20min @ 4:30/km',
      sport: 'run',
    });
    expect(parsed.json().data.intervals[0].zone).toBe(3);
  });

  it('re-labels only from the effective date, and keeps a zone the athlete chose', async () => {
    const token = await account();
    await call(token, 'PUT', '/api/athletes/me/sport-metrics', {
      ...running(300),
      effective_from: addDays(today, -30),
    });
    const soon = await create(token, addDays(today, 2));
    const later = await create(token, addDays(today, 20));
    const chosen = await call(token, 'POST', '/api/workout-planning/workouts', {
      title: 'Chosen',
      workout_date: addDays(today, 21),
      sport: 'run',
      workout_language_text: tempo,
      intensity_zone: 2,
    });
    const res = await call(token, 'PUT', '/api/athletes/me/sport-metrics', {
      ...running(250),
      effective_from: addDays(today, 10),
    });
    expect(res.json().data.relabelled_workouts.map((w: { id: string }) => w.id)).toEqual([
      later.json().data.id,
    ]);
    const get = async (id: string) =>
      (await call(token, 'GET', `/api/workout-planning/workouts/${id}`)).json().data.intensity_zone;
    expect(await get(soon.json().data.id)).toBe(5);
    expect(await get(chosen.json().data.id)).toBe(2);
    // The editor's live parse reads the thresholds of the workout's day.
    const parsed = await call(token, 'POST', '/api/workout-planning/parse-workout', {
      workout_text: '20min @ 4:30/km',
      sport: 'run',
      workout_date: addDays(today, 2),
    });
    expect(parsed.json().data.intervals[0].zone).toBe(5);
    // Moved past the change, a workout is read with the new threshold pace.
    const moved = await call(token, 'PUT', `/api/workout-planning/workouts/${soon.json().data.id}`, {
      workout_date: addDays(today, 15),
    });
    expect(moved.json().data.intensity_zone).toBe(3);
  });
});

describe('GET/PUT /api/athletes/me/zones', () => {
  const hrTable = (zones: [number, number][]) => ({
    sport: 'running',
    kind: 'hr',
    auto_calculate: false,
    zones: zones.map(([min, max], i) => ({ zone: i + 1, min, max })),
  });
  const good: [number, number][] = [
    [100, 130],
    [131, 145],
    [146, 155],
    [156, 168],
    [169, 190],
  ];

  it('derives every table, names the method, and marks defaults', async () => {
    const token = await account();
    const res = await call(token, 'GET', '/api/athletes/me/zones');
    expect(res.statusCode).toBe(200);
    const tables = res.json().data.tables as {
      sport: string;
      kind: string;
      method: string;
      from_defaults: boolean;
      auto_calculate: boolean;
    }[];
    expect(tables.map((x) => `${x.sport}/${x.kind}/${x.method}`)).toEqual([
      'running/hr/max_hr',
      'running/pace/threshold_pace',
      'cycling/power/coggan',
      'cycling/hr/max_hr',
      'swimming/pace/css',
      'swimming/hr/max_hr',
    ]);
    expect(tables.every((x) => x.from_defaults && x.auto_calculate)).toBe(true);
    await call(token, 'PUT', '/api/athletes/me/sport-metrics', {
      sport: 'cycling',
      values: { ftp_watts: 300, max_hr: 185, resting_hr: 50, lthr: null, max_power_watts: null },
    });
    await call(token, 'PUT', '/api/athletes/me/sport-metrics', running(250, { lthr: 170 }));
    const after = (await call(token, 'GET', '/api/athletes/me/zones')).json().data.tables;
    expect(after[2]).toMatchObject({ method: 'coggan', from_defaults: false, unit: 'watts' });
    expect(after[2].zones[3]).toEqual({ zone: 4, min: 263, max: 316 });
    expect(after[3]).toMatchObject({ method: 'karvonen', from_defaults: false });
    expect(after[0]).toMatchObject({ method: 'friel', from_defaults: false });
  });

  it('stores an edited table, and answers a bad one with 400 naming the zone, storing nothing', async () => {
    const token = await account();
    const bad = good.map(([a, b], i): [number, number] => (i === 2 ? [140, b] : [a, b]));
    const refused = await call(token, 'PUT', '/api/athletes/me/zones', {
      tables: [
        {
          sport: 'cycling',
          kind: 'power',
          auto_calculate: false,
          zones: good.map(([min, max], i) => ({ zone: i + 1, min: min * 2, max: max * 2 })),
        },
        hrTable(bad),
      ],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/running heart rate zones: Zone 3 overlaps zone 2/);
    expect(refused.json().detail).toEqual({ sport: 'running', kind: 'hr', zone: 3 });
    const unchanged = (await call(token, 'GET', '/api/athletes/me/zones')).json().data.tables;
    expect(unchanged.every((x: { auto_calculate: boolean }) => x.auto_calculate)).toBe(true);

    const saved = await call(token, 'PUT', '/api/athletes/me/zones', { tables: [hrTable(good)] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.tables[0]).toMatchObject({ method: 'custom', auto_calculate: false });
    expect(saved.json().data.tables[0].zones[2]).toEqual({ zone: 3, min: 146, max: 155 });
    // Auto-calculate on again: derived zones, and the edited table is kept for later.
    const auto = await call(token, 'PUT', '/api/athletes/me/zones', {
      tables: [{ sport: 'running', kind: 'hr', auto_calculate: true }],
    });
    expect(auto.json().data.tables[0]).toMatchObject({ method: 'max_hr', auto_calculate: true });
  });

  it.each([
    [
      'a kind the sport lacks',
      { tables: [{ sport: 'running', kind: 'power', auto_calculate: true }] },
      /running has no power zones/,
    ],
    [
      'zones missing with auto-calculate off',
      { tables: [{ sport: 'swimming', kind: 'pace', auto_calculate: false }] },
      /Send the swimming pace zones/,
    ],
    [
      'fractional bounds',
      { tables: [hrTable(good.map(([a, b], i) => (i === 1 ? [a + 0.5, b] : [a, b])) as [number, number][])] },
      /zones/,
    ],
    [
      'pace rising instead of falling',
      {
        tables: [
          {
            sport: 'running',
            kind: 'pace',
            auto_calculate: false,
            zones: good.map(([min, max], i) => ({ zone: i + 1, min, max })),
          },
        ],
      },
      /Zone 2 must be faster than zone 1/,
    ],
  ])('refuses %s with 400', async (_label, body, message) => {
    const token = await account();
    const res = await call(token, 'PUT', '/api/athletes/me/zones', body);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toMatch(message);
  });

  it("keeps each athlete's tables their own", async () => {
    const ana = await account();
    const ben = await account();
    await call(ana, 'PUT', '/api/athletes/me/zones', { tables: [hrTable(good)] });
    const benTables = (await call(ben, 'GET', '/api/athletes/me/zones')).json().data.tables;
    expect(benTables[0].method).toBe('max_hr');
  });
});

describe('edited zone tables drive the parse (docs/workout-parser.md, "Edited zone tables")', () => {
  const runHr = (zones: [number, number][]) => ({
    sport: 'running',
    kind: 'hr',
    auto_calculate: false,
    zones: zones.map(([min, max], i) => ({ zone: i + 1, min, max })),
  });
  // 150 bpm is zone 3 of the default % max HR bands (79 % of 190) and zone 4 here.
  const edited: [number, number][] = [
    [100, 129],
    [130, 140],
    [141, 148],
    [149, 160],
    [161, 190],
  ];
  const create = (token: string, text: string, workout_date: string, status = 'planned') =>
    call(token, 'POST', '/api/workout-planning/workouts', {
      title: text,
      workout_date,
      sport: 'run',
      workout_language_text: text,
      status,
    });
  const get = async (token: string, id: string) =>
    (await call(token, 'GET', `/api/workout-planning/workouts/${id}`)).json().data;

  it('re-labels planned workouts when zones are saved, and again when auto-calculate is back on', async () => {
    const token = await account();
    const steady = await create(token, '30 min @ 150 bpm', addDays(today, 4));
    const z2 = await create(token, '40 min Z2 HR', addDays(today, 5));
    const past = await create(token, '30 min @ 150 bpm', addDays(today, -20));
    const done = await create(token, '30 min @ 150 bpm', addDays(today, -2), 'completed');
    expect(steady.json().data.intensity_zone).toBe(3);

    const saved = await call(token, 'PUT', '/api/athletes/me/zones', { tables: [runHr(edited)] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.tables[0]).toMatchObject({ method: 'custom' });
    // Edited tables are not dated: every planned workout reads them, a past planned one too.
    const moved = saved.json().data.relabelled_workouts as {
      id: string;
      from_zone: number;
      to_zone: number;
    }[];
    expect(moved.map((w) => [w.id, w.from_zone, w.to_zone]).sort()).toEqual(
      [
        [steady.json().data.id, 3, 4],
        [past.json().data.id, 3, 4],
      ].sort(),
    );
    // A zone target keeps its zone and takes the edited range; a completed workout keeps its parse.
    const z2After = await get(token, z2.json().data.id);
    expect(z2After.intensity_zone).toBe(2);
    expect(z2After.workout_structure.main_intervals[0].targets).toEqual({
      heart_rate_min: 130,
      heart_rate_max: 140,
    });
    expect((await get(token, done.json().data.id)).intensity_zone).toBe(3);

    // The editor's live parse and a new workout read the same table.
    const parsed = await call(token, 'POST', '/api/workout-planning/parse-workout', {
      workout_text: '30 min @ 150 bpm, 20 min Z2 HR',
      sport: 'run',
    });
    const [first, second] = parsed.json().data.intervals;
    expect(first.zone).toBe(4);
    expect(first.zone_source.why).toBe('150 bpm = zone 4 of your heart-rate zones (149-160 bpm)');
    expect(second.targets).toEqual({ heart_rate_min: 130, heart_rate_max: 140 });
    expect((await create(token, '30 min @ 150 bpm', addDays(today, 6))).json().data.intensity_zone).toBe(4);

    // Saving the same table again changes nothing.
    const again = await call(token, 'PUT', '/api/athletes/me/zones', { tables: [runHr(edited)] });
    expect(again.json().data.relabelled_workouts).toEqual([]);

    // Auto-calculate on: the derived bands again.
    const auto = await call(token, 'PUT', '/api/athletes/me/zones', {
      tables: [{ sport: 'running', kind: 'hr', auto_calculate: true }],
    });
    expect(auto.statusCode).toBe(200);
    expect(
      (auto.json().data.relabelled_workouts as { from_zone: number; to_zone: number }[]).map((w) => [
        w.from_zone,
        w.to_zone,
      ]),
    ).toEqual([
      [4, 3],
      [4, 3],
      [4, 3],
    ]);
    expect((await get(token, z2.json().data.id)).workout_structure.main_intervals[0].targets).toEqual({
      heart_rate_min: 114,
      heart_rate_max: 133,
    });
  });

  it("hands the batch parse (parseBases) each athlete's edited tables", async () => {
    const ana = await t.athlete();
    const ben = await t.athlete();
    await call(ana.token, 'PUT', '/api/athletes/me/zones', { tables: [runHr(edited)] });
    await call(ben.token, 'PUT', '/api/athletes/me/sport-metrics', running(250));
    const service = createThresholdService(t.db, {
      workouts: { reparsePlanned: async () => [] },
    });
    const bases = await service.parseBases(t.db, [ana.athleteId, ben.athleteId]);
    expect(bases.get(ana.athleteId)).toEqual({
      history: [],
      edited: [
        {
          sport: 'running',
          kind: 'hr',
          zones: edited.map(([min, max], i) => ({ zone: i + 1, min, max })),
        },
      ],
    });
    expect(bases.get(ben.athleteId)).toMatchObject({
      history: [{ sport: 'running', thresholdPaceSecondsPerKm: 250 }],
      edited: [],
    });
  });

  it('reads run pace from the running table, and a refused table re-labels nothing', async () => {
    const token = await account();
    const tempo = await create(token, '20min @ 5:10/km', addDays(today, 3));
    expect(tempo.json().data.intensity_zone).toBe(4);
    const pace = {
      sport: 'running',
      kind: 'pace',
      auto_calculate: false,
      zones: [
        [330, 420],
        [290, 329],
        [275, 289],
        [260, 274],
        [180, 259],
      ].map(([min, max], i) => ({ zone: i + 1, min, max })),
    };
    const refused = await call(token, 'PUT', '/api/athletes/me/zones', {
      tables: [pace, runHr(edited.map(([a, b], i): [number, number] => (i === 2 ? [135, b] : [a, b])))],
    });
    expect(refused.statusCode).toBe(400);
    expect((await get(token, tempo.json().data.id)).intensity_zone).toBe(4);

    const saved = await call(token, 'PUT', '/api/athletes/me/zones', { tables: [pace] });
    expect(saved.json().data.relabelled_workouts).toEqual([
      expect.objectContaining({ id: tempo.json().data.id, from_zone: 4, to_zone: 2 }),
    ]);
    // A zone written with a distance is timed at the zone's pace: 5 km at 5:10/km (zone 2's midpoint).
    const parsed = await call(token, 'POST', '/api/workout-planning/parse-workout', {
      workout_text: '5km Z2',
      sport: 'run',
    });
    expect(parsed.json().data.intervals[0]).toMatchObject({
      duration_seconds: 1550,
      targets: { pace_per_km_seconds: 310 },
    });
    // A ride does not read the running tables' heart rate.
    const ride = await call(token, 'POST', '/api/workout-planning/parse-workout', {
      workout_text: '30 min @ 150 bpm',
      sport: 'bike',
    });
    expect(ride.json().data.intervals[0].zone).toBe(3);
  });
});

describe('workout files with the stored FTP', () => {
  it('writes an .erg with the athlete FTP when the request names none', async () => {
    const token = await account();
    await call(token, 'PUT', '/api/athletes/me/sport-metrics', {
      sport: 'cycling',
      values: { ftp_watts: 280, max_hr: null, resting_hr: null, lthr: null, max_power_watts: null },
    });
    const created = await call(token, 'POST', '/api/workout-planning/workouts', {
      title: 'Sweet spot',
      workout_date: today,
      sport: 'bike',
      workout_language_text: '10min Z2, 20min @ 90% FTP, 10min Z1',
    });
    const res = await call(
      token,
      'GET',
      `/api/workout-planning/workouts/${created.json().data.id}/export?format=erg`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.body.split('\r\n')).toContain('FTP = 280');
  });
});

describe('calculate-tss with the stored zones', () => {
  it('scores power against the stored FTP when the request sends no zones', async () => {
    const token = await account();
    const body = { sport: 'bike', duration_minutes: 60, intensity_data: { avg_power: 300 / 1.05 } };
    const before = (await call(token, 'POST', '/api/training/calculate-tss', body)).json().data;
    expect(before.calculation_method).toBe('default');
    await call(token, 'PUT', '/api/athletes/me/sport-metrics', {
      sport: 'cycling',
      values: { ftp_watts: 300, max_hr: null, resting_hr: null, lthr: null, max_power_watts: null },
    });
    const after = (await call(token, 'POST', '/api/training/calculate-tss', body)).json().data;
    expect(after).toMatchObject({ calculation_method: 'power', tss: 100 });
    const sent = await call(token, 'POST', '/api/training/calculate-tss', {
      ...body,
      athlete_zones: { power_ftp: 250 },
    });
    expect(sent.json().data.intensity_factor).toBe(1.2);
  });
});
