// Rows cut into statements of bounded size (db/chunks.ts; docs/RELIABILITY.md, "An archive on PGlite"):
// what one PGlite statement carries is how long it holds the event loop, so no statement may carry more than its
// bound, and no row may be lost, repeated or reordered on the way.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundedChunks } from '../src/db/chunks.ts';

describe('boundedChunks', () => {
  it('keeps every row once, in order, and no chunk passes its bounds unless it is one oversized row', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 5000 }), { maxLength: 300 }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 10_000 }),
        (sizes, rows, bytes) => {
          const items = sizes.map((size, index) => ({ size, index }));
          const chunks = boundedChunks(items, { rows, bytes }, (item) => item.size);
          expect(chunks.flat()).toEqual(items);
          for (const chunk of chunks) {
            expect(chunk.length).toBeGreaterThan(0);
            expect(chunk.length).toBeLessThanOrEqual(rows);
            const total = chunk.reduce((sum, item) => sum + item.size, 0);
            if (chunk.length > 1) expect(total).toBeLessThanOrEqual(bytes);
          }
        },
      ),
    );
  });

  it('fills each chunk as far as its bounds allow (no needless statements)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 5000 }), { minLength: 1, maxLength: 300 }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 1, max: 10_000 }),
        (sizes, rows, bytes) => {
          const chunks = boundedChunks(sizes, { rows, bytes }, (size) => size);
          // A chunk ended early only because the next row would not fit.
          for (let i = 0; i + 1 < chunks.length; i++) {
            const chunk = chunks[i]!;
            const total = chunk.reduce((sum, size) => sum + size, 0);
            expect(chunk.length === rows || total + chunks[i + 1]![0]! > bytes).toBe(true);
          }
        },
      ),
    );
  });
});
