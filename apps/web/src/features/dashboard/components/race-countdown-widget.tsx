// The Race Countdown widget (docs/dashboard.md, primary_race): the active plan's race and the days until it, or none.
import type { DashboardSummary } from '@stamina/contract';
import { CalendarDays, Flag, Target, Trophy } from 'lucide-react';
import { memo } from 'react';
import { Link } from 'react-router';
import { useRaceCountdown } from '../../../api/dashboard/race-countdown.ts';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDay } from '../../../lib/dates.ts';
import { RACE_RANGE_LABELS, raceRange } from '../dashboard-model.ts';
import { WIDGET_ICON_CLASS as iconClass, WidgetCard, WidgetEmpty } from './widget-card.tsx';

const RACE_ICONS = { past: Trophy, week: Flag, month: Target, later: CalendarDays } as const;

export const RaceCountdownWidget = memo(function RaceCountdownWidget({ delayMs }: { delayMs: number }) {
  const race = useRaceCountdown();
  const data = race.data;
  return (
    <WidgetCard
      title="Race Countdown"
      icon={<Flag className={iconClass} aria-hidden="true" />}
      query={race}
      delayMs={delayMs}
      empty={
        data === null ? (
          <WidgetEmpty
            text="No race scheduled"
            action={
              <Link to="/plan" className={buttonClasses('primary', 'sm')}>
                <Target className="h-4 w-4" aria-hidden="true" />
                Set Goal Race
              </Link>
            }
          />
        ) : undefined
      }
    >
      {data ? <RaceBody race={data} /> : null}
    </WidgetCard>
  );
});

function RaceBody({ race }: { race: NonNullable<DashboardSummary['primary_race']> }) {
  const range = raceRange(race.days_until);
  const Icon = RACE_ICONS[range];
  return (
    <div className="flex items-center gap-4">
      <span
        className={cn(
          'flex h-14 w-14 shrink-0 items-center justify-center rounded-full',
          range === 'past' ? 'bg-success/15 text-success' : 'bg-accent text-accent-foreground',
        )}
        role="img"
        aria-label={RACE_RANGE_LABELS[range]}
      >
        <Icon className="h-7 w-7" aria-hidden="true" />
      </span>
      <div className="min-w-0">
        {range === 'past' ? (
          <>
            <p className="text-2xl font-bold">Done</p>
            <p className="text-sm font-medium text-success">Race Completed!</p>
          </>
        ) : (
          <p className="text-2xl font-bold tabular-nums">
            {race.days_until}
            <span className="ml-1.5 text-sm font-medium text-muted-foreground">
              {race.days_until === 1 ? 'day to go' : 'days to go'}
            </span>
          </p>
        )}
        <p className="truncate font-medium">{race.name}</p>
        <p className="text-sm text-muted-foreground">
          {race.race_type ? `${race.race_type} · ` : ''}
          {formatDay(race.date)}
        </p>
      </div>
    </div>
  );
}
