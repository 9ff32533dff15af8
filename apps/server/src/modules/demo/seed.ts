// The demo account created on the first start of an empty database (SEED_DEMO), so that every screen has
// real computed content to show. The data comes from core's seeded generator and is stored through the same
// services as a user's own: the auth service (the account), the workout service (parsed structure, TSS,
// daily load), the plan service (phases), the threshold service (dated thresholds), the activities module
// (recordings synthesised from recent sessions, with their figures and streams) and the wellness store.
import type { SportMetricsUpdateRequest } from '@stamina/contract';
import { addDays, dateInTimeZone, generateDemoAthlete, type ThresholdEntry } from '@stamina/core';
import type { Db } from '../../db/client.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import { DEMO_ACTIVITY_DAYS, storeDemoActivities, thresholdsFrom } from '../activities/index.ts';
import { createConfirmedAccount, hasAnyUser } from '../auth/index.ts';
import { writeNewAthleteDays } from '../metrics/index.ts';
import { createPlanService } from '../plans/index.ts';
import { createThresholdService } from '../thresholds/index.ts';
import { createWorkoutService } from '../workouts/index.ts';
import { lockDemoSeed } from './repository.ts';

export const DEMO_EMAIL = 'demo@stamina.local';
export const DEMO_PASSWORD = 'stamina-demo';
const DEMO_NAME = 'Alex Demo';
/** The demo lives in UTC: "today" for its generated history is the UTC date at start-up. */
const DEMO_TIMEZONE = 'UTC';

/** A core history entry as the sport-metrics PUT body that stores it. */
function sportMetricsUpdate(e: ThresholdEntry): SportMetricsUpdateRequest {
  const effective_from = e.effectiveFrom;
  const v = (x: number | null | undefined) => x ?? null;
  if (e.sport === 'running')
    return {
      sport: 'running',
      effective_from,
      values: {
        threshold_pace_seconds_per_km: v(e.thresholdPaceSecondsPerKm),
        max_hr: v(e.maxHr),
        resting_hr: v(e.restingHr),
        lthr: v(e.lthr),
      },
    };
  if (e.sport === 'cycling')
    return {
      sport: 'cycling',
      effective_from,
      values: {
        ftp_watts: v(e.ftpWatts),
        max_hr: v(e.maxHr),
        resting_hr: v(e.restingHr),
        lthr: v(e.lthr),
        max_power_watts: v(e.maxPowerWatts),
      },
    };
  return {
    sport: 'swimming',
    effective_from,
    values: {
      css_seconds_per_100m: v(e.cssSecondsPer100m),
      threshold_100_seconds: v(e.threshold100Seconds),
      max_hr: v(e.maxHr),
    },
  };
}

export interface DemoSeedSummary {
  email: string;
  password: string;
  workouts: { total: number; completed: number; skipped: number; planned: number };
  wellnessDays: number;
  /** Recorded activities (with streams) of the recent completed sessions. */
  activities: number;
  planId: string;
}

/**
 * Creates the demo account when the database has no user at all; answers null (and writes nothing) otherwise.
 * Everything is written in one transaction under an advisory lock: processes starting together on one
 * PostgreSQL server wait for each other and only the first one seeds, and a crash half-way leaves nothing
 * behind, so the next start seeds again.
 */
export async function seedDemoAthlete(db: Db, now = new Date()): Promise<DemoSeedSummary | null> {
  // A restart with data costs one query: the slow password hash only runs when seeding is likely.
  if (await hasAnyUser(db)) return null;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const demo = generateDemoAthlete({ today: dateInTimeZone(now, DEMO_TIMEZONE) });

  return db.transaction(async (tx) => {
    await lockDemoSeed(tx);
    if (await hasAnyUser(tx)) return null;

    // As sign-up does, but already confirmed: nobody can open the demo's mailbox.
    const account = await createConfirmedAccount(tx, {
      email: DEMO_EMAIL,
      name: DEMO_NAME,
      passwordHash,
      timezone: DEMO_TIMEZONE,
      profile: {
        primarySports: demo.profile.primary_sports,
        goalEvent: demo.profile.goal_event,
        goalDate: demo.profile.goal_date,
        // The demo comes with its plan already made: it is not offered the onboarding a new account gets.
        onboardingComplete: true,
      },
    });
    const auth: AuthContext = { ...account, sessionId: '' };

    // The services run on the transaction: their own transactions become savepoints inside it. No cache
    // needs telling (no onChange): the athlete is new, so no process can hold anything of it yet.
    const conn = tx as unknown as Db;
    const workouts = createWorkoutService(conn);
    // Thresholds first, so that every session is parsed with them (no workout exists yet to re-label).
    const thresholds = createThresholdService(conn, { workouts });
    for (const entry of demo.thresholds) await thresholds.saveSportMetrics(auth, sportMetricsUpdate(entry));
    const plan = await createPlanService(conn, { workouts }).create(
      auth,
      { ...demo.plan, status: 'active' },
      now,
    );
    // One write of every session: parsed, scored and counted into daily load as `create` does, with the load
    // series derived once rather than once per workout (one by one took about 4 s on PGlite).
    await workouts.createMany(
      auth,
      demo.workouts.map((workout) => ({
        title: workout.title,
        workout_date: workout.workout_date,
        sport: workout.sport,
        workout_language_text: workout.workout_language_text,
        status: workout.status,
        plan_id: workout.in_plan ? plan.id : null,
      })),
    );

    // Recorded activities with streams for the recent completed sessions, each completing its session.
    const since = addDays(dateInTimeZone(now, DEMO_TIMEZONE), -DEMO_ACTIVITY_DAYS);
    const recent = (
      await workouts.rows(auth.athleteId, { status: 'completed', dateFrom: since, limit: 500 })
    ).filter((w) => w.workoutDate <= dateInTimeZone(now, DEMO_TIMEZONE));
    const activities = await storeDemoActivities(
      tx,
      auth.athleteId,
      workouts,
      recent,
      thresholdsFrom(thresholds),
    );

    // Every day's wellness in a few statements, through the wellness store.
    const wellnessDays = await writeNewAthleteDays(tx, auth.athleteId, demo.wellness);

    const count = (status: string) => demo.workouts.filter((w) => w.status === status).length;
    return {
      email: DEMO_EMAIL,
      password: DEMO_PASSWORD,
      workouts: {
        total: demo.workouts.length,
        completed: count('completed'),
        skipped: count('skipped'),
        planned: count('planned'),
      },
      wellnessDays,
      activities,
      planId: plan.id,
    };
  });
}
