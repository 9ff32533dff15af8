// Builds the Fastify app from a config object. It never listens: main.ts does, tests use app.inject.
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCors from '@fastify/cors';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { addDays, dateInTimeZone, type ReadinessDay } from '@stamina/core';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject, validatorCompiler } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Database } from './db/client.ts';
import { createAthleteCache } from './lib/athlete-cache.ts';
import { createFailureLimiter } from './lib/failure-limiter.ts';
import type { FileStore } from './lib/file-store.ts';
import { createJobQueue, type JobQueue, type JobQueueOptions } from './lib/job-queue.ts';
import type { Mailer } from './lib/mailer.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './lib/rate-limits.ts';
import { refreshTokenDeriver, tokenSigner } from './lib/tokens.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { createAccountService, EXPORT_EXPIRE_JOB, EXPORT_JOB, PURGE_JOB } from './modules/account/service.ts';
import { thresholdsFrom } from './modules/activities/figures.ts';
import { activityRoutes } from './modules/activities/routes.ts';
import { createActivityService, IMPORT_JOB } from './modules/activities/service.ts';
import { adaptationRoutes } from './modules/adaptation/routes.ts';
import {
  ADAPTATION_JOB,
  type AdaptationService,
  createAdaptationService,
} from './modules/adaptation/service.ts';
import { analyticsRoutes, trainingAnalyticsRoutes } from './modules/analytics/routes.ts';
import { createAnalyticsService } from './modules/analytics/service.ts';
import { appleHealthRoutes } from './modules/apple-health/routes.ts';
import {
  APPLE_HEALTH_JOB,
  type AppleHealthService,
  createAppleHealthService,
} from './modules/apple-health/service.ts';
import { avatarRoutes } from './modules/athletes/avatar-routes.ts';
import { athleteRoutes } from './modules/athletes/routes.ts';
import { createAthleteService } from './modules/athletes/service.ts';
import { authRoutes } from './modules/auth/routes.ts';
import { createAuthService } from './modules/auth/service.ts';
import { createSessionCache } from './modules/auth/session-cache.ts';
import { applyThroughPlanChanges, recentPlanChanges, undoThroughPlanChanges } from './modules/coach/apply.ts';
import { type CoachModelConfig, createCoachModel } from './modules/coach/model.ts';
import { coachRoutes } from './modules/coach/routes.ts';
import { createCoachService } from './modules/coach/service.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { createDashboardService } from './modules/dashboard/service.ts';
import { type DevicesConfig, UNCONFIGURED } from './modules/devices/config.ts';
import { garminProvider } from './modules/devices/garmin.ts';
import { deviceRoutes } from './modules/devices/routes.ts';
import { createSealer } from './modules/devices/secrets.ts';
import { createDeviceService, DEVICE_SYNC_JOB, type DeviceService } from './modules/devices/service.ts';
import { stravaProvider } from './modules/devices/strava.ts';
import { type AreaCheck, healthAreas } from './modules/health/areas.ts';
import { healthAreaRoutes, healthRoutes } from './modules/health/routes.ts';
import { createRequestLog, pathOf } from './modules/logs/request-log.ts';
import { logRoutes, queryToken } from './modules/logs/routes.ts';
import { metricsRoutes, metricsV1Routes } from './modules/metrics/routes.ts';
import { createMetricsService } from './modules/metrics/service.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { createNotificationService } from './modules/notifications/service.ts';
import { ONBOARDING_JOB, onboardingJob } from './modules/onboarding/job.ts';
import { onboardingRoutes } from './modules/onboarding/routes.ts';
import { createOnboardingService } from './modules/onboarding/service.ts';
import type { SttConfig } from './modules/onboarding/stt.ts';
import { trainingPlanRoutes } from './modules/plans/routes.ts';
import { createPlanService, toPlan } from './modules/plans/service.ts';
import { profileRoutes } from './modules/profile/routes.ts';
import { createProfileService } from './modules/profile/service.ts';
import { thresholdRoutes } from './modules/thresholds/routes.ts';
import { createThresholdService } from './modules/thresholds/service.ts';
import { trainingLoadRoutes } from './modules/training-load/routes.ts';
import { createTrainingLoadService } from './modules/training-load/service.ts';
import { workoutBankRoutes } from './modules/workout-bank/routes.ts';
import { createWorkoutBankService } from './modules/workout-bank/service.ts';
import { createWorkoutFileService } from './modules/workouts/files.ts';
import { workoutFileRoutes } from './modules/workouts/files-routes.ts';
import { trainingWorkoutRoutes, workoutPlanningRoutes } from './modules/workouts/routes.ts';
import { createWorkoutService } from './modules/workouts/service.ts';
import { authenticator, tokenIdentifier } from './plugins/authenticate.ts';
import { authenticatedReads } from './plugins/cached-reads.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { idempotentCreates } from './plugins/idempotency.ts';
import { registerInputGuards } from './plugins/input-guards.ts';
import { securityHeaders } from './plugins/security-headers.ts';
import { contractSerializerCompiler } from './plugins/serializer.ts';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface AppConfig {
  database: Database;
  jwtSecret: string;
  appUrl: string;
  mailer: Mailer;
  version: string;
  /** Built web app to serve with an SPA fallback; null serves the API only. */
  webDistDir: string | null;
  logger: FastifyServerOptions['logger'];
  rateLimits?: Partial<RateLimits>;
  /** Shared rate-limit counters across processes; in-memory without it. */
  redis?: Redis;
  trustProxy?: boolean;
  corsOrigins?: string[];
  /** How long an open session may be served from memory; 0 checks the database on every request. */
  sessionCacheTtlMs?: number;
  /** Lifetime of cached reads (lib/athlete-cache.ts); 0 turns the cache off. */
  readCacheTtlMs?: number;
  /** MAP_TILE_URL: tiles behind activity maps, told to the web app and allowed by the pages' CSP. */
  mapTileUrl?: string | null;
  /** Where uploaded originals are kept (lib/file-store.ts): DATA_DIR/files in main.ts, a temp dir in tests. */
  fileStore: FileStore;
  /** The background job worker (lib/job-queue.ts); `worker: false` builds the app without running jobs. */
  jobs?: JobQueueOptions & { worker?: boolean };
  /** STT_URL, STT_API_KEY, STT_MODEL: the speech-to-text service of voice prompts; null or absent turns voice off. */
  stt?: SttConfig | null;
  /** LLM_BASE_URL, LLM_API_KEY, LLM_MODEL: the coach's language model (docs/coach.md); null or absent: built-in coach. */
  llm?: CoachModelConfig | null;
  /** How often this process queues the daily adaptation of athletes due (ms); 0 turns it off (docs/adaptation.md). */
  adaptationTickMs?: number;
  /** How often the log stream sends a heartbeat and re-checks its session (modules/logs/routes.ts). */
  logStreamHeartbeatMs?: number;
  /** Device providers and the token key (modules/devices/config.ts); absent: none configured, a random key. */
  devices?: DevicesConfig;
  /** The clock of account deletion, purge and export expiry, and of which jobs are due; tests move it. */
  clock?: () => Date;
  /** Rows per page of an export, and a probe told of each page (tests check exports read in pages). */
  account?: { exportPageSize?: number; onExportPage?: (table: string, rows: number) => void };
  /** The largest Apple Health export accepted (docs/devices.md, "Apple Health"); 2 GB. Tests lower it. */
  appleHealthMaxUploadBytes?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's job queue: tests with `jobs: { worker: false }` run its jobs one at a time (`runOnce`). */
    jobs: JobQueue;
    /** Device connections: tests call `scheduleDue()` instead of waiting for the scheduler. */
    devices: DeviceService;
    /** The Apple Health import: the memory bench feeds it an export without HTTP (bench/apple-health-memory.ts). */
    appleHealth: AppleHealthService;
    /** Plan changes (docs/adaptation.md), for modules built after it (the coach) and tests. */
    adaptation: AdaptationService;
  }
}

