// The goal corpus (test/fixtures/goal-corpus): goal texts as athletes write them, each with the reading a
// person would give it, and the per-field score of the goal parser on them. Every text is read on
// CORPUS_TODAY. A field the expectation leaves out is expected unknown (assumed, null or empty): the parser
// is scored on what it must not invent as much as on what it must read. Used by the tests (tuning.jsonl) and
// by `npm run bench -- goal-parser` (held-out.jsonl, never tuned on).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GoalContext } from '../src/index.ts';

export const CORPUS_TODAY = '2026-11-23';
const corpusDir = join(dirname(fileURLToPath(import.meta.url)), 'fixtures/goal-corpus');

/** What a person reads in a goal text; keys left out are unknown. Times are 'H:MM:SS'. */
export interface CorpusExpect {
  sport?: string;
  meters?: number;
  date?: string;
  target?: string;
  hours?: number;
  exp?: string;
  inj?: string[];
  past_inj?: string[];
  days?: Partial<Record<'long_run_day' | 'long_ride_day' | 'no_swim_day', string>> & { rest_days?: string[] };
  excl?: Array<[string, string]>;
  /** [distance in meters, 'H:MM:SS']. */
  perf?: Array<[number, string]>;
  cur_h?: number;
  cur_km?: number;
  longest?: { run?: number; bike?: number; swim?: number };
  /** The longest session's distance per sport, km ("longest run 28 km", "never ridden more than 60 miles"). */
  longest_km?: { run?: number; bike?: number; swim?: number };
  ftp?: number;
  css?: number;
  tpace?: number;
  lthr?: number;
  max_hr?: number;
  done?: number;
  years?: number;
  /** Sports named as the athlete's weakness, swim-bike-run order. */
  lim?: string[];
}

export interface CorpusEntry {
  text: string;
  expect: CorpusExpect;
}

export const CORPUS_FIELDS = [
  'event',
  'date',
  'target',
  'weekly_hours',
  'experience',
  'injuries',
  'past_injuries',
  'days',
  'exclusions',
  'performances',
  'current_volume',
  'longest',
  'thresholds',
  'events_completed',
  'years_training',
  'limiters',
] as const;
export type CorpusField = (typeof CORPUS_FIELDS)[number];

export function loadCorpus(name: 'tuning' | 'held-out'): CorpusEntry[] {
  return readFileSync(join(corpusDir, `${name}.jsonl`), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as CorpusEntry);
}

const seconds = (hms: string) => hms.split(':').reduce((s, part) => s * 60 + Number(part), 0);
const near = (a: number | null | undefined, b: number | null | undefined, tolerance: number) =>
  a == null || b == null ? a == null && b == null : Math.abs(a - b) <= tolerance;
const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** For each field, whether the parser's reading is the expected one. */
export function scoreEntry(goal: GoalContext, e: CorpusExpect): Record<CorpusField, boolean> {
  const pe = goal.primary_event;
  const a = goal.athlete;
  const prefs = goal.preferences;
  const days: Record<string, unknown> = {};
  for (const key of ['long_run_day', 'long_ride_day', 'no_swim_day'] as const)
    if (!goal.assumed[key]) days[key] = prefs[key];
  if (!goal.assumed.rest_days) days.rest_days = [...prefs.rest_days].sort();
  const expectedDays: Record<string, unknown> = { ...(e.days ?? {}) };
  if (e.days?.rest_days) expectedDays.rest_days = [...e.days.rest_days].sort();
  const perf = e.perf ?? [];
  return {
    event:
      e.sport === undefined
        ? goal.assumed.distance
        : !goal.assumed.distance &&
          pe.sport === e.sport &&
          Math.abs(pe.distance_meters - e.meters!) <= Math.max(1, e.meters! * 0.02),
    date: (goal.assumed.date ? null : pe.date) === (e.date ?? null),
    target: (goal.assumed.target ? null : pe.target) === (e.target ?? null),
    weekly_hours: near(goal.assumed.weekly_hours ? null : goal.weekly_hours, e.hours, 0.05),
    experience: (goal.assumed.experience ? null : goal.experience) === (e.exp ?? null),
    injuries:
      e.inj === undefined ? goal.assumed.injuries : !goal.assumed.injuries && sameSet(goal.injuries, e.inj),
    past_injuries: sameSet(a.past_injuries, e.past_inj ?? []),
    days: JSON.stringify(sortKeys(days)) === JSON.stringify(sortKeys(expectedDays)),
    exclusions: sameSet(
      prefs.sport_exclusions.map((x) => `${x.sport}:${x.day}`),
      (e.excl ?? []).map(([sport, day]) => `${sport}:${day}`),
    ),
    performances:
      a.performances.length === perf.length &&
      perf.every(([meters, time]) =>
        a.performances.some(
          (p) =>
            Math.abs(p.distance_meters - meters) <= meters * 0.02 &&
            Math.abs(p.time_seconds - seconds(time)) < 1,
        ),
      ),
    current_volume: near(a.current_weekly_hours, e.cur_h, 0.05) && near(a.current_weekly_km, e.cur_km, 0.5),
    longest:
      near(a.longest_recent_minutes.run, e.longest?.run, 0.5) &&
      near(a.longest_recent_minutes.bike, e.longest?.bike, 0.5) &&
      near(a.longest_recent_minutes.swim, e.longest?.swim, 0.5) &&
      near(a.longest_recent_km.run, e.longest_km?.run, 0.15) &&
      near(a.longest_recent_km.bike, e.longest_km?.bike, 0.15) &&
      near(a.longest_recent_km.swim, e.longest_km?.swim, 0.15),
    thresholds:
      near(a.ftp_watts, e.ftp, 0.5) &&
      near(a.css_seconds_per_100m, e.css, 0.5) &&
      near(a.threshold_pace_seconds_per_km, e.tpace, 1) &&
      near(a.lthr, e.lthr, 0.5) &&
      near(a.max_hr, e.max_hr, 0.5),
    events_completed: a.events_completed === (e.done ?? null),
    years_training: near(a.years_training, e.years, 0.15),
    limiters: sameSet(a.limiters, e.lim ?? []),
  };
}

function sortKeys(o: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(o).sort(([x], [y]) => x.localeCompare(y)));
}

export interface CorpusScore {
  entries: number;
  /** Right readings per field, out of `entries`. */
  right: Record<CorpusField, number>;
  /** Per field, the texts read wrong. */
  wrong: Record<CorpusField, string[]>;
}

export function scoreCorpus(
  entries: readonly CorpusEntry[],
  parse: (text: string) => GoalContext,
): CorpusScore {
  const right = Object.fromEntries(CORPUS_FIELDS.map((f) => [f, 0])) as Record<CorpusField, number>;
  const wrong = Object.fromEntries(CORPUS_FIELDS.map((f) => [f, []])) as unknown as Record<
    CorpusField,
    string[]
  >;
  for (const entry of entries) {
    const score = scoreEntry(parse(entry.text), entry.expect);
    for (const field of CORPUS_FIELDS) {
      if (score[field]) right[field]++;
      else wrong[field].push(entry.text);
    }
  }
  return { entries: entries.length, right, wrong };
}
