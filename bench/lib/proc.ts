// Child processes and temp dirs for the bench: every one is registered here and cleaned up on exit,
// whether the run ends normally, throws, or is interrupted.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export interface Child {
  name: string;
  proc: ChildProcess;
  /** The last lines the process wrote, to show when it fails. */
  output: () => string;
  /** Graceful stop (SIGTERM to its process group), then SIGKILL after the grace period. */
  stop: (graceMs?: number) => Promise<void>;
}

const children = new Set<Child>();
const tempDirs = new Set<string>();

/** A temp dir under os.tmpdir(), removed on exit. */
export function makeTempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `stamina-bench-${prefix}-`));
  tempDirs.add(dir);
  return dir;
}

/** A port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('could not get a free port'))));
    });
  });
}

function killGroup(proc: ChildProcess, signal: NodeJS.Signals): void {
  if (proc.pid === undefined || proc.exitCode !== null || proc.signalCode !== null) return;
  try {
    // Each child leads its own process group (detached), so this also reaches its descendants.
    process.kill(-proc.pid, signal);
  } catch {
    try {
      proc.kill(signal);
    } catch {
      // Already gone.
    }
  }
}

function exited(proc: ChildProcess): boolean {
  return proc.exitCode !== null || proc.signalCode !== null;
}

/** Spawns a child in its own process group, keeping the tail of its output. */
export function startChild(
  name: string,
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Child {
  const proc = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim()) lines.push(line);
    }
    if (lines.length > 60) lines.splice(0, lines.length - 60);
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  proc.on('error', (err) => lines.push(`spawn error: ${err.message}`));

  const child: Child = {
    name,
    proc,
    output: () => lines.join('\n'),
    stop: async (graceMs = 5000) => {
      children.delete(child);
      if (exited(proc)) return;
      const done = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
      killGroup(proc, 'SIGTERM');
      const timedOut = await Promise.race([done.then(() => false), sleep(graceMs).then(() => true)]);
      if (timedOut) {
        killGroup(proc, 'SIGKILL');
        await Promise.race([done, sleep(2000)]);
      }
    },
  };
  children.add(child);
  return child;
}

/** Polls a URL until it answers 2xx; fails early when the child exits. */
export async function waitForHttp(url: string, child: Child, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < deadline) {
    if (exited(child.proc)) {
      throw new Error(
        `${child.name} exited (code ${child.proc.exitCode}) before ${url} answered:\n${child.output()}`,
      );
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) {
        await res.arrayBuffer();
        return;
      }
      lastError = `HTTP ${res.status}`;
    } catch (err) {
      lastError = err instanceof Error ? err.message : String(err);
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms (${lastError}):\n${child.output()}`);
}

/** Stops every child still running (SIGTERM, SIGKILL after graceMs) and removes the temp dirs. */
export async function cleanupAll(graceMs = 5000): Promise<void> {
  await Promise.all([...children].map((c) => c.stop(graceMs)));
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  tempDirs.clear();
}

/** Last-resort synchronous cleanup for process exit and signals. */
function cleanupSync(): void {
  for (const child of children) killGroup(child.proc, 'SIGKILL');
  children.clear();
  for (const dir of tempDirs) {
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // Best effort on the way out.
    }
  }
  tempDirs.clear();
}

let installed = false;
/** Makes sure nothing outlives the bench: on exit, on Ctrl-C / SIGTERM, and on uncaught errors. */
export function installExitHandlers(): void {
  if (installed) return;
  installed = true;
  process.on('exit', cleanupSync);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      console.error(`\nbench: ${signal}, stopping child processes`);
      // Wait for the children to be gone before removing their data dirs; give up after a few seconds.
      setTimeout(() => process.exit(130), 5000).unref();
      void cleanupAll(1000).finally(() => process.exit(130));
    });
  }
  process.on('uncaughtException', (err) => {
    console.error('bench: uncaught error:', err);
    cleanupSync();
    process.exit(1);
  });
  process.on('unhandledRejection', (err) => {
    console.error('bench: unhandled rejection:', err);
    cleanupSync();
    process.exit(1);
  });
}
