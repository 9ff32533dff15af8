// The laps of an activity as a table, with the figures the recording has; the table scrolls sideways in a
// focusable, named region (keyboard users reach it).
import type { ActivityDetail, ActivitySport } from '@stamina/contract';
import type { Units } from '@stamina/core';
import {
  formatDistance,
  formatElapsed,
  formatSpeed,
  speedLabel,
  withUnit,
} from '../../../components/activities/format.ts';
import { ScrollRegion } from './scroll-region.tsx';

type Lap = ActivityDetail['laps'][number];

export function LapsTable({
  laps,
  sport,
  units,
}: {
  laps: readonly Lap[];
  sport: ActivitySport;
  units: Units;
}) {
  const has = (key: keyof Lap) => laps.some((l) => l[key] !== null);
  const columns: { label: string; value: (l: Lap) => string }[] = [
    { label: 'Time', value: (l) => formatElapsed(l.timer_seconds || l.elapsed_seconds) },
    ...(has('distance_m')
      ? [{ label: 'Distance', value: (l: Lap) => formatDistance(l.distance_m, units, sport) }]
      : []),
    ...(has('avg_speed_mps')
      ? [{ label: speedLabel(sport), value: (l: Lap) => formatSpeed(l.avg_speed_mps, units, sport) }]
      : []),
    ...(has('avg_power') ? [{ label: 'Avg power', value: (l: Lap) => withUnit(l.avg_power, 'W') }] : []),
    ...(has('avg_hr') ? [{ label: 'Avg HR', value: (l: Lap) => withUnit(l.avg_hr, 'bpm') }] : []),
    ...(has('max_hr') ? [{ label: 'Max HR', value: (l: Lap) => withUnit(l.max_hr, 'bpm') }] : []),
    ...(has('avg_cadence')
      ? [{ label: 'Cadence', value: (l: Lap) => withUnit(l.avg_cadence, sport === 'bike' ? 'rpm' : 'spm') }]
      : []),
  ];
  return (
    <ScrollRegion label="Laps table">
      <table className="w-full min-w-max text-sm">
        <caption className="sr-only">Laps</caption>
        <thead>
          <tr className="border-b border-border text-left text-xs text-muted-foreground">
            <th scope="col" className="py-2 pr-3 font-medium">
              Lap
            </th>
            {columns.map((c) => (
              <th key={c.label} scope="col" className="py-2 pr-3 font-medium">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {laps.map((lap) => (
            <tr key={lap.index} className="border-b border-border last:border-0">
              <th scope="row" className="py-2 pr-3 text-left font-medium">
                {lap.index + 1}
              </th>
              {columns.map((c) => (
                <td key={c.label} className="py-2 pr-3 tabular-nums">
                  {c.value(lap)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
