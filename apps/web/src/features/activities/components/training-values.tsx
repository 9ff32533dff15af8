// The training values of an activity with the method that produced them and the thresholds used, each marked
// when it was a default rather than the athlete's own (docs/activities.md, "Web").
import type { ActivityDetail } from '@stamina/contract';
import { formatThreshold, tssMethodLabel } from '../../../components/activities/format.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { useUnits } from '../../../lib/auth-context.tsx';
import { formatDay } from '../../../lib/dates.ts';

export function TrainingValues({ activity }: { activity: ActivityDetail }) {
  const units = useUnits();
  const { thresholds } = activity;
  const figures = [
    { label: 'TSS', value: activity.tss === null ? '—' : String(Math.round(activity.tss)) },
    {
      label: 'Intensity factor',
      value: activity.intensity_factor === null ? '—' : activity.intensity_factor.toFixed(2),
    },
    ...(activity.normalized_power !== null
      ? [{ label: 'Normalized power', value: `${Math.round(activity.normalized_power)} W` }]
      : []),
  ];
  const entries = Object.entries(thresholds.values);
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-3 gap-3">
        {figures.map((f) => (
          <div key={f.label}>
            <dt className="text-xs text-muted-foreground">{f.label}</dt>
            <dd className="text-xl font-semibold tabular-nums">{f.value}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm">
        <span className="text-muted-foreground">Method: </span>
        <span className="font-medium">{tssMethodLabel(activity.tss_method)}</span>
      </p>
      {entries.length > 0 ? (
        <div>
          <h3 className="text-sm font-semibold">Thresholds used</h3>
          <ul className="mt-1 space-y-1 text-sm">
            {entries.map(([key, value]) => {
              const shown = formatThreshold(key, value, units);
              const isDefault = thresholds.defaults_used.includes(key);
              return (
                <li key={key} className="flex flex-wrap items-center gap-2">
                  <span className="text-muted-foreground">{shown.label}:</span>
                  <span className="font-medium tabular-nums">{shown.value}</span>
                  {isDefault ? <Badge variant="warning">Default</Badge> : null}
                </li>
              );
            })}
          </ul>
          <p className="mt-2 text-xs text-muted-foreground">
            {thresholds.effective_from
              ? `Your thresholds in force since ${formatDay(thresholds.effective_from)}`
              : 'You had not entered thresholds for this day'}
            {thresholds.defaults_used.length > 0
              ? '; values marked Default are assumed. Set yours in Settings → Metrics & Zones.'
              : '.'}
          </p>
        </div>
      ) : null}
    </div>
  );
}
