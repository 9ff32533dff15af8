// The coach chat (docs/coach.md): reads the athlete's data through the other modules' services into a snapshot,
// answers with the language model when one is configured (model.ts) or the built-in coach (core), stores both
// messages and the proposed actions, and applies a confirmed action as a recorded plan change.
import type {
  CoachActionDto,
  CoachMessageDto,
  CoachMessageList,
  CoachReplyDto,
  RaceReadinessDto,
  ReadinessDto,
} from '@stamina/contract';
import {
  addDays,
  type CoachActionPatch,
  type CoachAnswerSource,
  type CoachChange,
  type CoachIntent,
  type CoachProposedAction,
  type CoachSnapshot,
  type CoachWorkout,
  coachReply,
  dateInTimeZone,
  type ParsedMessage,
  parseMessage,
} from '@stamina/core';
import type { FastifyBaseLogger } from 'fastify';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { lockAthleteWrites } from '../../db/athlete-lock.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { type AuthContext, athleteUnits, athleteWeekStart } from '../../plugins/authenticate.ts';
import type { CoachModel } from './model.ts';
import * as repo from './repository.ts';

/** The days of workouts a snapshot holds: two weeks back (last week's review on a Sunday), two weeks ahead. */
const WORKOUTS_BACK_DAYS = 14;
const WORKOUTS_AHEAD_DAYS = 14;
/** Weeks of load trend a snapshot holds (this one and four before). */
const LOAD_TREND_WEEKS = 5;
type SnapshotPart = 'readiness' | 'workouts' | 'loadTrend' | 'race' | 'plan' | 'changes';
const ALL_PARTS: ReadonlySet<SnapshotPart> = new Set([
  'readiness',
  'workouts',
  'loadTrend',
  'race',
  'plan',
  'changes',
]);
/** What the built-in coach's answer to each intent reads (docs/coach.md, "Intents"). */
const PARTS_BY_INTENT: Record<CoachIntent, ReadonlySet<SnapshotPart>> = {
  readiness: new Set(['readiness', 'workouts']),
  today: new Set(['readiness', 'workouts', 'changes']),
  week: new Set(['workouts', 'changes', 'plan']),
  move: new Set(['workouts']),
  skip: new Set(['readiness', 'workouts']),
  swap: new Set(['readiness', 'workouts']),
  shorten: new Set(['workouts']),
  explain: new Set(['readiness', 'workouts', 'changes']),
  race_readiness: new Set(['race', 'readiness']),
  load_trend: new Set(['loadTrend']),
  missed: new Set(['workouts']),
  changes: new Set(['changes', 'readiness']),
  illness: new Set(['readiness', 'workouts']),
  injury: new Set(['workouts']),
  fatigue: new Set(['readiness', 'workouts']),
  travel: new Set(['workouts']),
  weather: new Set(['workouts']),
  week_review: new Set(['workouts', 'loadTrend']),
  help: new Set(),
};

/** The intents of a message that asks for a change to the plan. */
const ACTING_INTENTS = new Set([
  'move',
  'skip',
  'swap',
  'shorten',
  'missed',
  'illness',
  'injury',
  'fatigue',
  'travel',
  'weather',
]);
/** Messages of earlier conversation the model sees. */
const MODEL_HISTORY_MESSAGES = 10;

interface CoachWorkoutRow {
  id: string;
  title: string;
  workoutDate: string;
  sport: string;
  durationMinutes: number | null;
  intensityZone: number | null;
  /** Planned TSS, and the recorded activity's TSS once one completed it: the daily load counts the latter. */
  tss: number | null;
  actualTss: number | null;
  status: string;
  workoutLanguageText: string | null;
  description: string | null;
}

/** What the coach reads, each through another module's service (wired in wiring/coach.ts). */
interface CoachReaders {
  readiness(auth: AuthContext): Promise<ReadinessDto>;
  workouts(athleteId: string, from: string, to: string): Promise<CoachWorkoutRow[]>;
  loadTrend(
    auth: AuthContext,
    weeks: number,
  ): Promise<{ week_start: string; total_tss: number; ctl: number; atl: number; tsb: number }[]>;
  raceReadiness(auth: AuthContext): Promise<RaceReadinessDto>;
  activePlan(athleteId: string): Promise<{ id: string; title: string; raceDate: string | null } | undefined>;
  changes(auth: AuthContext): Promise<CoachChange[]>;
}

interface AppliedChange {
  changeId: string | null;
  planId: string | null;
}

