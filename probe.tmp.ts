import { readCorpus, scoreCorpus, summarize } from './packages/core/test/coach-corpus.ts';
const all = readCorpus('held-out');
const batch = all.filter((e) => e.line > all.find((x) => x.text === 'woke up shivering with a temperature')!.line - 1);
for (const [name, entries] of [['whole', all], ['batch 3', batch]] as const) {
  const scored: any[] = scoreCorpus(entries) as any;
  console.log(name, entries.length, JSON.stringify(summarize(scored as any)));
  if (name === 'batch 3') for (const r of scored) if (!r.intentOk || r.slotsOk < r.slotsTotal || !r.actionOk) console.log('  MISS', r.entry.text, '| want', r.entry.intent, r.entry.action, '| got', r.got.intent, JSON.stringify(r.got.slots), r.got.action);
}
