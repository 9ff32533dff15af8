// Listens to lib/celebrate.ts and shows one celebration at a time (docs/screens.md, "Celebrations"): each
// plays for its duration, signals completion, is removed, and the next appears 500 ms later. Mounted once, in
// the shell.
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useReducer, useRef } from 'react';
import { streakQuery } from '../../api/dashboard/streak.ts';
import { subscribeCelebrations } from '../../lib/celebrate.ts';
import {
  achievedZone,
  CELEBRATION_DURATION_MS,
  CELEBRATION_GAP_MS,
  EMPTY_QUEUE,
  metricCelebration,
  queueReducer,
  streakCelebration,
  streakMilestoneReached,
  workoutCelebration,
  zoneCelebration,
} from './celebration-queue.ts';
import { CelebrationView } from './celebration-view.tsx';

export function CelebrationsProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(queueReducer, EMPTY_QUEUE);
  const client = useQueryClient();
  const clientRef = useRef(client);
  clientRef.current = client;

  useEffect(
    () =>
      subscribeCelebrations((event) => {
        if (event.type === 'metric-logged') {
          dispatch({ type: 'add', celebration: metricCelebration(event.metric, event.value) });
          return;
        }
        const { workout } = event;
        dispatch({ type: 'add', celebration: workoutCelebration(workout.sport) });
        const zone = achievedZone(workout);
        if (zone) dispatch({ type: 'add', celebration: zoneCelebration(zone) });
        void checkStreak(clientRef.current, (days) =>
          dispatch({ type: 'add', celebration: streakCelebration(days) }),
        );
      }),
    [],
  );

  // One timer at a time: the current celebration's duration, or the pause before the next.
  const currentId = state.current?.id;
  const currentKind = state.current?.kind;
  useEffect(() => {
    if (currentId !== undefined && currentKind) {
      const timer = setTimeout(
        () => dispatch({ type: 'complete', id: currentId }),
        CELEBRATION_DURATION_MS[currentKind],
      );
      return () => clearTimeout(timer);
    }
    if (state.pausing) {
      const timer = setTimeout(() => dispatch({ type: 'advance' }), CELEBRATION_GAP_MS);
      return () => clearTimeout(timer);
    }
    return undefined;
  }, [currentId, currentKind, state.pausing]);

  return (
    <>
      {children}
      <CelebrationView celebration={state.current} onDismiss={(id) => dispatch({ type: 'complete', id })} />
    </>
  );
}

/** After a completion the server's streak has moved; a milestone reached now earns its own celebration. */
async function checkStreak(
  client: ReturnType<typeof useQueryClient>,
  onMilestone: (days: number) => void,
): Promise<void> {
  const query = streakQuery();
  const previous = client.getQueryData(query.queryKey)?.current_streak;
  try {
    const next = await client.fetchQuery({ ...query, staleTime: 0 });
    if (streakMilestoneReached(previous, next.current_streak)) onMilestone(next.current_streak);
  } catch {
    // The streak is a bonus; a failed read costs only this celebration.
  }
}
