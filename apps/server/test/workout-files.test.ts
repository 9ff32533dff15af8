// Workout files through the API: export as .zwo/.fit/.mrc/.erg, import .zwo/.mrc/.erg, and refuse bad files whole.
import { readFileSync } from 'node:fs';
import { Decoder, Stream } from '@garmin/fitsdk';
import { fromErg, fromMrc, fromZwo, type Interval, toMrc, toZwo } from '@stamina/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeFitWorkout, encodeFitWorkout } from '../src/modules/workouts/fit.ts';
import { bearer, createTestApp, multipartForm as form, type TestApp } from './helpers.ts';

let t: TestApp;
let ana: string;
let ben: string;
const ids: Record<string, string> = {};

const HEADLINE = 'Warmup: 15min easy, 5x 3min @ Z4 with 2min recovery, cooldown 10min';
const API = '/api/workout-planning';

interface Step {
  duration_seconds: number;
  zone: number;
  isRest: boolean;
  phase: string;
}

async function create(token: string, body: Record<string, unknown>): Promise<{ id: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: `${API}/workouts`,
    headers: bearer(token),
    payload: body,
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json().data;
}

beforeAll(async () => {
  t = await createTestApp();
  ana = (await t.signUpAndConfirm({ name: 'Ana' })).session.access_token;
  ben = (await t.signUpAndConfirm({ name: 'Ben' })).session.access_token;
  const base = { workout_date: '2026-12-01' };
  ids.bike = (
    await create(ana, { ...base, title: 'Threshold ride', sport: 'bike', workout_language_text: HEADLINE })
  ).id;
  ids.run = (
    await create(ana, { ...base, title: 'Track: 5×3′', sport: 'run', workout_language_text: HEADLINE })
  ).id;
  ids.swim = (
    await create(ana, { ...base, title: 'Swim', sport: 'swim', workout_language_text: '10x100m, 20s rest' })
  ).id;
  ids.bare = (await create(ana, { ...base, title: 'Just ride', sport: 'bike' })).id;
});
afterAll(() => t.close());

const exportFile = (id: string, format: string, token = ana) =>
  t.app.inject({
    method: 'GET',
    url: `${API}/workouts/${id}/export?format=${format}`,
    headers: bearer(token),
  });

async function structureSteps(id: string): Promise<Step[]> {
  const res = await t.app.inject({ method: 'GET', url: `${API}/workouts/${id}`, headers: bearer(ana) });
  const s = res.json().data.workout_structure;
  return [...s.warmup_intervals, ...s.main_intervals, ...s.cooldown_intervals];
}

const shape = (steps: Array<Pick<Step, 'duration_seconds' | 'zone' | 'isRest'>>) =>
  steps.map((s) => ({ seconds: Math.round(s.duration_seconds), zone: s.isRest ? 'rest' : s.zone }));

