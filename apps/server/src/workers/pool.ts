// The CPU pool (docs/performance.md, "CPU work off the event loop"): decoding uploaded recordings and
// computing their figures run on worker threads (piscina), so one athlete's file never holds the event loop
// that answers everyone else. A task that runs past its time limit is aborted (its worker is ended) and one
// that passes the memory limit ends only its own worker: either way the caller gets a WorkerLimitError with a
// sentence for the athlete, and the pool starts a fresh worker for the next task.
//
// A task may ask the main thread questions while it runs (the athlete's thresholds on a day, whether a file
// is a duplicate): `run(name, input, answers)` opens a MessageChannel whose worker end travels with the
// task, and each question is answered by the matching async function of `answers` here, where the database is.
import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { TaskAnswers, TaskInput, TaskName, TaskOutput } from './tasks.ts';

const CPU_POOL_DEFAULTS = {
  /**
   * Worker threads: one on a 2-core machine (the other core stays with the event loop and the database),
   * at most two anywhere, so a burst of imports never takes every core.
   */
  maxThreads: Math.max(1, Math.min(2, availableParallelism() - 1)),
  /** One task's wall-clock limit; a 4-hour 1 Hz ride takes well under a second. */
  taskTimeoutMs: 60_000,
  /**
   * Tasks allowed longer: an Apple Health export.xml is read whole in one task, and a real one runs to
   * gigabytes: 20 to 32 MB/s on a loaded 2-core machine, so 16 GB (its cap) in 9 to 14 minutes
   * (docs/RELIABILITY.md, "Apple Health off the event loop").
   */
  taskTimeoutsMs: { readAppleExport: 30 * 60_000 } as Partial<Record<TaskName, number>>,
  /** The old-generation heap of one worker (V8's resourceLimits); past it, only that worker dies. */
  maxHeapMb: 512,
  /**
   * The young generation of one worker: what a task's short-lived garbage (an export.xml's decoded chunks) may
   * fill before it is collected. With V8's default, a started worker's first read of a 20 MB export.xml grew the
   * process's RSS by 70 to 160 MB here; at 16 MB, by about 45 (docs/RELIABILITY.md, "Apple Health off the
   * event loop").
   */
  youngHeapMb: 16,
  /** An idle worker is ended after this long, and started again (about a second) by the next task. */
  idleTimeoutMs: 5 * 60_000,
} as const;

export interface CpuPoolOptions {
  maxThreads?: number;
  taskTimeoutMs?: number;
  /** Per task name, in place of taskTimeoutMs (CPU_POOL_DEFAULTS.taskTimeoutsMs are kept unless replaced). */
  taskTimeoutsMs?: Partial<Record<TaskName, number>>;
  maxHeapMb?: number;
  idleTimeoutMs?: number;
  /**
   * Keep one worker running from the start (the server does): the first file is not kept waiting for a worker
   * to start (about a second), and its start-up memory (about 50 MB) is paid once at start, not inside the
   * first upload's memory budget. Tests build their pools cold, so a test file starts no thread it never uses.
   */
  warm?: boolean;
  /** Told of a worker that died outside a task (while starting); the pool starts another. */
  log?: { error(obj: object, msg: string): void };
}

/** A task stopped by the pool's limits: the file it read is refused with `message`, never retried. */
export class WorkerLimitError extends Error {
  constructor(
    readonly limit: 'time' | 'memory' | 'crash',
    message: string,
  ) {
    super(message);
  }
}

export interface CpuPool {
  /** Runs the task on a worker thread; `answers` answers the questions it asks while it runs. */
  run<N extends TaskName>(
    name: N,
    input: TaskInput<N>,
    answers?: Partial<TaskAnswers>,
  ): Promise<TaskOutput<N>>;
  /** Tasks finished per name, and the thread ids that ran them (tests check the work left the main thread). */
  stats(): { completed: Record<string, number>; threadIds: number[] };
  close(): Promise<void>;
}

/** A question from a worker: which answer, its argument, and an id to reply to. */
interface Question {
  id: number;
  name: keyof TaskAnswers;
  arg: unknown;
}

