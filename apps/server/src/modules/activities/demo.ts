// The demo athlete's recorded activities (docs/activities.md, "Demo athlete"): for each of its recent completed
// sessions, core synthesises a 1 Hz recording from the session's steps, and it is stored as an import stores a
// file (the same figures, streams and matching), marked source 'demo', completing the session it came from.
import { type DemoSport, demoRecordedSession } from '@stamina/core';
import type { Tx } from '../../db/client.ts';
import { rederiveDailyLoad } from '../training-load/index.ts';
import type { WorkoutService } from '../workouts/index.ts';
import { legRecord, type ThresholdsOn } from './figures.ts';
import { compliance } from './matching.ts';
import * as repo from './repository.ts';

/** Sessions of the last six weeks get a recording: enough for every page, cheap enough for the first start. */
export const DEMO_ACTIVITY_DAYS = 42;
const START_HOUR_UTC = { bike: 7, run: 17, swim: 6, strength: 18 } as const;

interface DemoSession {
  id: string;
  title: string;
  workoutDate: string;
  sport: string;
  durationMinutes: number | null;
  tss: number | null;
  workoutStructure: Record<string, unknown> | null;
}

interface Step {
  duration_seconds: number;
  zone: 1 | 2 | 3 | 4 | 5;
  isRest: boolean;
}

/** Stores one recorded activity per session, completing it, and re-derives the load once. Returns the count. */
export async function storeDemoActivities(
  tx: Tx,
  athleteId: string,
  workouts: Pick<WorkoutService, 'completeByActivity'>,
  sessions: readonly DemoSession[],
  /** The demo's stored thresholds: core synthesises the recordings as efforts relative to the same values. */
  thresholdsOn: ThresholdsOn,
): Promise<number> {
  if (sessions.length === 0) return 0;
  for (const [index, session] of sessions.entries()) {
    const sport = session.sport as DemoSport;
    const structure = session.workoutStructure as {
      warmup_intervals?: Step[];
      main_intervals?: Step[];
      cooldown_intervals?: Step[];
    } | null;
    const steps = [
      ...(structure?.warmup_intervals ?? []),
      ...(structure?.main_intervals ?? []),
      ...(structure?.cooldown_intervals ?? []),
    ];
    const startTime = Date.parse(
      `${session.workoutDate}T${String(START_HOUR_UTC[sport]).padStart(2, '0')}:00:00Z`,
    );
    const recorded = demoRecordedSession({ sport, startTime, steps, seed: 1_000 + index });
    const leg = legRecord(
      recorded,
      'Stamina demo',
      await thresholdsOn(athleteId, session.workoutDate, recorded.sport),
    );
    const row = await repo.insertActivity(tx, athleteId, {
      ...leg.activity,
      name: session.title,
      localDate: session.workoutDate,
      fileId: null,
      multisportGroupId: null,
      legIndex: null,
      source: 'demo',
      workoutId: session.id,
      matchState: 'auto',
    });
    await repo.insertStreams(tx, athleteId, row.id, leg.streams);
    await workouts.completeByActivity(tx, athleteId, session.id, {
      actualDurationSeconds: row.timerSeconds,
      actualTss: row.tss,
      compliance: compliance(session, row),
    });
  }
  await rederiveDailyLoad(tx, athleteId, sessions.map((s) => s.workoutDate).sort()[0]!);
  return sessions.length;
}
