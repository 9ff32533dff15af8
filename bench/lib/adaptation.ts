/// <reference path="../../apps/server/src/types/heic-decode.d.ts" />
// The daily adaptation job (docs/adaptation.md, "One run a day") over many simulated athletes, in process on an
// in-memory PGlite: BENCH_ADAPTATION_ATHLETES athletes (default 10,000), each with an active plan, a missed easy
// run, a missed long run, today's VO2 session, completed sessions and, for every third, a poor night. Timed:
// the schedule queuing every athlete's job and the queue running them all, one after the other, as one worker
// would. Budget: 60 s for 10,000 athletes. With `databaseUrl` (a fresh PostgreSQL database), the same on
// PostgreSQL, its figures marked so.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { buildInProcessApp } from './in-process-app.ts';
import { budgeted, type Figure, info } from './report.ts';

const BUDGET_SECONDS = 60;

export async function benchAdaptation(
  athletes = Number(process.env.BENCH_ADAPTATION_ATHLETES ?? 10_000),
  databaseUrl: string | null = null,
) {
  const database = await openDatabase(
    databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite', dataDir: null },
  );
  const on = databaseUrl ? '.postgres' : '';
  const onLabel = databaseUrl ? ', PostgreSQL' : '';
  const dir = await mkdtemp(join(tmpdir(), 'stamina-bench-adapt-'));
  try {
    await database.migrate();
    const { db } = database;
    const seedStarted = performance.now();
    await db.execute(sql`
      with u as (
        insert into users (email, password_hash, name, email_confirmed_at)
        select 'bench' || g || '@bench.test', 'x', 'Bench ' || g, now() from generate_series(1, ${athletes}) g
        returning id
      )
      insert into athletes (auth_user_id, widget_config) select id, '[]'::jsonb from u`);
    await db.execute(sql`
      insert into training_plans (athlete_id, title, start_date, race_date, status)
      select id, 'Bench plan', current_date - 14, current_date + 100, 'active' from athletes`);
    // Per athlete: a missed easy run (yesterday), a missed long run (2 days ago), today's VO2 session, next
    // week's threshold session, and five completed easy runs over the last week.
    await db.execute(sql`
      insert into workouts (athlete_id, plan_id, title, workout_date, sport, duration_minutes, intensity_zone,
        status, tss, workout_language_text)
      select p.athlete_id, p.id, s.title, current_date + s.offset_days, 'run', s.minutes, s.zone, s.status, s.tss,
        s.text
      from training_plans p
      cross join (values
        ('Easy run', -1, 40, 2, 'planned', 35.0, '40min Z2'),
        ('Long run', -2, 100, 2, 'planned', 95.0, '100min Z2'),
        ('VO2max intervals', 0, 50, 5, 'planned', 70.0, '15min Z2, 5x3min Z5 / 2min Z1, 10min Z1'),
        ('Threshold intervals', 3, 60, 4, 'planned', 75.0, '15min Z2, 3x8min Z4 / 2min Z1, 10min Z1'),
        ('Easy run', -3, 45, 2, 'completed', 40.0, '45min Z2'),
        ('Easy run', -4, 45, 2, 'completed', 40.0, '45min Z2'),
        ('Easy run', -5, 45, 2, 'completed', 40.0, '45min Z2'),
        ('Easy run', -6, 45, 2, 'completed', 40.0, '45min Z2'),
        ('Easy run', -7, 45, 2, 'completed', 40.0, '45min Z2')
      ) as s(title, offset_days, minutes, zone, status, tss, text)`);
    await db.execute(sql`
      insert into wellness_daily (athlete_id, date, hrv, resting_hr, sleep_hours, sleep_quality, readiness)
      select a.id, d.day, 18, 72, 5, 1, 1
      from (select id, row_number() over (order by id) as n from athletes) a
      cross join (values (current_date - 1), (current_date)) as d(day)
      where a.n % 3 = 0`);
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const app = await buildInProcessApp(database, dir);
    try {
      const today = new Date().toISOString().slice(0, 10);
      const started = performance.now();
      const queued = await app.adaptation.scheduleDue(new Date(`${today}T12:00:00Z`));
      while (await app.jobs.runOnce()) {}
      const seconds = (performance.now() - started) / 1000;
      const counted = (await db.execute(sql`select count(*)::int as n from plan_changes`)) as unknown as {
        rows: Array<{ n: number }>;
      };
      const changes = counted.rows[0]?.n ?? 0;
      const scaled = seconds * (10_000 / athletes);
      const figures: Figure[] = [
        budgeted(
          {
            id: `adaptation.daily${on}`,
            label: `daily adaptation job${onLabel}, ${athletes.toLocaleString('en-US')} athletes (${queued} queued, ${changes} changes)`,
            value: seconds,
            unit: 's',
            digits: 1,
          },
          athletes === 10_000
            ? { max: BUDGET_SECONDS, text: `≤ ${BUDGET_SECONDS} s` }
            : { max: BUDGET_SECONDS * (athletes / 10_000), text: `≤ ${BUDGET_SECONDS} s per 10,000` },
        ),
        info({
          id: `adaptation.per-athlete${on}`,
          label: `daily adaptation, per athlete${onLabel}`,
          value: (seconds * 1000) / athletes,
          unit: 'ms',
          digits: 2,
        }),
        info({
          id: `adaptation.seed${on}`,
          label: `seeding the simulated athletes${onLabel}`,
          value: seedSeconds,
          unit: 's',
          digits: 1,
        }),
      ];
      if (athletes !== 10_000)
        figures.push(
          info({
            id: `adaptation.scaled${on}`,
            label: `scaled to 10,000 athletes${onLabel}`,
            value: scaled,
            unit: 's',
            digits: 1,
          }),
        );
      return figures;
    } finally {
      await app.close();
    }
  } finally {
    await database.close().catch(() => {});
    await rm(dir, { recursive: true, force: true });
  }
}
