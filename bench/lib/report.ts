// One figure per line: what was measured, its value, the budget beside it, and whether it passes.
type Status = 'pass' | 'fail' | 'info' | 'error';

export interface Figure {
  id: string;
  label: string;
  value: number | null;
  unit: string;
  /** Decimals to print. */
  digits?: number;
  /** Human-readable budget, e.g. ">= 50 %"; absent for figures that only inform. */
  budget?: string;
  status: Status;
  note?: string;
}

const STATUS_TEXT: Record<Status, string> = { pass: 'PASS', fail: 'FAIL', info: 'info', error: 'ERROR' };

function formatNumber(value: number, digits = 0): string {
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** A figure checked against a minimum or a maximum. */
export function budgeted(
  base: Omit<Figure, 'status' | 'budget'>,
  limit: { min?: number; max?: number; text: string },
): Figure {
  const { value } = base;
  let ok = value !== null;
  if (value !== null && limit.min !== undefined) ok &&= value >= limit.min;
  if (value !== null && limit.max !== undefined) ok &&= value <= limit.max;
  return { ...base, budget: limit.text, status: value === null ? 'error' : ok ? 'pass' : 'fail' };
}

export function info(base: Omit<Figure, 'status'>): Figure {
  return { ...base, status: 'info' };
}

export function errorFigure(id: string, label: string, err: unknown): Figure {
  const message = err instanceof Error ? err.message : String(err);
  return { id, label, value: null, unit: '', status: 'error', note: message.split('\n')[0] ?? message };
}

export function printFigure(figure: Figure): void {
  const value =
    figure.value === null ? '—' : `${formatNumber(figure.value, figure.digits ?? 0)} ${figure.unit}`.trim();
  const budget = figure.budget ? `budget ${figure.budget}` : '';
  const line = [
    figure.label.padEnd(44),
    value.padStart(16),
    budget.padEnd(22),
    STATUS_TEXT[figure.status].padEnd(5),
    figure.note ? ` ${figure.note}` : '',
  ];
  console.log(line.join('  ').trimEnd());
}