/**
 * Applies one confirmed action to its workout inside the caller's transaction, recorded as a plan change with
 * source 'coach' (wiring/coach.ts wires the plan-change service here; docs/coach.md, "Actions").
 */
export type ApplyCoachAction = (
  auth: AuthContext,
  action: { workoutId: string; kind: CoachProposedAction['kind']; reason: string; patch: CoachActionPatch },
  tx: Tx,
) => Promise<AppliedChange>;

/** Undoes the plan change an applied action became (the plan-change service's undo). */
export type UndoCoachChange = (auth: AuthContext, changeId: string) => Promise<unknown>;

export interface CoachServiceDeps {
  readers: CoachReaders;
  apply: ApplyCoachAction;
  undo: UndoCoachChange;
  model: CoachModel | null;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  onChange?: (athleteId: string) => void;
  /**
   * The athlete's cache of reads (wiring/context.ts, readCache: the cached reads' own, dropped by every write to what they show), for
   * the snapshot's parts (docs/coach.md, "Where the answers come from"). Without it every part is read each time.
   */
  cache?: { read<T>(athleteId: string, key: string, load: () => Promise<T>): Promise<T> };
}

function toAction(row: repo.CoachActionRow, undone = false): CoachActionDto {
  const p = row.payload as unknown as CoachProposedAction;
  return {
    id: row.id,
    kind: row.kind as CoachActionDto['kind'],
    workout_id: p.workoutId,
    workout_title: p.workoutTitle,
    workout_date: p.workoutDate,
    summary: p.summary,
    reason: p.reason,
    status: row.status as CoachActionDto['status'],
    change_id: row.changeId,
    plan_id: row.planId,
    applied_at: row.appliedAt ? new Date(row.appliedAt).toISOString() : null,
    undone,
  };
}

function toMessage(
  row: repo.CoachMessageRow,
  actions: repo.CoachActionRow[],
  undoneChanges: ReadonlySet<string> = new Set(),
): CoachMessageDto {
  return {
    id: row.id,
    role: row.role as CoachMessageDto['role'],
    text: row.text,
    citations: row.citations,
    actions: actions
      .filter((a) => a.messageId === row.id)
      .map((a) => toAction(a, a.changeId !== null && undoneChanges.has(a.changeId))),
    source: row.role === 'coach' ? (row.source ?? 'built_in') : null,
    created_at: new Date(row.createdAt).toISOString(),
  };
}

function settle<T>(promise: Promise<T>, fallback: T, log: CoachServiceDeps['log'], what: string): Promise<T> {
  return promise.catch((err: unknown) => {
    log?.warn({ err }, `coach: ${what} unavailable`);
    return fallback;
  });
}

