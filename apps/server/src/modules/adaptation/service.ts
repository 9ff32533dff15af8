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
} from '@stamina/contract';
import { addDays, dateInTimeZone, localHour, type ReadinessDay, type Sport } from '@stamina/core';
import { LRUCache } from 'lru-cache';
import { lockAthleteWrites } from '../../db/athlete-lock.ts';
import type { Conn, Db, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Job, JobQueue } from '../../lib/job-queue.ts';
import { type AuthContext, systemAuth } from '../../plugins/authenticate.ts';
import type { WorkoutRow, WorkoutService } from '../workouts/index.ts';
import { type AdaptationPlan, proposalsOf, sameFields, snapshotOf, toPlanChange } from './batch.ts';
import * as repo from './repository.ts';

export type { AdaptationPlan } from './batch.ts';

/** The workout fields a change may set; null in place of the patch deletes the workout. */
interface PlanChangePatch {
  workoutDate?: string;
  /** A swap to another sport (the coach's "a ride instead of the run", docs/coach.md). */
  sport?: Sport;
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

type AdaptationWorkouts = Pick<
  WorkoutService,
  | 'find'
  | 'findForUpdate'
  | 'applyFor'
  | 'removeFor'
  | 'recreateFor'
  | 'changed'
  | 'rows'
  | 'rowsOfAthletes'
  | 'rowsOfIds'
  | 'applyPlannedFor'
>;

export interface AdaptationServiceDeps {
  workouts: AdaptationWorkouts;
  /** The caller's plan, undefined when it is not theirs. */
  plans: {
    row(athleteId: string, id: string): Promise<AdaptationPlan | undefined>;
    activeRow(athleteId: string): Promise<AdaptationPlan | undefined>;
    activePlans(): Promise<Array<{ athleteId: string; planId: string }>>;
    activeRowsOf(athleteIds: readonly string[]): Promise<Map<string, AdaptationPlan>>;
  };
  /**
   * For a batch of athletes, each of their own today: readiness and sleep of yesterday and today, and the CTL
   * ramp, read through their services (wiring/adaptation.ts) in a few reads for the whole batch.
   */
  readers?: {
    inputs(
      athletes: ReadonlyArray<AuthContext>,
      now: Date,
    ): Promise<Map<string, { readiness: ReadinessDay[]; ctlRamp: number | null }>>;
  };
  athletes?: {
    adaptationSettings(
      athleteIds: readonly string[],
    ): Promise<Array<{ athleteId: string; timezone: string; enabled: boolean }>>;
  };
  notifications?: {
    planChanged(athleteId: string, changes: ReadonlyArray<PlanChange>): Promise<void>;
    plansChanged?(changes: ReadonlyArray<PlanChange & { athleteId: string }>): Promise<void>;
  };
  jobs?: JobQueue;
  /** Tells the cached reads (plans, dashboard) after a commit. */
  onChange?: (athleteId: string) => void;
}

export const ADAPTATION_JOB = 'adaptation.run';

/** What this module's jobs carry (lib/job-queue.ts, JobPayloads). */
declare module '../../lib/job-queue.ts' {
  interface JobPayloads {
    /** A daily run of a page of athletes, or a forced run of one (after an import); `{ athleteId }` alone is a
     * daily run queued before pages. */
    [ADAPTATION_JOB]: { athleteIds?: string[]; athleteId?: string; force?: boolean };
  }
}

/** The local hour from which the day's run is due: early morning, before most athletes train. */
const DAILY_RUN_HOUR = 5;
/** Athletes a daily job runs together (docs/adaptation.md, "One run a day"). */
const DAILY_BATCH_SIZE = 250;

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
      // docs/RELIABILITY.md, "Concurrency": the athlete's write lock before any row.
      await lockAthleteWrites(tx, auth.athleteId);
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
      // As the change left it: the same write, or the same fields and no edit by the athlete since (a threshold
      // change re-parses planned workouts, which touches them without changing what the change set).
      const unchanged = after
        ? current !== undefined &&
          (new Date(current.updatedAt).toISOString() === after.updatedAt ||
            (sameFields(snapshotOf(current), after) &&
              !(
                current.editedByAthleteAt && new Date(current.editedByAthleteAt) > new Date(change.createdAt)
              )))
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
            sport: before.sport as Sport,
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
   * Adaptation runs of many athletes' plans, each for their local today (docs/adaptation.md): reads the plans'
   * workouts around today, readiness and load of the whole batch in a few set-based reads, asks core's rules for
   * each athlete's changes, and applies them all in one transaction: one statement for the workouts, one for the
   * changes. A 'daily' run claims each athlete's day and leaves out those claimed already (another process, or an
   * earlier run); a 'forced' run waits for any other run of the athletes and runs anyway. Each change is
   * notified. Answers the changes made, by athlete id.
   */
  async function runBatch(
    items: ReadonlyArray<{ auth: AuthContext; plan: AdaptationPlan }>,
    mode: 'daily' | 'forced',
    now = new Date(),
  ): Promise<Map<string, PlanChange[]>> {
    const result = new Map<string, PlanChange[]>();
    if (items.length === 0) return result;
    // One lock order for every process (no two batches wait for each other the other way round).
    const batch = [...items].sort((a, b) => a.auth.athleteId.localeCompare(b.auth.athleteId));
    const ids = batch.map((i) => i.auth.athleteId);
    const todays = batch.map((i) => dateInTimeZone(now, i.auth.timezone));
    const first = todays.reduce((a, b) => (a < b ? a : b));
    const last = todays.reduce((a, b) => (a > b ? a : b));
    // The page's reads at once, each on its own connection (docs/scale.md, "What grows, measured"): only the
    // changes not undone wait for the workouts read (they are looked up by its workout ids).
    const rowsRead = workouts.rowsOfAthletes(ids, addDays(first, -8), addDays(last, 14));
    const changedRead = rowsRead.then((rows) =>
      repo.activeChangesOfAthletes(
        db,
        ids,
        rows.map((r) => r.id),
      ),
    );
    const [rows, changed, decided, inputs] = await Promise.all([
      rowsRead,
      changedRead,
      repo.decidedDaysOfAthletes(db, ids, addDays(first, -8), addDays(last, 14)),
      deps.readers?.inputs(
        batch.map((i) => i.auth),
        now,
      ) ?? Promise.resolve(new Map<string, { readiness: ReadinessDay[]; ctlRamp: number | null }>()),
    ]);
    const { runs, planned: proposed } = proposalsOf({
      batch,
      todays,
      rows,
      changedIds: new Set(changed.map((c) => `${c.athleteId}:${c.workoutId}`)),
      decided,
      inputs,
    });
    // The whole rows of the workouts to change only (the narrow read leaves their text and structure out); one
    // changed since the narrow read is left out, as the write below would leave it.
    const whole = new Map(
      (await workouts.rowsOfIds(proposed.map((p) => ({ athleteId: p.auth.athleteId, id: p.slot.id })))).map(
        (r) => [`${r.athleteId}:${r.id}`, r],
      ),
    );
    const planned = proposed.flatMap(({ auth, slot, proposal }) => {
      const current = whole.get(`${auth.athleteId}:${slot.id}`);
      return current && current.updatedAt.getTime() === new Date(slot.updatedAt).getTime()
        ? [{ auth, current, proposal }]
        : [];
    });

    const applied = await db.transaction(async (tx) => {
      let claimed: Set<string>;
      if (mode === 'daily') {
        claimed = await repo.claimRuns(tx, runs);
      } else {
        await repo.lockRuns(tx, runs);
        claimed = new Set(ids);
      }
      const mine = planned.filter((p) => claimed.has(p.auth.athleteId));
      // Each written only while it is still planned, not edited by hand and as read: one changed meanwhile
      // (edited, adapted by a run that got there first) is left out, the others still apply.
      const written = await workouts.applyPlannedFor(
        tx,
        mine.map(({ current, proposal }) => {
          const { workoutLanguageText, ...fields } = proposal.patch;
          return {
            current,
            changes: fields,
            ...(workoutLanguageText !== undefined ? { newText: workoutLanguageText } : {}),
          };
        }),
      );
      const done = mine.filter((p) => written.has(p.current.id));
      const inserted = await repo.insertChanges(
        tx,
        done.map(({ auth, current, proposal }) => ({
          athleteId: auth.athleteId,
          planId: current.planId,
          workoutId: current.id,
          date: current.workoutDate,
          source: 'adaptation',
          kind: proposal.kind,
          reason: proposal.reason,
          before: snapshotOf(current),
          after: snapshotOf(written.get(current.id)!),
        })),
      );
      const counts = new Map<string, number>();
      for (const row of inserted) counts.set(row.athleteId, (counts.get(row.athleteId) ?? 0) + 1);
      await repo.recordRunsChanges(
        tx,
        runs.filter((r) => counts.has(r.athleteId)).map((r) => ({ ...r, changes: counts.get(r.athleteId)! })),
      );
      return inserted;
    });
    for (const row of applied) {
      result.set(row.athleteId, [...(result.get(row.athleteId) ?? []), toPlanChange(row)]);
    }
    for (const athleteId of result.keys()) announce(athleteId);
    if (applied.length > 0) {
      if (deps.notifications?.plansChanged) {
        await deps.notifications.plansChanged(
          [...result].flatMap(([athleteId, changes]) => changes.map((c) => ({ ...c, athleteId }))),
        );
      } else {
        for (const [athleteId, changes] of result) await deps.notifications?.planChanged(athleteId, changes);
      }
    }
    return result;
  }

  /**
   * One adaptation run of the athlete's plan for their local today (docs/adaptation.md): `runBatch` of one. A
   * 'daily' run does nothing when the day was claimed already; a 'forced' one runs anyway.
   */
  async function run(
    auth: AuthContext,
    plan: AdaptationPlan,
    mode: 'daily' | 'forced',
    now = new Date(),
  ): Promise<PlanChange[]> {
    return (await runBatch([{ auth, plan }], mode, now)).get(auth.athleteId) ?? [];
  }

  /**
   * The daily run of a page of athletes (the schedule's job): those with adaptation on and an active plan. When
   * the batch fails, each athlete runs alone, so one athlete's failure does not hold back the others; the job
   * then fails for the retry of those that failed (the others' days are claimed and skipped).
   */
  async function runDailyBatch(athleteIds: readonly string[], now = new Date()): Promise<void> {
    const [settings, plans] = await Promise.all([
      deps.athletes?.adaptationSettings(athleteIds) ?? Promise.resolve([]),
      deps.plans.activeRowsOf(athleteIds),
    ]);
    const items = settings
      .filter((s) => s.enabled && plans.has(s.athleteId))
      .map((s) => ({ auth: systemAuth(s.athleteId, s.timezone), plan: plans.get(s.athleteId)! }));
    try {
      await runBatch(items, 'daily', now);
    } catch (err) {
      if (items.length <= 1) throw err;
      let failure: unknown = null;
      for (const item of items) {
        try {
          await runBatch([item], 'daily', now);
        } catch (e) {
          failure ??= e;
        }
      }
      if (failure) throw failure;
    }
  }

  /** The job: a daily run of a page of athletes (or of one, from before pages), or a forced one (after an import). */
  async function runJob(job: Job<typeof ADAPTATION_JOB>): Promise<void> {
    const payload = job.payload;
    if (payload.athleteIds) return runDailyBatch(payload.athleteIds);
    const athleteId = payload.athleteId;
    if (!athleteId) return;
    if (!payload.force) return runDailyBatch([athleteId]);
    const [settings] = (await deps.athletes?.adaptationSettings([athleteId])) ?? [];
    if (!settings?.enabled) return;
    const plan = await deps.plans.activeRow(athleteId);
    if (!plan) return;
    await run(systemAuth(athleteId, settings.timezone), plan, 'forced');
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
    // A job a page of athletes: each job reads and writes its page in a few statements (docs/adaptation.md).
    await db.transaction(async (tx) => {
      for (let i = 0; i < due.length; i += DAILY_BATCH_SIZE) {
        const page = due.slice(i, i + DAILY_BATCH_SIZE);
        await jobs.enqueue(tx, ADAPTATION_JOB, { athleteIds: page.map((d) => d.athleteId) });
      }
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
    runBatch,
    scheduleDue,
    /** The daily job's handler (docs/adaptation.md, "One run a day"). */
    job: { run: (job: Job<typeof ADAPTATION_JOB>) => runJob(job) },
    requestRun,
  };
}

export type AdaptationService = ReturnType<typeof createAdaptationService>;
