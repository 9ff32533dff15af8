// Input the validators once accepted and the server then failed on with a 500 (or froze on): dates out of any
// sensible range, a NUL character in text, JSON nested thousands deep, a multipart header over a body that is
// not multipart, a .zwo nested 20,000 deep, a CSV quote never closed. Each now answers a 4xx with a message,
// and writes nothing.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type FormPart, multipartForm, type TestApp } from './helpers.ts';

let t: TestApp;
let token: string;
let athleteId: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.signUpAndConfirm()).session.access_token;
  const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
  athleteId = me.json().data.athlete_id;
});
afterAll(() => t.close());

const WORKOUTS = '/api/workout-planning/workouts';

function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A 4xx carrying a JSON message (the rule for every refusal). */
function expectRefused(
  res: { statusCode: number; body: string; json(): { message?: unknown } },
  status = 400,
) {
  expect(res.statusCode, res.body).toBe(status);
  expect(typeof res.json().message).toBe('string');
  return res.json().message as string;
}

async function countRows(
  table:
    | 'workouts'
    | 'training_plans'
    | 'wellness_daily'
    | 'workout_ratings'
    | 'workout_favorites'
    | 'coach_messages',
): Promise<number> {
  const result = await t.db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} where athlete_id = ${athleteId}`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

/** A multipart/form-data body of the signed-in athlete. */
function form(parts: FormPart[]) {
  const body = multipartForm(parts);
  return { payload: body.payload, headers: { ...bearer(token), ...body.headers } };
}

const ZWO =
  '<workout_file><name>Sweet spot</name><sportType>bike</sportType><workout><SteadyState Duration="600" Power="0.9"/></workout></workout_file>';

describe('a wellness entry with nothing in it', () => {
  it('is refused with a message and writes no empty day', async () => {
    const date = '2026-04-01';
    for (const body of [
      { date },
      { date, hrv: null, resting_hr: null, sleep_hours: null, notes: null },
      { date, notes: '' },
      { date, notes: ' \n\t ' },
    ]) {
      expect(expectRefused(await call('POST', '/api/metrics', body))).toContain('Enter at least one value');
    }
    expect(await countRows('wellness_daily')).toBe(0);
  });
});

describe('dates are held to 1900-01-01 .. 2100-12-31 wherever they enter', () => {
  it('refuses year 0000, 0001 and 9999 in bodies and queries with a message naming the range', async () => {
    for (const date of ['0000-01-01', '0001-01-01', '1899-12-31', '2101-01-01', '9999-12-31']) {
      const created = await call('POST', WORKOUTS, {
        title: 'Old',
        workout_date: date,
        sport: 'run',
        duration_minutes: 30,
        status: 'completed',
      });
      expect(expectRefused(created)).toContain('between 1900-01-01 and 2100-12-31');
    }
    expectRefused(await call('GET', `/api/training/load/${athleteId}?week_start=9999-12-31`));
    expectRefused(
      await call('GET', '/api/workout-planning/calendar?date_from=0000-01-01&date_to=2026-01-01'),
    );
    expectRefused(await call('POST', '/api/metrics/calculate-readiness', { date: '0001-01-01' }));
    expectRefused(await call('POST', '/api/metrics', { date: '0000-01-01', hrv: 50 }));
    expectRefused(
      await call('POST', '/api/training/plans', {
        title: 'Plan',
        start_date: '0000-01-01',
        race_date: '2027-01-01',
      }),
    );
    const imported = form([
      { name: 'workout_date', value: '0000-01-01' },
      { name: 'file', value: ZWO, filename: 'sweet.zwo' },
    ]);
    expectRefused(await t.app.inject({ method: 'POST', url: `${WORKOUTS}/import`, ...imported }));
    expect(await countRows('workouts')).toBe(0);
    expect(await countRows('training_plans')).toBe(0);
  });

  it('a completed workout in 1900 beside one today writes two load rows, not one per day between', async () => {
    const today = new Date().toISOString().slice(0, 10);
    for (const workout_date of [today, '1900-01-01']) {
      const res = await call('POST', WORKOUTS, {
        title: 'Run',
        workout_date,
        sport: 'run',
        duration_minutes: 30,
        status: 'completed',
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const result = await t.db.execute(
      sql`select count(*)::int as n from daily_load where athlete_id = ${athleteId}`,
    );
    expect((result as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2);
    const form = await call('GET', `/api/training/form-fitness/${athleteId}?days=42`);
    expect(form.statusCode).toBe(200);
    expect(form.json().data.at(-1).ctl).toBeGreaterThan(0);
  });
});

describe('a NUL character in any text is refused in one place', () => {
  const nul = 'Tempo\u0000run';
  it('in JSON bodies: titles, workout text, plan titles, notes and the sign-up name', async () => {
    const before = await countRows('workouts');
    const bodies: Array<[string, string, object]> = [
      ['POST', WORKOUTS, { title: nul, workout_date: '2026-03-01', sport: 'run' }],
      [
        'POST',
        WORKOUTS,
        { title: 'Run', workout_date: '2026-03-01', sport: 'run', workout_language_text: nul },
      ],
      [
        'POST',
        WORKOUTS,
        { title: 'Run', workout_date: '2026-03-01', sport: 'run', workout_data: { notes: nul } },
      ],
      [
        'POST',
        WORKOUTS,
        { title: 'Run', workout_date: '2026-03-01', sport: 'run', workout_data: { [nul]: 1 } },
      ],
      ['POST', '/api/training/plans', { title: nul, start_date: '2026-03-01', race_date: '2026-09-01' }],
      ['POST', '/api/metrics', { date: '2026-03-01', notes: nul }],
      ['POST', '/api/coach/messages', { text: nul }],
    ];
    for (const [, url, payload] of bodies) {
      expect(expectRefused(await call('POST', url, payload))).toContain('NUL');
    }
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: nul, email: 'nul@example.com', password: 'correct horse battery' },
    });
    expect(expectRefused(signup)).toContain('NUL');
    expect(await countRows('workouts')).toBe(before);
    expect(await countRows('wellness_daily')).toBe(0);
    expect(await countRows('coach_messages')).toBe(0);
  });

  it('in queries and paths', async () => {
    expect(expectRefused(await call('GET', `${WORKOUTS}?sport=run%00`))).toContain('NUL');
    expect(expectRefused(await call('GET', `${WORKOUTS}/abc%00def`))).toContain('NUL');
  });

  it('in multipart fields and file names', async () => {
    const title = form([
      { name: 'workout_date', value: '2026-03-01' },
      { name: 'title', value: nul },
      { name: 'file', value: ZWO, filename: 'sweet.zwo' },
    ]);
    expect(
      expectRefused(await t.app.inject({ method: 'POST', url: `${WORKOUTS}/import`, ...title })),
    ).toContain('NUL');
    const fileName = form([
      { name: 'workout_date', value: '2026-03-01' },
      { name: 'file', value: ZWO, filename: 'sweet\u0000.zwo' },
    ]);
    expectRefused(await t.app.inject({ method: 'POST', url: `${WORKOUTS}/import`, ...fileName }));
    const csvName = form([{ name: 'file', value: 'date,hrv\n2026-03-01,50\n', filename: 'w\u0000.csv' }]);
    expectRefused(await t.app.inject({ method: 'POST', url: '/api/metrics/import', ...csvName }));
    const exportName = form([{ name: 'file', value: '<HealthData/>', filename: 'export\u0000.xml' }]);
    expect(
      expectRefused(
        await t.app.inject({ method: 'POST', url: '/api/activities/import/apple-health', ...exportName }),
      ),
    ).toContain('NUL');
    const zwoWithNul = form([
      { name: 'workout_date', value: '2026-03-01' },
      { name: 'file', value: ZWO.replace('Sweet spot', 'Sweet&#0;spot'), filename: 'sweet.zwo' },
    ]);
    expectRefused(await t.app.inject({ method: 'POST', url: `${WORKOUTS}/import`, ...zwoWithNul }));
  });
});

describe('bodies built to break the parser', () => {
  it('refuses workout_data nested 10,000 levels deep', async () => {
    const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: WORKOUTS,
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: `{"title":"Deep","workout_date":"2026-03-01","sport":"run","workout_data":${deep}}`,
    });
    expect(expectRefused(res)).toContain('nested');
  });

  it('keeps brackets and escapes inside strings out of the depth count', async () => {
    const res = await call('POST', WORKOUTS, {
      title: `${'['.repeat(100)} \\u0000 "quoted"`,
      workout_date: '2026-03-02',
      sport: 'run',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.title).toBe(`${'['.repeat(100)} \\u0000 "quoted"`);
  });

  it('answers a multipart content type over a body that is not multipart with a 4xx, on every import', async () => {
    for (const url of [
      `${WORKOUTS}/import`,
      '/api/metrics/import',
      '/api/activities/import',
      '/api/activities/import/apple-health',
    ]) {
      for (const contentType of ['multipart/form-data; boundary=xyz', 'multipart/form-data']) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...bearer(token), 'content-type': contentType },
          payload: '{"title":"not a form"}',
        });
        expect(res.statusCode, `${url} ${contentType}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(typeof res.json().message).toBe('string');
      }
    }
  });

  it('refuses a .zwo with 20,000 nested tags', async () => {
    const nested = `<workout_file><workout>${'<a>'.repeat(20_000)}${'</a>'.repeat(20_000)}</workout></workout_file>`;
    const body = form([
      { name: 'workout_date', value: '2026-03-01' },
      { name: 'file', value: nested, filename: 'nested.zwo' },
    ]);
    const res = await t.app.inject({ method: 'POST', url: `${WORKOUTS}/import`, ...body });
    expect(expectRefused(res)).toContain('levels deep');
  });
});

