// Inline alert boxes; destructive ones are announced to screen readers.
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export function Alert({
  variant = 'info',
  children,
  className,
  id,
}: {
  variant?: 'info' | 'destructive' | 'success';
  children: ReactNode;
  className?: string;
  /** For a control that the alert explains (aria-describedby). */
  id?: string;
}) {
  return (
    <div
      id={id}
      role={variant === 'destructive' ? 'alert' : 'status'}
      className={cn(
        'rounded-lg border px-4 py-3 text-sm',
        variant === 'destructive' && 'border-destructive/40 bg-destructive/10 text-destructive',
        variant === 'success' && 'border-success/40 bg-success/10 text-success',
        variant === 'info' && 'border-border bg-muted text-foreground',
        className,
      )}
    >
      {children}
    </div>
  );
}
