// Builds the Fastify app from a config object. It never listens: main.ts does, tests use app.inject.
// The wiring is one unit per area in wiring/ (docs/ARCHITECTURE.md, "Wiring"); this file only orders them and
// hands each the services it reads.
import { createAthleteCache } from './lib/athlete-cache.ts';
import { createEventHub } from './lib/events.ts';
import { createJobQueue } from './lib/job-queue.ts';
import { healthRoutes } from './modules/health/index.ts';
import { authenticatedReads } from './plugins/cached-reads.ts';
import { wireAccount } from './wiring/account.ts';
import { wireActivities } from './wiring/activities.ts';
import { wireAdaptation } from './wiring/adaptation.ts';
import { wireAthletes } from './wiring/athletes.ts';
import { wireAuth } from './wiring/auth.ts';
import { clientConfig } from './wiring/client-config.ts';
import { wireCoach } from './wiring/coach.ts';
import type { AppConfig, Wiring } from './wiring/context.ts';
import { wireDashboard } from './wiring/dashboard.ts';
import { wireDevices } from './wiring/devices.ts';
import { wireNotificationDelivery } from './wiring/notification-delivery.ts';
import { wireOnboarding } from './wiring/onboarding.ts';
import { createServer } from './wiring/platform.ts';
import { startSchedulers } from './wiring/schedulers.ts';
import { wireTestingDashboard } from './wiring/testing-dashboard.ts';
import { wireAnalytics, wireTraining } from './wiring/training.ts';
import { serveWebApp } from './wiring/web.ts';
import { wireWellness } from './wiring/wellness.ts';
import { wireWorkoutBank } from './wiring/workout-bank.ts';
import { wireWorkouts } from './wiring/workouts.ts';

export type { AppConfig } from './wiring/context.ts';

export async function buildApp(config: AppConfig) {
  const { app, requestLog } = await createServer(config);
  const { db } = config.database;
  const { signer, sessions, limits, authService, authenticate, idempotency } = await wireAuth(app, config);
  await app.register(
    healthRoutes(() => config.database.ping(), config.version, clientConfig(config)),
    { prefix: '/api/v1' },
  );
  // Reads computed from workouts, plans, wellness and notifications are served from a per-athlete cache of
  // response bodies, which every write to them invalidates (each service's onChange).
  const readCache = createAthleteCache<Buffer>({ redis: config.redis, ttlMs: config.readCacheTtlMs });
  app.addHook('onClose', async () => readCache.close());
  const cachedReads = authenticatedReads(authenticate, readCache);
  // The event hub between modules (lib/events.ts): units subscribe their listeners as they build them.
  const events = createEventHub(app.log);
  const w: Wiring = { app, config, db, limits, authenticate, idempotency, readCache, cachedReads, events };

  // Each unit is handed every service built before it (`Services`) and names in its signature what it reads; a
  // module that tells one built after it emits an event (lib/events.ts, docs/modules.md "Events").
  const workouts = await wireWorkouts(w);
  const training = await wireTraining(w, workouts);
  const wellness = await wireWellness(w, { ...workouts, ...training });
  const analytics = await wireAnalytics(w, { ...training, ...wellness });
  const built = {
    authService,
    ...workouts,
    ...training,
    ...wellness,
    ...analytics,
    ...(await wireAthletes(w)),
  };
  const dashboard = await wireDashboard(w, built);
  await wireWorkoutBank(w, { ...built, ...dashboard });

  // The one job queue (docs/jobs.md): its worker starts with the app and stops on
  // close, finishing the job in hand.
  const jobs = createJobQueue(db, { ...config.jobs, now: config.jobs?.now ?? config.clock, log: app.log });
  app.decorate('jobs', jobs);
  const delivering = {
    ...built,
    ...dashboard,
    jobs,
    ...(await wireNotificationDelivery(w, { ...built, ...dashboard, jobs })),
  };
  const adapting = { ...delivering, ...(await wireAdaptation(w, delivering)) };
  await wireCoach(w, adapting);
  const all = { ...adapting, ...(await wireActivities(w, adapting)) };
  await wireOnboarding(w, all);
  const devices = await wireDevices(w, all);
  await wireAccount(w, { ...all, ...devices });
  startSchedulers(app, config, { ...all, ...devices });
  await wireTestingDashboard(w, { requestLog, authService, signer, sessions, jobs });
  await serveWebApp(app, config);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
