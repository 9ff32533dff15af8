// What runs in the background of a process with a worker: the job queue's worker, the daily adaptation's tick,
// the notifications' tick (daily e-mails, missed-session pushes) and the devices' automatic pulls. Started when the app is ready, stopped when it closes.
import type { FastifyInstance } from 'fastify';
import type { AppConfig, Services } from './context.ts';

export function startSchedulers(
  app: FastifyInstance,
  config: AppConfig,
  {
    jobs,
    adaptationService,
    deliveryService,
    deviceService,
    devicesConfig,
  }: Pick<Services, 'jobs' | 'adaptationService' | 'deliveryService' | 'deviceService' | 'devicesConfig'>,
) {
  if (config.jobs?.worker !== false) {
    app.addHook('onReady', async () => jobs.start());
    app.addHook('onClose', () => jobs.stop());
    // docs/adaptation.md, "One run a day": every process looks for athletes due now and then.
    every(app, config.adaptationTickMs ?? 10 * 60_000, () =>
      adaptationService
        .scheduleDue()
        .catch((err) => app.log.error({ err }, 'adaptation schedule failed; the next tick tries again')),
    );
    // docs/notifications.md: the mornings' e-mails and yesterday's missed key sessions, every five minutes.
    every(app, config.notificationTickMs ?? 5 * 60_000, () =>
      deliveryService
        .scheduleDue()
        .catch((err) => app.log.error({ err }, 'notification schedule failed; the next tick tries again')),
    );
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
}

/** Runs `tick` when the app is ready and then every `ms` (0: never), until it closes. */
function every(app: FastifyInstance, ms: number, tick: () => Promise<unknown>): void {
  if (ms <= 0) return;
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(() => void tick(), ms);
    timer.unref();
    void tick();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
