// The error screen shown when a route fails to load or render (docs/screens.md, "Error screen and 404"). It
// works without the auth context (it may replace the providers themselves) and shows error messages only as
// text.
import { Check, Copy, RefreshCw, TriangleExclamationPoint } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { isRouteErrorResponse, Link, useLocation, useNavigate, useRouteError } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Wordmark } from '../../components/ui/wordmark.tsx';
import { ROUTES } from '../../lib/app-constants.ts';
import { cn } from '../../lib/cn.ts';

const ERROR_ID_LENGTH = 9;
const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
const COPIED_FEEDBACK_MS = 2000;

const QUICK_FIXES = [
  'Refresh the page',
  'Check your internet connection',
  'Clear your browser cache',
  'Try again in a few minutes',
] as const;

/** Nine random base-36 characters that identify one failure in a support request. */
function createErrorId(): string {
  const bytes = new Uint8Array(ERROR_ID_LENGTH);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');
}

interface ErrorDetails {
  message: string;
  stack: string | undefined;
  componentStack: string | undefined;
}

function describeError(error: unknown): ErrorDetails {
  if (isRouteErrorResponse(error)) {
    const data = typeof error.data === 'string' && error.data ? `: ${error.data}` : '';
    return {
      message: `${error.status} ${error.statusText}${data}`.trim(),
      stack: undefined,
      componentStack: undefined,
    };
  }
  if (error instanceof Error) {
    // React's component stack is only there when whoever caught the error attached it.
    const componentStack = (error as Error & { componentStack?: unknown }).componentStack;
    return {
      message: error.message || error.name,
      stack: error.stack,
      componentStack:
        typeof componentStack === 'string' && componentStack.trim() ? componentStack : undefined,
    };
  }
  if (typeof error === 'string') return { message: error, stack: undefined, componentStack: undefined };
  let message: string;
  try {
    message = JSON.stringify(error) ?? String(error);
  } catch {
    message = String(error);
  }
  return { message, stack: undefined, componentStack: undefined };
}

/** Errors of a lazily loaded page whose code could not be downloaded (offline, or a new version was deployed). */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|importing a module script failed|module script|chunk/i.test(error.message)
  );
}

interface Incident {
  error: unknown;
  id: string;
  occurredAt: string;
}

function newIncident(error: unknown): Incident {
  return { error, id: createErrorId(), occurredAt: new Date().toISOString() };
}

/** One ID and timestamp per error: kept across re-renders, renewed when a different error arrives. */
function useIncident(error: unknown): Incident {
  const [incident, setIncident] = useState(() => newIncident(error));
  if (incident.error !== error) {
    const next = newIncident(error);
    setIncident(next);
    return next;
  }
  return incident;
}

function errorReport(incident: Incident, route: string, details: ErrorDetails): string {
  return [
    'Stamina error report',
    `Error ID: ${incident.id}`,
    `Route: ${route}`,
    `Time: ${incident.occurredAt}`,
    `Message: ${details.message || 'n/a'}`,
    'Stack:',
    details.stack ?? 'n/a',
    'Component stack:',
    details.componentStack ?? 'n/a',
  ].join('\n');
}

