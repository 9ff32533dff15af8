// Preloaded into a Stamina server by the bench (`node --import ./bench/lib/loop-delay.mjs`, with
// BENCH_LOOP_DELAY_FILE set): the server's own event-loop delay, measured in its process by
// perf_hooks.monitorEventLoopDelay (a 10 ms timer; each sample is how late it fired). The first SIGUSR2 starts a
// window, the second ends it and writes the window's figures to BENCH_LOOP_DELAY_FILE as JSON (milliseconds).
// Only the bench loads it; the app itself does not measure this (docs/performance.md, "Platform archives").
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const out = process.env.BENCH_LOOP_DELAY_FILE;
if (isMainThread && out) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  let open = false;
  process.on('SIGUSR2', () => {
    if (!open) {
      histogram.reset();
      histogram.enable();
      open = true;
      return;
    }
    histogram.disable();
    open = false;
    const ms = (ns) => ns / 1e6;
    writeFileSync(
      out,
      JSON.stringify({
        max: ms(histogram.max),
        p99: ms(histogram.percentile(99)),
        p999: ms(histogram.percentile(99.9)),
        p50: ms(histogram.percentile(50)),
        mean: ms(histogram.mean),
        samples: histogram.count,
      }),
    );
  });
}
