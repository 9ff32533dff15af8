// GET /api/v1/health/areas: one cheap check per part of the server the API stands on, for the testing dashboard
// (docs/testing-dashboard.md, "Health"). Each check has a time limit; a failing one is reported, never thrown.
import type { HealthArea, HealthAreas, HealthStatus } from '@stamina/contract';

/** A check that takes longer than this is reported down. */
const CHECK_TIMEOUT_MS = 3_000;

export interface AreaCheck {
  area: string;
  label: string;
  /** Resolves to what was found ('ok' unless it says otherwise); rejects when the area is down. */
  run(): Promise<{ status?: HealthStatus; detail: string }>;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function runCheck(check: AreaCheck, timeoutMs: number, log: Log): Promise<HealthArea> {
  const started = performance.now();
  const latency = () => Math.round((performance.now() - started) * 10) / 10;
  try {
    const result = await withTimeout(check.run(), timeoutMs);
    return {
      area: check.area,
      label: check.label,
      status: result.status ?? 'ok',
      detail: result.detail,
      latency_ms: latency(),
    };
  } catch (err) {
    log.warn({ err, area: check.area }, 'health check failed');
    // The reason is ours (a timeout) or a driver's error name: no connection strings or paths.
    const reason = err instanceof Error && err.message.startsWith('no answer') ? err.message : 'check failed';
    return { area: check.area, label: check.label, status: 'down', detail: reason, latency_ms: latency() };
  }
}

interface Log {
  warn(obj: object, msg: string): void;
}

export function healthAreas(
  checks: readonly AreaCheck[],
  version: string,
  log: Log,
  timeoutMs = CHECK_TIMEOUT_MS,
) {
  return async function check(): Promise<HealthAreas> {
    const areas = await Promise.all(checks.map((c) => runCheck(c, timeoutMs, log)));
    const bad = areas.some((a) => a.status === 'down' || a.status === 'degraded');
    return { status: bad ? 'degraded' : 'ok', version, checked_at: new Date().toISOString(), areas };
  };
}