export async function buildApp(config: AppConfig) {
  const app = Fastify({
    logger: config.logger,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy ?? false,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    return503OnClosing: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(contractSerializerCompiler());
  // Only JSON is accepted; anything else is a 415.
  app.removeContentTypeParser('text/plain');
  app.decorateRequest('auth', null);
  const headers = securityHeaders({ mapTileUrl: config.mapTileUrl ?? null });
  app.addHook('onRequest', (request, reply, done) => {
    const api = request.url.startsWith('/api/') && !request.url.startsWith('/api/docs');
    reply.headers(api ? headers.api : headers.page).header('x-request-id', request.id);
    done();
  });
  registerErrorHandler(app);
  registerInputGuards(app);
  // Every answered request of a signed-in athlete goes into their own in-memory request log, which the testing
  // dashboard lists and streams (docs/testing-dashboard.md): method, path without query, status, duration, id.
  const requestLog = createRequestLog();
  app.addHook('onResponse', (request, reply, done) => {
    const auth = request.auth;
    if (auth && request.routeOptions.config.requestLog !== false) {
      requestLog.record(auth.athleteId, {
        request_id: request.id,
        method: request.method,
        path: pathOf(request.url),
        status: reply.statusCode,
        duration_ms: Math.round(reply.elapsedTime * 10) / 10,
        time: new Date().toISOString(),
      });
    }
    done();
  });

  // CORS stays closed (no plugin, no headers) unless origins are configured.
  if (config.corsOrigins?.length) await app.register(fastifyCors, { origin: config.corsOrigins });
  await app.register(fastifyRateLimit, {
    global: false,
    ...(config.redis ? { redis: config.redis } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Stamina API', version: config.version },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // The log stream only: EventSource cannot send headers (docs/testing-dashboard.md).
          queryToken: { type: 'apiKey', in: 'query', name: 'token' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const { db } = config.database;
  const signer = tokenSigner(config.jwtSecret, config.appUrl);
  const sessions = createSessionCache({ redis: config.redis, ttlMs: config.sessionCacheTtlMs });
  app.addHook('onClose', () => sessions.close());
  const limits = { ...DEFAULT_RATE_LIMITS, ...config.rateLimits };
  const authService = createAuthService({
    db,
    signer,
    deriveRefreshToken: refreshTokenDeriver(config.jwtSecret),
    mailer: config.mailer,
    appUrl: config.appUrl,
    log: app.log,
    sessions,
  });
  const authenticate = authenticator(authService, signer, sessions);
  // Before any route: every creating POST (config.idempotent) gets the Idempotency-Key hooks.
  const idempotency = idempotentCreates(db);
  app.addHook('onRoute', idempotency.onRoute);

  await app.register(
    healthRoutes(() => config.database.ping(), config.version, { map_tile_url: config.mapTileUrl ?? null }),
    { prefix: '/api/v1' },
  );
  const failedLogins = createFailureLimiter({
    name: 'failed-logins',
    max: limits.loginFailuresPerClient,
    windowMs: limits.loginFailureWindowSeconds * 1000,
    redis: config.redis,
    onError: (err) => app.log.warn({ err }, 'failed sign-in counter unavailable; attempt let through'),
  });
  await app.register(
    authRoutes(authService, authenticate, limits, failedLogins, {
      secureCookies: config.appUrl.startsWith('https:'),
    }),
    { prefix: '/api/auth' },
  );
  // Reads computed from workouts, plans, wellness and notifications are served from a per-athlete cache of
  // response bodies, which every write to them invalidates (each service's onChange below).
  const readCache = createAthleteCache<Buffer>({ redis: config.redis, ttlMs: config.readCacheTtlMs });
  app.addHook('onClose', async () => readCache.close());
  const cachedReads = authenticatedReads(authenticate, readCache);
  // The dashboard's cached reads show the unread count: a notification change invalidates them too.
  const notificationService = createNotificationService(db, {
    // Created below; the sweep reads workouts only when a request runs, after the app is built.
    workouts: { rows: (athleteId, filter) => workoutService.rows(athleteId, filter) },
    log: app.log,
    onChange: (athleteId) => readCache.invalidate(athleteId),
  });
  const workoutsChanged = (athleteId: string) => {
    readCache.invalidate(athleteId);
    notificationService.workoutsChanged(athleteId);
  };
  // A threshold change re-parses planned workouts (through the workout service), and every parse reads the
  // thresholds: the workout service is bound late, as the notification service's is.
  const thresholdService = createThresholdService(db, {
    workouts: () => workoutService,
    onChange: workoutsChanged,
  });
  const workoutService = createWorkoutService(db, {
    onChange: workoutsChanged,
    thresholds: thresholdService,
  });
  await app.register(workoutPlanningRoutes(workoutService, cachedReads), {
    prefix: '/api/workout-planning',
  });
  await app.register(
    workoutFileRoutes(
      createWorkoutFileService(workoutService, thresholdService),
      authenticate,
      idempotency.claimUpload,
    ),
    {
      prefix: '/api/workout-planning',
    },
  );
  await app.register(trainingWorkoutRoutes(workoutService, cachedReads), { prefix: '/api/training' });
  const trainingLoadService = createTrainingLoadService(db, workoutService, thresholdService);
  await app.register(trainingLoadRoutes(trainingLoadService, cachedReads), { prefix: '/api/training' });
  const planService = createPlanService(db, {
    workouts: workoutService,
    onChange: (id) => readCache.invalidate(id),
    // A generated plan's rebuild starts from the athlete's fitness today.
    currentCtl: async (auth) => (await trainingLoadService.formFitness(auth, 1)).at(-1)?.ctl ?? null,
    // Bound late: the adaptation service is built with the job queue, below.
    recordRebuild: (conn, auth, change) => adaptationService.recordRebuild(conn, auth, change),
  });
  const analyticsService = createAnalyticsService(db, trainingLoadService, planService);
  await app.register(trainingAnalyticsRoutes(analyticsService, cachedReads), { prefix: '/api/training' });
  await app.register(
    analyticsRoutes(analyticsService, cachedReads, () => config.database.ping()),
    { prefix: '/api/analytics' },
  );
  await app.register(trainingPlanRoutes(planService, cachedReads), { prefix: '/api/training' });
  const metricsService = createMetricsService(
    db,
    trainingLoadService,
    {
      // Wellness feeds the dashboard's readiness and recovery: every write drops the athlete's cached reads.
      onChange: (athleteId) => readCache.invalidate(athleteId),
      onRecoveryScored: (athleteId, date, score, recommendation) =>
        notificationService.recoveryScored(athleteId, date, score, recommendation),
    },
    app.log,
  );
  await app.register(metricsRoutes(metricsService, cachedReads, idempotency.claimUpload), {
    prefix: '/api/metrics',
  });
  await app.register(metricsV1Routes(metricsService, cachedReads), { prefix: '/api/v1/metrics' });
  const athleteService = createAthleteService(db, { fileStore: config.fileStore, log: app.log });
  await app.register(athleteRoutes(athleteService, authenticate), { prefix: '/api/athletes' });
  await app.register(avatarRoutes(athleteService, authenticate), { prefix: '/api/athletes' });
  await app.register(thresholdRoutes(thresholdService, authenticate), { prefix: '/api/athletes' });
  await app.register(notificationRoutes(notificationService, authenticate), { prefix: '/api/notifications' });
  const dashboardService = createDashboardService({
    trainingLoad: trainingLoadService,
    plans: planService,
    metrics: metricsService,
    notifications: notificationService,
    log: app.log,
  });
  await app.register(
    dashboardRoutes(dashboardService, cachedReads, () => config.database.ping()),
    { prefix: '/api/dashboard' },
  );
  // The Workout Bank (docs/workout-bank.md): readiness and load from the dashboard, the plan's phase today.
  const workoutBankService = createWorkoutBankService(db, {
    workouts: workoutService,
    readiness: async (auth) => {
      const widget = await dashboardService.readinessWidget(auth);
      return { readiness: widget.readiness, ctl: widget.fitnessMetrics.ctl, atl: widget.fitnessMetrics.atl };
    },
    planPhases: async (auth) => (await planService.active(auth))?.phases ?? [],
    onOwnTemplate: (athleteId) => readCache.invalidate(athleteId),
  });
  await app.register(workoutBankRoutes(workoutBankService, authenticate, cachedReads), {
    prefix: '/api/v1/workout-bank',
  });

  // The one job queue (docs/ARCHITECTURE.md, "Background jobs"): its worker starts with the app and stops on
  // close, finishing the job in hand.
  const jobs = createJobQueue(db, { ...config.jobs, now: config.jobs?.now ?? config.clock, log: app.log });
  // Plan changes (docs/adaptation.md): the daily adaptation and the coach's confirmed actions write through it.
  const adaptationService = createAdaptationService(db, {
    workouts: workoutService,
    plans: planService,
    athletes: athleteService,
    notifications: notificationService,
    jobs,
    readers: {
      // The batch's load read once (14 days before the earliest today to the latest), for readiness and ramp.
      inputs: async (athletes, now) => {
        const todays = new Map(athletes.map((a) => [a.athleteId, dateInTimeZone(now, a.timezone)]));
        const days = [...todays.values()].sort();
        const loadDays = await trainingLoadService.loadDaysOfAthletes(
          [...todays.keys()],
          addDays(days[0]!, -14),
          days.at(-1)!,
        );
        const readiness = await metricsService.dailyReadinessOfAthletes(athletes, 2, now, loadDays);
        const out = new Map<string, { readiness: ReadinessDay[]; ctlRamp: number | null }>();
        for (const [athleteId, today] of todays) {
          const { rows } = await loadDays(athleteId, addDays(today, -14), today);
          const before = rows.filter((r) => r.date <= addDays(today, -7)).at(-1);
          const latest = rows.at(-1);
          out.set(athleteId, {
            readiness: readiness.get(athleteId) ?? [],
            ctlRamp: before && latest ? latest.ctl - before.ctl : null,
          });
        }
        return out;
      },
    },
    onChange: (id) => readCache.invalidate(id),
  });
  jobs.register(ADAPTATION_JOB, adaptationService.job);
  await app.register(adaptationRoutes(adaptationService, authenticate), { prefix: '/api/training' });
  // The coach chat (docs/coach.md): reads through the other services; confirmed actions become plan changes.
  const coachService = createCoachService(db, {
    readers: {
      readiness: (auth) => metricsService.calculateReadiness(auth),
      workouts: (athleteId, from, to) =>
        workoutService.rows(athleteId, { dateFrom: from, dateTo: to, limit: 200 }),
      loadTrend: (auth, weeks) => trainingLoadService.loadTrends(auth, weeks),
      raceReadiness: (auth) => analyticsService.raceReadiness(auth, undefined),
      activePlan: (athleteId) => planService.activeRow(athleteId),
      changes: recentPlanChanges(adaptationService),
    },
    apply: applyThroughPlanChanges(adaptationService),
    undo: undoThroughPlanChanges(adaptationService),
    model: config.llm ? createCoachModel(config.llm) : null,
    log: app.log,
    onChange: workoutsChanged,
    // The snapshot's parts in the cached reads' cache: every write to what they show drops it (docs/coach.md).
    cache: {
      async read(athleteId, key, load) {
        const found = readCache.lookup(athleteId, key);
        if (found.hit) return JSON.parse(found.value.toString('utf8'));
        const value = await load();
        readCache.store(athleteId, key, found.generation, Buffer.from(JSON.stringify(value)));
        return value;
      },
    },
  });
  await app.register(coachRoutes(coachService, authenticate, limits.coachMessagesPerMinute), {
    prefix: '/api/coach',
  });
  const activityService = createActivityService(db, {
    fileStore: config.fileStore,
    jobs,
    workouts: workoutService,
    // The athlete's thresholds in force on the activity's day (docs/zones.md).
    thresholdsOn: thresholdsFrom(thresholdService),
    log: app.log,
    onChange: (athleteId) => {
      readCache.invalidate(athleteId);
      notificationService.workoutsChanged(athleteId);
    },
    // docs/adaptation.md, "One run a day": an import may complete or reveal missed sessions.
    onImported: (athleteId) => {
      adaptationService
        .requestRun(athleteId)
        .catch((err) => app.log.error({ err }, 'adaptation after an import not queued'));
    },
  });
  jobs.register(IMPORT_JOB, activityService.importJob);
  await app.register(
    activityRoutes(activityService, { authenticate, cachedReads, claimUpload: idempotency.claimUpload }),
    { prefix: '/api/activities' },
  );
  // Apple Health exports (docs/devices.md, "Apple Health"): streamed in, read by a job, written through the
  // activity service and the wellness store.
  const appleHealthService = createAppleHealthService({
    fileStore: config.fileStore,
    jobs,
    activities: activityService,
    wellness: metricsService,
    maxUploadBytes: config.appleHealthMaxUploadBytes,
    log: app.log,
  });
  jobs.register(APPLE_HEALTH_JOB, appleHealthService.job);
  app.decorate('appleHealth', appleHealthService);
  await app.register(
    appleHealthRoutes(appleHealthService, { authenticate, claimUpload: idempotency.claimUpload }),
    { prefix: '/api/activities/import' },
  );
  // Onboarding (docs/onboarding.md): its processing is a chain of jobs, one per stage.
  const onboardingService = createOnboardingService(db, {
    jobs,
    plans: {
      adoptGeneratedPlan: planService.adoptGeneratedPlan,
      plan: async (athleteId, id) => {
        const row = await planService.row(athleteId, id);
        return row ? toPlan(row) : null;
      },
    },
    athletes: athleteService,
    stt: config.stt ?? null,
    onChange: workoutsChanged,
  });
  jobs.register(
    ONBOARDING_JOB,
    onboardingJob(db, {
      jobs,
      log: app.log,
      readers: {
        trainingLoad: trainingLoadService,
        activities: activityService,
        workouts: workoutService,
        thresholds: thresholdService,
        metrics: metricsService,
        timezone: (athleteId) => athleteService.timezone(athleteId),
      },
    }),
  );
  await app.register(
    onboardingRoutes(onboardingService, { authenticate, voiceAvailable: Boolean(config.stt) }),
    { prefix: '/api/onboarding' },
  );
  app.decorate('jobs', jobs);
  // Device connections (docs/devices.md): pulls run as jobs on the same queue, feeding the import above.
  const devicesConfig = config.devices ?? { tokenKey: randomBytes(32), ...UNCONFIGURED };
  const deviceService = createDeviceService(db, {
    providers: { garmin: garminProvider(devicesConfig.garmin), strava: stravaProvider(devicesConfig.strava) },
    sealer: createSealer(devicesConfig.tokenKey),
    jobs,
    appUrl: config.appUrl,
    stravaVerifyToken: devicesConfig.strava.webhookSecret,
    syncIntervalMinutes: devicesConfig.syncIntervalMinutes,
    activities: activityService,
    wellness: metricsService,
    log: app.log,
  });
  jobs.register(DEVICE_SYNC_JOB, deviceService.syncJob);
  app.decorate('devices', deviceService);
  await app.register(deviceRoutes(deviceService, { authenticate }), { prefix: '/api/devices' });
  // Data ownership (docs/account.md): account deletion and its purge, exports and their import.
  const accountService = createAccountService({
    db,
    auth: authService,
    jobs,
    fileStore: config.fileStore,
    secret: config.jwtSecret,
    clock: config.clock ?? (() => new Date()),
    log: app.log,
    pageSize: config.account?.exportPageSize,
    onPage: config.account?.onExportPage,
    onChange: (athleteId) => readCache.invalidate(athleteId),
  });
  jobs.register(PURGE_JOB, accountService.purgeJob);
  jobs.register(EXPORT_JOB, accountService.exportJob);
  jobs.register(EXPORT_EXPIRE_JOB, accountService.expireJob);
  await app.register(accountRoutes(accountService, authenticate), { prefix: '/api/athletes' });
  app.decorate('adaptation', adaptationService);
  await app.register(
    profileRoutes(
      createProfileService({ activities: activityService, analytics: analyticsService, plans: planService }),
      cachedReads,
    ),
    { prefix: '/api/athletes' },
  );
  if (config.jobs?.worker !== false) {
    app.addHook('onReady', async () => jobs.start());
    app.addHook('onClose', () => jobs.stop());
    // docs/adaptation.md, "One run a day": every process looks for athletes due now and then.
    const tickMs = config.adaptationTickMs ?? 10 * 60_000;
    if (tickMs > 0) {
      const schedule = () =>
        adaptationService
          .scheduleDue()
          .catch((err) => app.log.error({ err }, 'adaptation schedule failed; the next tick tries again'));
      let timer: NodeJS.Timeout | null = null;
      app.addHook('onReady', async () => {
        timer = setInterval(schedule, tickMs);
        timer.unref();
        void schedule();
      });
      app.addHook('onClose', async () => {
        if (timer) clearInterval(timer);
      });
    }
  }
  // Every process looks for connections due an automatic pull; the row locks let only one queue each.
  const schedulerMs = devicesConfig.schedulerMs ?? 60_000;
  if (config.jobs?.worker !== false && schedulerMs > 0) {
    let timer: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        deviceService
          .scheduleDue()
          .catch((err) => app.log.error({ err }, 'device auto-sync scheduling failed'));
      }, schedulerMs);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
    });
  }

  // The testing dashboard (docs/testing-dashboard.md): the athlete's own request log, and each area's health.
  await app.register(
    logRoutes({
      log: requestLog,
      authenticate,
      authenticateQuery: authenticator(authService, signer, sessions, queryToken),
      identify: tokenIdentifier(authService, signer, sessions),
      heartbeatMs: config.logStreamHeartbeatMs,
    }),
    { prefix: '/api/v1/logs' },
  );
  const areaChecks: AreaCheck[] = [
    {
      area: 'database',
      label: 'Database',
      run: async () => {
        await config.database.ping();
        return { detail: 'Answered a query' };
      },
    },
    {
      area: 'jobs',
      label: 'Job queue',
      run: async () => {
        const { running, overdue, failedLastDay } = await jobs.status();
        const failed = failedLastDay ? `; ${failedLastDay} failed in the last day` : '';
        if (!running) return { status: 'degraded', detail: `This process runs no worker${failed}` };
        if (overdue) return { status: 'degraded', detail: `${overdue} jobs waiting over a minute${failed}` };
        return { detail: `Worker running, no job waiting${failed}` };
      },
    },
    {
      area: 'files',
      label: 'File store',
      run: async () => {
        const key = `health/probe-${randomUUID()}`;
        await config.fileStore.put(key, new TextEncoder().encode('ok'));
        const back = await config.fileStore.get(key);
        await config.fileStore.delete(key);
        if (back.toString('utf8') !== 'ok') return { status: 'down', detail: 'Read back other bytes' };
        return { detail: 'Wrote, read back and removed a probe file' };
      },
    },
    {
      area: 'mail',
      label: 'Mail',
      run: async () => ({
        detail: config.mailer.check ? await config.mailer.check() : 'This mailer has no check',
      }),
    },
    {
      area: 'redis',
      label: 'Redis',
      run: async () => {
        if (!config.redis) {
          return {
            status: 'not_configured',
            detail: 'REDIS_URL not set: rate limits and caches are kept per process',
          };
        }
        await config.redis.ping();
        return { detail: 'Answered PING' };
      },
    },
  ];
  await app.register(healthAreaRoutes(healthAreas(areaChecks, config.version, app.log), authenticate), {
    prefix: '/api/v1',
  });

  const indexHtml = config.webDistDir ? join(config.webDistDir, 'index.html') : null;
  const serveWeb = indexHtml !== null && existsSync(indexHtml);
  if (serveWeb && config.webDistDir) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      decorateReply: true,
      wildcard: true,
      index: false,
      // The build writes .br and .gz next to each asset (apps/web/scripts/compress-dist.ts).
      preCompressed: true,
      setHeaders: (res, path) => {
        // Hashed build assets never change; everything else is revalidated.
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  // The landing page is prerendered into its own HTML file; every other page is the SPA's index.html.
  const landingHtml = config.webDistDir ? join(config.webDistDir, 'landing.html') : null;
  if (serveWeb && landingHtml && existsSync(landingHtml)) {
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('text/html').sendFile('landing.html'),
    );
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path === '/api' || path.startsWith('/api/');
    const looksLikeFile = /\.[a-z0-9]+$/i.test(path);
    if (serveWeb && !isApi && !looksLikeFile && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.code(404).send({ message: `Route ${request.method} ${path} not found`, code: 'NOT_FOUND' });
  });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