describe('the wellness CSV import', () => {
  it('reports an unclosed quote as an error on its line, and imports nothing', async () => {
    const csv = 'date,hrv,notes\n2026-03-01,50,"felt good\n2026-03-02,52,fine\n';
    const upload = (query: string) => {
      const body = form([{ name: 'file', value: csv, filename: 'wellness.csv' }]);
      return t.app.inject({ method: 'POST', url: `/api/metrics/import${query}`, ...body });
    };
    const rejected = [{ line: 2, reason: expect.stringContaining('never closed') }];
    const dry = await upload('?dry_run=true');
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data).toMatchObject({ imported: 0, rows_valid: 0, rejected });
    const real = await upload('');
    expectRefused(real);
    expect(real.json().detail.rejected).toEqual(rejected);
    expect(await countRows('wellness_daily')).toBe(0);
  });
});

describe('device connections refuse bad input with a 4xx and write nothing', () => {
  async function deviceRows(): Promise<number> {
    const result = await t.db.execute(sql`
      select (select count(*) from device_connections)::int + (select count(*) from device_authorizations)::int
        + (select count(*) from device_sync_runs)::int as n`);
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  }

  it('refuses unknown providers, wrong types, malformed JSON and forged states', async () => {
    expectRefused(await call('POST', '/api/devices/connect', { provider: 'fitbit' }));
    expectRefused(await call('POST', '/api/devices/sync', { provider: 42 }));
    expectRefused(await call('PUT', '/api/devices/settings', { provider: 'garmin', autoSync: 'yes' }));
    expectRefused(
      await call('POST', '/api/devices/connect', { provider: 'garmin', return_to: '//evil.example' }),
    );
    expectRefused(await call('POST', '/api/devices/callback', { state: 123, code: 'x' }));
    expect(
      expectRefused(await call('POST', '/api/devices/callback', { state: 'forged.state', code: 'x' })),
    ).toBe('This authorization is not valid for your session: start connecting again');
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/devices/sync',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{"provider": "garmin"',
    });
    expectRefused(malformed);
    expect(await deviceRows()).toBe(0);
  });

  it('answers a webhook that cannot be verified with 401, whatever its body, and writes nothing', async () => {
    for (const payload of ['{"activityFiles": [', '[]', '{"activityFiles":[{"userId":"u"}]}', '\u0000']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/devices/webhooks/garmin?verify_token=a-guessed-token-0123',
        headers: { 'content-type': 'application/json', 'garmin-client-id': 'a-guessed-client' },
        payload,
      });
      expectRefused(res, 401);
    }
    const strava = await t.app.inject({
      method: 'GET',
      url: '/api/devices/webhooks/strava?hub.challenge=x&hub.verify_token=guess',
    });
    expectRefused(strava, 401);
    expect(await deviceRows()).toBe(0);
  });
});

