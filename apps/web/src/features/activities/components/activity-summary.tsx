// The summary figures of an activity (docs/activities.md, "Web"): times, distance, ascent, heart rate, power,
// speed or pace by sport and units, cadence, calories and the device. Figures the recording lacks are left out.
import type { ActivityDetail } from '@stamina/contract';
import type { Units } from '@stamina/core';
import {
  cadenceUnit,
  formatDistance,
  formatElapsed,
  formatHeight,
  formatSpeed,
  speedLabel,
  withUnit,
} from '../../../components/activities/format.ts';

function summaryFigures(a: ActivityDetail, units: Units): { label: string; value: string }[] {
  const figures: { label: string; value: string | null }[] = [
    { label: 'Elapsed time', value: formatElapsed(a.elapsed_seconds) },
    { label: 'Timer time', value: formatElapsed(a.timer_seconds) },
    { label: 'Moving time', value: formatElapsed(a.moving_seconds) },
    { label: 'Distance', value: a.distance_m === null ? null : formatDistance(a.distance_m, units, a.sport) },
    { label: 'Ascent', value: a.ascent_m === null ? null : formatHeight(a.ascent_m, units) },
    { label: 'Avg heart rate', value: a.avg_hr === null ? null : withUnit(a.avg_hr, 'bpm') },
    { label: 'Max heart rate', value: a.max_hr === null ? null : withUnit(a.max_hr, 'bpm') },
    { label: 'Avg power', value: a.avg_power === null ? null : withUnit(a.avg_power, 'W') },
    { label: 'Max power', value: a.max_power === null ? null : withUnit(a.max_power, 'W') },
    {
      label: `Avg ${speedLabel(a.sport).toLowerCase()}`,
      value: a.avg_speed_mps === null ? null : formatSpeed(a.avg_speed_mps, units, a.sport),
    },
    {
      label: `Max ${a.sport === 'bike' || a.sport === 'other' || a.sport === 'brick' || a.sport === 'strength' ? 'speed' : 'pace'}`,
      value: a.max_speed_mps === null ? null : formatSpeed(a.max_speed_mps, units, a.sport),
    },
    {
      label: 'Avg cadence',
      value: a.avg_cadence === null ? null : withUnit(a.avg_cadence, cadenceUnit(a.sport)),
    },
    {
      label: 'Max cadence',
      value: a.max_cadence === null ? null : withUnit(a.max_cadence, cadenceUnit(a.sport)),
    },
    { label: 'Calories', value: a.calories === null ? null : withUnit(a.calories, 'kcal') },
    { label: 'Device', value: a.device_name },
    // From a platform archive (Strava's activities.csv: docs/activities.md, "Platform archives").
    { label: 'Gear', value: a.gear },
  ];
  return figures.filter((f): f is { label: string; value: string } => f.value !== null);
}

export function ActivitySummaryList({ activity, units }: { activity: ActivityDetail; units: Units }) {
  return (
    <>
      {activity.description ? (
        <p className="mb-3 whitespace-pre-line text-sm text-muted-foreground">{activity.description}</p>
      ) : null}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3">
        {summaryFigures(activity, units).map((f) => (
          <div key={f.label} className="min-w-0">
            <dt className="text-xs text-muted-foreground">{f.label}</dt>
            <dd className="truncate text-base font-semibold tabular-nums">{f.value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
