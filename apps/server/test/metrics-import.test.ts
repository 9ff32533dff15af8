// POST /api/metrics/import: the CSV preview (dry run), rejected rows with line and reason, all-or-nothing
// writes, updates of existing days, a raw text/csv body, the 5 MB and 20,000-row limits, and non-CSV files.
import { WELLNESS_CSV_MAX_BYTES } from '@stamina/contract';
import { addDays } from '@stamina/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, multipartForm, type TestApp } from './helpers.ts';

let t: TestApp;
let token: string;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.signUpAndConfirm()).session.access_token;
});
afterAll(() => t.close());

/** A multipart/form-data body with one file part. */
const form = (content: string | Buffer, filename = 'wellness.csv', field = 'file') =>
  multipartForm([{ name: field, value: content, filename }]);
const upload = (content: string | Buffer, query = '', filename?: string) => {
  const body = form(content, filename);
  return t.app.inject({
    method: 'POST',
    url: `/api/metrics/import${query}`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
};
const stored = async () =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/metrics?start_date=${addDays(today, -400)}&end_date=${today}`,
      headers: bearer(token),
    })
  ).json().data as { date: string; hrv: number | null; sleep_hours: number | null; notes: string | null }[];

const d = (n: number) => addDays(today, -n);

describe('POST /api/metrics/import', () => {
  it('previews a file on a dry run and writes nothing', async () => {
    const csv = `Date;HRV (ms);Sleep;Steps\n${d(3)};48,5;7:30;9000\n${d(2)};50;8;\n`;
    const res = await upload(csv, '?dry_run=true');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      dry_run: true,
      rows_total: 2,
      rows_valid: 2,
      rows_updating: 0,
      imported: 0,
      columns: ['date', 'hrv', 'sleep_hours'],
      ignored_columns: ['Steps'],
      rejected: [],
      preview: [
        { date: d(3), hrv: 48.5, sleep_hours: 7.5 },
        { date: d(2), hrv: 50, sleep_hours: 8 },
      ],
    });
    expect(await stored()).toEqual([]);
  });

  it('writes nothing when any row is rejected, and says which lines and why', async () => {
    const csv = `date,hrv,resting_hr\n${d(3)},50,48\n${d(2)},400,48\n${d(1)},50,48\n${d(1)},51,48\n`;
    const dry = await upload(csv, '?dry_run=true');
    expect(dry.statusCode).toBe(200);
    expect(dry.json().data.rejected).toEqual([
      { line: 3, reason: 'hrv must be between 5 and 300 ms' },
      { line: 5, reason: `date ${d(1)} repeats line 4` },
    ]);
    const res = await upload(csv);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('2 of 4 rows were rejected');
    expect(res.json().detail).toMatchObject({
      imported: 0,
      rows_valid: 2,
      rejected: [{ line: 3 }, { line: 5 }],
    });
    expect(await stored()).toEqual([]);
  });

  it('imports every row in one go, updating days that have an entry', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/metrics',
      headers: bearer(token),
      payload: { date: d(2), hrv: 40, notes: 'kept' },
    });
    const res = await upload(`date,hrv,sleep_hours\n${d(3)},50,7\n${d(2)},52,\n${d(1)},25,4.5\n`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ dry_run: false, rows_valid: 3, rows_updating: 1, imported: 3 });
    const days = await stored();
    expect(days.map((x) => [x.date, x.hrv, x.sleep_hours, x.notes])).toEqual([
      [d(3), 50, 7, null],
      [d(2), 52, null, 'kept'],
      [d(1), 25, 4.5, null],
    ]);
  });

  it('takes a raw text/csv body too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/metrics/import?dry_run=true',
      headers: { ...bearer(token), 'content-type': 'text/csv' },
      payload: `date,rhr\n${d(5)},48\n`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.preview).toEqual([{ date: d(5), resting_hr: 48 }]);
  });

  it('refuses files over 5 MB or 20,000 rows (413), binaries and non-CSV files (400)', async () => {
    const big = await upload(`date,notes\n${'x'.repeat(WELLNESS_CSV_MAX_BYTES + 10)}`);
    expect(big.statusCode).toBe(413);
    const lines = ['date,hrv'];
    for (let i = 0; i < 20_001; i++) lines.push(`${addDays('1980-01-01', i)},50`);
    const many = await upload(lines.join('\n'));
    expect(many.statusCode).toBe(413);
    expect(many.json().message).toContain('20,000');
    expect((await upload(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 1]))).statusCode).toBe(400);
    expect((await upload('date,hrv\n', '', 'wellness.xlsx')).json().message).toContain('not a CSV');
    expect((await upload('hrv\n50\n')).json().message).toContain('no date column');
    expect((await upload('')).statusCode).toBe(400);
    expect((await upload('date,hrv\n', '?dry_run=maybe')).json().message).toContain('dry_run');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/metrics/import',
      headers: bearer(token),
      payload: { a: 1 },
    });
    expect(json.statusCode).toBe(415);
    expect((await t.app.inject({ method: 'POST', url: '/api/metrics/import' })).statusCode).toBe(401);
  });
});
