// The onboarding job (docs/onboarding.md, "The job"): after the goal is parsed, the server reads the athlete's
// last 12 weeks (DATA_HARVESTED), estimates their training profile (PROFILE_SYNTHESIZED) and drafts the plan
// (PLAN_DRAFTED). One job per stage on the durable queue: each stage commits with the job of the next one, so
// polls see the real stage, a restart resumes where the work stopped, and a stage that failed is retried alone.
import type { GoalContextDto, TrainingProfileDto } from '@stamina/contract';
import {
  dateInTimeZone,
  estimateTrainingProfile,
  generatePlan,
  type ProfileHarvest,
  planProfileOf,
  profileWindowStart,
} from '@stamina/core';
import type { Db } from '../../db/client.ts';
import type { Job, JobHandler, JobQueue } from '../../lib/job-queue.ts';
import type { ThresholdReader } from '../thresholds/service.ts';
import type { WorkoutReader } from '../workouts/service.ts';
import * as repo from './repository.ts';

export const ONBOARDING_JOB = 'onboarding.process';

/** The stage each status leads to; a job carries the stage it is to reach. */
const NEXT_STAGE: Readonly<Record<string, Stage>> = {
  NLP_PARSED: 'DATA_HARVESTED',
  DATA_HARVESTED: 'PROFILE_SYNTHESIZED',
  PROFILE_SYNTHESIZED: 'PLAN_DRAFTED',
};
type Stage = 'DATA_HARVESTED' | 'PROFILE_SYNTHESIZED' | 'PLAN_DRAFTED';

/** What each stage was doing, for the message a person reads when it failed for good. */
const STAGE_WORK: Record<Stage, string> = {
  DATA_HARVESTED: 'reading your recent training',
  PROFILE_SYNTHESIZED: 'estimating your training profile',
  PLAN_DRAFTED: 'drafting your plan',
};

export interface OnboardingJobPayload {
  sessionId: string;
  revision: number;
  stage: Stage;
}

export interface OnboardingReaders {
  trainingLoad: {
    storedDays(
      athleteId: string,
      from: string,
      to: string,
    ): Promise<{
      rows: Array<{
        date: string;
        tss: number;
        ctl: number;
        atl: number;
        sessions: number;
        runMinutes: number;
        bikeMinutes: number;
        swimMinutes: number;
        strengthMinutes: number;
      }>;
      latest: { date: string; ctl: number; atl: number } | null;
    }>;
  };
  activities: {
    durationsBetween(
      athleteId: string,
      from: string,
      to: string,
    ): Promise<Array<{ date: string; sport: string; minutes: number }>>;
  };
  workouts: WorkoutReader;
  thresholds: Pick<ThresholdReader, 'thresholdsOn'>;
  metrics: {
    wellnessDays(
      athleteId: string,
      from: string,
      to: string,
    ): Promise<
      Array<{ date: string; hrv: number | null; restingHr: number | null; sleepHours: number | null }>
    >;
  };
  timezone(athleteId: string): Promise<string>;
}

/** The job payload that moves a freshly parsed session on to its first stage. */
export function firstStage(sessionId: string, revision: number): OnboardingJobPayload {
  return { sessionId, revision, stage: 'DATA_HARVESTED' };
}

