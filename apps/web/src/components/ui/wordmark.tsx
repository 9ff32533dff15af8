// The Stamina wordmark: logo glyph plus name.
import { cn } from '../../lib/cn.ts';

export function Wordmark({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-bold tracking-tight', className)}>
      <svg viewBox="0 0 64 64" aria-hidden="true" className="h-7 w-7">
        <rect width="64" height="64" rx="14" fill="#ea580c" />
        <path
          d="M18 40c4 5 10 7 16 7 8 0 13-4 13-10 0-13-26-7-26-18 0-4 4-7 10-7 5 0 9 2 12 5"
          fill="none"
          stroke="#fff"
          strokeWidth="6"
          strokeLinecap="round"
        />
      </svg>
      <span>Stamina</span>
    </span>
  );
}
