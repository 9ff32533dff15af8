// A labelled progress bar (role progressbar) of the plan and the dashboard; beside it the value is also written
// out, so the bar is never the only way to read it.
import { cn } from '../../lib/cn.ts';

export function ProgressBar({
  value,
  max = 100,
  label,
  size = 'md',
  className,
}: {
  value: number;
  max?: number;
  /** The accessible name, for example 'Overall progress'. */
  label: string;
  /** 'sm' for the dashboard's compact figures. */
  size?: 'sm' | 'md';
  className?: string;
}) {
  // The API may send counts beyond the target (an extra session); the bar stops at full (docs/dashboard.md,
  // "The dashboard screen", This Week).
  const safeMax = max > 0 ? max : 100;
  const clamped = Math.min(Math.max(value, 0), safeMax);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={safeMax}
      aria-valuenow={Math.round(clamped)}
      className={cn(
        size === 'sm' ? 'h-2' : 'h-2.5',
        'w-full overflow-hidden rounded-full bg-muted',
        className,
      )}
    >
      <div
        className="h-full rounded-full bg-primary transition-[width]"
        style={{ width: `${(clamped / safeMax) * 100}%` }}
      />
    </div>
  );
}
