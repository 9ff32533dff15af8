// The wellness CSV reader: column aliases, separators, quoting, dates, ranges, duplicates, limits, and that it
// is total (any string gives a report, every data line is a row or a rejection).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseWellnessCsv } from '../src/index.ts';

describe('parseWellnessCsv', () => {
  it('reads aliased columns and keeps only the cells with a value', () => {
    const report = parseWellnessCsv(
      'Date,HRV (ms),RHR,Sleep,Fatigue,Weight,FTP,Threshold pace,Notes,Steps\n' +
        '2026-03-01,52.5,48,7:30,3,70.2,250,4:05,"easy, sunny",9000\n' +
        '2026-03-02,,50,8,,,,245,,\n',
    );
    expect(report.error).toBeNull();
    expect(report.columns).toEqual([
      'date',
      'hrv',
      'resting_hr',
      'sleep_hours',
      'fatigue_level',
      'weight_kg',
      'ftp_watts',
      'threshold_pace_seconds_per_km',
      'notes',
    ]);
    expect(report.ignored_columns).toEqual(['Steps']);
    expect(report.rows).toEqual([
      {
        line: 2,
        values: {
          date: '2026-03-01',
          hrv: 52.5,
          resting_hr: 48,
          sleep_hours: 7.5,
          fatigue_level: 3,
          weight_kg: 70.2,
          ftp_watts: 250,
          threshold_pace_seconds_per_km: 245,
          notes: 'easy, sunny',
        },
      },
      {
        line: 3,
        values: { date: '2026-03-02', resting_hr: 50, sleep_hours: 8, threshold_pace_seconds_per_km: 245 },
      },
    ]);
    expect(report.rejected).toEqual([]);
  });

  it('handles a BOM, CRLF, semicolons with decimal commas, quotes over line breaks and timestamps', () => {
    const report = parseWellnessCsv(
      '\uFEFFdate;hrv_rmssd;sleep_duration_h;notes\r\n2026-03-01T06:00:00Z;48,5;7,25;"two\r\nlines ""quoted"""\r\n\r\n2026-03-02;50;8;\r\n',
    );
    expect(report.rows.map((r) => [r.line, r.values])).toEqual([
      [2, { date: '2026-03-01', hrv: 48.5, sleep_hours: 7.25, notes: 'two\r\nlines "quoted"' }],
      [5, { date: '2026-03-02', hrv: 50, sleep_hours: 8 }],
    ]);
  });

  it('rejects bad rows with their line and reason', () => {
    const report = parseWellnessCsv(
      [
        'date,hrv,resting_hr,sleep_quality',
        '2026-03-01,400,50,3',
        '03/04/2026,50,50,3',
        '2026-02-30,50,50,3',
        '2026-03-02,abc,50.5,3',
        '2026-03-03,50,50,3',
        '2026-03-03,51,50,3',
        '2026-03-04,,,',
        '2026-03-05,50,50,3,extra',
      ].join('\n'),
    );
    expect(report.rows.map((r) => r.line)).toEqual([6]);
    expect(report.rejected).toEqual([
      { line: 2, reason: 'hrv must be between 5 and 300 ms' },
      { line: 3, reason: 'date 03/04/2026 is ambiguous (day/month or month/day): use YYYY-MM-DD' },
      { line: 4, reason: 'date 2026-02-30 is not a date of the form YYYY-MM-DD' },
      { line: 5, reason: 'hrv "abc" is not a number; resting_hr must be a whole number' },
      { line: 7, reason: 'date 2026-03-03 repeats line 6' },
      { line: 8, reason: 'the row for 2026-03-04 has no values' },
      { line: 9, reason: 'the row has 5 cells, the header 4' },
    ]);
  });

  it('rejects the line of a quote never closed, instead of reading the next rows into its notes', () => {
    const report = parseWellnessCsv(
      'date,hrv,notes\n2026-03-01,50,"felt good\n2026-03-02,52,fine\n2026-03-03,55,ok\n',
    );
    expect(report.rows).toEqual([]);
    expect(report.rejected).toEqual([
      { line: 2, reason: expect.stringContaining('quote opened on line 2 is never closed') },
    ]);
  });

  it('rejects text after a closing quote, where a stray quote would swallow the next row', () => {
    const report = parseWellnessCsv('date,hrv,notes\n2026-03-01,50,"tired\n2026-03-02,52,"ok"\n');
    expect(report.rows).toEqual([]);
    expect(report.rejected).toEqual([
      { line: 2, reason: expect.stringContaining('text follows the closing quote') },
    ]);
    // A quote written twice inside a quoted cell is the way to write one, and stays fine.
    const fine = parseWellnessCsv('date,notes\n2026-03-01,"said ""ok"" , then left"\n');
    expect(fine.rejected).toEqual([]);
    expect(fine.rows[0]!.values.notes).toBe('said "ok" , then left');
  });

  it('rejects dates outside 1900-01-01 to 2100-12-31, year 0000 included', () => {
    const report = parseWellnessCsv('date,hrv\n0000-01-01,50\n1899-12-31,50\n1900-01-01,50\n2101-01-01,50\n');
    expect(report.rows.map((r) => r.values.date)).toEqual(['1900-01-01']);
    expect(report.rejected.map((r) => r.line)).toEqual([2, 3, 5]);
    expect(report.rejected[0]!.reason).toBe('date 0000-01-01 is outside 1900-01-01 to 2100-12-31');
  });

  it('reports file-level problems', () => {
    expect(parseWellnessCsv('').error).toMatch(/empty/);
    expect(parseWellnessCsv('\n\n').error).toMatch(/empty/);
    const noDate = parseWellnessCsv('hrv,rhr\n50,50');
    expect(noDate.error).toMatch(/no date column/);
    expect(noDate.columns).toEqual(['hrv', 'resting_hr']);
  });

  it('stops reading past the row limit but counts the lines', () => {
    const lines = ['date,hrv'];
    for (let i = 1; i <= 5; i++) lines.push(`2026-03-0${i},50`);
    const report = parseWellnessCsv(lines.join('\n'), 3);
    expect(report).toMatchObject({ data_lines: 5, too_many_rows: true });
    expect(report.rows).toHaveLength(3);
  });

  it('never throws, and every non-blank data line is a row or a rejection', () => {
    const cell = fc.oneof(
      fc.string(),
      fc.constantFrom('2026-03-01', '2026-03-02', '50', '', '"a,b"', '7,5', '4:05', '"', '\r\n'),
    );
    const text = fc.oneof(
      fc.string(),
      fc
        .array(fc.array(cell, { maxLength: 6 }), { maxLength: 12 })
        .map((rows) => ['date,hrv,sleep,notes', ...rows.map((r) => r.join(','))].join('\n')),
    );
    fc.assert(
      fc.property(text, (input) => {
        const report = parseWellnessCsv(input);
        if (report.error) return;
        expect(report.rows.length + report.rejected.length).toBe(report.data_lines);
        const dates = report.rows.map((r) => r.values.date);
        expect(new Set(dates).size).toBe(dates.length);
      }),
    );
  });
});