describe('the Workout Bank', () => {
  const BANK = '/api/v1/workout-bank';
  it('searches text full of tsquery operators without error, and refuses a query with no words', async () => {
    for (const query of ["threshold & | ! :* ( ) ' \\", 'bike:*|run', "o'brien <-> fast"]) {
      const res = await call('GET', `${BANK}/templates?search_query=${encodeURIComponent(query)}`);
      expect(res.statusCode, query).toBe(200);
    }
    expect(
      expectRefused(await call('GET', `${BANK}/templates?search_query=${encodeURIComponent('&&& !!')}`)),
    ).toContain('search_query');
    expectRefused(await call('GET', `${BANK}/templates?search_query=${'x'.repeat(201)}`));
    expectRefused(await call('GET', `${BANK}/templates?search_query=a%00b`));
    expectRefused(await call('GET', `${BANK}/templates?disciplines=${',bike'.repeat(300)}`));
  });

  it('refuses malformed JSON, wrong types and NUL characters in its writes, and stores nothing', async () => {
    const workoutsBefore = await countRows('workouts');
    const own = await call('POST', `${BANK}/templates`, {
      name: 'Hostile test',
      discipline: 'bike',
      difficulty_level: 2,
      workout_language_text: '30min Z2',
    });
    expect(own.statusCode).toBe(201);
    const id = own.json().data.id;
    const raw = await t.app.inject({
      method: 'POST',
      url: `${BANK}/templates/${id}/rate`,
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{"rating": 4,',
    });
    expectRefused(raw);
    expectRefused(await call('POST', `${BANK}/templates/${id}/rate`, { rating: '5' }));
    expectRefused(await call('POST', `${BANK}/templates/${id}/rate`, { rating: 4, review_text: 'a\u0000b' }));
    expectRefused(await call('POST', `${BANK}/templates/${id}/favorite`, { notes: 42 }));
    expectRefused(await call('POST', `${BANK}/favorites`, { workout_template_id: 7 }));
    expectRefused(await call('POST', `${BANK}/templates/${id}/convert`, { scheduled_date: '9999-01-01' }));
    expectRefused(
      await call('POST', `${BANK}/templates/${id}/convert`, {
        scheduled_date: '2026-03-01',
        custom_scaling: 1e9,
      }),
    );
    expectRefused(await call('POST', `${BANK}/search/natural`, { query: ['45 min'] }));
    expectRefused(
      await call('POST', `${BANK}/templates`, {
        name: 'x',
        discipline: 'bike',
        difficulty_level: 9,
        workout_language_text: '1h',
      }),
    );
    expect(await countRows('workout_ratings')).toBe(0);
    expect(await countRows('workout_favorites')).toBe(0);
    expect(await countRows('workouts')).toBe(workoutsBefore);
  });
});

describe('the coach chat', () => {
  it('refuses malformed JSON, wrong types, a bad stream flag and a huge message with a 4xx, storing nothing', async () => {
    const raw = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/coach/messages',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload,
      });
    expectRefused(await raw('{"text": "hi"'));
    expectRefused(await raw('["hi"]'));
    expectRefused(await call('POST', '/api/coach/messages', { text: ['hi'] }));
    expectRefused(await call('POST', '/api/coach/messages', { text: { $gt: '' } }));
    expectRefused(await call('POST', '/api/coach/messages?stream=maybe', { text: 'hi' }));
    expectRefused(await call('POST', '/api/coach/messages', { text: '\u202e'.repeat(3000) }));
    expectRefused(await call('GET', '/api/coach/messages?page=-1'));
    expectRefused(await call('GET', '/api/coach/messages?page_size=1e9'));
    expectRefused(await call('POST', '/api/coach/actions/%27%20or%201=1/confirm'));
    expect(await countRows('coach_messages')).toBe(0);
  });

  it('answers any text, however odd, without failing', async () => {
    for (const text of [
      '💥'.repeat(500),
      '<script>alert(1)</script>',
      "'; drop table workouts; --",
      'move to 9999-99-99',
    ]) {
      const res = await call('POST', '/api/coach/messages', { text });
      expect(res.statusCode, res.body).toBe(200);
      expect(typeof res.json().data.reply).toBe('string');
    }
  });
});

