// Small pill labels for figures ('Peak: 31.1h (W12)') and markers ('Demo').
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

const VARIANTS = {
  neutral: 'border-border bg-muted text-foreground',
  accent: 'border-primary/30 bg-accent text-accent-foreground',
  success: 'border-success/40 bg-success/10 text-success',
  warning: 'border-warning/40 bg-warning/10 text-warning',
} as const;

export function Badge({
  variant = 'neutral',
  children,
  className,
}: {
  variant?: keyof typeof VARIANTS;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold tabular-nums',
        VARIANTS[variant],
        className,
      )}
    >
      {children}
    </span>
  );
}
