// The frame of every dashboard widget: a titled card with its spinner, error (with Try Again) and empty
// states, fading in after `delayMs` (none under prefers-reduced-motion, via motion-safe).
import { AlertTriangle, RotateCw } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';

/** The icon beside a widget's title. */
export const WIDGET_ICON_CLASS = 'h-4 w-4 text-primary';

export interface WidgetQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

export function WidgetCard({
  title,
  icon,
  query,
  errorText,
  empty,
  estimate = false,
  delayMs = 0,
  children,
}: {
  title: string;
  icon?: ReactNode;
  query: WidgetQuery;
  /** The widget's own failure text, e.g. 'Failed to load workout'. */
  errorText?: string;
  /** Shown instead of the children when the data holds nothing to show. */
  empty?: ReactNode;
  /**
   * Marks figures that are stand-ins for a missing score (docs/dashboard.md, "The dashboard screen"), not the
   * athlete's measurements.
   */
  estimate?: boolean;
  delayMs?: number;
  children?: ReactNode;
}) {
  const headingId = useId();
  let body: ReactNode;
  if (query.isError) {
    body = (
      <div role="alert" className="flex flex-col items-center gap-2 py-4 text-center">
        <AlertTriangle className="h-7 w-7 text-destructive" aria-hidden="true" />
        <p className="text-sm font-medium">{errorText ?? `Failed to load ${title.toLowerCase()}`}</p>
        <Button variant="outline" size="sm" disabled={query.isFetching} onClick={() => query.refetch()}>
          <RotateCw className={cn('h-4 w-4', query.isFetching && 'animate-spin')} aria-hidden="true" />
          Try Again
        </Button>
      </div>
    );
  } else if (query.isPending) {
    body = (
      <div className="flex min-h-28 items-center justify-center text-muted-foreground">
        <Spinner label={`Loading ${title}`} className="h-6 w-6" />
      </div>
    );
  } else {
    body = empty ?? children;
  }

  return (
    <Card
      className="flex min-w-0 flex-col p-4 motion-safe:animate-[dashboard-fade-in_400ms_ease-out_both] sm:p-5"
      style={{ animationDelay: `${delayMs}ms` }}
    >
      <section aria-labelledby={headingId} className="flex min-w-0 flex-1 flex-col gap-3">
        <header className="flex items-center justify-between gap-2">
          <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold">
            {icon}
            {title}
          </h2>
          {estimate && !query.isPending && !query.isError ? (
            <Badge variant="warning" className="uppercase tracking-wide">
              Estimate
            </Badge>
          ) : null}
        </header>
        {body}
      </section>
    </Card>
  );
}

/** An empty state inside a widget: a line of text and, optionally, the action that fills it. */
export function WidgetEmpty({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 py-3 text-center">
      <p className="text-sm text-muted-foreground">{text}</p>
      {action}
    </div>
  );
}
