// Synchronised stream charts (docs/activities.md, "Web"): one line chart per series (power, heart rate, pace or
// speed, cadence, elevation) sharing a syncId, so the hover marks the same second on every chart, and one zoom
// window: drag across any chart to zoom to that stretch, or use the zoom buttons (keyboard); Reset shows it all.
import type { ActivitySport, ActivityStreams } from '@stamina/contract';
import type { Units } from '@stamina/core';
import { ZoomIn, ZoomOut } from 'lucide-react';
import { useMemo, useState } from 'react';
import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceArea,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { Button } from '../../../components/ui/button.tsx';
import { chartRows, formatOffset, type SeriesSpec, seriesFor, zoomBy } from '../stream-model.ts';

const SYNC_ID = 'activity-streams';

export function StreamCharts({
  streams,
  sport,
  units,
}: {
  streams: ActivityStreams;
  sport: ActivitySport;
  units: Units;
}) {
  const total = streams.sample_count;
  const [window, setWindow] = useState({ from: 0, to: total });
  const [drag, setDrag] = useState<{ start: number; end: number } | null>(null);
  const specs = useMemo(() => seriesFor(streams, sport, units), [streams, sport, units]);
  const rows = useMemo(
    () => chartRows(streams, specs, sport, units, window),
    [streams, specs, sport, units, window],
  );
  const zoomed = window.from > 0 || window.to < total;

  if (specs.length === 0) {
    return <p className="text-sm text-muted-foreground">This recording has no samples to chart.</p>;
  }

  const num = (label: string | number | undefined) => (typeof label === 'number' ? label : Number(label));
  function finishDrag() {
    if (drag) {
      const from = Math.min(drag.start, drag.end);
      const to = Math.max(drag.start, drag.end);
      if (to - from >= 10) setWindow({ from, to });
    }
    setDrag(null);
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {zoomed
            ? `Showing ${formatOffset(window.from)} to ${formatOffset(window.to)}`
            : 'Drag across a chart to zoom in.'}
        </p>
        <div className="flex flex-wrap gap-1 [&>button]:whitespace-nowrap">
          <Button variant="outline" size="sm" onClick={() => setWindow((w) => zoomBy(w, 0.5, total))}>
            <ZoomIn className="h-4 w-4" aria-hidden="true" />
            Zoom in
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={!zoomed}
            onClick={() => setWindow((w) => zoomBy(w, 2, total))}
          >
            <ZoomOut className="h-4 w-4" aria-hidden="true" />
            Zoom out
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={!zoomed}
            onClick={() => setWindow({ from: 0, to: total })}
          >
            Reset zoom
          </Button>
        </div>
      </div>
      {specs.map((spec, index) => (
        <figure key={spec.key} aria-label={`${spec.title} chart`} className="select-none">
          <figcaption className="mb-1 text-sm font-medium">
            {spec.title} <span className="font-normal text-muted-foreground">({spec.unit})</span>
          </figcaption>
          <div className="h-32 sm:h-36" aria-hidden="true">
            <ResponsiveContainer width="100%" height="100%">
              <LineChart
                data={rows}
                syncId={SYNC_ID}
                // Hidden from assistive technology (the summary below says it in words), so not focusable either.
                accessibilityLayer={false}
                margin={{ top: 4, right: 8, bottom: 0, left: 0 }}
                onMouseDown={(state) => {
                  const t = num(state.activeLabel);
                  if (Number.isFinite(t)) setDrag({ start: t, end: t });
                }}
                onMouseMove={(state) => {
                  const t = num(state.activeLabel);
                  if (drag && Number.isFinite(t)) setDrag({ ...drag, end: t });
                }}
                onMouseUp={finishDrag}
                onMouseLeave={() => setDrag(null)}
              >
                <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
                <XAxis
                  dataKey="t"
                  type="number"
                  domain={['dataMin', 'dataMax']}
                  tickFormatter={formatOffset}
                  hide={index !== specs.length - 1}
                  tick={{ fill: 'var(--muted-foreground)', fontSize: 11 }}
                  stroke="var(--border)"
                />
                <YAxis
                  width={48}
                  reversed={spec.reversed}
                  allowDecimals={Boolean(spec.reversed)}
                  domain={['auto', 'auto']}
                  tickFormatter={(v: number) => axisValue(spec, v)}
                  tick={{ fill: 'var(--muted-foreground)', fontSize: 11 }}
                  stroke="var(--border)"
                />
                <Tooltip
                  isAnimationActive={false}
                  labelFormatter={(t) => formatOffset(Number(t))}
                  formatter={(value) => [spec.format(Number(value)), spec.title]}
                  contentStyle={{
                    background: 'var(--card)',
                    border: '1px solid var(--border)',
                    color: 'var(--card-foreground)',
                    fontSize: 12,
                  }}
                  // Recharts writes each item in its line's colour, which light lines make unreadable on a card.
                  itemStyle={{ color: 'var(--card-foreground)' }}
                />
                <Line
                  type="monotone"
                  dataKey={spec.key}
                  stroke={spec.color}
                  strokeWidth={1.5}
                  dot={false}
                  connectNulls={false}
                  isAnimationActive={false}
                />
                {drag ? (
                  <ReferenceArea x1={drag.start} x2={drag.end} fill="var(--primary)" fillOpacity={0.15} />
                ) : null}
              </LineChart>
            </ResponsiveContainer>
          </div>
          <StreamSummary spec={spec} rows={rows} />
        </figure>
      ))}
    </div>
  );
}

/** Pace axes read as clock times; the rest as whole numbers. */
function axisValue(spec: SeriesSpec, value: number): string {
  return spec.reversed ? formatOffset(value) : String(Math.round(value));
}

/** What the chart shows, in words, for screen readers (the chart itself is hidden from them). */
function StreamSummary({ spec, rows }: { spec: SeriesSpec; rows: ReturnType<typeof chartRows> }) {
  const values = rows.map((r) => r[spec.key]).filter((v): v is number => typeof v === 'number');
  if (values.length === 0) return null;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const [low, high] = spec.reversed ? [max, min] : [min, max];
  return (
    <p className="sr-only">
      {spec.title}: average {spec.format(mean)}, from {spec.format(low)} to {spec.format(high)} over the shown
      stretch.
    </p>
  );
}
