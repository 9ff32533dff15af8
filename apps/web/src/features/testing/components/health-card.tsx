// Health for each API area (GET /api/v1/health/areas): database, job queue, file store, mail and Redis, each
// with what was checked and how long it took.
import type { HealthStatus } from '@stamina/contract';
import { RotateCw } from 'lucide-react';
import { useHealthAreas } from '../../../api/logs/logs.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { QueryCard } from '../../../components/ui/query-card.tsx';
import { cn } from '../../../lib/cn.ts';

const STATUS_TEXT: Record<HealthStatus, string> = {
  ok: 'OK',
  degraded: 'Degraded',
  down: 'Down',
  not_configured: 'Not configured',
};

const STATUS_CLASS: Record<HealthStatus, string> = {
  ok: 'border-success/40 bg-success/10 text-success',
  degraded: 'border-warning/40 bg-warning/10 text-warning',
  down: 'border-destructive/40 bg-destructive/10 text-destructive',
  not_configured: 'border-border bg-muted text-muted-foreground',
};

export function HealthCard() {
  const health = useHealthAreas();
  const data = health.data;
  return (
    <QueryCard
      title="Health"
      subtitle={
        data
          ? `Server ${data.version}, checked at ${new Date(data.checked_at).toLocaleTimeString()}`
          : 'Each API area, checked now'
      }
      query={health}
      loadingLabel="Checking each API area"
      badges={
        data ? (
          <>
            <Badge variant={data.status === 'ok' ? 'success' : 'warning'}>
              {data.status === 'ok' ? 'All areas OK' : 'Some areas need attention'}
            </Badge>
            <Button
              variant="outline"
              size="sm"
              onClick={() => health.refetch()}
              disabled={health.isFetching}
              className="h-7"
            >
              <RotateCw
                className={cn('h-3.5 w-3.5', health.isFetching && 'animate-spin')}
                aria-hidden="true"
              />
              Check again
            </Button>
          </>
        ) : null
      }
    >
      <ul aria-label="API areas" className="divide-y divide-border rounded-lg border border-border">
        {data?.areas.map((area) => (
          <li
            key={area.area}
            className="flex flex-col gap-1 px-3 py-2.5 sm:flex-row sm:items-center sm:gap-3"
          >
            <div className="flex items-center justify-between gap-2 sm:w-44 sm:shrink-0 sm:justify-start">
              <span className="font-medium">{area.label}</span>
              <span
                className={cn(
                  'rounded-full border px-2 py-0.5 text-xs font-semibold sm:order-none',
                  STATUS_CLASS[area.status],
                )}
              >
                {STATUS_TEXT[area.status]}
              </span>
            </div>
            <p className="min-w-0 flex-1 text-sm text-muted-foreground">{area.detail}</p>
            <span className="text-xs tabular-nums text-muted-foreground sm:text-right">
              {area.latency_ms} ms
            </span>
          </li>
        ))}
      </ul>
    </QueryCard>
  );
}
