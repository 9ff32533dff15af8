// The filter an archive puts in front of its members' duplicate checks (docs/activities.md, "Platform archives",
// "Speed"): it may say "maybe" where nothing is stored, never "no" where something is.
import { describe, expect, it } from 'vitest';
import { storedIndex } from '../src/modules/activities/stored-index.ts';

const at = (iso: string) => new Date(iso);

describe('stored index', () => {
  const index = storedIndex(['a'.repeat(64)], [{ sport: 'run', startTime: at('2025-03-01T07:00:30Z') }], 60);

  it('knows the stored contents', () => {
    expect(index.mayHaveFile('a'.repeat(64))).toBe(true);
    expect(index.mayHaveFile('b'.repeat(64))).toBe(false);
  });

  it('never misses a start of the same sport within the window, either side', () => {
    for (const offset of [-60, -59, -30, -1, 0, 1, 29, 30, 59, 60]) {
      const start = new Date(at('2025-03-01T07:00:30Z').getTime() + offset * 1000);
      expect(index.mayHaveNear('run', start), `offset ${offset} s`).toBe(true);
    }
  });

  it('answers no far from every start, and for another sport', () => {
    expect(index.mayHaveNear('run', at('2025-03-01T07:03:00Z'))).toBe(false);
    expect(index.mayHaveNear('run', at('2025-03-01T06:58:00Z'))).toBe(false);
    expect(index.mayHaveNear('bike', at('2025-03-01T07:00:30Z'))).toBe(false);
  });

  it('learns what a round stored', () => {
    index.add([{ sha256: 'c'.repeat(64), legs: [{ sport: 'bike', start: at('2025-03-02T09:00:00Z') }] }]);
    expect(index.mayHaveFile('c'.repeat(64))).toBe(true);
    expect(index.mayHaveNear('bike', at('2025-03-02T08:59:10Z'))).toBe(true);
  });
});
