import { describe, expect, it } from 'vitest';
import { parseWorkout } from '../src/index.ts';
import { PARSER_EXAMPLES } from './parser-examples.ts';

describe('parser example table', () => {
  it('has at least 100 examples across the four sports', () => {
    expect(PARSER_EXAMPLES.length).toBeGreaterThanOrEqual(100);
    for (const sport of ['run', 'bike', 'swim', 'strength'] as const) {
      expect(PARSER_EXAMPLES.filter((e) => e.sport === sport).length).toBeGreaterThanOrEqual(15);
    }
  });

  it.each(PARSER_EXAMPLES)(
    '[$sport] $text → $total s, $work work intervals',
    ({ sport, text, total, work }) => {
      const parsed = parseWorkout(text, { sport });
      expect(parsed.total_duration_estimated).toBe(total);
      expect(parsed.main_intervals.filter((s) => !s.isRest)).toHaveLength(work);
    },
  );
});
