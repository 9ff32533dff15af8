// The testing dashboard (docs/testing-dashboard.md): the athlete's own request log, and each area's health.
import { randomUUID } from 'node:crypto';
import type { SessionCache } from '../lib/session-cache.ts';
import type { TokenSigner } from '../lib/tokens.ts';
import { type AreaCheck, healthAreaRoutes, healthAreas } from '../modules/health/index.ts';
import type { RequestLog } from '../modules/logs/index.ts';
import { logRoutes, queryToken } from '../modules/logs/index.ts';
import { authenticator, tokenIdentifier } from '../plugins/authenticate.ts';
import type { Services, Wiring } from './context.ts';

export async function wireTestingDashboard(
  { app, config, authenticate }: Wiring,
  {
    requestLog,
    authService,
    signer,
    sessions,
    jobs,
  }: Pick<Services, 'authService' | 'jobs'> & {
    requestLog: RequestLog;
    signer: TokenSigner;
    sessions: SessionCache;
  },
) {
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
}
