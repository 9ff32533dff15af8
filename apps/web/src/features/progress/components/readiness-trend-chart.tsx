// Readiness and recovery, week by week, on a 40-90 axis (docs/screens.md, 'Progress page'); the recovery
// line is drawn only when there is recovery data (from wellness logs, which the athlete may not keep).
import { useId } from 'react';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDay } from '../../../lib/dates.ts';
import type { TrendRow } from '../progress-model.ts';

const COLORS = { readiness: '#3B82F6', recovery: '#22C55E' } as const;
const shortDate = (date: string) => formatDay(date, 'day-month');

export function ReadinessTrendChart({ rows }: { rows: readonly TrendRow[] }) {
  const captionId = useId();
  const hasRecovery = rows.some((r) => r.recovery !== null);
  // The 40-90 axis; a week outside it widens the axis by whole tens (and labels them) rather than
  // being cut off or drawn below the lowest label.
  const values = rows.flatMap((r) => (r.recovery === null ? [r.readiness] : [r.readiness, r.recovery]));
  const low = Math.min(40, Math.floor(Math.min(...values, 40) / 10) * 10);
  const high = Math.max(90, Math.ceil(Math.max(...values, 90) / 10) * 10);
  const ticks = Array.from({ length: (high - low) / 10 + 1 }, (_, i) => low + i * 10);
  const last = rows.at(-1);
  const summary = last
    ? `Weekly readiness${hasRecovery ? ' and recovery' : ''} over ${rows.length} weeks; week of ` +
      `${shortDate(last.weekStart)}: readiness ${Math.round(last.readiness)}` +
      (last.recovery !== null ? `, recovery ${Math.round(last.recovery)}.` : '.')
    : 'No readiness data.';
  return (
    <figure aria-labelledby={captionId} className="space-y-2">
      <figcaption id={captionId} className="sr-only">
        {summary}
      </figcaption>
      {/* Hidden from assistive technology (the caption says it in words), so nothing in it may take focus:
          Recharts' accessibility layer would make the chart a tab stop. docs/RELIABILITY.md */}
      <div className="h-44 w-full text-muted-foreground md:h-56" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 480, height: 220 }}>
          <LineChart
            accessibilityLayer={false}
            data={[...rows]}
            margin={{ top: 8, right: 8, bottom: 0, left: -24 }}
          >
            <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.12} />
            <XAxis
              dataKey="weekStart"
              tickFormatter={shortDate}
              tick={{ fill: 'currentColor', fontSize: 11 }}
              stroke="currentColor"
              strokeOpacity={0.3}
              tickLine={false}
              minTickGap={20}
            />
            <YAxis
              domain={[low, high]}
              ticks={ticks}
              tick={{ fill: 'currentColor', fontSize: 11 }}
              axisLine={false}
              tickLine={false}
            />
            <Tooltip
              labelFormatter={(value) => `Week of ${shortDate(String(value))}`}
              contentStyle={{
                background: 'var(--card)',
                border: '1px solid var(--border)',
                borderRadius: 8,
                color: 'var(--card-foreground)',
                fontSize: 12,
              }}
            />
            <Line
              dataKey="readiness"
              name="Readiness"
              stroke={COLORS.readiness}
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
            {hasRecovery ? (
              <Line
                dataKey="recovery"
                name="Recovery"
                stroke={COLORS.recovery}
                strokeWidth={2}
                strokeDasharray="5 3"
                dot={false}
                connectNulls
                isAnimationActive={false}
              />
            ) : null}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <ul className="flex flex-wrap gap-x-4 text-xs">
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="h-0.5 w-4" style={{ backgroundColor: COLORS.readiness }} />
          Readiness, solid line
        </li>
        {hasRecovery ? (
          <li className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="w-4 border-t-2 border-dashed"
              style={{ borderColor: COLORS.recovery }}
            />
            Recovery, dashed line
          </li>
        ) : (
          <li className="text-muted-foreground">Recovery appears once you log wellness data.</li>
        )}
      </ul>
    </figure>
  );
}
