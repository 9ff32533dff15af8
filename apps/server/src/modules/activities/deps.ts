// What the activity service is built with (wiring/activities.ts), and what its parts (import-store.ts,
// sport-change.ts) take of it.
import type { Redis } from 'ioredis';
import type { FileStore } from '../../lib/file-store.ts';
import type { JobQueue } from '../../lib/job-queue.ts';
import type { CpuPool } from '../../workers/pool.ts';
import type { WorkoutService } from '../workouts/index.ts';
import type { AnalysisDeps } from './analysis.ts';
import type { ThresholdsOf, ThresholdsOn } from './figures.ts';

export interface ActivityServiceDeps {
  fileStore: FileStore;
  jobs: JobQueue;
  /** Where files are decoded and scored, off the event loop (workers/pool.ts). */
  pool: Pick<CpuPool, 'run'>;
  workouts: Pick<
    WorkoutService,
    'matchCandidates' | 'plannedOnDays' | 'find' | 'completeByActivity' | 'reopenFromActivity'
  >;
  /** The thresholds and zones in force on an athlete's day for a sport (figures.ts `thresholdsFrom`). */
  thresholdsOn: ThresholdsOn;
  /** The same for many days of one athlete from one read (figures.ts `thresholdsByDayFrom`): an archive's. */
  thresholdsOf: ThresholdsOf;
  /** The latest body weight on or before a day, for W/kg (the wellness store's `weightOn`). */
  weightOn?: AnalysisDeps['weightOn'];
  /** Told after every committed change to an athlete's activities (and the workouts they complete). */
  onChange?: (athleteId: string) => void;
  /**
   * Told after an imported recording is stored, or a sport change moved what it completes: the plan's
   * adaptation runs again (docs/adaptation.md). Awaited, so the import's job ends only once the adaptation's
   * job is queued (a drain of the queue sees it); it must not throw.
   */
  onImported?: (athleteId: string) => Promise<void> | void;
  /** Where every process counts an athlete's uploads in progress (lib/upload-gate.ts); in memory without it. */
  redis?: Redis | undefined;
  log?: { info(obj: object, msg: string): void; warn?(obj: object, msg: string): void };
}
