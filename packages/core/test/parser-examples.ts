// The example table of docs/workout-parser.md ("Examples"), read from the doc itself so the doc and the tests
// cannot drift: each row is a workout as athletes write it, with the total, work-interval count and main zone
// the parser must make of it (no athlete thresholds, so the documented defaults).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Sport, Zone } from '../src/index.ts';

export interface ParserExample {
  sport: Sport;
  text: string;
  /** Seconds. */
  total: number;
  /** Non-rest intervals in the main phase. */
  work: number;
  /** The session's main zone (primaryZone), null when it has no steps. */
  zone: Zone | null;
}

const DOC = fileURLToPath(new URL('../../../docs/workout-parser.md', import.meta.url));
const START = '<!-- examples:start -->';
const END = '<!-- examples:end -->';

/** "1:02:05" or "45:00" → seconds. */
function clockSeconds(text: string): number {
  const parts = text.split(':').map(Number);
  if (parts.length < 2 || parts.some((n) => !Number.isInteger(n))) throw new Error(`Bad total: ${text}`);
  return parts.reduce((sum, n) => sum * 60 + n, 0);
}

/** Cells of a table row; "\|" is a pipe inside a cell. */
function cells(row: string): string[] {
  return row
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

export function readExamples(markdown: string): ParserExample[] {
  const start = markdown.indexOf(START);
  const end = markdown.indexOf(END);
  if (start < 0 || end < start) throw new Error('The example table markers are missing');
  const examples: ParserExample[] = [];
  for (const row of markdown.slice(start + START.length, end).split('\n')) {
    const [sport, workout, total, work, zone] = cells(row);
    if (!workout?.startsWith('`') || !['run', 'bike', 'swim', 'strength'].includes(sport ?? '')) continue;
    examples.push({
      sport: sport as Sport,
      text: workout.slice(1, -1).replace(/\\n/g, '\n'),
      total: clockSeconds(total ?? ''),
      work: Number(work),
      zone: zone === '-' ? null : (Number(zone?.replace(/^Z/, '')) as Zone),
    });
  }
  return examples;
}

export const PARSER_EXAMPLES: readonly ParserExample[] = readExamples(readFileSync(DOC, 'utf8'));
