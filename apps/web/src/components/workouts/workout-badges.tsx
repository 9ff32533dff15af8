// Small pieces every workout card shares: the zone badge (colour plus 'Z4' text, so colour is never the only
// signal) and the completed mark.
import { isZone, type Sport, ZONES } from '@stamina/core';
import { CheckCircle2 } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { formatDuration, SPORT_LABELS } from './format.ts';

export function ZoneBadge({ zone, className }: { zone: number | null | undefined; className?: string }) {
  if (!isZone(zone)) return null;
  const info = ZONES[zone - 1]!;
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full border border-border bg-background px-1.5 py-px text-[11px] font-semibold leading-4 text-foreground',
        className,
      )}
      title={`Zone ${zone}: ${info.name}`}
    >
      <span aria-hidden="true" className="h-2 w-2 rounded-full" style={{ backgroundColor: info.color }} />
      <span aria-hidden="true">Z{zone}</span>
      <span className="sr-only">Zone {zone}</span>
    </span>
  );
}

export function CompletedMark({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex shrink-0 text-success', className)}>
      <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
      <span className="sr-only">Completed</span>
    </span>
  );
}

/** Surface classes of a workout card; completed ones are tinted green. */
export function workoutSurface(completed: boolean): string {
  return completed ? 'border-success/40 bg-success/10' : 'border-border bg-card hover:border-primary/50';
}

/** A card's accessible name: 'Tempo Run, Run, 45 min, Zone 3, Completed' (plus the date where given). */
export function workoutCardLabel(
  workout: {
    title: string;
    sport: Sport;
    duration_minutes: number | null;
    intensity_zone: number | null;
    status: string;
    /** The TSS of a completed session (a calendar event's workout carries it). */
    tss?: number | null;
  },
  date?: string,
): string {
  return [
    workout.title,
    SPORT_LABELS[workout.sport],
    date,
    workout.duration_minutes ? formatDuration(workout.duration_minutes * 60) : 'No duration',
    isZone(workout.intensity_zone) ? `Zone ${workout.intensity_zone}` : null,
    workout.status === 'completed' ? 'Completed' : workout.status === 'skipped' ? 'Skipped' : null,
    workout.status === 'completed' && typeof workout.tss === 'number'
      ? `TSS ${Math.round(workout.tss)}`
      : null,
  ]
    .filter(Boolean)
    .join(', ');
}
