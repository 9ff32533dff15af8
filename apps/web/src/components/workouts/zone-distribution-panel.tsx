// Share of time in each of the five zones (rest counted as zone 1), as labelled bars.
import { ZONES, type ZoneDistribution } from '@stamina/core';
import { useId } from 'react';
import { cn } from '../../lib/cn.ts';

function share(distribution: ZoneDistribution, zone: number): number {
  const value = distribution[`zone_${zone}` as keyof ZoneDistribution];
  return Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0;
}

/** '30%' for whole numbers, '12.5%' otherwise. */
export function formatPercent(value: number): string {
  return `${Math.round(value * 10) / 10}%`;
}

export function ZoneDistributionPanel({
  distribution,
  className,
}: {
  distribution: ZoneDistribution;
  className?: string;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={cn('space-y-3', className)}>
      <h3 id={headingId} className="text-sm font-semibold">
        Zone Distribution
      </h3>
      <ul className="space-y-2">
        {ZONES.map((info) => {
          const percent = share(distribution, info.zone);
          return (
            <li
              key={info.zone}
              className="grid grid-cols-[auto_minmax(0,1fr)_3.5rem] items-center gap-x-3 gap-y-1"
            >
              <span
                className="inline-flex h-6 min-w-9 items-center justify-center rounded-md px-1.5 text-xs font-bold text-slate-950"
                style={{ backgroundColor: info.color }}
              >
                Z{info.zone}
              </span>
              <div className="min-w-0">
                <div className="flex items-baseline justify-between gap-2 text-xs">
                  <span className="truncate font-medium">{info.name}</span>
                  <span className="hidden shrink-0 text-muted-foreground sm:inline">{info.band}</span>
                </div>
                <div aria-hidden="true" className="mt-1 h-2 overflow-hidden rounded-full bg-muted">
                  <div
                    className="h-full rounded-full transition-[width] duration-500"
                    style={{ width: `${percent}%`, backgroundColor: info.color }}
                  />
                </div>
              </div>
              <span className="text-right text-sm font-semibold tabular-nums">{formatPercent(percent)}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
