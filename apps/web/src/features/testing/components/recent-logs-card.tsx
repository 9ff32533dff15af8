// Recent logs: the signed-in athlete's own last 20, 50 or 100 requests (GET /api/v1/logs/recent).
import { LOG_LIMITS, type LogLimit } from '@stamina/contract';
import { Inbox, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { useRecentLogs } from '../../../api/logs/logs.ts';
import { Button } from '../../../components/ui/button.tsx';
import { QueryCard } from '../../../components/ui/query-card.tsx';
import { SegmentedControl } from '../../../components/ui/segmented-control.tsx';
import { cn } from '../../../lib/cn.ts';
import { LogLines } from './log-lines.tsx';

const OPTIONS = LOG_LIMITS.map((limit) => ({
  value: String(limit) as `${LogLimit}`,
  label: String(limit),
  ariaLabel: `Last ${limit} requests`,
}));

export function RecentLogsCard() {
  const [limit, setLimit] = useState<LogLimit>(20);
  const logs = useRecentLogs(limit);
  return (
    <QueryCard title="Recent logs" subtitle="Your own requests to this server, newest first" query={logs}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <SegmentedControl
          legend="How many requests to show"
          options={OPTIONS}
          value={String(limit) as `${LogLimit}`}
          onChange={(value) => setLimit(Number(value) as LogLimit)}
        />
        <Button variant="outline" size="sm" onClick={() => logs.refetch()} disabled={logs.isFetching}>
          <RotateCw className={cn('h-4 w-4', logs.isFetching && 'animate-spin')} aria-hidden="true" />
          Refresh
        </Button>
      </div>
      {logs.data?.length ? (
        <LogLines lines={logs.data} label="Recent requests" />
      ) : (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-border px-3 py-6 text-center">
          <Inbox className="h-8 w-8 text-muted-foreground" aria-hidden="true" />
          <p className="font-medium">No requests yet</p>
          <p className="max-w-sm text-sm text-muted-foreground">
            Requests you make while signed in appear here. Open another page, then press Refresh.
          </p>
        </div>
      )}
    </QueryCard>
  );
}