export function RouteErrorPage() {
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  const incident = useIncident(error);
  const details = describeError(error);
  const route = location.pathname;
  const report = errorReport(incident, route, details);
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const resetTimer = useRef<number | undefined>(undefined);
  const detailsRef = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    document.title = 'Something went wrong · Stamina';
  }, []);

  useEffect(() => {
    // Leaves a trace in the console that matches the ID the user may quote to support.
    console.error(`[Stamina] Error ${incident.id} on ${route}`, incident.error);
  }, [incident, route]);

  useEffect(() => () => window.clearTimeout(resetTimer.current), []);

  async function copyReport() {
    window.clearTimeout(resetTimer.current);
    try {
      if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
      // Built again at click time: a component stack attached after the first render is included too.
      await navigator.clipboard.writeText(errorReport(incident, route, describeError(error)));
      setCopyState('copied');
    } catch {
      // Without clipboard access, open the details so the report can be selected by hand.
      setCopyState('failed');
      if (detailsRef.current) detailsRef.current.open = true;
    }
    resetTimer.current = window.setTimeout(() => setCopyState('idle'), COPIED_FEEDBACK_MS);
  }

  // A new navigation to the same address clears the error, re-runs the loaders and remounts the page, keeping the
  // session and caches. A failed code download stays cached by the router, so that one needs a real reload.
  const tryAgain = () => {
    if (isChunkLoadError(error)) {
      window.location.reload();
      return;
    }
    navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: location.state },
    );
  };

  return (
    <div className="flex min-h-dvh flex-col bg-background text-foreground">
      <header className="mx-auto flex h-16 w-full max-w-xl items-center px-4 sm:px-0">
        <Wordmark />
      </header>
      <main className="flex flex-1 items-start justify-center px-4 pb-12 sm:items-center">
        <div className="w-full max-w-xl rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-8">
          <span
            className="flex h-12 w-12 items-center justify-center rounded-xl bg-destructive/10 text-destructive"
            aria-hidden="true"
          >
            <TriangleExclamationPoint className="h-6 w-6" />
          </span>
          <h1 className="mt-5 text-2xl font-bold tracking-tight sm:text-3xl">Oops! Something went wrong</h1>
          <p className="mt-2 text-muted-foreground">
            This page hit an unexpected problem and could not be shown. Trying again usually helps.
          </p>

          <dl className="mt-6 grid gap-2 rounded-xl bg-muted p-4 text-sm sm:grid-cols-[auto_minmax(0,1fr)] sm:items-center sm:gap-x-4 sm:gap-y-3">
            <dt className="font-medium text-muted-foreground">Route</dt>
            <dd className="break-all font-mono">{route}</dd>
            <dt className="font-medium text-muted-foreground">Error ID</dt>
            <dd className="flex flex-wrap items-center gap-3">
              <span className="font-mono font-semibold">{incident.id}</span>
              <Button variant="outline" size="sm" onClick={copyReport}>
                {copyState === 'copied' ? (
                  <>
                    <Check className="h-4 w-4 text-success" aria-hidden="true" />
                    Copied
                  </>
                ) : (
                  <>
                    <Copy className="h-4 w-4" aria-hidden="true" />
                    Copy error details
                  </>
                )}
              </Button>
            </dd>
          </dl>
          <p role="status" className="mt-2 min-h-5 text-sm text-muted-foreground">
            {copyState === 'copied' ? 'Error details copied to the clipboard.' : null}
            {copyState === 'failed'
              ? 'Could not copy. Select the technical details below and copy them instead.'
              : null}
          </p>

          <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Button onClick={tryAgain}>
              <RefreshCw className="h-4 w-4" aria-hidden="true" />
              Try Again
            </Button>
            <Link to={ROUTES.dashboard} className={buttonClasses('secondary')}>
              Go to Dashboard
            </Link>
            <Link to={ROUTES.support} className={buttonClasses('outline')}>
              Report Issue
            </Link>
          </div>

          <h2 className="mt-8 text-base font-semibold">Quick fixes</h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-muted-foreground">
            {QUICK_FIXES.map((fix) => (
              <li key={fix}>{fix}</li>
            ))}
          </ul>

          <details ref={detailsRef} className="mt-6 text-sm">
            <summary
              className={cn(
                'cursor-pointer rounded font-medium',
                'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-card',
              )}
            >
              Technical details
            </summary>
            <pre className="mt-3 max-h-64 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-muted p-3 font-mono text-xs">
              {report}
            </pre>
          </details>

          <p className="mt-6 border-t border-border pt-4 text-sm text-muted-foreground">
            Still not working?{' '}
            <Link
              to={ROUTES.support}
              className="rounded font-medium text-primary underline underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              Contact support
            </Link>{' '}
            and include the error ID.
          </p>
        </div>
      </main>
    </div>
  );
}