export function createCoachService(db: Db, deps: CoachServiceDeps) {
  const { readers, log } = deps;

  /**
   * The athlete's data for one answer. `parts` limits the reads to what the built-in coach's answer uses (by its
   * intent); the language model may call any tool, so it gets every part.
   */
  async function snapshot(
    auth: AuthContext,
    now: Date,
    parts: ReadonlySet<SnapshotPart> = ALL_PARTS,
  ): Promise<CoachSnapshot> {
    const today = dateInTimeZone(now, auth.timezone);
    const weekStart = athleteWeekStart(auth);
    // Each part of the athlete's local day, from the cache when a read before left it there (a failed read is
    // not kept). The day, time zone and week start are in the key: readiness and race readiness are of a day,
    // the load trend of the athlete's weeks.
    const cached = <T>(part: SnapshotPart, read: () => Promise<T>): Promise<T> =>
      deps.cache
        ? deps.cache.read(auth.athleteId, `coach:${part}:${today}:${auth.timezone}:${weekStart}`, read)
        : read();
    const when = <T>(part: SnapshotPart, read: () => Promise<T>, empty: T): Promise<T> =>
      parts.has(part) ? settle(cached(part, read), empty, log, part) : Promise.resolve(empty);
    // A part that fails leaves its part of the snapshot empty: the coach then says it has no data, and never
    // invents it.
    const [readiness, workouts, trend, race, plan, changes] = await Promise.all([
      when('readiness', () => readers.readiness(auth).then((r): ReadinessDto | null => r), null),
      parts.has('workouts')
        ? cached('workouts', async () =>
            (
              await readers.workouts(
                auth.athleteId,
                addDays(today, -WORKOUTS_BACK_DAYS),
                addDays(today, WORKOUTS_AHEAD_DAYS),
              )
            ).map(
              (w): CoachWorkout => ({
                id: w.id,
                title: w.title,
                date: w.workoutDate,
                sport: w.sport,
                durationMinutes: w.durationMinutes,
                intensityZone: w.intensityZone,
                // The TSS the daily load counts for it (docs/coach.md, "One load").
                tss: w.actualTss ?? w.tss,
                status: w.status as CoachWorkout['status'],
                text: w.workoutLanguageText,
                description: w.description,
              }),
            ),
          )
        : Promise.resolve([]),
      when('loadTrend', () => readers.loadTrend(auth, LOAD_TREND_WEEKS), []),
      when('race', () => readers.raceReadiness(auth).then((r): RaceReadinessDto | null => r), null),
      parts.has('plan')
        ? cached('plan', async () => {
            const row = await readers.activePlan(auth.athleteId);
            return row ? { id: row.id, title: row.title, raceDate: row.raceDate } : null;
          })
        : Promise.resolve(null),
      when('changes', () => readers.changes(auth), []),
    ]);
    const prediction = race?.predicted_performance.predictions[0];
    return {
      today,
      weekStart,
      units: athleteUnits(auth),
      readiness: readiness
        ? {
            date: readiness.date,
            score: readiness.score,
            label: readiness.label,
            recoveryScore: readiness.components.recovery.score,
            ctl: readiness.components.load.ctl,
            atl: readiness.components.load.atl,
            tsb: readiness.components.form.tsb,
            acwr: readiness.components.load.acwr,
            recommendations: readiness.recommendations,
          }
        : null,
      workouts,
      loadTrend: trend.map((w) => ({
        weekStart: w.week_start,
        totalTss: w.total_tss,
        ctl: w.ctl,
        atl: w.atl,
        tsb: w.tsb,
      })),
      race: race?.race
        ? {
            title: race.race.title,
            raceDate: race.race.race_date,
            daysUntil: race.days_until_race,
            score: race.readiness_score,
            fitnessLevel: race.fitness_level,
            taperRecommendation: race.taper_recommendation,
            raceDayCtl: race.race_day_load.ctl,
            raceDayTsb: race.race_day_load.tsb,
            areasToFocus: race.areas_to_focus,
            prediction: prediction ? { name: prediction.name, time: prediction.predicted_time } : null,
          }
        : null,
      plan: plan ? { id: plan.id, title: plan.title, raceDate: plan.raceDate } : null,
      changes,
    };
  }

  async function history(auth: AuthContext): Promise<ChatCompletionMessageParam[]> {
    const { rows } = await repo.listMessages(db, auth.athleteId, 1, MODEL_HISTORY_MESSAGES);
    return rows
      .reverse()
      .map((r) => ({ role: r.role === 'athlete' ? 'user' : 'assistant', content: r.text }));
  }

  /** The model's answer, or null when there is none or it failed (the built-in coach answers then). */
  async function modelAnswer(
    auth: AuthContext,
    s: CoachSnapshot,
    text: string,
    parsed: ParsedMessage,
    onDelta?: (text: string) => void,
  ) {
    if (!deps.model) return null;
    try {
      const answer = await deps.model.answer(s, await history(auth), text, onDelta);
      // A model can be talked into proposing changes by text inside the data (a workout note): its actions count
      // only when the athlete's own message asks for a change (docs/coach.md, "Safety").
      if (answer.actions.length && !ACTING_INTENTS.has(parsed.intent)) {
        log?.warn(
          { dropped: answer.actions.length },
          'coach: model proposed actions the athlete did not ask for',
        );
        answer.actions = [];
      }
      if (answer.kind === 'refusal')
        return {
          ...answer,
          reply: `The coach model declined to answer: ${answer.reply || 'no reason given.'}`,
        };
      return answer.reply ? answer : null;
    } catch (err) {
      log?.warn({ err }, 'coach: the language model failed; the built-in coach answers');
      return null;
    }
  }

  return {
    modelAvailable: deps.model !== null,

    async list(auth: AuthContext, page: number, pageSize: number): Promise<CoachMessageList> {
      const { rows, total } = await repo.listMessages(db, auth.athleteId, page, pageSize);
      const actions = await repo.actionsOf(
        db,
        auth.athleteId,
        rows.map((r) => r.id),
      );
      // Which applied actions were undone since, from the plan's recent change history.
      const undone = actions.some((a) => a.changeId)
        ? new Set(
            (await settle(readers.changes(auth), [], log, 'plan changes'))
              .filter((c) => c.undone)
              .map((c) => c.id),
          )
        : new Set<string>();
      return {
        items: rows.reverse().map((r) => toMessage(r, actions, undone)),
        page,
        page_size: pageSize,
        total,
        model: deps.model !== null,
      };
    },

    /**
     * Answers one message and stores both it and the answer (with the proposed actions) in one statement.
     * `onDelta` hears the answer as it is written (the model's tokens, or the built-in reply line by line).
     */
    async send(
      auth: AuthContext,
      text: string,
      onDelta?: (text: string) => void,
      now = new Date(),
    ): Promise<CoachReplyDto> {
      // Without a model the answer's intent is known first, and only what it uses is read. The message is read
      // once, here, for the parts, the model's actions and the built-in answer.
      const parsed = parseMessage(text);
      const s = await snapshot(auth, now, deps.model ? ALL_PARTS : PARTS_BY_INTENT[parsed.intent]);
      let streamed = false;
      const model = await modelAnswer(auth, s, text, parsed, (d) => {
        streamed = true;
        onDelta?.(d);
      });
      const answer = model ?? coachReply(s, text, parsed);
      const source: CoachAnswerSource = model ? 'model' : 'built_in';
      if (!model && onDelta) {
        // The built-in answer streams line by line; after a failed model stream the client replaces what it
        // showed with the final answer (docs/coach.md, "API").
        if (streamed) onDelta('\n\n');
        for (const line of answer.reply.split('\n')) onDelta(`${line}\n`);
      }
      // The question, the answer and its actions in one statement (docs/coach.md, "Where the answers come from").
      const {
        question: athleteRow,
        answer: coachRow,
        actions: actionRows,
      } = await repo.insertExchange(db, auth.athleteId, {
        question: { text, createdAt: now },
        // A millisecond later, so the answer always sorts after the question.
        answer: {
          text: answer.reply,
          citations: answer.citations,
          source,
          createdAt: new Date(now.getTime() + 1),
        },
        actions: answer.actions.map((a) => ({
          kind: a.kind,
          workoutId: a.workoutId,
          payload: a as unknown as Record<string, unknown>,
        })),
      });
      const actions = actionRows.map((a) => toAction(a));
      return {
        reply: answer.reply,
        citations: answer.citations,
        actions,
        source,
        messages: [toMessage(athleteRow, []), toMessage(coachRow, actionRows)],
      };
    },

    /** Applies a proposed action: 404 when it is not the caller's, 409 when it was already applied or dismissed. */
    async confirm(auth: AuthContext, id: string, now = new Date()): Promise<CoachActionDto> {
      const row = await db.transaction(async (tx) => {
        // docs/RELIABILITY.md, "Concurrency": the athlete's write lock before any row (the action's workout follows).
        await lockAthleteWrites(tx, auth.athleteId);
        const action = await repo.findAction(tx, auth.athleteId, id, { forUpdate: true });
        if (!action) throw notFound('Coach action');
        if (action.status !== 'proposed')
          throw new AppError('CONFLICT', `This action was already ${action.status}.`);
        if (!action.workoutId) throw new AppError('CONFLICT', 'The workout of this action no longer exists.');
        const p = action.payload as unknown as CoachProposedAction;
        const applied = await deps.apply(
          auth,
          { workoutId: action.workoutId, kind: p.kind, reason: p.reason, patch: p.patch },
          tx,
        );
        return repo.markApplied(tx, auth.athleteId, id, { ...applied, appliedAt: now });
      });
      deps.onChange?.(auth.athleteId);
      return toAction(row);
    },

    /**
     * Undoes an applied action: its plan change is put back as the plan's history would (docs/coach.md,
     * "Actions"), whether or not the workout belongs to a plan. 409 when it was never applied or is undone already.
     */
    async undo(auth: AuthContext, id: string): Promise<CoachActionDto> {
      const action = await repo.findAction(db, auth.athleteId, id);
      if (!action) throw notFound('Coach action');
      if (action.status !== 'applied' || !action.changeId) {
        throw new AppError('CONFLICT', 'This action was not applied, so there is nothing to undo.');
      }
      await deps.undo(auth, action.changeId);
      deps.onChange?.(auth.athleteId);
      return toAction(action, true);
    },
  };
}

export type CoachService = ReturnType<typeof createCoachService>;
