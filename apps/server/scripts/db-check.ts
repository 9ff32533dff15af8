// `npm run db:check` (CI): the committed migrations in apps/server/drizzle must match the Drizzle schema.
// 1. `drizzle-kit check`: the migration history is consistent (no snapshot collisions between branches).
// 2. `drizzle-kit generate` into a temporary copy of the migrations: a new file there means the schema changed
//    without a migration; the check fails and prints the SQL it would have written.
// 3. The migration lock (scripts/migration-lock.ts): no committed migration was edited.
// The committed folder is never touched.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkMigrationLock } from './migration-lock.ts';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const drizzleKit = join(serverDir, '..', '..', 'node_modules', '.bin', 'drizzle-kit');
const committed = join(serverDir, 'drizzle');

// drizzle-kit reads `--out` relative to its working directory (it prefixes './'), so paths go in relative.
function run(args: string[]): { status: number; output: string } {
  const result = spawnSync(drizzleKit, args, { cwd: serverDir, encoding: 'utf8', stdio: 'pipe' });
  return { status: result.status ?? 1, output: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() };
}

/** Every file under dir, as paths relative to it. */
function files(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(dir, join(prefix, entry.name)) : [join(prefix, entry.name)],
  );
}

function main(): number {
  const lockProblems = checkMigrationLock();
  if (lockProblems.length > 0) {
    console.error(`Migration lock:\n${lockProblems.join('\n')}`);
    return 1;
  }
  console.log('migration lock: no committed migration was edited');

  const check = run(['check', '--dialect', 'postgresql', '--out', relative(serverDir, committed)]);
  if (check.status !== 0) {
    console.error(`drizzle-kit check failed:\n${check.output}`);
    return 1;
  }
  console.log('drizzle-kit check: migration history consistent');

  const temp = mkdtempSync(join(tmpdir(), 'stamina-drizzle-check-'));
  try {
    cpSync(committed, temp, { recursive: true });
    const before = new Set(files(temp));
    const generate = run([
      'generate',
      '--dialect',
      'postgresql',
      '--schema',
      './src/db/schema/index.ts',
      '--out',
      relative(serverDir, temp),
      '--name',
      'drift_check',
    ]);
    if (generate.status !== 0) {
      console.error(`drizzle-kit generate failed:\n${generate.output}`);
      return 1;
    }
    const added = files(temp).filter((file) => !before.has(file) && file.endsWith('.sql'));
    if (added.length === 0) {
      console.log('drizzle-kit generate: no schema change without a migration');
      return 0;
    }
    console.error('The Drizzle schema (apps/server/src/db/schema) has changes no committed migration holds.');
    for (const file of added)
      console.error(`\n-- would generate ${file}:\n${readFileSync(join(temp, file), 'utf8')}`);
    console.error('\nRun `npm run db:generate` and commit the new migration in apps/server/drizzle.');
    return 1;
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

process.exit(main());
