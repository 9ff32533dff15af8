// Thresholds estimated from the athlete's recordings, offered for one-click acceptance (docs/zones.md,
// "Estimates from recordings"): each with the value in use, the estimate and the recording it comes from.
// Shown while an estimate differs from the value in use, or while the thresholds are defaults.
import type { ThresholdEstimate } from '@stamina/contract';
import { Gauge } from 'lucide-react';
import { Link } from 'react-router';
import { useAcceptEstimate, useThresholdEstimates } from '../../api/settings/threshold-estimates.ts';
import { useUnits } from '../../lib/auth-context.tsx';
import { formatDay } from '../../lib/dates.ts';
import { formatThreshold } from '../activities/format.ts';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { SET_THRESHOLDS_PATH } from './estimate-mark.tsx';

const offered = (t: ThresholdEstimate) => t.estimate !== null && t.estimate.value !== t.current;

function Row({ item }: { item: ThresholdEstimate }) {
  const accept = useAcceptEstimate();
  const units = useUnits();
  // LTHR is each sport's own: its row says whose.
  const label =
    item.key === 'lthr'
      ? `${formatThreshold(item.key, 0).label} (${item.sport === 'cycling' ? 'bike' : 'run'})`
      : formatThreshold(item.key, 0).label;
  const now = item.current === null ? 'not set' : formatThreshold(item.key, item.current, units).value;
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-2 py-2"
      data-threshold={`${item.sport}-${item.key}`}
    >
      <div className="min-w-0 text-sm">
        <p className="font-medium">
          {label}: {now}
          {item.estimated ? <span className="text-muted-foreground"> (default)</span> : null}
        </p>
        {item.estimate ? (
          <p className="text-muted-foreground">
            Your recordings say {formatThreshold(item.key, item.estimate.value, units).value} (best of{' '}
            {item.estimate.recordings}, on{' '}
            <Link to={`/activities/${item.estimate.activity_id}`} className="underline underline-offset-2">
              {formatDay(item.estimate.date)}
            </Link>
            )
          </p>
        ) : (
          <p className="text-muted-foreground">
            {item.recordings} of {item.needed} recordings needed for an estimate
          </p>
        )}
      </div>
      {offered(item) ? (
        <Button
          size="sm"
          onClick={() =>
            accept.mutate(item.key === 'lthr' ? { key: item.key, sport: item.sport } : { key: item.key })
          }
          disabled={accept.isPending}
        >
          Use {formatThreshold(item.key, item.estimate!.value, units).value}
        </Button>
      ) : null}
    </li>
  );
}

export function ThresholdEstimatesCard({ always = false }: { always?: boolean }) {
  const estimates = useThresholdEstimates();
  const data = estimates.data;
  if (!data) return null;
  if (!always && !data.estimated && !data.thresholds.some(offered)) return null;
  return (
    <Card className="p-4 sm:p-5">
      <section aria-labelledby="threshold-estimates-title">
        <h2 id="threshold-estimates-title" className="flex items-center gap-2 text-base font-semibold">
          <Gauge className="h-4 w-4 text-primary" aria-hidden="true" />
          Your thresholds
        </h2>
        {data.estimated ? (
          <p className="mt-1 text-sm text-muted-foreground">
            Load, fitness and zones use default thresholds until you set yours or accept an estimate.{' '}
            <Link
              to={SET_THRESHOLDS_PATH}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Set them in Settings
            </Link>
          </p>
        ) : null}
        <ul className="mt-2 divide-y divide-border">
          {data.thresholds.map((item) => (
            <Row key={`${item.sport}-${item.key}`} item={item} />
          ))}
        </ul>
      </section>
    </Card>
  );
}
