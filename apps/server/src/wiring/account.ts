// Data ownership (docs/account.md): account deletion and its purge, exports and their import; and the profile
// summary, read through the activity, analytics and plan services.
import { sweepStaging } from '../lib/staging-sweep.ts';
import {
  accountRoutes,
  createAccountService,
  EXPORT_EXPIRE_JOB,
  EXPORT_JOB,
  IMPORT_LEASE_SECONDS,
  PURGE_JOB,
} from '../modules/account/index.ts';
import { createProfileService, profileRoutes } from '../modules/profile/index.ts';
import type { Services, Wiring } from './context.ts';

export async function wireAccount(
  { app, config, db, authenticate, readCache, cachedReads }: Wiring,
  {
    jobs,
    authService,
    activityService,
    analyticsService,
    planService,
    deviceService,
  }: Pick<
    Services,
    'jobs' | 'authService' | 'activityService' | 'analyticsService' | 'planService' | 'deviceService'
  >,
) {
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
    importBatchRows: config.account?.importBatchRows,
    onChange: (athleteId) => readCache.invalidate(athleteId),
    devices: deviceService,
  });
  jobs.register(PURGE_JOB, accountService.purgeJob);
  jobs.register(EXPORT_JOB, accountService.exportJob);
  jobs.register(EXPORT_EXPIRE_JOB, accountService.expireJob);
  await app.register(accountRoutes(accountService, authenticate, activityService.enterUpload), {
    prefix: '/api/athletes',
  });
  // Housekeeping after a crash, when a process with a worker starts and then once per import lease (30 s): an
  // account import cut off mid-way is undone (docs/account.md, "Importing an export"; a live import's lease keeps
  // it out), so on a shared database its rows are gone within about a minute of the crash, and
  // staged upload files no queued job will read are removed (docs/RELIABILITY.md, "Idempotency after a crash").
  if (config.jobs?.worker !== false) {
    const sweep = async (options: { all?: boolean } = {}) => {
      await accountService
        .sweepStale(options)
        .catch((err) => app.log.error({ err }, 'account import sweep failed; the next tick tries again'));
      await sweepStaging(db, config.fileStore, config.clock?.() ?? new Date())
        .then((removed) => {
          if (removed > 0) app.log.warn({ removed }, 'staging sweep: orphaned staged files removed');
        })
        .catch((err) => app.log.error({ err }, 'staging sweep failed; the next tick tries again'));
    };
    let timer: NodeJS.Timeout | null = null;
    app.addHook('onReady', async () => {
      // PGlite is opened by one process only: on start, every import still running was cut off.
      void sweep({ all: config.database.kind === 'pglite' });
      const every = config.account?.sweepMs ?? IMPORT_LEASE_SECONDS * 1000;
      if (every <= 0) return;
      timer = setInterval(() => void sweep(), every);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
    });
  }
  await app.register(
    profileRoutes(
      createProfileService({ activities: activityService, analytics: analyticsService, plans: planService }),
      cachedReads,
    ),
    { prefix: '/api/athletes' },
  );
  return { accountService };
}
