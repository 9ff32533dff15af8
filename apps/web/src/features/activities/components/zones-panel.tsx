// Time in the app's zones 1–5 for power, heart rate and pace, and in Coggan's seven power levels by name, as
// bars with the time and share written beside each (the bar is never the only way to read it). docs/zones.md
// says which scale is which.
import type { ActivityDetail } from '@stamina/contract';
import { COGGAN_POWER_LEVELS } from '@stamina/core';
import { formatDuration } from '../../../components/workouts/format.ts';

const KINDS = [
  { key: 'power', title: 'Power (zones 1–5)' },
  { key: 'power_levels', title: "Power (Coggan's 7 levels)" },
  { key: 'hr', title: 'Heart rate' },
  { key: 'pace', title: 'Pace' },
] as const;

const ZONE_COLORS = ['#94A3B8', '#3B82F6', '#10B981', '#F59E0B', '#EF4444', '#B91C1C', '#7C3AED'];

/** A row's label: Z1…Z5 for the app's zones, Coggan's level number and name for his seven. */
function rowLabel(key: (typeof KINDS)[number]['key'], i: number): string {
  return key === 'power_levels' ? `L${i + 1} ${COGGAN_POWER_LEVELS[i]!.name}` : `Z${i + 1}`;
}

export function hasZones(zones: ActivityDetail['zone_seconds']): boolean {
  return KINDS.some((k) => (zones[k.key] ?? []).some((s) => s > 0));
}

export function ZonesPanel({ zones }: { zones: ActivityDetail['zone_seconds'] }) {
  return (
    <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {KINDS.map(({ key, title }) => {
        const seconds = zones[key];
        const total = seconds?.reduce((a, b) => a + b, 0) ?? 0;
        if (!seconds || total <= 0) return null;
        return (
          <div key={key}>
            <h3 className="mb-2 text-sm font-semibold">{title}</h3>
            <ul className="space-y-1.5">
              {seconds.map((s, i) => {
                const percent = Math.round((s / total) * 100);
                return (
                  <li
                    // biome-ignore lint/suspicious/noArrayIndexKey: the zones are fixed positions.
                    key={i}
                    className={
                      key === 'power_levels'
                        ? 'grid grid-cols-[9.5rem_1fr_6.5rem] items-center gap-2 text-sm'
                        : 'grid grid-cols-[2rem_1fr_6.5rem] items-center gap-2 text-sm'
                    }
                  >
                    <span className="font-medium">{rowLabel(key, i)}</span>
                    <span className="h-2.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                      <span
                        className="block h-full rounded-full"
                        style={{ width: `${percent}%`, background: ZONE_COLORS[i] }}
                      />
                    </span>
                    <span className="text-right tabular-nums text-muted-foreground">
                      {formatDuration(s)} · {percent}%
                    </span>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </div>
  );
}
