import { readCorpus, scoreCorpus, summarize } from './packages/core/test/coach-corpus.ts';
for (const part of ['tuning', 'held-out'] as const) {
  const entries = readCorpus(part);
  const scored = scoreCorpus(entries);
  const s = summarize(scored);
  console.log(part, JSON.stringify(s).slice(0, 300));
  for (const r of scored as any[]) if (!r.intentOk || r.slotsOk < r.slotsTotal || !r.actionOk) console.log('  MISS', JSON.stringify(r).slice(0, 400));
}
