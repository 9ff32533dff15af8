import { describe, expect, it } from 'vitest';
import { parseWorkout, primaryZone } from '../src/index.ts';
import { PARSER_EXAMPLES, readExamples } from './parser-examples.ts';

describe('parser example table (docs/workout-parser.md, "Examples")', () => {
  it('has at least 200 examples across the four sports', () => {
    expect(PARSER_EXAMPLES.length).toBeGreaterThanOrEqual(200);
    for (const sport of ['run', 'bike', 'swim', 'strength'] as const) {
      expect(PARSER_EXAMPLES.filter((e) => e.sport === sport).length).toBeGreaterThanOrEqual(25);
    }
  });

  it('reads rows with escaped pipes and newlines, and skips other rows', () => {
    const doc = [
      '<!-- examples:start -->',
      '| Sport | Workout | Total | Work | Zone |',
      '|---|---|---|---|---|',
      '| run | `5min a \\| b\\n10min` | 1:02:05 | 3 | Z4 |',
      '| bike | `nothing` | 0:00 | 0 | - |',
      '<!-- examples:end -->',
      '| run | `outside` | 1:00 | 1 | Z1 |',
    ].join('\n');
    expect(readExamples(doc)).toEqual([
      { sport: 'run', text: '5min a | b\n10min', total: 3725, work: 3, zone: 4 },
      { sport: 'bike', text: 'nothing', total: 0, work: 0, zone: null },
    ]);
  });

  it.each(PARSER_EXAMPLES)(
    '[$sport] $text → $total s, $work work, zone $zone',
    ({ sport, text, total, work, zone }) => {
      const parsed = parseWorkout(text, { sport });
      expect({
        total: parsed.total_duration_estimated,
        work: parsed.main_intervals.filter((s) => !s.isRest).length,
        zone: primaryZone(parsed.intervals),
      }).toEqual({ total, work, zone });
    },
  );
});
