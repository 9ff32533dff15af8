// Lines of a stream, read by bytes with a cap per line (docs/account.md, "Importing an export"): a line longer
// than the cap is refused as soon as the cap is passed, so no line is ever held whole beyond it. readline, which
// buffers a whole line before anyone can look at its length, let one 700 MB line stop the server.

/** Each '\n'-terminated line of `source` (a last line without one too) as UTF-8 text; `tooLong` past `maxBytes`. */
export async function* cappedLines(
  source: AsyncIterable<Buffer | string>,
  maxBytes: number,
  tooLong: () => Error,
): AsyncGenerator<string> {
  let parts: Buffer[] = [];
  let size = 0;
  for await (const data of source) {
    const chunk = typeof data === 'string' ? Buffer.from(data) : data;
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(10, start);
      const piece = chunk.subarray(start, newline === -1 ? chunk.length : newline);
      size += piece.length;
      if (size > maxBytes) throw tooLong();
      if (piece.length > 0) parts.push(piece);
      if (newline === -1) break;
      yield Buffer.concat(parts, size).toString('utf8');
      parts = [];
      size = 0;
      start = newline + 1;
    }
  }
  if (size > 0) yield Buffer.concat(parts, size).toString('utf8');
}
