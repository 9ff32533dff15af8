// A row of mutually exclusive choices (a period or a view): toggle buttons with aria-pressed inside a
// fieldset, so each is a plain tab stop and its state is read out, as on the calendar's view switch.
import { cn } from '../../lib/cn.ts';

export interface SegmentedOption<T extends string> {
  value: T;
  label: string;
  /** A longer name for assistive technology when the label is an abbreviation ('4W'). */
  ariaLabel?: string;
}

export function SegmentedControl<T extends string>({
  legend,
  options,
  value,
  onChange,
  className,
}: {
  legend: string;
  options: readonly SegmentedOption<T>[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
}) {
  return (
    <fieldset
      className={cn('inline-flex min-w-0 gap-1 rounded-lg border border-border bg-muted p-1', className)}
    >
      <legend className="sr-only">{legend}</legend>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          aria-label={option.ariaLabel}
          onClick={() => onChange(option.value)}
          className={cn(
            'h-8 flex-1 rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors',
            'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            value === option.value
              ? 'bg-background text-foreground shadow-sm'
              : 'text-muted-foreground hover:text-foreground',
          )}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}
