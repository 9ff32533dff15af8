// A page whose main read failed: what could not be loaded, why, and Try Again (when a retry can help). The
// one page-level error card; a card around a single query's figures uses QueryCard's own error state.
import { AlertTriangle, RotateCw } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { Button } from './button.tsx';
import { Card } from './card.tsx';
import type { CardQuery } from './query-card.tsx';

export function PageError({
  title,
  message,
  retry,
  headingLevel = 2,
}: {
  title: string;
  message: string;
  /** The failed read; without it (e.g. a 404) no Try Again is offered. */
  retry?: Pick<CardQuery, 'isFetching' | 'refetch'>;
  /** 1 when the card is the page's only heading. */
  headingLevel?: 1 | 2;
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <Card role="alert" className="flex flex-col items-center gap-3 p-8 text-center">
      <AlertTriangle className="h-10 w-10 text-destructive" aria-hidden="true" />
      <Heading className="text-lg font-semibold">{title}</Heading>
      <p className="max-w-md text-sm text-muted-foreground">{message}</p>
      {retry ? (
        <Button variant="outline" onClick={() => retry.refetch()} disabled={retry.isFetching}>
          <RotateCw className={cn('h-4 w-4', retry.isFetching && 'animate-spin')} aria-hidden="true" />
          Try Again
        </Button>
      ) : null}
    </Card>
  );
}
