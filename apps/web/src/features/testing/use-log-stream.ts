// The live log stream (GET /api/v1/logs/stream) through EventSource, with the access token in the query. It
// connects when the athlete asks (an open stream holds a server connection; the server allows a few per athlete).
// A new token (after a refresh) opens a new connection; EventSource reconnects by itself after a network drop,
// and a refused connection (401) stays closed with the error text of docs/testing-dashboard.md until the token
// changes or Connect.
import { LOG_BUFFER_SIZE, LOG_STREAM_ERROR, type LogLine } from '@stamina/contract';
import { useCallback, useEffect, useState } from 'react';
import { logStreamUrl } from '../../api/logs/logs.ts';

export type StreamStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface LogStream {
  status: StreamStatus;
  /** Newest first, at most LOG_BUFFER_SIZE. */
  lines: LogLine[];
  /** 'Log stream connection error', with the server's reason when it gave one. */
  error: string | null;
  /** Whether the athlete asked for the stream (Connect) and has not disconnected it. */
  active: boolean;
  connect(): void;
  disconnect(): void;
  clear(): void;
}

function isLogLine(value: unknown): value is LogLine {
  const line = value as LogLine;
  return (
    typeof line === 'object' &&
    line !== null &&
    typeof line.request_id === 'string' &&
    typeof line.method === 'string' &&
    typeof line.path === 'string' &&
    typeof line.status === 'number'
  );
}

export function useLogStream(accessToken: string | null): LogStream {
  const [status, setStatus] = useState<StreamStatus>('idle');
  const [lines, setLines] = useState<LogLine[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [active, setActive] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how Connect opens a new connection.
  useEffect(() => {
    if (!active) {
      setStatus('idle');
      setError(null);
      return;
    }
    if (!accessToken) {
      setStatus('closed');
      setError(LOG_STREAM_ERROR);
      return;
    }
    setStatus('connecting');
    setError(null);
    const source = new EventSource(logStreamUrl(accessToken));
    source.onopen = () => {
      setStatus('open');
      setError(null);
    };
    source.onmessage = (event: MessageEvent<string>) => {
      let line: unknown;
      try {
        line = JSON.parse(event.data);
      } catch {
        return;
      }
      if (isLogLine(line)) {
        const next = line;
        setLines((before) => [next, ...before].slice(0, LOG_BUFFER_SIZE));
      }
    };
    source.addEventListener('session-ended', (event) => {
      let reason = '';
      try {
        reason = (JSON.parse((event as MessageEvent<string>).data) as { message?: string }).message ?? '';
      } catch {
        // The text alone, then.
      }
      source.close();
      setStatus('closed');
      setError(reason ? `${LOG_STREAM_ERROR}: ${reason}` : LOG_STREAM_ERROR);
    });
    source.onerror = () => {
      // CONNECTING: the browser retries by itself; CLOSED: it gave up (the server refused the token).
      setStatus(source.readyState === EventSource.CLOSED ? 'closed' : 'reconnecting');
      setError(LOG_STREAM_ERROR);
    };
    return () => source.close();
  }, [accessToken, active, attempt]);

  return {
    status,
    lines,
    error,
    active,
    connect: useCallback(() => {
      setActive(true);
      setAttempt((n) => n + 1);
    }, []),
    disconnect: useCallback(() => setActive(false), []),
    clear: useCallback(() => setLines([]), []),
  };
}
