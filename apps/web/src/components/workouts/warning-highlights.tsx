// The parsed text with every fragment the parser did not understand marked, plus each message.
// Rendered as text nodes and <mark> elements only: the athlete's text is never injected as HTML.
import type { ParseWarning } from '@stamina/core';
import { TriangleAlert } from 'lucide-react';

interface Segment {
  key: string;
  text: string;
  warning?: ParseWarning;
}

/** Splits `text` at the warnings' [start, end) ranges; overlapping or out-of-range parts are clamped. */
function highlightSegments(text: string, warnings: readonly ParseWarning[]): Segment[] {
  const ranges = warnings
    .map((w) => ({
      w,
      start: Math.max(0, Math.floor(w.start)),
      end: Math.min(text.length, Math.floor(w.end)),
    }))
    .filter((r) => r.end > r.start)
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const segments: Segment[] = [];
  let cursor = 0;
  for (const { w, start, end } of ranges) {
    const from = Math.max(start, cursor);
    if (end <= from) continue;
    if (from > cursor) segments.push({ key: `t${cursor}`, text: text.slice(cursor, from) });
    segments.push({ key: `w${from}`, text: text.slice(from, end), warning: w });
    cursor = end;
  }
  if (cursor < text.length) segments.push({ key: `t${cursor}`, text: text.slice(cursor) });
  return segments;
}

export function WarningHighlights({ text, warnings }: { text: string; warnings: readonly ParseWarning[] }) {
  if (warnings.length === 0) return null;
  const segments = highlightSegments(text, warnings);
  const count = warnings.length;
  return (
    <section
      aria-label="Parts not understood"
      className="space-y-2 rounded-lg border border-warning/40 bg-warning/5 p-3 text-sm"
    >
      <p className="flex items-center gap-2 font-medium text-warning">
        <TriangleAlert className="h-4 w-4 shrink-0" aria-hidden="true" />
        {count === 1 ? '1 part was not understood' : `${count} parts were not understood`}
      </p>
      <p className="whitespace-pre-wrap break-words rounded-md bg-background/60 p-2 font-mono text-xs leading-relaxed">
        {segments.map((segment) =>
          segment.warning ? (
            <mark
              key={segment.key}
              title={segment.warning.message}
              className="rounded-sm bg-warning/25 px-0.5 text-foreground underline decoration-warning decoration-wavy underline-offset-2"
            >
              {segment.text}
            </mark>
          ) : (
            <span key={segment.key}>{segment.text}</span>
          ),
        )}
      </p>
      <ul className="list-disc space-y-0.5 pl-5 text-xs text-muted-foreground">
        {warnings.map((w) => (
          <li key={`${w.start}-${w.end}-${w.message}`}>
            <span className="font-medium text-foreground">“{w.text || text.slice(w.start, w.end)}”</span>:{' '}
            {w.message}
          </li>
        ))}
      </ul>
    </section>
  );
}
