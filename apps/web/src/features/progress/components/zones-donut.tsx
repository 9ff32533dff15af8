// Time in zones as a donut of the three buckets of the Progress sample (aerobic Z1-Z2, tempo Z3, intensity
// Z4-Z5) with the percentages written beside it, so the figures never depend on the colours.
import { useId } from 'react';
import { Cell, Pie, PieChart, ResponsiveContainer } from 'recharts';

export interface ZoneSlice {
  name: string;
  value: number;
  color: string;
}

/** 'Intensity (Z4-Z5)' breaks before its bracket, never at the hyphen inside it. */
function ZoneName({ name }: { name: string }) {
  const bracket = name.indexOf(' (');
  if (bracket < 0) return <span>{name}</span>;
  return (
    <span>
      {name.slice(0, bracket)} <span className="whitespace-nowrap">{name.slice(bracket + 1)}</span>
    </span>
  );
}

export function ZonesDonut({ slices }: { slices: readonly ZoneSlice[] }) {
  const captionId = useId();
  const summary = `Time in zones: ${slices.map((s) => `${s.name} ${Math.round(s.value)}%`).join(', ')}.`;
  return (
    <figure aria-labelledby={captionId} className="flex flex-wrap items-center gap-4">
      <figcaption id={captionId} className="sr-only">
        {summary}
      </figcaption>
      {/* Hidden from assistive technology (the caption says it in words), so nothing in it may take focus:
          Recharts' accessibility layer would make the chart a tab stop. docs/RELIABILITY.md */}
      <div className="h-32 w-32 shrink-0 md:h-40 md:w-40" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 160, height: 160 }}>
          <PieChart accessibilityLayer={false}>
            <Pie
              data={[...slices]}
              dataKey="value"
              nameKey="name"
              innerRadius="58%"
              outerRadius="95%"
              paddingAngle={slices.filter((s) => s.value > 0).length > 1 ? 2 : 0}
              stroke="none"
              rootTabIndex={-1}
              isAnimationActive={false}
            >
              {slices.map((slice) => (
                <Cell key={slice.name} fill={slice.color} />
              ))}
            </Pie>
          </PieChart>
        </ResponsiveContainer>
      </div>
      <ul aria-hidden="true" className="min-w-0 flex-1 space-y-1.5 text-sm">
        {slices.map((slice) => (
          <li key={slice.name} className="flex items-center justify-between gap-3">
            <span className="flex items-center gap-2">
              <span className="h-3 w-3 shrink-0 rounded-sm" style={{ backgroundColor: slice.color }} />
              <ZoneName name={slice.name} />
            </span>
            <span className="font-semibold tabular-nums">{Math.round(slice.value)}%</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
