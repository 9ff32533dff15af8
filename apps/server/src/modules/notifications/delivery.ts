// Notifications that reach the athlete outside the app (docs/notifications.md): the morning e-mail and Web Push
// of plan changes and of a missed key session. Each is a job on the one queue, and each delivery is claimed in
// the delivery log in the transaction that sends it, so two processes never send the same one twice. A tick in
// every process (wiring/schedulers.ts) queues the e-mails due in each athlete's morning and the pushes of key
// sessions missed yesterday.
import type { PushSubscriptionRequest, UnsubscribeKind } from '@stamina/contract';
import { type CoachWorkout, dailyEmailDay, dateInTimeZone, isKey, missedKeySessionDay } from '@stamina/core';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Job, JobQueue } from '../../lib/job-queue.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import { adaptationChangesSince } from '../adaptation/index.ts';
import { setNotificationPreference } from '../athletes/index.ts';
import { plannedWorkoutsOf } from '../workouts/index.ts';
import { type DailySession, dailyEmail } from './daily-email.ts';
import * as repo from './delivery-repository.ts';
import type { PushMessage, PushSender } from './push.ts';
import { planChange } from './texts.ts';
import { listUnsubscribeHeaders, unsubscribeTokens } from './unsubscribe.ts';

export const DAILY_EMAIL_JOB = 'notifications.daily-email';
export const PUSH_JOB = 'notifications.push';

type PushPreference = 'pushPlanChanges' | 'pushMissedKeySession';

/** What this module's jobs carry (lib/job-queue.ts, JobPayloads). */
declare module '../../lib/job-queue.ts' {
  interface JobPayloads {
    /** The athlete's e-mail of their local `day`; `requested`: asked for from Settings (not the morning's). */
    [DAILY_EMAIL_JOB]: { athleteId: string; day: string; requested?: boolean };
    /** One push to every browser the athlete subscribed, once per `key`, while `preference` is on. */
    [PUSH_JOB]: { athleteId: string; key: string; preference: PushPreference; message: PushMessage };
  }
}

/** Plan changes listed in one e-mail at most; the calendar has them all. */
const MAX_CHANGES_IN_MAIL = 10;

export interface DeliveryDeps {
  db: Db;
  jobs: JobQueue;
  mailer: Mailer;
  appUrl: string;
  /** The unsubscribe links are signed with a key derived from it (unsubscribe.ts). */
  jwtSecret: string;
  /** Web Push with the server's VAPID keys; null when it is off (docs/notifications.md, "VAPID keys"). */
  push: { sender: PushSender; publicKey: string; allowHttp?: boolean } | null;
  readers: {
    /** The athlete's workouts of one day. */
    sessions(athleteId: string, day: string): Promise<DailySession[]>;
    /** Today's readiness and recovery scores (the dashboard's), null where there is nothing to score. */
    scores(
      athleteId: string,
      timezone: string,
      now: Date,
    ): Promise<{ readiness: number | null; recovery: number | null }>;
  };
  /** A switch changed (the profile's cached reads). */
  onChange?: (athleteId: string) => void;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  clock?: () => Date;
}

