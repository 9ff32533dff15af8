// What every wiring unit shares: the app's config, the Fastify instance and the pieces built once for all
// areas (authentication, the cached reads, the idempotency hooks). docs/ARCHITECTURE.md, "Wiring".
import type { Operator } from '@stamina/contract';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import type { Database, Db } from '../db/client.ts';
import type { AthleteCache } from '../lib/athlete-cache.ts';
import type { EventHub } from '../lib/events.ts';
import type { FileStore } from '../lib/file-store.ts';
import type { JobQueue, JobQueueOptions } from '../lib/job-queue.ts';
import type { Mailer } from '../lib/mailer.ts';
import type { RateLimits } from '../lib/rate-limits.ts';
import type { ActivityService } from '../modules/activities/index.ts';
import type { AdaptationService } from '../modules/adaptation/index.ts';
import type { AnalyticsService } from '../modules/analytics/index.ts';
import type { AppleHealthService } from '../modules/apple-health/index.ts';
import type { AthleteService } from '../modules/athletes/index.ts';
import type { AuthService } from '../modules/auth/index.ts';
import type { CoachModelConfig } from '../modules/coach/index.ts';
import type { DashboardService } from '../modules/dashboard/index.ts';
import type { DeviceService, DevicesConfig } from '../modules/devices/index.ts';
import type { MetricsService } from '../modules/metrics/index.ts';
import type { DeliveryService, NotificationService, VapidKeys } from '../modules/notifications/index.ts';
import type { SttConfig } from '../modules/onboarding/index.ts';
import type { PlanService } from '../modules/plans/index.ts';
import type { ThresholdService } from '../modules/thresholds/index.ts';
import type { TrainingLoadService } from '../modules/training-load/index.ts';
import type { WorkoutService, WorkoutSummaryRow } from '../modules/workouts/index.ts';
import type { Authenticate } from '../plugins/authenticate.ts';
import type { IdempotentCreates } from '../plugins/idempotency.ts';
import type { CpuPool, CpuPoolOptions } from '../workers/pool.ts';

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
  /** MAP_TILE_ATTRIBUTION (or OpenStreetMap's credit for its tiles): the map's credit line. */
  mapTileAttribution?: string | null;
  /** OPERATOR_NAME, LEGAL_*, SUPPORT_EMAIL and the *_URL links (config.ts operatorFromEnv); absent: all unset. */
  operator?: Operator;
  /** Where uploaded originals are kept (lib/file-store.ts): DATA_DIR/files in main.ts, a temp dir in tests. */
  fileStore: FileStore;
  /** The background job worker (lib/job-queue.ts); `worker: false` builds the app without running jobs. */
  jobs?: JobQueueOptions & { worker?: boolean };
  /** STT_URL, STT_API_KEY, STT_MODEL: the speech-to-text service of voice prompts; null or absent turns voice off. */
  stt?: SttConfig | null;
  /** LLM_BASE_URL, LLM_API_KEY, LLM_MODEL: the coach's language model (docs/coach.md); null or absent: built-in coach. */
  llm?: CoachModelConfig | null;
  /**
   * Web Push (docs/notifications.md, "VAPID keys"): the server's keys and contact; null or absent turns push
   * off (the key endpoint answers 404 and Settings hides it).
   */
  push?: {
    vapid: VapidKeys;
    /** Accept http:// push endpoints: only tests, whose push service listens on loopback without TLS. */
    allowHttpEndpoints?: boolean;
  } | null;
  /** How often this process queues the daily e-mails and missed-session pushes due (ms); 0 turns it off. */
  notificationTickMs?: number;
  /** How often this process queues the daily adaptation of athletes due (ms); 0 turns it off (docs/adaptation.md). */
  adaptationTickMs?: number;
  /** How often the log stream sends a heartbeat and re-checks its session (modules/logs/routes.ts). */
  logStreamHeartbeatMs?: number;
  /** Device providers and the token key (modules/devices/config.ts); absent: none configured, a random key. */
  devices?: DevicesConfig;
  /** The clock of account deletion, purge and export expiry, and of which jobs are due; tests move it. */
  clock?: () => Date;
  /** Rows per page of an export, and a probe told of each page (tests check exports read in pages). */
  account?: {
    exportPageSize?: number;
    onExportPage?: (table: string, rows: number) => void;
    /** Rows per transaction of an import (docs/account.md); tests make it small. */
    importBatchRows?: number;
    /** How often cut-off imports and orphaned staged files are swept (ms); 5 minutes. */
    sweepMs?: number;
  };
  /** The CPU pool's threads and limits (workers/pool.ts, CPU_POOL_DEFAULTS); tests lower the limits. */
  cpuPool?: CpuPoolOptions;
  /** The largest Apple Health export accepted (docs/devices.md, "Apple Health"); 2 GB. Tests lower it. */
  appleHealthMaxUploadBytes?: number;
  /** How long a platform archive's job holds the worker before it yields (archive-import.ts); tests shorten it. */
  archiveTurnMs?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's job queue: tests with `jobs: { worker: false }` run its jobs one at a time (`runOnce`). */
    jobs: JobQueue;
    /** Where recordings are decoded and scored: tests read its stats to see the work left the main thread. */
    cpuPool: CpuPool;
    /** Device connections: tests call `scheduleDue()` instead of waiting for the scheduler. */
    devices: DeviceService;
    /** The Apple Health import: the memory bench feeds it an export without HTTP (bench/apple-health-memory.ts). */
    appleHealth: AppleHealthService;
    /** Plan changes (docs/adaptation.md), for modules built after it (the coach) and tests. */
    adaptation: AdaptationService;
    /** The daily e-mail and Web Push (docs/notifications.md): tests call `scheduleDue(now)` instead of the tick. */
    notificationDelivery: DeliveryService;
  }
}

/** What the units after authentication are given. */
export interface Wiring {
  app: FastifyInstance;
  config: AppConfig;
  db: Db;
  limits: RateLimits;
  authenticate: Authenticate;
  idempotency: IdempotentCreates;
  readCache: AthleteCache<Buffer>;
  cachedReads: Authenticate;
  /** The typed event hub between modules (lib/events.ts): emitters and listeners are wired in the units. */
  events: EventHub;
}

/**
 * The services the units build and hand on: a unit names what it reads as `Pick<Services, …>`, and `app.ts`
 * passes it everything built so far.
 */
export interface Services {
  authService: AuthService;
  notificationService: NotificationService;
  thresholdService: ThresholdService;
  workoutService: WorkoutService;
  /** Emits `workouts.changed` (after commit): the read cache and the notification sweep listen. */
  workoutsChanged: (athleteId: string) => void;
  trainingLoadService: TrainingLoadService<WorkoutSummaryRow>;
  planService: PlanService;
  analyticsService: AnalyticsService;
  metricsService: MetricsService;
  athleteService: AthleteService;
  dashboardService: DashboardService;
  jobs: JobQueue;
  deliveryService: DeliveryService;
  adaptationService: AdaptationService;
  activityService: ActivityService;
  deviceService: DeviceService;
  devicesConfig: DevicesConfig;
}
