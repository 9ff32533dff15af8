// Notifications that reach the athlete outside the app (docs/notifications.md): the daily e-mail through the
// mailer and Web Push with the server's VAPID keys, both sent by jobs on the one queue.
import {
  createDeliveryService,
  createPushSender,
  DAILY_EMAIL_JOB,
  deliveryRoutes,
  PUSH_JOB,
} from '../modules/notifications/index.ts';
import { systemAuth } from '../plugins/authenticate.ts';
import type { Services, Wiring } from './context.ts';

export async function wireNotificationDelivery(
  { app, config, db, authenticate, readCache }: Wiring,
  { jobs, workoutService, dashboardService }: Pick<Services, 'jobs' | 'workoutService' | 'dashboardService'>,
) {
  const vapid = config.push?.vapid;
  const deliveryService = createDeliveryService({
    db,
    jobs,
    mailer: config.mailer,
    appUrl: config.appUrl,
    jwtSecret: config.jwtSecret,
    push: vapid
      ? {
          sender: createPushSender(vapid, { log: app.log }),
          publicKey: vapid.publicKey,
          allowHttp: config.push?.allowHttpEndpoints === true,
        }
      : null,
    readers: {
      sessions: async (athleteId, day) =>
        (await workoutService.rows(athleteId, { dateFrom: day, dateTo: day, limit: 20 })).map((w) => ({
          title: w.title,
          sport: w.sport,
          durationMinutes: w.durationMinutes,
          intensityZone: w.intensityZone,
          tss: w.tss,
          text: w.workoutLanguageText,
          status: w.status,
        })),
      scores: async (athleteId, timezone, now) => {
        const summary = await dashboardService.summary(systemAuth(athleteId, timezone), now);
        return { readiness: summary.readiness_score, recovery: summary.recovery_score };
      },
    },
    onChange: (athleteId) => readCache.invalidate(athleteId),
    log: app.log,
    ...(config.clock ? { clock: config.clock } : {}),
  });
  jobs.register(DAILY_EMAIL_JOB, deliveryService.jobs.dailyEmail);
  jobs.register(PUSH_JOB, deliveryService.jobs.push);
  app.decorate('notificationDelivery', deliveryService);
  await app.register(deliveryRoutes(deliveryService, authenticate), { prefix: '/api/notifications' });
  return { deliveryService };
}