export function onboardingJob(
  db: Db,
  deps: { jobs: JobQueue; readers: OnboardingReaders; log?: { error(obj: object, msg: string): void } },
): JobHandler {
  const { readers } = deps;

  /** The last 12 weeks of the athlete's training, read through the modules that own it. */
  async function harvest(athleteId: string, today: string): Promise<ProfileHarvest> {
    const from = profileWindowStart(today);
    const [load, activities, completed, on, wellness] = await Promise.all([
      readers.trainingLoad.storedDays(athleteId, from, today),
      readers.activities.durationsBetween(athleteId, from, today),
      readers.workouts.rows(athleteId, { status: 'completed', dateFrom: from, dateTo: today, limit: 5000 }),
      readers.thresholds.thresholdsOn(athleteId, today),
      readers.metrics.wellnessDays(athleteId, from, today),
    ]);
    const known = (value: number, isKnown: boolean) => (isKnown ? value : null);
    return {
      today,
      days: load.rows.map((r) => ({
        date: r.date,
        tss: r.tss,
        sessions: r.sessions,
        run_minutes: r.runMinutes,
        bike_minutes: r.bikeMinutes,
        swim_minutes: r.swimMinutes,
        strength_minutes: r.strengthMinutes,
      })),
      latest_load: load.latest
        ? { date: load.latest.date, ctl: load.latest.ctl, atl: load.latest.atl }
        : null,
      sessions: [
        ...activities.map((a) => ({ ...a, source: 'activity' as const })),
        ...completed.map((w) => ({
          date: w.workoutDate,
          sport: w.sport,
          minutes: w.durationMinutes ?? 0,
          source: 'workout' as const,
        })),
      ],
      thresholds: {
        ftp_watts: known(on.cycling.ftpWatts, on.cycling.known.ftp),
        threshold_pace_seconds_per_km: known(on.running.thresholdPaceSecondsPerKm, on.running.known.pace),
        css_seconds_per_100m: known(on.swimming.cssSecondsPer100m, on.swimming.known.css),
        max_hr:
          known(on.running.maxHr, on.running.known.maxHr) ?? known(on.cycling.maxHr, on.cycling.known.maxHr),
        lthr: known(on.running.lthr, on.running.known.lthr) ?? known(on.cycling.lthr, on.cycling.known.lthr),
      },
      wellness: wellness.map((w) => ({
        date: w.date,
        hrv: w.hrv,
        resting_hr: w.restingHr,
        sleep_hours: w.sleepHours,
      })),
    };
  }

  async function stageChanges(row: repo.SessionRow, stage: Stage): Promise<repo.SessionChanges> {
    const today = dateInTimeZone(new Date(), await readers.timezone(row.athleteId));
    if (stage === 'DATA_HARVESTED') {
      return { harvest: (await harvest(row.athleteId, today)) as unknown as Record<string, unknown> };
    }
    if (stage === 'PROFILE_SYNTHESIZED') {
      const profile = estimateTrainingProfile(row.harvest as unknown as ProfileHarvest);
      return { profile: profile as unknown as Record<string, unknown> };
    }
    const goal = row.goalContext as unknown as GoalContextDto;
    const profile = row.profile as unknown as TrainingProfileDto;
    const plan = generatePlan(goal, planProfileOf(profile), { today });
    return { plan: plan as unknown as Record<string, unknown> };
  }

  return {
    async run(job: Job) {
      const { sessionId, revision, stage } = job.payload as unknown as OnboardingJobPayload;
      const row = await repo.findSessionForJob(db, sessionId);
      // A newer prompt replaced this revision, or the stage is done already (a repeat after a restart): no-op.
      if (!row || row.revision !== revision || NEXT_STAGE[row.status] !== stage) return;
      const changes = await stageChanges(row, stage);
      const next = NEXT_STAGE[stage];
      const advanced = await db.transaction(async (tx) => {
        const updated = await repo.advanceStage(
          tx,
          sessionId,
          { revision, status: row.status },
          { ...changes, status: stage, error: null },
        );
        if (updated && next) {
          const payload: OnboardingJobPayload = { sessionId, revision, stage: next };
          await deps.jobs.enqueue(tx, ONBOARDING_JOB, { ...payload }, { athleteId: job.athleteId });
        }
        return updated;
      });
      if (advanced && next) deps.jobs.wake();
    },

    async failed(job: Job, reason: string) {
      const { sessionId, revision, stage } = job.payload as unknown as OnboardingJobPayload;
      deps.log?.error({ sessionId, stage, reason }, 'onboarding stage failed for good');
      const work = STAGE_WORK[stage] ?? 'preparing your plan';
      await repo.recordFailure(
        db,
        sessionId,
        revision,
        `Something went wrong while ${work}. Send your goal again to try once more.`,
      );
    },
  };
}
