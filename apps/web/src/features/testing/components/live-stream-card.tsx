// The live log stream: each new request of the signed-in athlete as it is answered (server-sent events).
import { Plug, Trash2, Unplug } from 'lucide-react';
import { useId } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { type StreamStatus, useLogStream } from '../use-log-stream.ts';
import { LogLines } from './log-lines.tsx';

const STATUS: Record<StreamStatus, { text: string; dot: string }> = {
  idle: { text: 'Not connected', dot: 'bg-muted-foreground' },
  connecting: { text: 'Connecting…', dot: 'bg-warning' },
  open: { text: 'Live', dot: 'bg-success animate-pulse' },
  reconnecting: { text: 'Reconnecting…', dot: 'bg-warning' },
  closed: { text: 'Disconnected', dot: 'bg-destructive' },
};

export function LiveStreamCard({ accessToken }: { accessToken: string | null }) {
  const headingId = useId();
  const stream = useLogStream(accessToken);
  const status = STATUS[stream.status];
  return (
    <Card className="flex min-w-0 flex-col p-4 sm:p-5">
      <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3">
        <header className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 id={headingId} className="text-base font-semibold">
              Live log stream
            </h2>
            <p className="text-sm text-muted-foreground">Your requests as this server answers them</p>
          </div>
          <p role="status" className="inline-flex items-center gap-2 text-sm font-medium">
            <span className={cn('h-2.5 w-2.5 rounded-full', status.dot)} aria-hidden="true" />
            {status.text}
          </p>
        </header>

        <div className="flex flex-wrap gap-2">
          {stream.active && stream.status !== 'closed' ? (
            <Button variant="outline" size="sm" onClick={stream.disconnect}>
              <Unplug className="h-4 w-4" aria-hidden="true" />
              Disconnect
            </Button>
          ) : (
            <Button size="sm" onClick={stream.connect}>
              <Plug className="h-4 w-4" aria-hidden="true" />
              Connect
            </Button>
          )}
          <Button variant="outline" size="sm" onClick={stream.clear} disabled={stream.lines.length === 0}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Clear
          </Button>
        </div>

        {stream.error ? <Alert variant="destructive">{stream.error}</Alert> : null}

        {stream.lines.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border px-3 py-6 text-center text-sm text-muted-foreground">
            {stream.active
              ? 'Waiting for requests. Anything you do in another tab shows up here.'
              : 'Connect to see each of your requests as the server answers it.'}
          </p>
        ) : (
          <LogLines lines={stream.lines} label="Live requests" />
        )}
      </section>
    </Card>
  );
}
