// The intervals of an activity (docs/activities.md, "Intervals"): its laps and the efforts found in its stream,
// each with its own figures and zone, in a table that scrolls in a focusable region. The rule that found the
// efforts is written under it.
import type { ActivityAnalysis, ActivitySport } from '@stamina/contract';
import type { Units } from '@stamina/core';
import {
  formatDistance,
  formatElapsed,
  formatSpeed,
  speedLabel,
  withUnit,
} from '../../../components/activities/format.ts';
import { ScrollRegion } from './scroll-region.tsx';

type Interval = ActivityAnalysis['intervals'][number];
const BASIS: Record<NonNullable<Interval['zone_basis']>, string> = { power: 'power', pace: 'pace', hr: 'HR' };

export function IntervalsTable({
  analysis,
  sport,
  units,
}: {
  analysis: ActivityAnalysis;
  sport: ActivitySport;
  units: Units;
}) {
  const intervals = analysis.intervals;
  const has = (key: keyof Interval) => intervals.some((i) => i[key] !== null);
  let lap = 0;
  let effort = 0;
  const named = intervals.map((i) => ({
    ...i,
    name: i.kind === 'lap' ? `Lap ${++lap}` : `Effort ${++effort}`,
  }));
  const columns: { label: string; value: (i: Interval) => string }[] = [
    { label: 'Start', value: (i) => formatElapsed(i.start_second) },
    { label: 'Duration', value: (i) => formatElapsed(i.duration_seconds) },
    ...(has('distance_m')
      ? [{ label: 'Distance', value: (i: Interval) => formatDistance(i.distance_m, units, sport) }]
      : []),
    ...(has('avg_power') ? [{ label: 'Avg power', value: (i: Interval) => withUnit(i.avg_power, 'W') }] : []),
    ...(has('normalized_power')
      ? [{ label: 'NP', value: (i: Interval) => withUnit(i.normalized_power, 'W') }]
      : []),
    ...(has('avg_speed_mps')
      ? [{ label: speedLabel(sport), value: (i: Interval) => formatSpeed(i.avg_speed_mps, units, sport) }]
      : []),
    ...(has('avg_hr') ? [{ label: 'Avg HR', value: (i: Interval) => withUnit(i.avg_hr, 'bpm') }] : []),
    { label: 'Zone', value: (i) => (i.zone === null ? '—' : `Z${i.zone} (${BASIS[i.zone_basis ?? 'hr']})`) },
  ];
  return (
    <div className="space-y-2">
      {effort === 0 ? <p className="text-sm text-muted-foreground">No effort found above the line.</p> : null}
      {named.length > 0 ? (
        <ScrollRegion label="Intervals table">
          <table className="w-full min-w-max text-sm">
            <caption className="sr-only">Laps and efforts found in the recording</caption>
            <thead>
              <tr className="border-b border-border text-left text-xs text-muted-foreground">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Interval
                </th>
                {columns.map((c) => (
                  <th key={c.label} scope="col" className="py-2 pr-3 font-medium">
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {named.map((i) => (
                <tr key={`${i.name}`} className="border-b border-border last:border-0">
                  <th scope="row" className="py-1.5 pr-3 text-left font-medium">
                    {i.name}
                  </th>
                  {columns.map((c) => (
                    <td key={c.label} className="py-1.5 pr-3 tabular-nums">
                      {c.value(i)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      ) : null}
      <p className="text-xs text-muted-foreground">{analysis.effort_rule}</p>
    </div>
  );
}
