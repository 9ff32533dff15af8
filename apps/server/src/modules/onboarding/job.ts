// The onboarding job (docs/onboarding.md, "The job"): after the goal is parsed, the server reads the athlete's
// last 12 weeks (DATA_HARVESTED), estimates their training profile (PROFILE_SYNTHESIZED) and drafts the plan
// (PLAN_DRAFTED). When the operator set a language model (LLM_BASE_URL), the first stage also asks it to read
// the goal (goal-model.ts), checked against the built-in reading. One job per stage on the durable queue: each stage commits with the job of the next one, so
// polls see the real stage, a restart resumes where the work stopped, and a stage that failed is retried alone.
import type { GoalContextDto, TrainingProfileDto } from '@stamina/contract';
import type { Units, WeekStart } from '@stamina/core';
import {
  athleteLevel,
  dateInTimeZone,
  estimateTrainingProfile,
  generatePlan,
  type ProfileHarvest,
  planProfileOf,
  profileWindowStart,
  withGoalDefaults,
} from '@stamina/core';
import type { Db } from '../../db/client.ts';
import type { Job, JobHandler, JobQueue } from '../../lib/job-queue.ts';
import type { ThresholdReader } from '../thresholds/index.ts';
import type { WorkoutReader } from '../workouts/index.ts';
import { type GoalModel, readGoalWithModel } from './goal-model.ts';
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
  /** The session's athlete: every read and write of the session names it (docs/scale.md, "Router queries"). */
  athleteId: string;
  sessionId: string;
  revision: number;
  stage: Stage;
}

/** What this module's jobs carry (lib/job-queue.ts, JobPayloads). */
declare module '../../lib/job-queue.ts' {
  interface JobPayloads {
    [ONBOARDING_JOB]: OnboardingJobPayload;
  }
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
  thresholds: Pick<ThresholdReader, 'thresholdsOn' | 'fillUnknown'>;
  metrics: {
    wellnessDays(
      athleteId: string,
      from: string,
      to: string,
    ): Promise<
      Array<{ date: string; hrv: number | null; restingHr: number | null; sleepHours: number | null }>
    >;
  };
  /** The athlete's time zone and week start (plan weeks are the athlete's calendar weeks), and units. */
  calendar(athleteId: string): Promise<{ timezone: string; weekStart: WeekStart; units: Units }>;
}

/** The job payload that moves a freshly parsed session on to its first stage. */
export function firstStage(athleteId: string, sessionId: string, revision: number): OnboardingJobPayload {
  return { athleteId, sessionId, revision, stage: 'DATA_HARVESTED' };
}

export function onboardingJob(
  db: Db,
  deps: {
    jobs: JobQueue;
    readers: OnboardingReaders;
    /** The operator's language model for the goal (LLM_BASE_URL); null: the built-in reading stands. */
    goalModel?: GoalModel | null;
    log?: { error(obj: object, msg: string): void; warn?(obj: object, msg: string): void };
  },
): JobHandler<typeof ONBOARDING_JOB> {
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

  /** The model's reading of the goal, checked by the rules; nothing when no model is set or it failed. */
  async function readByModel(
    row: repo.SessionRow,
    today: string,
    units: Units,
  ): Promise<repo.SessionChanges> {
    if (!deps.goalModel || !row.prompt || !row.goalContext) return {};
    const log = deps.log?.warn ? { warn: deps.log.warn.bind(deps.log) } : undefined;
    const read = await readGoalWithModel(
      deps.goalModel,
      row.prompt,
      today,
      row.goalContext as unknown as GoalContextDto,
      units,
      log,
    );
    if (read.by === 'rules') return {};
    return { goalContext: read.goal as unknown as Record<string, unknown>, goalParsedBy: 'model' };
  }

  async function stageChanges(row: repo.SessionRow, stage: Stage): Promise<repo.SessionChanges> {
    const calendar = await readers.calendar(row.athleteId);
    const today = dateInTimeZone(new Date(), calendar.timezone);
    if (stage === 'DATA_HARVESTED') {
      const [harvested, read] = await Promise.all([
        harvest(row.athleteId, today),
        readByModel(row, today, calendar.units),
      ]);
      return { harvest: harvested as unknown as Record<string, unknown>, ...read };
    }
    if (stage === 'PROFILE_SYNTHESIZED') {
      const profile = estimateTrainingProfile(row.harvest as unknown as ProfileHarvest);
      return { profile: profile as unknown as Record<string, unknown> };
    }
    const goal = withGoalDefaults(row.goalContext as unknown as GoalContextDto);
    const recorded = planProfileOf(row.profile as unknown as TrainingProfileDto);
    // Recorded history overrides what was typed: the generator reads the goal's athlete facts under the profile.
    const plan = generatePlan(goal, recorded, {
      today,
      weekStart: calendar.weekStart,
      units: calendar.units,
    });
    // Thresholds derived from what the athlete said are stored, dated today, where none is known.
    const sports =
      goal.primary_event.sport === 'triathlon'
        ? (['swim', 'bike', 'run'] as const)
        : [goal.primary_event.sport];
    const level = athleteLevel(
      goal.athlete,
      {
        ctl: recorded.ctl,
        weeklyHours: recorded.weeklyHours,
        ...(recorded.thresholds ? { thresholds: recorded.thresholds } : {}),
      },
      goal.experience,
      sports,
    );
    const derived = (t: { value: number; source: string } | null) =>
      t && t.source !== 'recorded' ? t.value : null;
    await readers.thresholds.fillUnknown(row.athleteId, today, {
      running: {
        threshold_pace_seconds_per_km: derived(level.thresholdPace),
        lthr: derived(level.lthr),
        max_hr: derived(level.maxHr),
      },
      cycling: { ftp_watts: derived(level.ftp) },
      swimming: { css_seconds_per_100m: derived(level.css) },
    });
    return { plan: plan as unknown as Record<string, unknown> };
  }

  return {
    async run(job: Job<typeof ONBOARDING_JOB>) {
      const { sessionId, revision, stage } = job.payload;
      // A job queued before payloads named the athlete has it on its row.
      const athleteId = job.payload.athleteId ?? job.athleteId;
      if (!athleteId) return;
      const row = await repo.findSession(db, athleteId, sessionId);
      // A newer prompt replaced this revision, or the stage is done already (a repeat after a restart): no-op.
      if (!row || row.revision !== revision || NEXT_STAGE[row.status] !== stage) return;
      const changes = await stageChanges(row, stage);
      const next = NEXT_STAGE[stage];
      const advanced = await db.transaction(async (tx) => {
        const updated = await repo.advanceStage(
          tx,
          athleteId,
          sessionId,
          { revision, status: row.status },
          { ...changes, status: stage, error: null },
        );
        if (updated && next) {
          const payload: OnboardingJobPayload = { athleteId, sessionId, revision, stage: next };
          await deps.jobs.enqueue(tx, ONBOARDING_JOB, { ...payload }, { athleteId });
        }
        return updated;
      });
      if (advanced && next) deps.jobs.wake();
    },

    async failed(job: Job<typeof ONBOARDING_JOB>, reason: string) {
      const { sessionId, revision, stage } = job.payload;
      const athleteId = job.payload.athleteId ?? job.athleteId;
      deps.log?.error({ sessionId, stage, reason }, 'onboarding stage failed for good');
      const work = STAGE_WORK[stage] ?? 'preparing your plan';
      if (!athleteId) return;
      await repo.recordFailure(
        db,
        athleteId,
        sessionId,
        revision,
        `Something went wrong while ${work}. Send your goal again to try once more.`,
      );
    },
  };
}
