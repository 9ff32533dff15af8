// The icon of an activity's sport: the workout sports' icons, plus brick and other. Decorative: the caller
// names the sport in text.
import type { ActivitySport } from '@stamina/contract';
import { Activity, Layers } from 'lucide-react';
import { SportIcon } from '../sport-icon.tsx';

export function ActivitySportIcon({ sport, className }: { sport: ActivitySport; className?: string }) {
  if (sport === 'brick') return <Layers className={className ?? 'h-5 w-5'} aria-hidden="true" />;
  if (sport === 'other') return <Activity className={className ?? 'h-5 w-5'} aria-hidden="true" />;
  return <SportIcon sport={sport} className={className} />;
}
