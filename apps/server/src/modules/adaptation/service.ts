// Plan changes (docs/adaptation.md): every change the daily adaptation or a confirmed coach action makes to a
// planned workout goes through `applyChange`, which writes the workout through the workout service (so its
// TSS, structure and the daily load stay right) and records the change with the workout before and after it,
// in one transaction. `undoChange` puts the workout back and marks its days as decided by the athlete.
import type {
  AdaptationRun,
  PlanChange,
  PlanChangeKind,
  PlanChangeList,
  PlanChangeSource,
  PlanChangeWorkout,
} from '@stamina/contract';
import {
  type AdaptationWorkout,
  addDays,
  CTL_RAMP_CAP,
  DEFAULT_CTL_RAMP_CAP,
  dateInTimeZone,
  proposeAdaptations,
  type ReadinessDay,
  type Sport,
} from '@stamina/core';
import { LRUCache } from 'lru-cache';
import type { Conn, Db, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Job, JobQueue } from '../../lib/job-queue.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import type { WorkoutRow, WorkoutService } from '../workouts/service.ts';
import * as repo from './repository.ts';

/** The workout fields a change may set; null in place of the patch deletes the workout. */
export interface PlanChangePatch {
  workoutDate?: string;
  title?: string;
  workoutLanguageText?: string | null;
  durationMinutes?: number | null;
  intensityZone?: number | null;
  status?: 'skipped';
  description?: string | null;
}

export interface ApplyChangeInput {
  workoutId: string;
  kind: PlanChangeKind;
  source: PlanChangeSource;
  reason: string;
  patch: PlanChangePatch | null;
}

export type AdaptationWorkouts = Pick<
  WorkoutService,
  'find' | 'findForUpdate' | 'applyFor' | 'removeFor' | 'recreateFor' | 'changed' | 'rows'
>;

export function snapshotOf(row: WorkoutRow): repo.WorkoutSnapshot {
  return {
    id: row.id,
    planId: row.planId,
    title: row.title,
    workoutDate: row.workoutDate,
    sport: row.sport,
    workoutLanguageText: row.workoutLanguageText,
    durationMinutes: row.durationMinutes,
    intensityZone: row.intensityZone,
    status: row.status,
    description: row.description,
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

function workoutOf(snapshot: repo.WorkoutSnapshot | null): PlanChangeWorkout | null {
  if (!snapshot) return null;
  return {
    title: snapshot.title,
    workout_date: snapshot.workoutDate,
    sport: snapshot.sport as PlanChangeWorkout['sport'],
    duration_minutes: snapshot.durationMinutes,
    intensity_zone: snapshot.intensityZone,
    status: snapshot.status as PlanChangeWorkout['status'],
  };
}

export function toPlanChange(row: repo.PlanChangeRow): PlanChange {
  return {
    id: row.id,
    plan_id: row.planId,
    workout_id: row.workoutId,
    date: row.date,
    source: row.source as PlanChangeSource,
    kind: row.kind as PlanChangeKind,
    reason: row.reason,
    before: workoutOf(row.before ?? null),
    after: workoutOf(row.after ?? null),
    undone_at: row.undoneAt ? new Date(row.undoneAt).toISOString() : null,
    created_at: new Date(row.createdAt).toISOString(),
  };
}

/** What a run reads of a plan. */
export interface AdaptationPlan {
  id: string;
  status: string;
  raceDate: string | null;
  outline: Record<string, unknown> | null;
}

export interface AdaptationServiceDeps {
  workouts: AdaptationWorkouts;
  /** The caller's plan, undefined when it is not theirs. */
  plans: {
    row(athleteId: string, id: string): Promise<AdaptationPlan | undefined>;
    activeRow(athleteId: string): Promise<AdaptationPlan | undefined>;
    activePlans(): Promise<Array<{ athleteId: string; planId: string }>>;
  };
  /** Readiness and sleep of yesterday and today, and the CTL ramp, read through their services (app.ts). */
  readers?: {
    readiness(auth: AuthContext, now: Date): Promise<ReadinessDay[]>;
    ctlRamp(athleteId: string, today: string): Promise<number | null>;
  };
  athletes?: {
    adaptationSettings(
      athleteIds: readonly string[],
    ): Promise<Array<{ athleteId: string; timezone: string; enabled: boolean }>>;
  };
  notifications?: {
    planChanged(athleteId: string, changes: ReadonlyArray<PlanChange>): Promise<void>;
  };
  jobs?: JobQueue;
  /** Tells the cached reads (plans, dashboard) after a commit. */
  onChange?: (athleteId: string) => void;
}

export const ADAPTATION_JOB = 'adaptation.run';
/** The local hour from which the day's run is due: early morning, before most athletes train. */
export const DAILY_RUN_HOUR = 5;

function localHour(now: Date, timeZone: string): number {
  try {
    const hour = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone }).format(
      now,
    );
    return Number(hour);
  } catch {
    return now.getUTCHours();
  }
}

