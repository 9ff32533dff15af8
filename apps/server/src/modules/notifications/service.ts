// In-app notifications (docs/dashboard.md, "Notifications"): missed sessions, recovery warnings and the week's plan.
// Events create them, each at most once (its dedupe key), and only while the athlete's switch is on. The
// time-based events (a day passing, a week starting) have no request of their own, so they are checked by a
// cheap sweep of the athlete when they list notifications or load the dashboard summary: see
// docs/dashboard.md "Notifications".
import type { NotificationDto } from '@stamina/contract';
import { addDays, dateInTimeZone, type WeekStart, weekStartOf } from '@stamina/core';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { type AuthContext, athleteWeekStart } from '../../plugins/authenticate.ts';
import type { WorkoutReader } from '../workouts/index.ts';
import * as repo from './repository.ts';
import { missedSession, type NotificationEvent, planChange, recoveryWarning, weekPlan } from './texts.ts';

/** Recovery below 40 is the low band (docs/wellness.md §2). */
const RECOVERY_WARNING_BELOW = 40;
/** Scores of older days (a back-filled history, a CSV import) are history, not news: no warning. */
const RECOVERY_WARNING_MAX_AGE_DAYS = 2;
/** How often one process sweeps one athlete: the events it finds change at most once a day. */
const DEFAULT_SWEEP_INTERVAL_MS = 5 * 60_000;
const MAX_TRACKED_ATHLETES = 10_000;
/** More workouts than anyone plans in eight days: the sweep reads yesterday and this week. */
const SWEEP_WORKOUTS_MAX = 10_000;

function toNotification(row: repo.NotificationRow): NotificationDto {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
  };
}

