// The coach corpus (docs/coach.md, "Corpus"): athlete-written messages with the intent, the slots and the first
// action expected over the fixture's week. Read by the corpus test (tuning part) and `npm run bench -- coach`
// (held-out part).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CoachAnswer, coachReply, messageSlots, parseMessage } from '../src/index.ts';
import { snapshot } from './coach-fixture.ts';

export interface CorpusEntry {
  intent: string;
  slots: Record<string, string>;
  action: string;
  text: string;
  line: number;
}

const dir = join(dirname(fileURLToPath(import.meta.url)), 'fixtures/coach-corpus');

export function readCorpus(part: 'tuning' | 'held-out'): CorpusEntry[] {
  const lines = readFileSync(join(dir, `${part}.txt`), 'utf8').split('\n');
  const out: CorpusEntry[] = [];
  lines.forEach((raw, i) => {
    if (!raw.trim() || raw.startsWith('#')) return;
    const [intent, slots, action, ...text] = raw.split('|').map((x) => x.trim());
    if (!intent || slots === undefined || !action || !text.length)
      throw new Error(`bad corpus line ${i + 1}`);
    out.push({
      intent: intent.trim(),
      slots: Object.fromEntries(
        slots
          .trim()
          .split(/\s+/)
          .filter(Boolean)
          .map((kv) => kv.split('=') as [string, string]),
      ),
      action: action.trim(),
      text: text.join('|'),
      line: i + 1,
    });
  });
  return out;
}

/** The first proposed action as the corpus writes it: `kind:workoutId`, `move:id>date`, or `none`. */
export function firstAction(answer: CoachAnswer): string {
  const a = answer.actions[0];
  if (!a) return 'none';
  return a.kind === 'move' ? `move:${a.workoutId}>${a.patch.workoutDate}` : `${a.kind}:${a.workoutId}`;
}

export interface CorpusScore {
  entry: CorpusEntry;
  intentOk: boolean;
  /** Expected slots read right, of those expected. */
  slotsOk: number;
  slotsTotal: number;
  actionOk: boolean;
  got: { intent: string; slots: Record<string, unknown>; action: string };
  ms: number;
}

export function scoreCorpus(entries: readonly CorpusEntry[]): CorpusScore[] {
  return entries.map((entry) => {
    const s = snapshot();
    const started = performance.now();
    const parsed = parseMessage(entry.text);
    const answer = coachReply(s, entry.text, parsed);
    const ms = performance.now() - started;
    const slots = messageSlots(parsed, s.today) as Record<string, unknown>;
    const keys = Object.keys(entry.slots);
    const slotsOk = keys.filter((k) => String(slots[k]) === entry.slots[k]).length;
    const action = firstAction(answer);
    return {
      entry,
      intentOk: answer.intent === entry.intent,
      slotsOk,
      slotsTotal: keys.length,
      actionOk: action === entry.action,
      got: { intent: answer.intent, slots, action },
      ms,
    };
  });
}

export function summarize(scores: readonly CorpusScore[]) {
  const n = scores.length || 1;
  const slotsTotal = scores.reduce((t, s) => t + s.slotsTotal, 0) || 1;
  const sorted = scores.map((s) => s.ms).sort((a, b) => a - b);
  return {
    count: scores.length,
    intent: scores.filter((s) => s.intentOk).length / n,
    slots: scores.reduce((t, s) => t + s.slotsOk, 0) / slotsTotal,
    action: scores.filter((s) => s.actionOk).length / n,
    p95Ms: sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)] ?? 0,
  };
}