export function createDeliveryService(deps: DeliveryDeps) {
  const { db, jobs } = deps;
  const now = () => deps.clock?.() ?? new Date();
  const tokens = unsubscribeTokens(deps.jwtSecret);
  /** Jobs this process queued, so a tick does not queue the same delivery again while it waits in the queue. */
  const queued = new LRUCache<string, true>({ max: 100_000 });

  async function setPreference(athleteId: string, kind: UnsubscribeKind, on: boolean): Promise<void> {
    await setNotificationPreference(db, athleteId, kind, on);
    deps.onChange?.(athleteId);
  }

  /** The e-mail, or nothing when the athlete turned it off or has no confirmed address since it was queued. */
  async function runDailyEmail(job: Job<typeof DAILY_EMAIL_JOB>): Promise<void> {
    const { athleteId, day, requested } = job.payload;
    const [to] = await repo.recipients(db, 'dailyEmail', [athleteId]);
    if (!to) return;
    const at = now();
    const key = requested ? `requested:${at.toISOString().slice(0, 16)}` : `daily:${day}`;
    // Read before the sending transaction: on the embedded database a transaction holds the one connection.
    const since = await repo.lastDailyEmailAt(db, athleteId, key);
    const [sessions, scores, changes] = await Promise.all([
      deps.readers.sessions(athleteId, day),
      deps.readers.scores(athleteId, to.timezone, at),
      adaptationChangesSince(db, athleteId, since, MAX_CHANGES_IN_MAIL),
    ]);
    const token = tokens.create(athleteId, 'dailyEmail');
    const mail = dailyEmail({
      to: to.email,
      name: to.name,
      day,
      sessions,
      ...scores,
      changes,
      appUrl: deps.appUrl,
      unsubscribeUrl: `${deps.appUrl}/unsubscribe?token=${token}`,
    });
    mail.headers = listUnsubscribeHeaders(deps.appUrl, token);
    // Claimed and sent in one transaction: a failed send gives the claim back, and the job is retried.
    await db.transaction(async (tx) => {
      if (!(await repo.claimDelivery(tx, athleteId, key, 'email'))) return;
      await deps.mailer.send(mail);
    });
  }

  async function runPush(job: Job<typeof PUSH_JOB>): Promise<void> {
    const push = deps.push;
    if (!push) return;
    const { athleteId, key, preference, message } = job.payload;
    if ((await repo.recipients(db, preference, [athleteId])).length === 0) return;
    await db.transaction(async (tx) => {
      if (!(await repo.claimDelivery(tx, athleteId, key, 'push'))) return;
      const outcomes = await Promise.all(
        (await repo.subscriptionsOf(tx, athleteId)).map(async (s) => {
          const outcome = await push.sender.send(s, message);
          if (outcome === 'gone') await repo.removeEndpoint(tx, s.endpoint);
          return outcome;
        }),
      );
      // Not one browser reached and one push service failing: tried again later (the claim is given back).
      if (outcomes.includes('failed') && !outcomes.includes('sent')) {
        throw new AppError('BAD_GATEWAY', 'the push service did not accept the notification');
      }
    });
  }

  async function enqueueAll<K extends typeof DAILY_EMAIL_JOB | typeof PUSH_JOB>(
    kind: K,
    items: ReadonlyArray<{ queueKey: string; payload: Job<K>['payload'] }>,
  ): Promise<number> {
    const fresh = items.filter((i) => !queued.has(i.queueKey));
    if (fresh.length === 0) return 0;
    await db.transaction(async (tx) => {
      for (const item of fresh) await jobs.enqueue(tx, kind, item.payload);
    });
    for (const item of fresh) queued.set(item.queueKey, true);
    jobs.wake();
    return fresh.length;
  }

  /** The e-mails due now: opted in, in their local morning, and not sent yet on their local today. */
  async function scheduleDailyEmails(at: Date): Promise<number> {
    const due = (await repo.recipients(db, 'dailyEmail')).flatMap((r) => {
      const day = dailyEmailDay(at, r.timezone);
      return day ? [{ athleteId: r.athleteId, day, key: `daily:${day}` }] : [];
    });
    const sent = await repo.deliveredKeys(db, due);
    return enqueueAll(
      DAILY_EMAIL_JOB,
      due
        .filter((d) => !sent.has(`${d.athleteId}:${d.key}`))
        .map((d) => ({
          queueKey: `${d.athleteId}:${d.key}`,
          payload: { athleteId: d.athleteId, day: d.day },
        })),
    );
  }

  /** Pushes of key sessions still planned on the day that ended at the athlete's last local midnight. */
  async function scheduleMissedKeySessions(at: Date): Promise<number> {
    if (!deps.push) return 0;
    const who = await repo.recipients(db, 'pushMissedKeySession');
    if (who.length === 0) return 0;
    const dayOf = new Map(who.map((r) => [r.athleteId, missedKeySessionDay(at, r.timezone)]));
    const days = [...dayOf.values()].sort();
    const missed = (await plannedWorkoutsOf(db, [...dayOf.keys()], days[0]!, days.at(-1)!)).filter((w) => {
      const workout: CoachWorkout = {
        id: w.id,
        title: w.title,
        date: w.workout_date,
        sport: w.sport,
        durationMinutes: w.duration_minutes,
        intensityZone: w.intensity_zone,
        status: 'planned',
        text: null,
        description: null,
      };
      return w.workout_date === dayOf.get(w.athlete_id) && isKey(workout);
    });
    const items = missed.map((w) => ({
      athleteId: w.athlete_id,
      key: `push:missed-key:${w.id}`,
      workout: w,
    }));
    const sent = await repo.deliveredKeys(db, items);
    return enqueueAll(
      PUSH_JOB,
      items
        .filter((i) => !sent.has(`${i.athleteId}:${i.key}`))
        .map((i) => ({
          queueKey: `${i.athleteId}:${i.key}`,
          payload: {
            athleteId: i.athleteId,
            key: i.key,
            preference: 'pushMissedKeySession' as const,
            message: {
              title: `Missed key session: ${i.workout.title}`,
              body: 'It was planned for yesterday and not marked done. Reschedule it or log it on the calendar.',
              link: '/calendar',
              tag: `missed-${i.workout.id}`,
            },
          },
        })),
    );
  }

  return {
    /** The tick (wiring/schedulers.ts); tests call it with their own clock. Answers how many jobs it queued. */
    async scheduleDue(at = now()): Promise<{ emails: number; pushes: number }> {
      return { emails: await scheduleDailyEmails(at), pushes: await scheduleMissedKeySessions(at) };
    },

    /** The adaptation changed plans: one push per athlete who wants it. Never throws (the changes are committed). */
    async plansChanged(
      changes: ReadonlyArray<{ athleteId: string; id: string; kind: string; date: string; reason: string }>,
    ): Promise<void> {
      if (!deps.push || changes.length === 0) return;
      try {
        const byAthlete = new Map<string, typeof changes>();
        for (const c of changes) byAthlete.set(c.athleteId, [...(byAthlete.get(c.athleteId) ?? []), c]);
        const wanting = await repo.recipients(db, 'pushPlanChanges', [...byAthlete.keys()]);
        await enqueueAll(
          PUSH_JOB,
          wanting.map(({ athleteId }) => {
            const list = byAthlete.get(athleteId)!;
            const first = planChange(list[0]!);
            const key = `push:change:${list[0]!.id}`;
            const message: PushMessage =
              list.length === 1
                ? { title: first.title, body: first.body, link: '/calendar', tag: 'plan-change' }
                : {
                    title: `Plan adapted: ${list.length} changes`,
                    body: list.map((c) => planChange(c).title.replace(/^Plan adapted: /, '')).join('; '),
                    link: '/calendar',
                    tag: 'plan-change',
                  };
            return {
              queueKey: `${athleteId}:${key}`,
              payload: { athleteId, key, preference: 'pushPlanChanges', message },
            };
          }),
        );
      } catch (err) {
        deps.log?.error({ err }, 'plan change pushes not queued');
      }
    },

    pushKey(): { public_key: string } {
      if (!deps.push) throw new AppError('NOT_FOUND', 'Web Push is not set up on this server');
      return { public_key: deps.push.publicKey };
    },

    async subscribe(auth: AuthContext, input: PushSubscriptionRequest) {
      if (!deps.push) throw new AppError('NOT_FOUND', 'Web Push is not set up on this server');
      // Push services are public HTTPS services; the server posts to what a browser names, so nothing else.
      if (!deps.push.allowHttp && !input.endpoint.startsWith('https://')) {
        throw new AppError('VALIDATION_FAILED', 'endpoint must be the https:// URL of a push service');
      }
      const row = await repo.upsertSubscription(db, auth.athleteId, {
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        device: input.device || null,
      });
      return { id: row.id, device: row.device, created_at: row.createdAt.toISOString() };
    },

    async unsubscribe(auth: AuthContext, endpoint: string) {
      return { removed: await repo.removeSubscription(db, auth.athleteId, endpoint) };
    },

    /** A mail's link: the switch its token names goes off, no sign-in needed. */
    async unsubscribeWithToken(token: string) {
      const named = tokens.read(token);
      if (!named)
        throw new AppError(
          'LINK_INVALID',
          'This unsubscribe link is not valid. Change your notifications in Settings.',
        );
      await setPreference(named.athleteId, named.kind, false);
      return { kind: named.kind, unsubscribed: true as const };
    },

    /** Today's e-mail, sent now on the athlete's request (a preview of the mornings). */
    async sendDailyEmailNow(auth: AuthContext) {
      const [to] = await repo.recipients(db, 'dailyEmail', [auth.athleteId]);
      if (!to) throw new AppError('CONFLICT', 'Turn on the daily e-mail first');
      await jobs.enqueue(db, DAILY_EMAIL_JOB, {
        athleteId: auth.athleteId,
        day: dateInTimeZone(now(), to.timezone),
        requested: true,
      });
      jobs.wake();
      return { queued: true as const };
    },

    jobs: {
      dailyEmail: { run: runDailyEmail },
      push: { run: runPush },
    },
  };
}

export type DeliveryService = ReturnType<typeof createDeliveryService>;
