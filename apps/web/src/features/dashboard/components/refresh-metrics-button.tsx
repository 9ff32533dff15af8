// The header's refresh-metrics button on /dashboard (docs/screens.md, "Page shell"): refetches every
// dashboard read at once, spinning while any of them is in flight.
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { athleteKeys, dashboardKeys } from '../../../api/dashboard/keys.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';

export function RefreshMetricsButton() {
  const client = useQueryClient();
  const fetching = useIsFetching({ queryKey: dashboardKeys.all }) > 0;
  return (
    <button
      type="button"
      aria-label="Refresh metrics"
      title="Refresh metrics"
      aria-busy={fetching}
      className={buttonClasses('ghost', 'icon')}
      onClick={() => {
        void client.invalidateQueries({ queryKey: dashboardKeys.all });
        void client.invalidateQueries({ queryKey: athleteKeys.me });
      }}
    >
      <RefreshCw className={cn('h-5 w-5', fetching && 'motion-safe:animate-spin')} aria-hidden="true" />
    </button>
  );
}
