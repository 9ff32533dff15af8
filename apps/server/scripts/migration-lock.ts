// Committed migrations never change (docs/storage.md, "Migrations"). A database that ran
// migration N keeps its result even when the file is edited later, so an edit means two installs disagree on
// their schema without knowing it. `apps/server/drizzle/migrations.lock.json` holds the SHA-256 of every
// committed migration's SQL:
//   - `checkMigrationLock` (part of `npm run db:check`, a CI step) fails when a locked file's SQL changed, when a
//     locked file is gone, or when a migration is not locked yet;
//   - `npx tsx scripts/migration-lock.ts --add` locks the new migrations (it never rewrites an existing entry).
// When the clone has its git history, the check also compares each file with the version first committed, so an
// edit cannot hide behind a lock file edited in the same commit. Two files were edited before this rule existed;
// they are listed in EDITED_BEFORE_THE_RULE with the commit that made them what they are.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const migrationsDir = join(serverDir, 'drizzle');
const lockPath = join(migrationsDir, 'migrations.lock.json');

/** Migrations edited after their first commit, before the lock existed: accepted as they are now. */
const EDITED_BEFORE_THE_RULE: Record<string, string> = {
  '0008_daily_load_streaks.sql': '04aad48 (the streak backfill carries the longest run across empty days)',
  '0016_workout_bank_search_index.sql': '0d8084d (a truncate of the templates moves both search versions)',
};

type Lock = Record<string, string>;

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function migrationFiles(): string[] {
  return readdirSync(migrationsDir)
    .filter((name) => name.endsWith('.sql'))
    .sort();
}

function readLock(): Lock {
  try {
    return JSON.parse(readFileSync(lockPath, 'utf8')) as Lock;
  } catch {
    return {};
  }
}

/** The file's SQL as first committed, or undefined when git (or the history) is not there. */
function firstCommitted(file: string): string | undefined {
  const path = `apps/server/drizzle/${file}`;
  const repo = join(serverDir, '..', '..');
  const log = spawnSync('git', ['log', '--diff-filter=A', '--format=%H', '--', path], {
    cwd: repo,
    encoding: 'utf8',
  });
  const commit = log.status === 0 ? log.stdout.trim().split('\n').pop() : undefined;
  if (!commit) return undefined;
  const show = spawnSync('git', ['show', `${commit}:${path}`], {
    cwd: repo,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return show.status === 0 ? show.stdout : undefined;
}

/** The problems found, one sentence each; empty when every migration is locked and unchanged. */
export function checkMigrationLock(): string[] {
  const lock = readLock();
  const problems: string[] = [];
  const files = migrationFiles();
  for (const file of files) {
    const sql = readFileSync(join(migrationsDir, file), 'utf8');
    const locked = lock[file];
    if (!locked) {
      problems.push(
        `${file} is not in migrations.lock.json: run \`npx tsx scripts/migration-lock.ts --add\``,
      );
      continue;
    }
    if (locked !== sha256(sql)) {
      problems.push(`${file} was edited after it was committed: write a new migration instead`);
      continue;
    }
    const original = EDITED_BEFORE_THE_RULE[file] ? undefined : firstCommitted(file);
    if (original !== undefined && original !== sql)
      problems.push(`${file} differs from its first committed version: write a new migration instead`);
  }
  for (const file of Object.keys(lock))
    if (!files.includes(file))
      problems.push(`${file} is locked but gone: committed migrations are never deleted`);
  return problems;
}

/** Locks the migrations that have no entry yet; returns their names. Existing entries are never rewritten. */
export function addToMigrationLock(): string[] {
  const lock = readLock();
  const added: string[] = [];
  for (const file of migrationFiles()) {
    if (lock[file]) continue;
    lock[file] = sha256(readFileSync(join(migrationsDir, file), 'utf8'));
    added.push(file);
  }
  const sorted = Object.fromEntries(Object.entries(lock).sort(([a], [b]) => a.localeCompare(b)));
  writeFileSync(lockPath, `${JSON.stringify(sorted, null, 2)}\n`);
  return added;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--add')) {
    const added = addToMigrationLock();
    console.log(added.length ? `locked: ${added.join(', ')}` : 'every migration was already locked');
  } else {
    const problems = checkMigrationLock();
    for (const problem of problems) console.error(problem);
    process.exit(problems.length ? 1 : 0);
  }
}