describe('plan adaptation calls (docs/adaptation.md)', () => {
  it('refuses malformed JSON, wrong types and ids that are not ids with a 400, and changes nothing', async () => {
    const created = await call('POST', '/api/training/plans', {
      title: 'Plan',
      start_date: '2026-01-05',
      race_date: '2026-12-20',
    });
    const planId = created.json().data.id as string;
    const workoutsBefore = await countRows('workouts');
    const raw = (url: string, payload: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload,
      });
    expectRefused(await raw(`/api/training/plans/${planId}/adapt`, '{"x":'));
    expectRefused(await raw(`/api/training/plans/${planId}/changes/${planId}/undo`, '{'));
    expectRefused(await call('POST', '/api/training/plans/0/adapt'));
    expectRefused(await call('POST', `/api/training/plans/${planId}/changes/undefined/undo`));
    expectRefused(await call('GET', `/api/training/plans/${planId}/changes?page=abc`));
    expectRefused(await call('GET', `/api/training/plans/${planId}/changes?page_size=1000`));
    expectRefused(await call('GET', `/api/training/plans/${planId}/changes?workout_id=%00`));
    expectRefused(
      await call('POST', `/api/training/plans/${planId}/rebuild`, { preferences: { rest_days: ['Funday'] } }),
    );
    expectRefused(
      await call('POST', `/api/training/plans/${planId}/rebuild`, { preferences: { long_run_day: 7 } }),
    );
    expectRefused(await call('PUT', '/api/athletes/me', { adaptation_enabled: 'yes' }));
    expect(await countRows('workouts')).toBe(workoutsBefore);
  });
});