export function createCpuPool(options: CpuPoolOptions = {}): CpuPool {
  const defaultTimeoutMs = options.taskTimeoutMs ?? CPU_POOL_DEFAULTS.taskTimeoutMs;
  const timeoutsMs = { ...CPU_POOL_DEFAULTS.taskTimeoutsMs, ...options.taskTimeoutsMs };
  const maxHeapMb = options.maxHeapMb ?? CPU_POOL_DEFAULTS.maxHeapMb;
  const pool = new Piscina({
    filename: new URL('./entry.mjs', import.meta.url).href,
    minThreads: options.warm ? 1 : 0,
    maxThreads: options.maxThreads ?? CPU_POOL_DEFAULTS.maxThreads,
    idleTimeout: options.idleTimeoutMs ?? CPU_POOL_DEFAULTS.idleTimeoutMs,
    resourceLimits: {
      maxOldGenerationSizeMb: maxHeapMb,
      maxYoungGenerationSizeMb: CPU_POOL_DEFAULTS.youngHeapMb,
    },
  });
  // Without a listener, a worker that dies while loading (past its memory limit) would end the process.
  pool.on('error', (err: unknown) => options.log?.error({ err }, 'CPU pool: a worker died outside a task'));
  const completed: Record<string, number> = {};
  const threadIds = new Set<number>();

  return {
    async run(name, input, answers = {}) {
      const taskTimeoutMs = timeoutsMs[name] ?? defaultTimeoutMs;
      const { port1, port2 } = new MessageChannel();
      port1.on('message', (question: Question) => {
        const answer = answers[question.name] as ((arg: unknown) => Promise<unknown>) | undefined;
        if (!answer) {
          port1.postMessage({ id: question.id, error: `no answer for ${question.name}` });
          return;
        }
        answer(question.arg).then(
          (value) => port1.postMessage({ id: question.id, value }, movable(value)),
          (err: unknown) =>
            port1.postMessage({ id: question.id, error: err instanceof Error ? err.message : String(err) }),
        );
      });
      try {
        const result = (await pool.run(
          { name, input, port: port2 },
          { transferList: [port2], signal: AbortSignal.timeout(taskTimeoutMs) },
        )) as { threadId: number; output: TaskOutput<typeof name> };
        completed[name] = (completed[name] ?? 0) + 1;
        threadIds.add(result.threadId);
        return result.output;
      } catch (err) {
        throw limitError(err, taskTimeoutMs, maxHeapMb) ?? err;
      } finally {
        port1.close();
      }
    },
    stats: () => ({ completed: { ...completed }, threadIds: [...threadIds] }),
    close: () => pool.destroy(),
  };
}

/**
 * An answer's bytes that can be moved to the worker rather than copied: a Uint8Array that is its whole
 * ArrayBuffer (a stream's chunk, which its stream no longer writes to). A view into a larger buffer (a pooled
 * or partly filled one) is copied, since the rest of its buffer may still be in use here.
 */
function movable(value: unknown): ArrayBuffer[] {
  if (!(value instanceof Uint8Array) || !(value.buffer instanceof ArrayBuffer)) return [];
  return value.byteOffset === 0 && value.byteLength === value.buffer.byteLength ? [value.buffer] : [];
}

/** The pool's limits, as a sentence for the athlete; null for any other error (the caller's to handle). */
function limitError(err: unknown, timeoutMs: number, heapMb: number): WorkerLimitError | null {
  const e = err as { name?: string; code?: string; message?: string };
  if (e?.name === 'AbortError' || e?.name === 'TimeoutError') {
    const limit =
      timeoutMs >= 120_000
        ? `${Math.round(timeoutMs / 60_000)} minutes`
        : timeoutMs >= 1000
          ? `${Math.round(timeoutMs / 1000)} s`
          : `${timeoutMs} ms`;
    return new WorkerLimitError('time', `Reading it took longer than ${limit}, the limit for one file`);
  }
  if (e?.code === 'ERR_WORKER_OUT_OF_MEMORY') {
    return new WorkerLimitError('memory', `Reading it needed more than ${heapMb} MB, the limit for one file`);
  }
  if (typeof e?.message === 'string' && /worker (exited|terminated)/i.test(e.message)) {
    return new WorkerLimitError('crash', 'Reading it stopped the worker that read it');
  }
  return null;
}