function upload(
  filename: string,
  content: string | Buffer,
  fields: Record<string, string> = {},
  token = ana,
) {
  const body = form([
    ...Object.entries({ workout_date: '2027-03-04', ...fields }).map(([name, value]) => ({ name, value })),
    { name: 'file', value: content, filename },
  ]);
  return t.app.inject({
    method: 'POST',
    url: `${API}/workouts/import`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

async function workoutCount(): Promise<number> {
  const rows = await t.db.execute(sql`select count(*)::int as n from workouts`);
  return Number((rows as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
}

describe('FIT encoding', () => {
  const step = (
    seconds: number,
    zone: 1 | 2 | 3 | 4 | 5,
    isRest: boolean,
    phase: Interval['phase'],
    targets = {},
  ) =>
    ({
      name: isRest ? 'Rest' : 'Work',
      duration_seconds: seconds,
      repetitions: 1,
      rest_duration_seconds: 0,
      zone,
      targets,
      isRest,
      phase,
    }) satisfies Interval;

  it("decodes with the SDK's Decoder into the same steps, intensities and targets", () => {
    const intervals = [
      step(600, 2, false, 'warmup'),
      step(180, 4, false, 'main', { power_watts: 250, power_watts_max: 270 }),
      step(120, 1, true, 'main'),
      step(180, 4, false, 'main', { heart_rate_min: 160, heart_rate_max: 170 }),
      step(300, 1, false, 'cooldown'),
    ];
    const bytes = encodeFitWorkout({ title: 'Over-unders', sport: 'bike', intervals });
    const { messages, errors } = new Decoder(Stream.fromByteArray(Array.from(bytes))).read();
    expect(errors).toEqual([]);
    expect(messages.fileIdMesgs?.[0]?.type).toBe('workout');
    expect(messages.workoutMesgs?.[0]).toMatchObject({
      wktName: 'Over-unders',
      sport: 'cycling',
      numValidSteps: 5,
    });
    const steps = messages.workoutStepMesgs ?? [];
    expect(steps.map((s) => [s.durationType, s.durationTime, s.intensity])).toEqual([
      ['time', 600, 'warmup'],
      ['time', 180, 'active'],
      ['time', 120, 'rest'],
      ['time', 180, 'active'],
      ['time', 300, 'cooldown'],
    ]);
    const decoded = decodeFitWorkout(bytes).steps;
    expect(decoded[0]).toMatchObject({ targetType: 'power', targetZone: 2 });
    expect(decoded[1]).toMatchObject({ targetType: 'power', targetLow: 250, targetHigh: 270 });
    expect(decoded[2]).toMatchObject({ targetType: 'open' });
    expect(decoded[3]).toMatchObject({ targetType: 'heartRate', targetLow: 160, targetHigh: 170 });
  });

  it('writes a % FTP target as FIT % FTP (values below 1000), a ramp as the range it sweeps', () => {
    const bytes = encodeFitWorkout({
      title: 'Sprints',
      sport: 'bike',
      intervals: [
        step(600, 2, false, 'warmup', { power_percent_ftp: 45, ramp_to_percent_ftp: 75 }),
        step(10, 5, false, 'main', { power_percent_ftp: 300, power_watts: 900 }),
        step(120, 4, false, 'main', { power_percent_ftp: 90, power_percent_ftp_max: 105 }),
      ],
    });
    const [ramp, sprint, overUnder] = decodeFitWorkout(bytes).steps;
    expect(ramp).toMatchObject({ targetType: 'power', targetLow: 45, targetHigh: 75, powerPercentFtp: true });
    // A single value gets ±2.5 %: 292.5-307.5 % FTP, written as whole percents.
    expect(sprint).toMatchObject({
      targetType: 'power',
      targetLow: 293,
      targetHigh: 308,
      powerPercentFtp: true,
    });
    expect(overUnder).toMatchObject({ targetLow: 90, targetHigh: 105, powerPercentFtp: true });
  });

  it('writes run pace as a speed range and uses heart-rate zones otherwise', () => {
    const bytes = encodeFitWorkout({
      title: 'Run',
      sport: 'run',
      intervals: [step(240, 4, false, 'main', { pace_per_km_seconds: 240 }), step(600, 2, false, 'main')],
    });
    const [pace, easy] = decodeFitWorkout(bytes).steps;
    expect(pace!.targetType).toBe('speed');
    // 4:00/km is 4.167 m/s; a single value gets ±2.5 %.
    expect(pace!.targetLow).toBeCloseTo(4.063, 2);
    expect(pace!.targetHigh).toBeCloseTo(4.271, 2);
    expect(easy).toMatchObject({ targetType: 'heartRate', targetZone: 2 });
  });
});

describe('GET /workouts/{id}/export', () => {
  it('zwo: Zwift XML with the structure, as an attachment named after the title', async () => {
    const res = await exportFile(ids.bike!, 'zwo');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="threshold-ride.zwo"; filename*=UTF-8''Threshold%20ride.zwo`,
    );
    expect(res.body).toContain('<name>Threshold ride</name>');
    expect(res.body).toContain('<sportType>bike</sportType>');
    expect(res.body).toMatch(/<Warmup Duration="900"/);
    expect(res.body).toMatch(/<IntervalsT Repeat="\d" OnDuration="180" OffDuration="120" OnPower="0.95"/);
    expect(res.body).toMatch(/<Cooldown Duration="600"/);
    expect(shape(fromZwo(res.body).intervals)).toEqual(shape(await structureSteps(ids.bike!)));
  });

  it('zwo: run workouts too, with a non-ASCII title kept in filename*', async () => {
    const res = await exportFile(ids.run!, 'zwo');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<sportType>run</sportType>');
    expect(res.headers['content-disposition']).toContain('filename="track-5-3.zwo"');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''Track%205%C3%973%E2%80%B2.zwo");
  });

  it('fit: a FIT workout file that decodes with @garmin/fitsdk into the same steps', async () => {
    const res = await exportFile(ids.bike!, 'fit');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.ant.fit');
    expect(res.headers['content-disposition']).toContain('filename="threshold-ride.fit"');
    const bytes = res.rawPayload;
    const decoder = new Decoder(Stream.fromBuffer(bytes));
    expect(decoder.checkIntegrity()).toBe(true);
    const fit = decodeFitWorkout(bytes);
    const steps = await structureSteps(ids.bike!);
    expect(fit).toMatchObject({ fileType: 'workout', title: 'Threshold ride', sport: 'cycling' });
    expect(fit.numValidSteps).toBe(steps.length);
    expect(fit.steps.map((s) => s.durationSeconds)).toEqual(steps.map((s) => s.duration_seconds));
    expect(fit.steps.map((s) => s.intensity)).toEqual(
      steps.map((s) => (s.isRest ? 'rest' : s.phase === 'main' ? 'active' : s.phase)),
    );
  });

  it('fit: swim workouts export too', async () => {
    const res = await exportFile(ids.swim!, 'fit');
    expect(res.statusCode).toBe(200);
    expect(decodeFitWorkout(res.rawPayload).sport).toBe('swimming');
  });

  it('mrc: percent of FTP over minutes', async () => {
    const res = await exportFile(ids.bike!, 'mrc');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('filename="threshold-ride.mrc"');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('[COURSE HEADER]');
    expect(lines).toContain('MINUTES PERCENT');
    expect(lines).toContain('[COURSE DATA]');
    expect(lines).toContain('15.00\t95');
    expect(lines).toContain('18.00\t95');
    expect(shape(fromMrc(res.body).intervals)).toEqual(shape(await structureSteps(ids.bike!)));
  });

  it('erg: watts over minutes with the FTP in the header, from ftp_watts when given', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API}/workouts/${ids.bike}/export?format=erg&ftp_watts=300`,
      headers: bearer(ana),
    });
    expect(res.statusCode).toBe(200);
    const lines = res.body.split('\r\n');
    expect(lines).toContain('FTP = 300');
    expect(lines).toContain('MINUTES WATTS');
    expect(lines).toContain('15.00\t285');
    expect(shape(fromErg(res.body).intervals)).toEqual(shape(await structureSteps(ids.bike!)));
  });

  it('refuses formats a sport cannot use, unstructured workouts and unknown formats with 400', async () => {
    const cases: Array<[string, string, RegExp]> = [
      [ids.swim!, 'zwo', /for bike and run workouts; this is a swim workout/],
      [ids.run!, 'mrc', /for bike workouts; this is a run workout/],
      [ids.run!, 'erg', /for bike workouts/],
      [ids.bare!, 'zwo', /no timed steps to export/],
      [ids.bare!, 'fit', /no timed steps to export/],
      [ids.bike!, 'gpx', /format must be zwo, fit, mrc or erg/],
    ];
    for (const [id, format, message] of cases) {
      const res = await exportFile(id, format);
      expect(res.statusCode, `${format}`).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const noFormat = await t.app.inject({
      method: 'GET',
      url: `${API}/workouts/${ids.bike}/export`,
      headers: bearer(ana),
    });
    expect(noFormat.statusCode).toBe(400);
  });

  it("answers 404 for another athlete's workout, and 401 without a token", async () => {
    for (const format of ['zwo', 'fit', 'mrc', 'erg']) {
      const res = await exportFile(ids.bike!, format, ben);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Threshold');
    }
    expect((await exportFile('not-a-uuid', 'zwo')).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `${API}/workouts/${ids.bike}/export?format=zwo`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /workouts/import', () => {
  const ZWO = `<?xml version="1.0" encoding="UTF-8"?>
<workout_file>
  <name>Sweet spot 3x10</name>
  <sportType>bike</sportType>
  <workout>
    <Warmup Duration="600" PowerLow="0.45" PowerHigh="0.75"/>
    <IntervalsT Repeat="3" OnDuration="600" OffDuration="300" OnPower="0.85" OffPower="0.5"/>
    <Cooldown Duration="300" PowerLow="0.6" PowerHigh="0.4"/>
  </workout>
</workout_file>`;

  it('creates a workout from a .zwo, with its structure parsed from canonical text', async () => {
    const res = await upload('sweet-spot.zwo', ZWO);
    expect(res.statusCode, res.body).toBe(201);
    const w = res.json().data;
    expect(w).toMatchObject({
      title: 'Sweet spot 3x10',
      sport: 'bike',
      workout_date: '2027-03-04',
      status: 'planned',
    });
    expect(w.workout_language_text).toEqual(expect.any(String));
    expect(w.workout_data).toEqual({ source_file: { format: 'zwo', name: 'sweet-spot.zwo' } });
    const s = w.workout_structure;
    expect(s.total_duration_estimated).toBe(600 + 3 * 900 + 300);
    expect(shape([...s.warmup_intervals, ...s.main_intervals, ...s.cooldown_intervals])).toEqual(
      shape(fromZwo(ZWO).intervals),
    );
    expect(w.duration_minutes).toBe(60);
  });

  it('imports sprint and anaerobic .zwo files (AC_, NM_ style) as zone 5 sessions, not zone 1', async () => {
    const dir = new URL('../../../packages/core/test/fixtures/workout-files/zwo-efforts/', import.meta.url);
    for (const file of [
      'AC_6x30s-on-4m30-off.zwo',
      'AC_steady-efforts-long-recoveries.zwo',
      'NM_sprints-15s.zwo',
    ]) {
      const res = await upload(file, readFileSync(new URL(file, dir), 'utf8'));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.intensity_zone, file).toBe(5);
    }
  });

  it('creates a workout from an .mrc and an .erg, and the title field wins', async () => {
    const mrc = [
      '[COURSE HEADER]',
      'DESCRIPTION = Tempo',
      'MINUTES PERCENT',
      '[END COURSE HEADER]',
      '[COURSE DATA]',
      '0 80',
      '20 80',
      '[END COURSE DATA]',
    ].join('\n');
    const fromMrcRes = await upload('tempo.mrc', mrc);
    expect(fromMrcRes.statusCode, fromMrcRes.body).toBe(201);
    expect(fromMrcRes.json().data).toMatchObject({
      title: 'Tempo',
      sport: 'bike',
      duration_minutes: 20,
      intensity_zone: 3,
    });

    const erg = [
      '[COURSE HEADER]',
      'FTP = 200',
      'MINUTES WATTS',
      '[END COURSE HEADER]',
      '[COURSE DATA]',
      '0 190',
      '8 190',
      '8 100',
      '12 100',
      '[END COURSE DATA]',
    ].join('\r\n');
    const fromErgRes = await upload('vo2.erg', erg, { title: 'My own title' });
    expect(fromErgRes.statusCode, fromErgRes.body).toBe(201);
    const w = fromErgRes.json().data;
    expect(w.title).toBe('My own title');
    expect(w.workout_structure.total_duration_estimated).toBe(12 * 60);
    expect(w.workout_structure.zone_distribution.zone_4).toBeCloseTo(66.7, 1);
  });

  for (const format of ['zwo', 'mrc', 'erg', 'fit']) {
    it(`round trip: a workout exported as .${format} and imported again has the same steps`, async () => {
      const exported = await exportFile(ids.bike!, format);
      expect(exported.statusCode).toBe(200);
      const res = await upload(`threshold-ride.${format}`, exported.rawPayload);
      expect(res.statusCode, res.body).toBe(201);
      const w = res.json().data;
      expect(w.title).toBe('Threshold ride');
      expect(shape(await structureSteps(w.id))).toEqual(shape(await structureSteps(ids.bike!)));
      expect(w.workout_structure.zone_distribution).toEqual(
        (
          await t.app.inject({ method: 'GET', url: `${API}/workouts/${ids.bike}`, headers: bearer(ana) })
        ).json().data.workout_structure.zone_distribution,
      );
    });
  }

  it('imports a run .zwo as a run workout', async () => {
    const exported = await exportFile(ids.run!, 'zwo');
    const res = await upload('track.zwo', exported.body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.sport).toBe('run');
  });

  it('refuses corrupt files with 400 naming the problem, and creates nothing', async () => {
    const before = await workoutCount();
    const mrc = toMrc({
      title: 'x',
      sport: 'bike',
      intervals: [
        {
          name: 'x',
          duration_seconds: 60,
          repetitions: 1,
          rest_duration_seconds: 0,
          zone: 3,
          targets: {},
          isRest: false,
          phase: 'main',
        },
      ],
    });
    const [header, data] = [
      mrc.slice(0, mrc.indexOf('[COURSE DATA]')),
      mrc.slice(mrc.indexOf('[COURSE DATA]')),
    ];
    const cases: Array<[string, string | Buffer, RegExp]> = [
      ['garbage.zwo', Buffer.from([0x00, 0xff, 0x13, 0x37, 0x89, 0x50, 0x4e, 0x47]), /binary data/],
      ['noise.zwo', 'hello, not xml at all', /not well-formed XML/],
      ['truncated.zwo', ZWO.slice(0, ZWO.indexOf('<Cooldown') + 20), /not well-formed XML/],
      ['html.zwo', '<html><body>Hi</body></html>', /<workout_file>/],
      ['swapped.mrc', `${data}${header}`, /out of order/],
      ['truncated.mrc', mrc.slice(0, mrc.indexOf('[END COURSE DATA]')), /\[END COURSE DATA\] is missing/],
      [
        'no-ftp.erg',
        '[COURSE HEADER]\nMINUTES WATTS\n[END COURSE HEADER]\n[COURSE DATA]\n0 100\n1 100\n[END COURSE DATA]\n',
        /FTP/,
      ],
      ['empty.erg', '', /no \[COURSE HEADER\]/],
      ['text.fit', 'not a FIT file at all', /not a FIT file/],
      ['empty.fit', Buffer.alloc(0), /not a FIT file/],
    ];
    for (const [name, content, message] of cases) {
      const res = await upload(name, content);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json().message, name).toMatch(message);
      expect(res.json().message, name).toContain(name);
    }
    expect(await workoutCount()).toBe(before);
  });

  it('refuses a file over 1 MB with 413, and creates nothing', async () => {
    const before = await workoutCount();
    const big = Buffer.alloc(2 * 1024 * 1024, 'a');
    const res = await upload('huge.zwo', big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The workout file is larger than 1 MB',
    });
    expect(await workoutCount()).toBe(before);
  });

  it('refuses bad uploads: unknown extension 415, missing or bad fields 400, JSON 415, no token 401', async () => {
    const before = await workoutCount();
    const unknown = await upload('ride.gpx', ZWO);
    expect(unknown.statusCode).toBe(415);
    expect(unknown.json().message).toMatch(/upload a \.zwo, \.mrc, \.erg or \.fit file/);

    const noDate = await upload('a.zwo', ZWO, { workout_date: '' });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().message).toMatch(/^workout_date:/);
    const badDate = await upload('a.zwo', ZWO, { workout_date: '2027-02-30' });
    expect(badDate.statusCode).toBe(400);
    const extra = await upload('a.zwo', ZWO, { sport: 'run' });
    expect(extra.statusCode).toBe(400);

    const noFile = form([{ name: 'workout_date', value: '2027-03-04' }]);
    const missing = await t.app.inject({
      method: 'POST',
      url: `${API}/workouts/import`,
      headers: { ...bearer(ana), ...noFile.headers },
      payload: noFile.payload,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/form field "file"/);

    const json = await t.app.inject({
      method: 'POST',
      url: `${API}/workouts/import`,
      headers: bearer(ana),
      payload: { workout_date: '2027-03-04' },
    });
    expect(json.statusCode).toBe(415);

    const body = form([
      { name: 'workout_date', value: '2027-03-04' },
      { name: 'file', value: ZWO, filename: 'a.zwo' },
    ]);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `${API}/workouts/import`,
      headers: body.headers,
      payload: body.payload,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await workoutCount()).toBe(before);
  });

  it('keeps multipart to the import route: other routes still answer 415 to form data', async () => {
    const body = form([{ name: 'title', value: 'x' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: `${API}/workouts`,
      headers: { ...bearer(ana), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(415);
  });

  it("imports into the caller's own account only", async () => {
    const res = await upload(
      'bens.zwo',
      toZwo({ title: 'Ben ride', sport: 'bike', intervals: fromZwo(ZWO).intervals }),
      {},
      ben,
    );
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id;
    expect(
      (await t.app.inject({ method: 'GET', url: `${API}/workouts/${id}`, headers: bearer(ana) })).statusCode,
    ).toBe(404);
    expect((await exportFile(id, 'zwo', ana)).statusCode).toBe(404);
    expect((await exportFile(id, 'zwo', ben)).statusCode).toBe(200);
  });
});
