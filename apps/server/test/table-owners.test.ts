// Modules own their tables (docs/modules.md, "Tables and owners"; issue #30 §4): a module's code reads and writes
// only the tables of its own schema files, and another module's data through that module's index (an owner's
// read function that takes the caller's connection, like `findTimezone` or `parseBasisOf`). This scans every
// module's source for the two ways a table is named: a table imported from `db/schema`, and a table named in raw
// SQL (`from`, `join`, `update`, `into`). What still crosses is listed below with its reason; an entry that no
// longer matches anything fails too, so the list (and docs/modules.md, "What remains") stays the truth.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '../src');
const SCHEMA = join(SRC, 'db/schema');
const MODULES = join(SRC, 'modules');

/** The module that owns each schema file's tables: the table of docs/modules.md. */
const OWNER_OF_FILE: Record<string, string> = {
  'account.ts': 'account',
  'activities.ts': 'activities',
  'adaptation.ts': 'adaptation',
  'athletes.ts': 'athletes',
  'auth.ts': 'auth',
  'coach.ts': 'coach',
  'devices.ts': 'devices',
  'idempotency.ts': 'platform',
  'jobs.ts': 'platform',
  'notification-delivery.ts': 'notifications',
  'notifications.ts': 'notifications',
  'onboarding.ts': 'onboarding',
  'plans.ts': 'plans',
  'sport-metrics.ts': 'thresholds',
  'training-load.ts': 'training-load',
  'wellness.ts': 'metrics',
  'workout-bank.ts': 'workout-bank',
  'workouts.ts': 'workouts',
};

/** The reads (and writes) of another module's tables that remain, each with why (docs/modules.md). */
const ALLOWED: ReadonlyArray<{ module: string; table: string; why: string }> = [
  {
    module: 'auth',
    table: 'athletes',
    why: 'an account is a user and its athlete: sign-in and every session check read the pair in one join (a second round trip per request otherwise); the account export finds the user by its athlete. Writes of the athlete go through the athletes module',
  },
  {
    module: 'training-load',
    table: 'workouts',
    why: 'the daily load is derived from the completed workouts in the writer’s transaction under the athlete’s load lock; workouts import training-load, so the read cannot come back through their index',
  },
  {
    module: 'training-load',
    table: 'activities',
    why: 'the recordings the daily load is derived from, with the workouts in one statement (a matched workout counts once); activities import training-load',
  },
  {
    module: 'analytics',
    table: 'workouts',
    why: 'aggregates over years grouped by week and sport, one statement each',
  },
  {
    module: 'analytics',
    table: 'activities',
    why: 'aggregates over years (recorded distances and efforts), one statement each',
  },
  {
    module: 'analytics',
    table: 'daily_load',
    why: 'aggregates over years of the daily load, one statement each',
  },
  {
    module: 'workouts',
    table: 'activities',
    why: 'the calendar names the activity that completes each completed workout in its one query (the hot read of docs/performance.md); activities import workouts',
  },
  {
    module: 'workouts',
    table: 'training_plans',
    why: 'whether a plan named on a workout is the athlete’s: plans import workouts, so the owner’s read would close a cycle',
  },
  {
    module: 'notifications',
    table: 'athletes',
    why: 'the switch is read in the statement that inserts a batch of notifications, and the tick picks its recipients (switch, time zone, address or push subscription) among all athletes in one join',
  },
  {
    module: 'notifications',
    table: 'users',
    why: 'the recipients’ confirmed addresses, in the same one-statement join over all athletes',
  },
  {
    module: 'account',
    table: 'jobs',
    why: 'the purge removes the queue’s jobs that name the account, in its transaction (docs/account.md)',
  },
];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** Table constant → table name and owner, from the schema files. */
function schemaTables(): Map<string, { name: string; owner: string }> {
  const tables = new Map<string, { name: string; owner: string }>();
  for (const file of readdirSync(SCHEMA)) {
    const text = readFileSync(join(SCHEMA, file), 'utf8');
    for (const m of text.matchAll(/export const (\w+) = pgTable\(\s*'([a-z_]+)'/g)) {
      const owner = OWNER_OF_FILE[file];
      if (!owner) throw new Error(`db/schema/${file} has tables and no owner in this test`);
      tables.set(m[1]!, { name: m[2]!, owner });
    }
  }
  return tables;
}

/** Comments out of the way (prose says "from workouts"), strings and SQL kept. */
const withoutComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** Every (module, table) pair where a module names a table another module owns, with the files. */
function crossings(): Map<string, Set<string>> {
  const tables = schemaTables();
  const byName = new Map([...tables.values()].map((t) => [t.name, t]));
  const found = new Map<string, Set<string>>();
  const add = (module: string, table: string, file: string) => {
    const key = `${module} → ${table}`;
    found.set(key, (found.get(key) ?? new Set()).add(relative(SRC, file)));
  };
  for (const module of readdirSync(MODULES)) {
    for (const file of filesUnder(join(MODULES, module))) {
      const text = withoutComments(readFileSync(file, 'utf8'));
      for (const m of text.matchAll(/import\s*(type\s*)?\{([^}]*)\}\s*from\s*'[./]*db\/schema\/[\w.-]+'/g)) {
        if (m[1]) continue;
        for (const spec of m[2]!.split(',')) {
          const [name] = spec.trim().split(/\s+as\s+/);
          const table = name && !name.startsWith('type ') ? tables.get(name) : undefined;
          if (table && table.owner !== module) add(module, table.name, file);
        }
      }
      for (const m of text.matchAll(/\b(?:from|join|update|into)\s+([a-z_]+)\b/g)) {
        const table = byName.get(m[1]!);
        if (table && table.owner !== module) add(module, table.name, file);
      }
    }
  }
  return found;
}

describe('modules own their tables (docs/modules.md)', () => {
  const found = crossings();
  const allowed = new Set(ALLOWED.map((a) => `${a.module} → ${a.table}`));

  it('every schema file has an owner, and every module named as one exists', () => {
    const modules = new Set(readdirSync(MODULES));
    for (const owner of new Set(Object.values(OWNER_OF_FILE))) {
      if (owner !== 'platform') expect(modules.has(owner), owner).toBe(true);
    }
    expect(schemaTables().size).toBeGreaterThan(30);
  });

  it('no module names another module’s table, but for the listed exceptions', () => {
    const unexpected = [...found]
      .filter(([key]) => !allowed.has(key))
      .map(([key, files]) => `${key}: ${[...files].join(', ')}`);
    expect(unexpected).toEqual([]);
  });

  it('each listed exception still happens (else remove it here and in docs/modules.md)', () => {
    expect([...allowed].filter((key) => !found.has(key))).toEqual([]);
  });
});
