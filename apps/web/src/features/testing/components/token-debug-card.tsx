// Token debug: the current access token's header and payload, with the signature never shown; its expiry
// counting down; and the server's answer to a re-check every 30 s (docs/testing-dashboard.md, "Token debug").
import { CheckCircle2, RotateCw, XCircle } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { TOKEN_RECHECK_MS, useTokenCheck } from '../../../api/logs/logs.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { decodeToken, expiryCountdown, TIME_CLAIMS, TOKEN_CLAIMS } from '../token.ts';

function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

const timeText = (ms: number) =>
  new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

function claimText(name: string, value: unknown): string {
  if (value === undefined) return 'not in token';
  if (TIME_CLAIMS.has(name) && typeof value === 'number') return `${value} (${timeText(value * 1000)})`;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function JsonBlock({ label, value }: { label: string; value: object }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0">
      <h3 id={id} className="mb-1 text-sm font-medium">
        {label}
      </h3>
      {/* Wrapped rather than scrolled: nothing to reach by keyboard, nothing cut on a phone. */}
      <pre className="whitespace-pre-wrap break-all rounded-lg border border-border bg-muted p-3 font-mono text-xs">
        {JSON.stringify(value, null, 2)}
      </pre>
    </section>
  );
}

export function TokenDebugCard({ accessToken }: { accessToken: string | null }) {
  const headingId = useId();
  const now = useNow();
  const check = useTokenCheck();
  const decoded = accessToken ? decodeToken(accessToken) : null;
  const exp = typeof decoded?.payload.exp === 'number' ? decoded.payload.exp : null;
  const countdown = exp === null ? null : expiryCountdown(exp, now);

  return (
    <Card className="flex min-w-0 flex-col p-4 sm:p-5">
      <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
        <header>
          <h2 id={headingId} className="text-base font-semibold">
            Token debug
          </h2>
          <p className="text-sm text-muted-foreground">
            The access token of this session, decoded here. Its signature is never shown.
          </p>
        </header>

        {!decoded ? (
          <Alert variant="destructive">
            {accessToken
              ? 'The stored access token cannot be read. Sign out and sign in again.'
              : 'No access token is stored. Please log in.'}
          </Alert>
        ) : (
          <>
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <span className="text-sm text-muted-foreground">Expires in</span>
              <span
                className={cn(
                  'font-mono text-2xl font-semibold tabular-nums',
                  countdown === 'expired' && 'text-destructive',
                )}
              >
                {countdown ?? 'no exp claim'}
              </span>
              {exp !== null ? (
                <span className="text-sm text-muted-foreground">at {timeText(exp * 1000)}</span>
              ) : null}
            </div>

            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
              {TOKEN_CLAIMS.map((name) => (
                <div key={name} className="contents">
                  <dt className="font-mono text-muted-foreground">{name}</dt>
                  <dd className="min-w-0 break-all">{claimText(name, decoded.payload[name])}</dd>
                </div>
              ))}
            </dl>

            <div className="grid gap-3 lg:grid-cols-2">
              <JsonBlock label="Header" value={decoded.header} />
              <JsonBlock label="Payload" value={decoded.payload} />
            </div>
          </>
        )}

        <div className="flex flex-col gap-2 rounded-lg border border-border p-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-sm font-medium">
              Token check{' '}
              <span className="font-normal text-muted-foreground">(every {TOKEN_RECHECK_MS / 1000} s)</span>
            </h3>
            <Button variant="outline" size="sm" onClick={() => check.refetch()} disabled={check.isFetching}>
              <RotateCw className={cn('h-4 w-4', check.isFetching && 'animate-spin')} aria-hidden="true" />
              Check now
            </Button>
          </div>
          <div aria-live="polite" className="text-sm">
            {check.isPending ? (
              <span className="inline-flex items-center gap-2 text-muted-foreground">
                <Spinner label="Checking the token" className="h-4 w-4" /> Checking…
              </span>
            ) : check.isError ? (
              <p className="flex items-start gap-2 text-destructive">
                <XCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
                <span>Invalid: {errorMessage(check.error)}</span>
              </p>
            ) : (
              <p className="flex items-start gap-2 text-success">
                <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
                <span>
                  Valid: signed in as {check.data.user.email}, checked at{' '}
                  {new Date(check.data.checkedAt).toLocaleTimeString()}
                </span>
              </p>
            )}
          </div>
        </div>
      </section>
    </Card>
  );
}
