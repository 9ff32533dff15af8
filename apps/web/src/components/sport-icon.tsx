// The lucide icon of each sport; decorative, so always paired with a text label by the caller.
import type { Sport } from '@stamina/core';
import {
  Activity,
  Bike,
  Dumbbell,
  Flower2,
  Footprints,
  type LucideIcon,
  Mountain,
  Sailboat,
  Snowflake,
  Waves,
} from 'lucide-react';

const ICONS: Record<Sport, LucideIcon> = {
  run: Footprints,
  bike: Bike,
  swim: Waves,
  strength: Dumbbell,
  yoga: Flower2,
  rowing: Sailboat,
  hiking: Mountain,
  xc_ski: Snowflake,
  other: Activity,
};

export function SportIcon({ sport, className }: { sport: Sport; className?: string }) {
  const Icon = ICONS[sport] ?? Footprints;
  return <Icon className={className ?? 'h-5 w-5'} aria-hidden="true" />;
}
