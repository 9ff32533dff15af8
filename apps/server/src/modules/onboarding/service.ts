// Onboarding (docs/onboarding.md): a session takes the athlete's consent and goal in plain words, the job
// (job.ts) reads their training and drafts the plan, the review edits the goal, and approval turns the draft
// into the athlete's training plan. Also the onboarding status, its reset and voice transcription.
import type {
  GoalContextDto,
  GoalContextUpdateRequest,
  OnboardingSession,
  OnboardingStatus,
  OnboardingStatusResponse,
  TrainingPlan,
  TrainingProfileDto,
} from '@stamina/contract';
import {
  dateInTimeZone,
  formatRaceDistance,
  type GeneratedPlan,
  generatePlan,
  parseGoal,
  planProfileOf,
  RACES,
  type RaceType,
  TRI_SPORTS,
  type Units,
  withGoalDefaults,
} from '@stamina/core';
import type { Conn, Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { JobQueue } from '../../lib/job-queue.ts';
import { type AuthContext, athleteUnits, athleteWeekStart } from '../../plugins/authenticate.ts';
import { firstStage, ONBOARDING_JOB } from './job.ts';
import * as repo from './repository.ts';
import { type SttConfig, transcribe } from './stt.ts';
import { goalOf, planOf, profileOf, toSession } from './view.ts';

/** What approval needs of the plans module (modules/plans/generated.ts). */
interface PlanAdopter {
  adoptGeneratedPlan(
    conn: Conn,
    athleteId: string,
    input: {
      plan: GeneratedPlan;
      goalContext: GoalContextDto;
      profile: TrainingProfileDto;
      replaceActive: boolean;
      today?: string;
    },
  ): Promise<{ plan: TrainingPlan; workoutsCreated: number }>;
  /** The athlete's plan by id, to answer an approval made before. */
  plan(athleteId: string, id: string): Promise<TrainingPlan | null>;
}

export interface OnboardingDeps {
  jobs: JobQueue;
  plans: PlanAdopter;
  athletes: {
    onboardingComplete(athleteId: string, conn?: Conn): Promise<boolean>;
    setOnboardingComplete(athleteId: string, value: boolean, conn?: Conn): Promise<void>;
  };
  /** The speech-to-text service; null when STT_URL is not set. */
  stt: SttConfig | null;
  /** Told after an approval committed: the plan and its workouts changed (cached reads, notifications). */
  onChange?: (athleteId: string) => void;
}

const PROCESSING_MESSAGE =
  'Your plan is still being drafted. Edit the goal once it is ready for review (status PLAN_DRAFTED).';
const APPROVED_MESSAGE = 'This onboarding session is approved already: its plan is your training plan.';

const SPORT_OF_RACE: Record<string, GoalContextDto['primary_event']['sport']> = {
  multisport: 'triathlon',
  run: 'run',
  bike: 'bike',
  swim: 'swim',
};

/**
 * The goal context with the review's edits (docs/onboarding.md, "Review edits"): each edited field stops being
 * assumed; a race type brings its own distance and sport; a distance alone makes the event a custom one.
 */
function applyGoalEdits(
  goal: GoalContextDto,
  edits: GoalContextUpdateRequest,
  today: string,
  units: Units,
): GoalContextDto {
  const next: GoalContextDto = structuredClone(goal);
  const assumed = next.assumed;
  const event = edits.primary_event;
  if (event) {
    const pe = next.primary_event;
    if (event.race_type !== undefined && event.race_type !== 'Custom Event') {
      const race = RACES[event.race_type as RaceType];
      const meters = race.distance_meters!;
      if (event.distance_meters !== undefined && Math.abs(event.distance_meters - meters) > meters * 0.02) {
        throw new AppError(
          'VALIDATION_FAILED',
          `A ${event.race_type} is ${formatRaceDistance(meters, units)}: send race_type 'Custom Event' with another distance`,
        );
      }
      pe.race_type = event.race_type;
      pe.distance = event.race_type;
      pe.distance_meters = meters;
      if (race.sport && event.sport === undefined) pe.sport = SPORT_OF_RACE[race.sport] ?? pe.sport;
      assumed.distance = false;
    } else if (event.distance_meters !== undefined || event.race_type === 'Custom Event') {
      const meters = event.distance_meters ?? pe.distance_meters;
      pe.race_type = 'Custom Event';
      pe.distance_meters = meters;
      pe.distance = formatRaceDistance(meters, units);
      assumed.distance = false;
    }
    if (event.sport !== undefined) {
      pe.sport = event.sport;
      assumed.sport = false;
    }
    if (event.date !== undefined) {
      if (event.date <= today) throw new AppError('VALIDATION_FAILED', 'The race date must be after today');
      pe.date = event.date;
      assumed.date = false;
    }
    if (event.target !== undefined) {
      pe.target = event.target;
      assumed.target = false;
    }
  }
  if (edits.weekly_hours !== undefined) {
    next.weekly_hours = edits.weekly_hours;
    next.weekly_hours_range = null;
    assumed.weekly_hours = false;
  }
  if (edits.experience !== undefined) {
    next.experience = edits.experience;
    assumed.experience = false;
  }
  if (edits.injuries !== undefined) {
    next.injuries = [...new Set(edits.injuries)];
    assumed.injuries = false;
  }
  if (edits.athlete !== undefined) {
    // The facts given replace the parsed ones; the others stay as read.
    const facts = withGoalDefaults(next).athlete;
    next.athlete = { ...facts, ...edits.athlete };
    if (edits.athlete.past_injuries) next.athlete.past_injuries = [...new Set(edits.athlete.past_injuries)];
    const limiters = edits.athlete.limiters;
    if (limiters) next.athlete.limiters = TRI_SPORTS.filter((s) => limiters.includes(s));
  }
  const prefs = edits.preferences;
  if (prefs) {
    for (const key of ['long_run_day', 'long_ride_day', 'no_swim_day'] as const) {
      if (prefs[key] !== undefined) {
        next.preferences[key] = prefs[key];
        assumed[key] = false;
      }
    }
    if (prefs.rest_days !== undefined) {
      next.preferences.rest_days = [...new Set(prefs.rest_days)];
      assumed.rest_days = false;
    }
    if (prefs.weekday_max_minutes !== undefined)
      next.preferences.weekday_max_minutes = prefs.weekday_max_minutes;
    if (prefs.sport_exclusions !== undefined) {
      const seen = new Set<string>();
      next.preferences.sport_exclusions = prefs.sport_exclusions.filter((x) => {
        const key = `${x.sport}:${x.day}`;
        return !seen.has(key) && Boolean(seen.add(key));
      });
    }
  }
  return next;
}

export function createOnboardingService(db: Db, deps: OnboardingDeps) {
  const today = (auth: AuthContext) => dateInTimeZone(new Date(), auth.timezone);

  async function own(auth: AuthContext, id: string): Promise<repo.SessionRow> {
    const row = await repo.findSession(db, auth.athleteId, id);
    if (!row) throw notFound('Onboarding session');
    return row;
  }

  /** Runs `change` on the locked session row inside a transaction. */
  function locked<T>(auth: AuthContext, id: string, change: (tx: Conn, row: repo.SessionRow) => Promise<T>) {
    return db.transaction(async (tx) => {
      const row = await repo.lockSession(tx, auth.athleteId, id);
      if (!row) throw notFound('Onboarding session');
      return change(tx, row);
    });
  }

  async function status(auth: AuthContext): Promise<OnboardingStatusResponse> {
    const [complete, { latest, open }] = await Promise.all([
      deps.athletes.onboardingComplete(auth.athleteId),
      repo.latestSessions(db, auth.athleteId),
    ]);
    return {
      step: complete ? 'completed' : 'wearable_connection',
      onboarding_complete: complete,
      wearable_connection_complete: Boolean(
        latest && (latest.devicesSkipped || latest.status === 'APPROVED'),
      ),
      conversational_chat_complete: Boolean(latest?.goalContext),
      active_session: open
        ? { onboarding_session_id: open.id, status: open.status as OnboardingStatus }
        : null,
      voice_available: deps.stt !== null,
    };
  }

  return {
    async create(auth: AuthContext, body: { consent_version: string; language: string }) {
      const row = await repo.insertSession(db, auth.athleteId, {
        consentVersion: body.consent_version,
        language: body.language,
      });
      return toSession(row);
    },

    async get(auth: AuthContext, id: string): Promise<OnboardingSession> {
      return toSession(await own(auth, id));
    },

    /**
     * The goal in plain words: parsed at once in the athlete's time zone (NLP_PARSED), then the job takes it
     * on. A new prompt replaces the previous one's work, also while that is still processing.
     */
    async prompt(auth: AuthContext, id: string, text: string): Promise<OnboardingSession> {
      const goal = parseGoal(text, {
        now: new Date(),
        timezone: auth.timezone,
        units: athleteUnits(auth),
      });
      const row = await locked(auth, id, async (tx, current) => {
        if (current.status === 'APPROVED') throw new AppError('CONFLICT', APPROVED_MESSAGE);
        const revision = current.revision + 1;
        const updated = await repo.updateSession(tx, auth.athleteId, id, {
          prompt: text,
          status: 'NLP_PARSED',
          goalParsedBy: 'rules',
          revision,
          goalContext: goal as unknown as Record<string, unknown>,
          harvest: null,
          profile: null,
          plan: null,
          error: null,
        });
        await deps.jobs.enqueue(
          tx,
          ONBOARDING_JOB,
          { ...firstStage(auth.athleteId, id, revision) },
          { athleteId: auth.athleteId },
        );
        return updated!;
      });
      deps.jobs.wake();
      return toSession(row);
    },

    async skipDevices(auth: AuthContext, id: string): Promise<OnboardingSession> {
      await own(auth, id);
      const row = await repo.updateSession(db, auth.athleteId, id, { devicesSkipped: true });
      return toSession(row!);
    },

    /** The review's edits; the plan is drafted again from the stored profile before answering. */
    async updateGoalContext(
      auth: AuthContext,
      id: string,
      edits: GoalContextUpdateRequest,
    ): Promise<OnboardingSession> {
      const day = today(auth);
      const row = await locked(auth, id, async (tx, current) => {
        if (current.status === 'APPROVED') throw new AppError('CONFLICT', APPROVED_MESSAGE);
        if (current.status !== 'PLAN_DRAFTED') {
          throw new AppError(
            'CONFLICT',
            current.status === 'CREATED'
              ? 'Send your goal first: there is nothing to edit yet.'
              : PROCESSING_MESSAGE,
          );
        }
        const goal = applyGoalEdits(goalOf(current)!, edits, day, athleteUnits(auth));
        const plan = generatePlan(goal, planProfileOf(profileOf(current)!), {
          today: day,
          weekStart: athleteWeekStart(auth),
          units: athleteUnits(auth),
        });
        return (await repo.updateSession(tx, auth.athleteId, id, {
          goalContext: goal as unknown as Record<string, unknown>,
          plan: plan as unknown as Record<string, unknown>,
        }))!;
      });
      return toSession(row);
    },

    /**
     * The drafted plan becomes the athlete's training plan with its planned workouts, the session APPROVED and
     * onboarding complete, in one transaction. Approving an approved session answers what it created.
     */
    async approve(auth: AuthContext, id: string, body: { replace_active_plan: boolean }) {
      const approved = async (row: repo.SessionRow) => {
        const plan = row.planId ? await deps.plans.plan(auth.athleteId, row.planId) : null;
        if (!plan) throw new AppError('CONFLICT', `${APPROVED_MESSAGE} Its plan was deleted since.`);
        const workouts = (planOf(row)?.weeks ?? []).reduce((n, w) => n + w.sessions.length, 0);
        return { session: toSession(row), plan, workouts_created: workouts };
      };
      // Approved before: the same answer, read outside any transaction.
      const before = await own(auth, id);
      if (before.status === 'APPROVED') return approved(before);
      const result = await locked(auth, id, async (tx, current) => {
        if (current.status === 'APPROVED') return { row: current, created: false as const };
        if (current.status !== 'PLAN_DRAFTED') {
          throw new AppError(
            'CONFLICT',
            current.status === 'CREATED'
              ? 'Send your goal first: there is no plan to approve yet.'
              : 'Your plan is still being drafted: approve it once it is ready for review (status PLAN_DRAFTED).',
          );
        }
        const adopted = await deps.plans.adoptGeneratedPlan(tx, auth.athleteId, {
          plan: planOf(current)!,
          goalContext: goalOf(current)!,
          profile: profileOf(current)!,
          replaceActive: body.replace_active_plan,
          today: today(auth),
        });
        const row = await repo.updateSession(tx, auth.athleteId, id, {
          status: 'APPROVED',
          planId: adopted.plan.id,
          approvedAt: new Date(),
          error: null,
        });
        await deps.athletes.setOnboardingComplete(auth.athleteId, true, tx);
        return {
          row: row!,
          plan: adopted.plan,
          workoutsCreated: adopted.workoutsCreated,
          created: true as const,
        };
      });
      // Two approvals at once: the one that waited for the lock answers what the other created.
      if (!result.created) return approved(result.row);
      deps.onChange?.(auth.athleteId);
      return { session: toSession(result.row), plan: result.plan, workouts_created: result.workoutsCreated };
    },

    status,

    /** Onboarding to do again: the flag goes back to false; the athlete's plan and sessions are kept. */
    async reset(auth: AuthContext): Promise<OnboardingStatusResponse> {
      await deps.athletes.setOnboardingComplete(auth.athleteId, false);
      return status(auth);
    },

    async transcribe(_auth: AuthContext, audio: { fileName: string; bytes: Buffer }) {
      return { text: await transcribe(deps.stt, audio) };
    },
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
