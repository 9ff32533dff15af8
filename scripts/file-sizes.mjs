// The house rule on file size (docs/ARCHITECTURE.md, "Tooling decisions"): no source file over about 600
// lines, except data. Run by `npm run lint`. A file past the limit is split along its seams, not listed here; a
// file of data (word lists, tables) may be listed in DATA with the reason.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** "About 600": the limit leaves a little room, so a file near 600 is not split for one more line. */
const MOST_LINES = 650;
const SOURCES = /^(apps\/[^/]+\/src|packages\/[^/]+\/src|scripts|bench|e2e\/tests)\/.*\.(ts|tsx|mjs|js)$/;
/** Data files allowed past the limit, each with why. */
const DATA = new Map([]);

const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => SOURCES.test(f) && !DATA.has(f));
const over = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    continue; // listed by git but deleted in the working tree
  }
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  if (lines > MOST_LINES) over.push(`${file}: ${lines} lines`);
}
if (over.length > 0) {
  console.error(
    `Source files over ${MOST_LINES} lines (split them along their seams; docs/ARCHITECTURE.md, "Tooling decisions"):\n  ${over.join('\n  ')}`,
  );
  process.exit(1);
}
console.log(`file sizes: ${files.length} source files, none over ${MOST_LINES} lines`);
