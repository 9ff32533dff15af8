// What runs in the background of a process with a worker: the job queue's worker, the daily adaptation's tick and
// the devices' automatic pulls. Started when the app is ready, stopped when it closes.
import type { FastifyInstance } from 'fastify';
import type { AppConfig, Services } from './context.ts';

export function startSchedulers(
  app: FastifyInstance,
  config: AppConfig,
  {
    jobs,
    adaptationService,
    deviceService,
    devicesConfig,
  }: Pick<Services, 'jobs' | 'adaptationService' | 'deviceService' | 'devicesConfig'>,
) {
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
}
