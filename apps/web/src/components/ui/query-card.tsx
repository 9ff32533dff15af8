// A card around one query's figures with the states every screen needs (loading, error with Try Again,
// empty) and an optional 'Demo' marker for sample content, so a sample is never mistaken for the athlete's own.
import { AlertTriangle, Inbox, RotateCw } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { cn } from '../../lib/cn.ts';
import { Badge } from './badge.tsx';
import { Button } from './button.tsx';
import { Card } from './card.tsx';
import { Spinner } from './spinner.tsx';

/** The part of a TanStack query result the card reads. */
export interface CardQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: Error | null;
  refetch: () => unknown;
}

export function QueryCard({
  title,
  subtitle,
  badges,
  actions,
  query,
  isEmpty = false,
  emptyTitle = 'Nothing to show yet',
  emptyText,
  demo = false,
  loadingLabel,
  className,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  /** Figures shown beside the title once the data is there. */
  badges?: ReactNode;
  /** Controls shown in the header in every state (a range switch), so they stay put while the data reloads. */
  actions?: ReactNode;
  /** One query or several: the card waits for all and shows the first error. */
  query: CardQuery | readonly CardQuery[];
  isEmpty?: boolean;
  emptyTitle?: string;
  emptyText?: string;
  demo?: boolean;
  loadingLabel?: string;
  className?: string;
  children?: ReactNode;
}) {
  const headingId = useId();
  const queries = Array.isArray(query) ? query : [query as CardQuery];
  const failed = queries.find((q) => q.isError);
  const pending = queries.some((q) => q.isPending);
  const fetching = queries.some((q) => q.isFetching);

  let body: ReactNode;
  if (failed) {
    body = (
      <div role="alert" className="flex flex-col items-center gap-2 py-6 text-center">
        <AlertTriangle className="h-8 w-8 text-destructive" aria-hidden="true" />
        <p className="font-medium">Unable to load {title.toLowerCase()}</p>
        <p className="max-w-sm text-sm text-muted-foreground">
          {failed.error?.message || 'Something went wrong while loading this data.'}
        </p>
        <Button
          variant="outline"
          size="sm"
          disabled={fetching}
          onClick={() => {
            for (const q of queries) if (q.isError) q.refetch();
          }}
        >
          <RotateCw className={cn('h-4 w-4', fetching && 'animate-spin')} aria-hidden="true" />
          Try Again
        </Button>
      </div>
    );
  } else if (pending) {
    body = (
      <div className="flex min-h-40 items-center justify-center text-muted-foreground">
        <Spinner label={loadingLabel ?? `Loading ${title.toLowerCase()}`} className="h-6 w-6" />
      </div>
    );
  } else if (isEmpty) {
    body = (
      <div className="flex flex-col items-center gap-2 py-6 text-center">
        <Inbox className="h-8 w-8 text-muted-foreground" aria-hidden="true" />
        <p className="font-medium">{emptyTitle}</p>
        {emptyText ? <p className="max-w-sm text-sm text-muted-foreground">{emptyText}</p> : null}
      </div>
    );
  } else {
    body = children;
  }

  return (
    <Card className={cn('flex min-w-0 flex-col p-4 sm:p-5', className)}>
      <section aria-labelledby={headingId} className="flex min-w-0 flex-1 flex-col gap-3">
        <header className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold">
              {title}
              {demo ? (
                <Badge variant="warning" className="uppercase tracking-wide">
                  Demo
                </Badge>
              ) : null}
            </h2>
            {subtitle ? <p className="text-sm text-muted-foreground">{subtitle}</p> : null}
          </div>
          {!failed && !pending && !isEmpty && badges ? (
            <div className="flex flex-wrap gap-1.5">{badges}</div>
          ) : null}
          {actions}
        </header>
        {body}
      </section>
    </Card>
  );
}
