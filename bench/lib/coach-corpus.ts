// The coach's language on its held-out corpus (issue 27 §2; docs/coach.md, "Corpus"): intent, slot and first-
// action accuracy over the messages the rules were never tuned on, and the built-in answer's time per message in
// process (read, answered over the fixture's week). The tuning part runs first, unmeasured, to warm up.
import { readCorpus, scoreCorpus, summarize } from '../../packages/core/test/coach-corpus.ts';
import { budgeted, type Figure, info } from './report.ts';

export function coachCorpusFigures(): Figure[] {
  scoreCorpus(readCorpus('tuning'));
  const held = summarize(scoreCorpus(readCorpus('held-out')));
  const pct = (x: number) => Math.round(x * 1000) / 10;
  return [
    budgeted(
      {
        id: 'coach-intent-accuracy',
        label: `coach intent, held-out (${held.count} messages)`,
        value: pct(held.intent),
        unit: '%',
        digits: 1,
      },
      { min: 95, text: '≥ 95 %' },
    ),
    budgeted(
      {
        id: 'coach-slot-accuracy',
        label: 'coach slots, held-out',
        value: pct(held.slots),
        unit: '%',
        digits: 1,
      },
      { min: 95, text: '≥ 95 %' },
    ),
    info({
      id: 'coach-action-accuracy',
      label: 'coach first action, held-out',
      value: pct(held.action),
      unit: '%',
      digits: 1,
    }),
    budgeted(
      {
        id: 'coach-answer-p95-in-process',
        label: 'coach answer p95, in process',
        value: held.p95Ms,
        unit: 'ms',
        digits: 2,
      },
      { max: 50, text: '≤ 50 ms' },
    ),
  ];
}
