import { Flame } from 'lucide-react';
import { memo } from 'react';
import { useStreakWidget } from '../../../api/dashboard/streak.ts';
import { streakEncouragement } from '../dashboard-model.ts';
import { WIDGET_ICON_CLASS as iconClass, WidgetCard } from './widget-card.tsx';

export const StreakWidget = memo(function StreakWidget({ delayMs }: { delayMs: number }) {
  const streak = useStreakWidget();
  const data = streak.data;
  return (
    <WidgetCard
      title="Momentum"
      icon={<Flame className={iconClass} aria-hidden="true" />}
      query={streak}
      delayMs={delayMs}
    >
      {data ? (
        <>
          <p className="text-3xl font-bold tabular-nums">
            {data.current_streak}
            <span className="ml-2 text-sm font-medium text-muted-foreground">day streak</span>
          </p>
          {data.longest_streak > data.current_streak ? (
            <p className="text-sm text-muted-foreground">Best streak: {data.longest_streak} days</p>
          ) : null}
          <p className="text-sm">{streakEncouragement(data.current_streak)}</p>
        </>
      ) : null}
    </WidgetCard>
  );
});
