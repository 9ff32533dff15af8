// The frame every week-by-week hours bar chart shares (weekly hours by sport on Analytics and Progress, a plan's
// weekly volume): a faint horizontal grid, the week labels below (`label` of each row), whole hours on the left
// and a faint band under the pointer. Spread into Recharts' elements: <XAxis {...WEEK_X_AXIS} />.

export const WEEK_BARS_GRID = { vertical: false, stroke: 'currentColor', strokeOpacity: 0.12 } as const;

export const WEEK_X_AXIS = {
  dataKey: 'label',
  tick: { fill: 'currentColor', fontSize: 11 },
  stroke: 'currentColor',
  strokeOpacity: 0.3,
  tickLine: false,
  // Every nth week counted back from the latest, so the labels stay evenly spaced (W2, W4 ... W12 on a phone)
  // rather than skipping a gap before the last one.
  interval: 'equidistantPreserveEnd',
  minTickGap: 8,
} as const;

export const HOURS_Y_AXIS = {
  tick: { fill: 'currentColor', fontSize: 11 },
  tickFormatter: (value: number) => `${value}h`,
  axisLine: false,
  tickLine: false,
  allowDecimals: false,
} as const;

export const WEEK_BARS_CURSOR = { fill: 'currentColor', fillOpacity: 0.08 } as const;
