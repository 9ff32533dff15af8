// The goal parser on the held-out part of the goal corpus (packages/core/test/fixtures/goal-corpus/
// held-out.jsonl): texts the rules were never tuned on. One figure per field, the share of texts read right,
// with a budget of >= 95 %; and the time one goal takes to read.
import { parseGoal } from '@stamina/core';
import {
  CORPUS_FIELDS,
  CORPUS_TODAY,
  loadCorpus,
  scoreCorpus,
} from '../../packages/core/test/goal-corpus.ts';
import { budgeted, type Figure, info } from './report.ts';

export function goalParserFigures(): Figure[] {
  const entries = loadCorpus('held-out');
  const started = performance.now();
  const score = scoreCorpus(entries, (text) => parseGoal(text, { today: CORPUS_TODAY }));
  const msPerGoal = (performance.now() - started) / entries.length;
  return [
    ...CORPUS_FIELDS.map((field) =>
      budgeted(
        {
          id: `goal-parser.held-out.${field}`,
          label: `goal parser, held-out corpus: ${field.replaceAll('_', ' ')}`,
          value: (100 * score.right[field]) / score.entries,
          unit: '%',
          digits: 1,
          note: `${score.right[field]}/${score.entries}`,
        },
        { min: 95, text: '>= 95 %' },
      ),
    ),
    info({
      id: 'goal-parser.ms-per-goal',
      label: 'goal parser, time to read one goal (held-out corpus)',
      value: msPerGoal,
      unit: 'ms',
      digits: 2,
    }),
  ];
}
