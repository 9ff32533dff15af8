// A small busy indicator with an accessible label.
import { cn } from '../../lib/cn.ts';

export function Spinner({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <span
      role="status"
      aria-label={label}
      className={cn(
        'inline-block h-5 w-5 animate-spin rounded-full border-2 border-current border-t-transparent',
        className,
      )}
    />
  );
}
