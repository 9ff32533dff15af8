// One request per row: time, method, status, duration, path and request id. A list rather than a table, so that
// a phone shows every part without scrolling sideways.
import type { LogLine } from '@stamina/contract';
import { cn } from '../../../lib/cn.ts';

function statusClass(status: number): string {
  if (status >= 500) return 'border-destructive/40 bg-destructive/10 text-destructive';
  if (status >= 400) return 'border-warning/40 bg-warning/10 text-warning';
  return 'border-success/40 bg-success/10 text-success';
}

const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

export function LogLines({ lines, label }: { lines: readonly LogLine[]; label: string }) {
  return (
    <ol aria-label={label} className="divide-y divide-border rounded-lg border border-border">
      {lines.map((line) => (
        <li key={line.request_id} className="flex flex-col gap-1 px-3 py-2 text-sm">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <time dateTime={line.time} className="tabular-nums text-muted-foreground">
              {timeOf(line.time)}
            </time>
            <span className="font-mono text-xs font-semibold">{line.method}</span>
            <span
              className={cn(
                'rounded-full border px-2 py-0.5 text-xs font-semibold tabular-nums',
                statusClass(line.status),
              )}
            >
              <span className="sr-only">Status </span>
              {line.status}
            </span>
            <span className="tabular-nums text-muted-foreground">{line.duration_ms} ms</span>
          </div>
          <p className="break-all font-mono text-xs">{line.path}</p>
          <p className="break-all font-mono text-[11px] text-muted-foreground">
            <span className="sr-only">Request </span>id {line.request_id}
          </p>
        </li>
      ))}
    </ol>
  );
}