describe('metric reads and HRV as SDNN (docs/wellness.md, "HRV: rMSSD and SDNN")', () => {
  it('refuses near-miss metric types with a 400 naming the accepted ones', async () => {
    for (const type of ['HRV_SDNN', 'sdnn', 'hrv-sdnn', 'hrv_sdnn%20', 'hrv_sdnn,hrv', '__proto__']) {
      const message = expectRefused(await call('GET', `/api/v1/metrics/history?type=${type}`));
      expect(message, type).toContain('hrv_sdnn');
    }
    expect(expectRefused(await call('GET', '/api/v1/metrics/history?type=hrv_sdnn%00'))).toContain('NUL');
    expectRefused(await call('GET', '/api/v1/metrics/history?type=hrv_sdnn&days=0'));
    expectRefused(await call('GET', '/api/v1/metrics/history?type=hrv_sdnn&days=1e9'));
  });

  it('refuses an hrv_sdnn that is not a number in range, and writes nothing', async () => {
    const before = await countRows('wellness_daily');
    for (const hrv_sdnn of ['45', 4.9, 300.1, -1, true, [45], { value: 45 }, 'NaN']) {
      const message = expectRefused(await call('POST', '/api/metrics', { date: '2026-03-02', hrv_sdnn }));
      expect(message, JSON.stringify(hrv_sdnn)).toContain('hrv_sdnn');
    }
    expect(await countRows('wellness_daily')).toBe(before);
  });
});
