// The day's training load (docs/screens.md, "Training calendar"): its TSS, a bar filled TSS/200, capped, with its
// label in words.
import { type DailyLoadLabel, dailyLoadFill, dailyLoadLabel } from '@stamina/core';
import { cn } from '../../lib/cn.ts';

const FILL_CLASSES: Record<DailyLoadLabel, string> = {
  Rest: 'bg-transparent',
  Light: 'bg-[#10B981]',
  Moderate: 'bg-[#3B82F6]',
  High: 'bg-[#F59E0B]',
  'Very High': 'bg-[#EF4444]',
};

export function DayLoadBar({
  score,
  showLabel = true,
  className,
}: {
  score: number;
  /** Month cells are small: there the label shows from large screens and is always read by screen readers. */
  showLabel?: true | 'lg';
  className?: string;
}) {
  const label = dailyLoadLabel(score);
  return (
    <div className={cn('min-w-0', className)}>
      <p
        className={cn(
          'mb-1 items-center justify-between gap-2 text-[11px] leading-none text-muted-foreground',
          showLabel === 'lg' ? 'sr-only lg:not-sr-only lg:flex' : 'flex',
        )}
      >
        <span>
          Load<span className="sr-only">:</span>
        </span>{' '}
        <span className="font-medium text-foreground">{label}</span>
      </p>
      <div
        aria-hidden="true"
        title={`Load: ${label} (TSS ${Math.round(score)})`}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn('h-full rounded-full', FILL_CLASSES[label])}
          style={{ width: `${dailyLoadFill(score) * 100}%` }}
        />
      </div>
    </div>
  );
}