/**
 * The identity a background run acts with: the athlete's id and time zone, all the services it calls read of a
 * caller. No session, no user: it never reaches a route.
 */
function systemAuth(athleteId: string, timezone: string): AuthContext {
  return { athleteId, timezone, userId: '', email: '', sessionId: '', user: null } as unknown as AuthContext;
}

export function createAdaptationService(db: Db, deps: AdaptationServiceDeps) {
  const { workouts } = deps;

  function announce(athleteId: string) {
    workouts.changed(athleteId);
    deps.onChange?.(athleteId);
  }

  /** The change's write and record, on `tx`. */
  async function applyOn(tx: Tx, auth: AuthContext, input: ApplyChangeInput): Promise<repo.PlanChangeRow> {
    const current = await workouts.findForUpdate(tx, auth.athleteId, input.workoutId);
    if (!current) throw notFound('Workout');
    if (current.status !== 'planned') {
      throw new AppError(
        'CONFLICT',
        `This workout is ${current.status}; only a planned workout can be changed.`,
      );
    }
    // docs/adaptation.md, "Athlete's choices win": the daily adaptation never touches what the athlete made.
    if (input.source === 'adaptation' && current.editedByAthleteAt) {
      throw new AppError(
        'CONFLICT',
        'This workout was created or edited by hand, so adaptation leaves it alone.',
      );
    }
    let after: WorkoutRow | undefined;
    if (input.patch === null) {
      await workouts.removeFor(tx, auth, current.id);
    } else {
      const { workoutLanguageText, ...fields } = input.patch;
      after = await workouts.applyFor(tx, auth, current.id, fields, workoutLanguageText);
    }
    return repo.insertChange(tx, auth.athleteId, {
      planId: current.planId,
      workoutId: current.id,
      date: current.workoutDate,
      source: input.source,
      kind: input.kind,
      reason: input.reason,
      before: snapshotOf(current),
      after: after ? snapshotOf(after) : null,
    });
  }

  /**
   * One change of a planned workout, recorded (docs/adaptation.md, "Every change is recorded"). Its own
   * transaction, or a savepoint of `conn` (the caller's transaction; the caller then calls `changed` after its
   * commit). 404 for a workout that is not the caller's; 409 for one not planned, or, from the adaptation, one
   * made or edited by hand or adapted already.
   */
  async function applyChange(auth: AuthContext, input: ApplyChangeInput, conn?: Conn): Promise<PlanChange> {
    if (conn) return toPlanChange(await conn.transaction((tx) => applyOn(tx, auth, input)));
    const row = await db.transaction((tx) => applyOn(tx, auth, input));
    announce(auth.athleteId);
    return toPlanChange(row);
  }

  /**
   * Puts the workout back as it was before the change (docs/adaptation.md, "Undo"), and marks the days it
   * touched as decided by the athlete. 404 for a change that is not the caller's; 409 when it was undone
   * already, or when the workout changed since (its state is no longer the change's "after").
   */
  async function undoChange(
    auth: AuthContext,
    changeId: string,
    now = new Date(),
    planId?: string,
  ): Promise<PlanChange> {
    const row = await db.transaction(async (tx) => {
      const change = await repo.findChangeForUpdate(tx, auth.athleteId, changeId);
      if (!change || (planId !== undefined && change.planId !== planId)) throw notFound('Plan change');
      if (change.undoneAt) throw new AppError('CONFLICT', 'This change was already undone.');
      if (!change.workoutId) {
        throw new AppError(
          'CONFLICT',
          'A rebuild of the plan cannot be undone; rebuild it again with the goal you want.',
        );
      }
      const before = change.before ?? null;
      const after = change.after ?? null;
      const current = await workouts.findForUpdate(tx, auth.athleteId, change.workoutId);
      const unchanged = after
        ? current !== undefined && new Date(current.updatedAt).toISOString() === after.updatedAt
        : current === undefined;
      if (!unchanged) {
        throw new AppError(
          'CONFLICT',
          'This workout changed since, so the change cannot be undone; edit the workout on the calendar instead.',
        );
      }
      if (!before) {
        await workouts.removeFor(tx, auth, change.workoutId);
      } else if (!current) {
        await workouts.recreateFor(tx, auth, {
          id: before.id,
          planId: before.planId,
          title: before.title,
          workoutDate: before.workoutDate,
          sport: before.sport as Sport,
          workoutLanguageText: before.workoutLanguageText,
          durationMinutes: before.durationMinutes,
          intensityZone: before.intensityZone,
          status: before.status,
          description: before.description,
        });
      } else {
        await workouts.applyFor(
          tx,
          auth,
          current.id,
          {
            title: before.title,
            workoutDate: before.workoutDate,
            durationMinutes: before.durationMinutes,
            intensityZone: before.intensityZone,
            status: before.status as 'planned',
            description: before.description,
          },
          // The text only when it changed: an unchanged text keeps its structure without a re-parse.
          before.workoutLanguageText === current.workoutLanguageText ? undefined : before.workoutLanguageText,
        );
      }
      await repo.markDecided(
        tx,
        auth.athleteId,
        [change.date, after?.workoutDate].filter((d): d is string => typeof d === 'string'),
      );
      return repo.markUndone(tx, auth.athleteId, change.id, now);
    });
    announce(auth.athleteId);
    return toPlanChange(row);
  }

  async function listChanges(
    auth: AuthContext,
    query: { planId?: string | undefined; workoutId?: string | undefined; page: number; pageSize: number },
  ): Promise<PlanChangeList> {
    const { rows, total } = await repo.listChanges(db, auth.athleteId, {
      planId: query.planId,
      workoutId: query.workoutId,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    });
    return { items: rows.map(toPlanChange), page: query.page, page_size: query.pageSize, total };
  }

  /**
   * One adaptation run of the athlete's plan for their local today (docs/adaptation.md): reads the plan's
   * workouts around today, readiness and load, asks core's rules for changes, and applies them all in one
   * transaction. A 'daily' run claims the athlete's day and does nothing when it was claimed already (another
   * process, or an earlier run); a 'forced' run waits for any other and runs anyway. Each change is notified.
   */
  async function run(
    auth: AuthContext,
    plan: AdaptationPlan,
    mode: 'daily' | 'forced',
    now = new Date(),
  ): Promise<PlanChange[]> {
    const today = dateInTimeZone(now, auth.timezone);
    const rows = await workouts.rows(auth.athleteId, {
      dateFrom: addDays(today, -8),
      dateTo: addDays(today, 14),
      limit: 2000,
    });
    const [changed, decided, readiness, ctlRamp] = await Promise.all([
      repo.activeChangesOf(
        db,
        auth.athleteId,
        rows.map((r) => r.id),
      ),
      repo.decidedDays(db, auth.athleteId, addDays(today, -8), addDays(today, 14)),
      deps.readers?.readiness(auth, now) ?? Promise.resolve([]),
      deps.readers?.ctlRamp(auth.athleteId, today) ?? Promise.resolve(null),
    ]);
    const changedIds = new Set(changed.map((c) => c.workoutId));
    const experience = (plan.outline?.goal_context as { experience?: string } | undefined)?.experience;
    const proposals = proposeAdaptations({
      today,
      workouts: rows.map(
        (r): AdaptationWorkout => ({
          id: r.id,
          date: r.workoutDate,
          sport: r.sport as AdaptationWorkout['sport'],
          title: r.title,
          durationMinutes: r.durationMinutes,
          intensityZone: r.intensityZone,
          status: r.status as AdaptationWorkout['status'],
          tss: r.tss,
          actualTss: r.actualTss,
          inPlan: r.planId === plan.id,
          byAthlete: r.editedByAthleteAt !== null,
          changed: changedIds.has(r.id),
        }),
      ),
      readiness,
      decidedDays: decided,
      raceDate: plan.raceDate,
      ctlRamp,
      ctlRampCap: (experience && CTL_RAMP_CAP[experience]) || DEFAULT_CTL_RAMP_CAP,
    });
    // Nothing to change (most days of most athletes): the day's claim alone, one statement.
    if (proposals.length === 0) {
      if (mode === 'daily') await repo.claimRun(db, auth.athleteId, today);
      else await repo.lockRun(db, auth.athleteId, today);
      return [];
    }
    const applied = await db.transaction(async (tx) => {
      if (mode === 'daily') {
        if (!(await repo.claimRun(tx, auth.athleteId, today))) return null;
      } else {
        await repo.lockRun(tx, auth.athleteId, today);
      }
      const out: repo.PlanChangeRow[] = [];
      for (const proposal of proposals) {
        try {
          // A savepoint each: a workout changed meanwhile (edited, adapted by a run that got there first) is
          // skipped, the others still apply.
          out.push(await tx.transaction((sp) => applyOn(sp, auth, { ...proposal, source: 'adaptation' })));
        } catch (err) {
          if (err instanceof AppError && (err.code === 'CONFLICT' || err.code === 'NOT_FOUND')) continue;
          throw err;
        }
      }
      await repo.recordRunChanges(tx, auth.athleteId, today, out.length);
      return out;
    });
    if (!applied) return [];
    const changes = applied.map(toPlanChange);
    if (changes.length > 0) {
      announce(auth.athleteId);
      await deps.notifications?.planChanged(auth.athleteId, changes);
    }
    return changes;
  }

  /** The job: a daily run of the athlete's active plan, or a forced one (after an import). */
  async function runJob(job: Job): Promise<void> {
    const { athleteId, force } = job.payload as { athleteId: string; force?: boolean };
    const [settings] = (await deps.athletes?.adaptationSettings([athleteId])) ?? [];
    if (!settings?.enabled) return;
    const plan = await deps.plans.activeRow(athleteId);
    if (!plan) return;
    await run(systemAuth(athleteId, settings.timezone), plan, force ? 'forced' : 'daily');
  }

  /** Athletes whose daily job this process queued, so a tick does not queue them twice in a day. */
  const queued = new LRUCache<string, true>({ max: 100_000 });

  /**
   * Queues the daily job of every athlete due (docs/adaptation.md, "One run a day"): an active plan,
   * adaptation on, their local time past the early-morning hour, and no run yet on their local today. Every
   * process may call it: a second job of the same athlete and day finds the day claimed and does nothing.
   * Answers how many jobs it queued.
   */
  async function scheduleDue(now = new Date()): Promise<number> {
    if (!deps.jobs || !deps.athletes) return 0;
    const plans = await deps.plans.activePlans();
    if (plans.length === 0) return 0;
    const settings = await deps.athletes.adaptationSettings(plans.map((p) => p.athleteId));
    const done = await repo.runsSince(db, addDays(now.toISOString().slice(0, 10), -1));
    const due: Array<{ athleteId: string; day: string }> = [];
    for (const s of settings) {
      if (!s.enabled) continue;
      const day = dateInTimeZone(now, s.timezone);
      const key = `${s.athleteId}:${day}`;
      if (done.has(key) || queued.has(key)) continue;
      if (localHour(now, s.timezone) < DAILY_RUN_HOUR) continue;
      due.push({ athleteId: s.athleteId, day });
    }
    if (due.length === 0) return 0;
    const jobs = deps.jobs;
    await db.transaction(async (tx) => {
      for (const d of due) await jobs.enqueue(tx, ADAPTATION_JOB, { athleteId: d.athleteId, day: d.day });
    });
    for (const d of due) queued.set(`${d.athleteId}:${d.day}`, true);
    jobs.wake();
    return due.length;
  }

  /** After an import: a forced run of the athlete's plan, on the queue (never failing the import). */
  async function requestRun(athleteId: string): Promise<void> {
    if (!deps.jobs) return;
    // Only athletes whose plan may adapt get a job.
    const [settings] = (await deps.athletes?.adaptationSettings([athleteId])) ?? [];
    if (settings && !settings.enabled) return;
    if (!(await deps.plans.activeRow(athleteId))) return;
    await deps.jobs.enqueue(db, ADAPTATION_JOB, { athleteId, force: true });
    deps.jobs.wake();
  }

  async function ownPlan(auth: AuthContext, planId: string) {
    const plan = await deps.plans.row(auth.athleteId, planId);
    if (!plan) throw notFound('Plan');
    return plan;
  }

  return {
    applyChange,
    undoChange,
    listChanges,
    /** After a commit of changes applied on a caller's transaction (`applyChange(…, conn)`): refreshes the reads. */
    changed: announce,

    /** GET /training/plans/{id}/changes: 404 for a plan that is not the caller's. */
    async planChanges(
      auth: AuthContext,
      planId: string,
      query: { workoutId?: string | undefined; page: number; pageSize: number },
    ): Promise<PlanChangeList> {
      await ownPlan(auth, planId);
      return listChanges(auth, { planId, ...query });
    },

    /** POST /training/plans/{id}/changes/{changeId}/undo: the change must be of this plan. */
    async undoPlanChange(auth: AuthContext, planId: string, changeId: string): Promise<PlanChange> {
      await ownPlan(auth, planId);
      return undoChange(auth, changeId, new Date(), planId);
    },

    /**
     * POST /training/plans/{id}/adapt: today's run now, even when the daily job ran already (new readiness may
     * have come in since). Only the active plan adapts, and only with the athlete's switch on.
     */
    async adaptNow(auth: AuthContext, planId: string, now = new Date()): Promise<AdaptationRun> {
      const plan = await ownPlan(auth, planId);
      if (plan.status !== 'active') {
        throw new AppError('CONFLICT', `Only the active plan adapts; this one is ${plan.status}.`);
      }
      const [settings] = (await deps.athletes?.adaptationSettings([auth.athleteId])) ?? [];
      if (settings && !settings.enabled) {
        throw new AppError(
          'CONFLICT',
          'Adaptation is turned off in Settings → Preferences; turn it on to let the plan adapt.',
        );
      }
      return { date: dateInTimeZone(now, auth.timezone), changes: await run(auth, plan, 'forced', now) };
    },

    /** A plan rebuilt after a change of goal, recorded in its history (docs/adaptation.md, "Changes to the goal"). */
    async recordRebuild(
      conn: Conn,
      auth: AuthContext,
      change: { planId: string; date: string; reason: string },
    ): Promise<void> {
      await repo.insertChange(conn, auth.athleteId, {
        planId: change.planId,
        workoutId: null,
        date: change.date,
        source: 'adaptation',
        kind: 'rebuild',
        reason: change.reason,
        before: null,
        after: null,
      });
    },

    run,
    scheduleDue,
    /** The daily job's handler (docs/adaptation.md, "One run a day"). */
    job: { run: (job: Job) => runJob(job) },
    requestRun,
  };
}

export type AdaptationService = ReturnType<typeof createAdaptationService>;
