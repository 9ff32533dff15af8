// Rows cut into statements of bounded size (docs/RELIABILITY.md, "An archive on PGlite"). On PGlite a
// statement runs on the event loop from its first byte to its last, so what one statement carries is what one
// pause of every other request costs; the client lets the loop turn between two statements (db/client.ts).

/**
 * `items` in order, cut into runs of at most `rows` items whose `bytesOf` sum to at most `bytes`; an item larger
 * than `bytes` on its own makes a run of one.
 */
export function boundedChunks<T>(
  items: readonly T[],
  limit: { rows: number; bytes: number },
  bytesOf: (item: T) => number,
): T[][] {
  const chunks: T[][] = [];
  let current: T[] = [];
  let size = 0;
  for (const item of items) {
    const itemBytes = bytesOf(item);
    if (current.length > 0 && (current.length >= limit.rows || size + itemBytes > limit.bytes)) {
      chunks.push(current);
      current = [];
      size = 0;
    }
    current.push(item);
    size += itemBytes;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