export function createNotificationService(
  db: Db,
  options: {
    /** The time-based events are read from the athlete's workouts. */
    workouts: WorkoutReader;
    sweepIntervalMs?: number;
    log?: FastifyBaseLogger;
    /** Hears of every change to an athlete's notifications (cached reads that show the unread count). */
    onChange?: (athleteId: string) => void;
  },
) {
  const interval = options.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS;
  /** Per athlete: when this process last swept, and for which day (a new day is always swept). */
  const swept = new LRUCache<string, { at: number; today: string }>({ max: MAX_TRACKED_ATHLETES });

  /**
   * Yesterday's workouts still planned (missed sessions) and, once the week holds a planned workout, the
   * week's plan; whether each is new, and allowed, is for the insert to tell.
   */
  async function timeBasedEvents(
    athleteId: string,
    today: string,
    weekStart: WeekStart,
  ): Promise<NotificationEvent[]> {
    const yesterday = addDays(today, -1);
    // The athlete's week (Monday unless they chose another start).
    const monday = weekStartOf(today, weekStart);
    const sunday = addDays(monday, 6);
    const rows = await options.workouts.rows(athleteId, {
      dateFrom: yesterday < monday ? yesterday : monday,
      dateTo: sunday,
      limit: SWEEP_WORKOUTS_MAX,
    });
    const events: NotificationEvent[] = rows
      .filter((w) => w.workoutDate === yesterday && w.status === 'planned')
      .map((w) => missedSession({ id: w.id, title: w.title, date: w.workoutDate }));
    const week = rows.filter((w) => w.workoutDate >= monday && w.status !== 'skipped');
    if (week.some((w) => w.status === 'planned')) {
      const minutes = week.reduce((sum, w) => sum + (w.durationMinutes ?? 0), 0);
      events.push(weekPlan({ monday, sunday, sessions: week.length, minutes }));
    }
    return events;
  }

  /**
   * Creates the athlete's due time-based notifications. Throttled per process; a failure is logged and
   * swallowed, because the calls that sweep (the list, the dashboard) must answer anyway.
   */
  async function sweep(auth: AuthContext, now = new Date()): Promise<void> {
    const today = dateInTimeZone(now, auth.timezone);
    const last = swept.get(auth.athleteId);
    if (last && last.today === today && now.getTime() - last.at < interval) return;
    // Marked before the query, so requests arriving meanwhile do not sweep the same athlete again.
    swept.set(auth.athleteId, { at: now.getTime(), today });
    try {
      const created = await repo.insertEvents(
        db,
        auth.athleteId,
        await timeBasedEvents(auth.athleteId, today, athleteWeekStart(auth)),
      );
      if (created > 0) options.onChange?.(auth.athleteId);
    } catch (err) {
      swept.delete(auth.athleteId);
      options.log?.error({ err }, 'notification sweep failed');
    }
  }

  return {
    sweep,
    unreadCount: (athleteId: string) => repo.unreadCount(db, athleteId),

    /** The workouts changed: the next list or summary sweeps again (a planned workout may be new). */
    workoutsChanged(athleteId: string) {
      swept.delete(athleteId);
    },

    async list(auth: AuthContext, query: { unread: boolean; limit: number }, now = new Date()) {
      await sweep(auth, now);
      const [rows, unread] = await Promise.all([
        repo.listNotifications(db, auth.athleteId, query),
        repo.unreadCount(db, auth.athleteId),
      ]);
      return { notifications: rows.map(toNotification), unread_count: unread };
    },

    async markRead(auth: AuthContext, id: string, now = new Date()): Promise<NotificationDto> {
      const row = await repo.markRead(db, auth.athleteId, id, now);
      if (!row) throw notFound('Notification');
      options.onChange?.(auth.athleteId);
      return toNotification(row);
    },

    async markAllRead(auth: AuthContext, now = new Date()) {
      const marked = await repo.markAllRead(db, auth.athleteId, now);
      if (marked > 0) options.onChange?.(auth.athleteId);
      return { marked, unread_count: 0 };
    },

    /**
     * The adaptation changed the plan: one notification per change (only with 'new week plan' on). Never
     * throws: the changes are committed already.
     */
    async planChanged(
      athleteId: string,
      changes: ReadonlyArray<{ id: string; kind: string; date: string; reason: string }>,
    ): Promise<void> {
      if (changes.length === 0) return;
      try {
        const created = await repo.insertEvents(db, athleteId, changes.map(planChange));
        if (created > 0) options.onChange?.(athleteId);
      } catch (err) {
        options.log?.error({ err }, 'plan change notifications not stored');
      }
    },

    /** `planChanged` of many athletes at once (the daily adaptation's batch), in one statement. */
    async plansChanged(
      changes: ReadonlyArray<{ athleteId: string; id: string; kind: string; date: string; reason: string }>,
    ): Promise<void> {
      if (changes.length === 0) return;
      try {
        const events = changes.map((c) => ({ ...planChange(c), athleteId: c.athleteId }));
        const created = await repo.insertEventsOfAthletes(db, events);
        if (created > 0) for (const id of new Set(changes.map((c) => c.athleteId))) options.onChange?.(id);
      } catch (err) {
        options.log?.error({ err }, 'plan change notifications not stored');
      }
    },

    /**
     * The metrics service scored a day's recovery: below 40 on a recent day, a warning with the score and
     * the top recommendation (once per day, only with recovery warnings on). Never throws: a notification
     * must not fail the write that scored the day.
     */
    async recoveryScored(
      athleteId: string,
      date: string,
      score: number,
      recommendation: string | undefined,
      now = new Date(),
    ): Promise<void> {
      if (!(score < RECOVERY_WARNING_BELOW)) return;
      if (date < addDays(now.toISOString().slice(0, 10), -RECOVERY_WARNING_MAX_AGE_DAYS)) return;
      try {
        const created = await repo.insertEvents(db, athleteId, [
          recoveryWarning(date, score, recommendation),
        ]);
        if (created > 0) options.onChange?.(athleteId);
      } catch (err) {
        options.log?.error({ err }, 'recovery warning not stored');
      }
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
