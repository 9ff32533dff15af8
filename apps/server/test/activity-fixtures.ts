// Where the real device recordings are: the ones whose licence allows it are kept in the repository
// (fixtures/activities, with SOURCES.md); the GPL ones are read from the workplace's shared fixtures, beside
// the repository (../shared/fixtures/activities), at STAMINA_FIXTURES_DIR, or at /work/shared.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const PLACES = [
  path.join(repoRoot, 'fixtures/activities'),
  ...(process.env.STAMINA_FIXTURES_DIR ? [process.env.STAMINA_FIXTURES_DIR] : []),
  path.resolve(repoRoot, '../shared/fixtures/activities'),
  '/work/shared/fixtures/activities',
];

/** The path of a recording by its file name; throws naming the places looked in when it is nowhere. */
export function activityFixturePath(name: string): string {
  for (const dir of PLACES) {
    const file = path.join(dir, name);
    if (existsSync(file)) return file;
  }
  throw new Error(`Activity fixture ${name} not found in ${PLACES.join(', ')}`);
}

export const activityFixture = (name: string): Buffer => readFileSync(activityFixturePath(name));
