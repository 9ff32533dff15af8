// Paging between the pages of a list: back, "Page N of M", forward. Nothing when everything fits on one page.
// Lists in time order name the directions Newer and Older; others Previous and Next.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { Button, type ButtonProps } from './button.tsx';

export function Pager({
  page,
  totalPages,
  onPage,
  label = 'Pages',
  directions = 'previous-next',
  variant = 'outline',
  size = 'sm',
  className,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  /** The navigation landmark's name, for screen readers. */
  label?: string;
  directions?: 'previous-next' | 'newer-older';
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
}) {
  if (totalPages <= 1) return null;
  const [back, forward] = directions === 'newer-older' ? ['Newer', 'Older'] : ['Previous', 'Next'];
  return (
    <nav aria-label={label} className={cn('flex items-center justify-between gap-2', className)}>
      <Button variant={variant} size={size} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronLeft className="h-4 w-4" aria-hidden="true" />
        {back}
      </Button>
      <span className="text-sm tabular-nums text-muted-foreground">
        Page {page} of {totalPages}
      </span>
      <Button variant={variant} size={size} disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {forward}
        <ChevronRight className="h-4 w-4" aria-hidden="true" />
      </Button>
    </nav>
  );
}
