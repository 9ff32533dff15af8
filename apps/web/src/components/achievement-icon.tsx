// The lucide icon of each achievement (packages/core/src/training/achievements.ts): drawn as SVG, so it shows in
// every browser, where the catalogue's emoji turn into empty boxes without an emoji font. Decorative: the
// caller always shows the achievement's name next to it.
import {
  Activity,
  Award,
  Bike,
  CalendarCheck,
  CalendarDays,
  ChartColumn,
  Dumbbell,
  Flame,
  Footprints,
  Globe,
  Hourglass,
  Link,
  type LucideIcon,
  Medal,
  Mountain,
  MountainSnow,
  PersonStanding,
  Route,
  Timer,
  TrendingUp,
  Trophy,
  Waves,
  Zap,
} from 'lucide-react';
import { cn } from '../lib/cn.ts';

export const ACHIEVEMENT_ICONS: Readonly<Record<string, LucideIcon>> = {
  first_workout: Footprints,
  workouts_50: Dumbbell,
  workouts_100: Medal,
  workouts_365: CalendarCheck,
  total_distance_1000km: Globe,
  total_hours_100: Hourglass,
  first_5k_run: PersonStanding,
  first_10k_run: Activity,
  half_marathon_run: Award,
  marathon_run: Medal,
  ultra_run: Route,
  metric_century_ride: Bike,
  century_ride: Bike,
  swim_1500: Waves,
  swim_3800: Waves,
  long_run_2h: Timer,
  long_ride_4h: Mountain,
  week_100km: TrendingUp,
  week_10h: Hourglass,
  week_20h: Flame,
  tss_day_300: Zap,
  tss_week_500: ChartColumn,
  tss_month_1000: MountainSnow,
  streak_7: Link,
  streak_30: CalendarDays,
  triathlon_day: Trophy,
};

/** An achievement's icon, or a trophy for one this build does not know yet; faded until it is earned. */
export function AchievementIcon({
  id,
  earned = true,
  className,
}: {
  id: string;
  earned?: boolean;
  className?: string;
}) {
  const Icon = ACHIEVEMENT_ICONS[id] ?? Trophy;
  return (
    <Icon
      data-achievement-icon={id}
      aria-hidden="true"
      className={cn(
        'h-6 w-6 shrink-0',
        earned ? 'text-primary' : 'text-muted-foreground opacity-50',
        className,
      )}
    />
  );
}
