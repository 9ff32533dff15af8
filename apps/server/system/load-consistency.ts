// What the system suites check after the fact: every athlete's daily load equals what their training adds up to
// (completed workouts and recorded activities: sessions, TSS, and CTL run over every day between), read
// straight from the database.
import { loadSeries } from '@stamina/core';
import { expect } from 'vitest';

export type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** Every athlete's, or only `athleteIds`' (a seeded database's athletes the test used). */
export async function expectLoadMatchesWorkouts(query: Query, athleteIds?: readonly string[]): Promise<void> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (athleteIds?.some((id) => !uuid.test(id))) throw new Error('athlete ids must be uuids');
  const of = (column: string) =>
    athleteIds ? `${column} = any('{${athleteIds.join(',')}}'::uuid[])` : 'true';
  const stored = await query(
    `select athlete_id::text as athlete, to_char(date, 'YYYY-MM-DD') as date, tss, ctl, sessions
     from daily_load where sessions > 0 and ${of('athlete_id')} order by athlete_id, date`,
  );
  // A day's training: its completed workouts that no activity completes, and its recorded activities
  // (docs/training-load.md, "The daily load table").
  const expected = await query(
    `select athlete, date, sum(coalesce(tss, 0)) as tss, count(*) as sessions from (
       select w.athlete_id::text as athlete, to_char(w.workout_date, 'YYYY-MM-DD') as date, w.tss
       from workouts w
       where w.status = 'completed' and ${of('w.athlete_id')}
         and not exists (select 1 from activities a where a.athlete_id = w.athlete_id and a.workout_id = w.id)
       union all
       select athlete_id::text, to_char(local_date, 'YYYY-MM-DD'), tss from activities where ${of('athlete_id')}
     ) training group by athlete, date order by athlete, date`,
  );
  const key = (r: Record<string, unknown>) => [r.athlete, r.date, Number(r.sessions)];
  expect(stored.map(key)).toEqual(expected.map(key));
  const ctl = new Map<string, number>();
  const byAthlete = new Map<string, Record<string, unknown>[]>();
  for (const row of expected) {
    const rows = byAthlete.get(String(row.athlete)) ?? [];
    rows.push(row);
    byAthlete.set(String(row.athlete), rows);
  }
  for (const [athlete, rows] of byAthlete) {
    for (const point of loadSeries(rows.map((r) => ({ date: String(r.date), tss: Number(r.tss) })))) {
      ctl.set(`${athlete} ${point.date}`, point.ctl);
    }
  }
  for (let i = 0; i < expected.length; i++) {
    expect(Number(stored[i]!.tss)).toBeCloseTo(Number(expected[i]!.tss), 6);
    expect(Number(stored[i]!.ctl)).toBeCloseTo(ctl.get(`${stored[i]!.athlete} ${stored[i]!.date}`)!, 6);
  }
}
