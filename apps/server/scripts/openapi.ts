// `npm run openapi` writes docs/openapi.json from the app itself; `npm run openapi:check` (CI) regenerates it in
// memory and fails when the committed file differs, naming the command that brings it up to date. The app is
// built on an in-memory PGlite (the document needs routes, not data); keys are sorted at every level so the file
// depends on the schemas, not on the order plugins registered their routes.
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { diskFileStore } from '../src/lib/file-store.ts';
import { VERSION } from '../src/version.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const target = join(root, 'docs', 'openapi.json');

/** Objects with their keys sorted, recursively; arrays keep their order (it carries meaning). */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) out[key] = sortKeys((value as Record<string, unknown>)[key]);
    return out;
  }
  return value;
}

async function openApiDocument(): Promise<string> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  const app = await buildApp({
    database,
    jwtSecret: 'openapi-generation-only-not-a-secret-000000',
    appUrl: 'http://localhost:3000',
    mailer: { send: async () => {}, close: () => {} },
    version: VERSION,
    webDistDir: null,
    logger: false,
    // Nothing is uploaded or run: the document only needs the routes.
    fileStore: diskFileStore(join(tmpdir(), 'stamina-openapi-files')),
    jobs: { worker: false },
  });
  try {
    await app.ready();
    return `${JSON.stringify(sortKeys(app.swagger()), null, 2)}\n`;
  } finally {
    await app.close();
    await database.close();
  }
}

async function main(): Promise<number> {
  const check = process.argv.includes('--check');
  const fresh = await openApiDocument();
  const name = relative(root, target);
  if (!check) {
    writeFileSync(target, fresh);
    console.log(`wrote ${name}`);
    return 0;
  }
  let committed = '';
  try {
    committed = readFileSync(target, 'utf8');
  } catch {
    console.error(`${name} is missing. Run \`npm run openapi\` and commit it.`);
    return 1;
  }
  if (committed === fresh) {
    console.log(`${name} matches the app`);
    return 0;
  }
  const a = committed.split('\n');
  const b = fresh.split('\n');
  let line = 0;
  while (line < a.length && a[line] === b[line]) line++;
  console.error(
    `${name} is out of date with the app's routes and contract schemas (first difference at line ${line + 1}:\n` +
      `  committed: ${a[line]?.trim() ?? '(end of file)'}\n  generated: ${b[line]?.trim() ?? '(end of file)'}).\n` +
      'Run `npm run openapi` and commit docs/openapi.json.',
  );
  return 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
