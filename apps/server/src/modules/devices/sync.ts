// A connection's sync run (docs/devices.md, "Sync"): its access token, refreshed before it expires (once more
// when the provider refuses it), the provider's activities since the last pull (90 days on the first) imported
// through the activity import, its wellness days through the metrics service, and the connection's backoff when
// the provider fails or asks us to slow down. The device service queues the runs; the job runs them here.
import type { Db } from '../../db/client.ts';
import { type DeviceProvider, ProviderError, type RemoteActivity } from './provider.ts';
import * as repo from './repository.ts';
import type { Sealer } from './secrets.ts';

/** How far back the first connection reaches. */
const BACKFILL_DAYS = 90;
/** Tokens this close to expiry are refreshed before use. */
export const REFRESH_MARGIN_MS = 5 * 60_000;
/** A pull overlaps the previous one by a day: late uploads are caught, duplicates are found as such. */
const OVERLAP_MS = 24 * 3600_000;
const BACKOFF_BASE_MS = 15 * 60_000;
const BACKOFF_MAX_MS = 6 * 3600_000;
const DAY_MS = 24 * 3600_000;

/** What a sync reads and writes outside this module: the tokens' sealer, the activity import and the wellness days. */
export interface SyncDeps {
  sealer: Sealer;
  activities: {
    importDownloaded(
      athleteId: string,
      file: { name: string; bytes: Buffer; source: string },
    ): Promise<{ status: 'imported' | 'duplicate' | 'failed'; message: string | null }>;
    startTimesBetween(athleteId: string, from: Date, to: Date): Promise<Date[]>;
  };
  wellness: {
    upsertProviderDays(
      athleteId: string,
      days: readonly {
        date: string;
        hrv?: number;
        resting_hr?: number;
        sleep_hours?: number;
        sleep_quality?: number;
      }[],
    ): Promise<number>;
  };
  log?: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
}

/** A provider's name as the messages use it. */
export const shortName = (p: DeviceProvider) => (p.id === 'garmin' ? 'Garmin' : p.name);

export function createDeviceSync(
  db: Db,
  deps: SyncDeps,
  providerOf: (id: string) => DeviceProvider,
  /** Milliseconds between automatic pulls of one connection. */
  intervalMs: number,
) {
  /** The connection's access token, refreshed first when it expires within 5 minutes (or `force`). */
  async function accessToken(connection: repo.Ref, force = false): Promise<string> {
    const current = await repo.connectionById(db, connection);
    if (!current) throw new ProviderError('auth', 'The connection was removed');
    const fresh = (row: repo.ConnectionRow) =>
      !row.expiresAt || row.expiresAt.getTime() - Date.now() > REFRESH_MARGIN_MS;
    if (!force && fresh(current)) return deps.sealer.open(current.accessTokenEnc);
    // Under the row's lock, so two processes never both spend a (single-use) refresh token.
    return db.transaction(async (tx) => {
      const row = await repo.connectionById(tx, connection, true);
      if (!row) throw new ProviderError('auth', 'The connection was removed');
      if (row.accessTokenEnc !== current.accessTokenEnc && fresh(row))
        return deps.sealer.open(row.accessTokenEnc);
      if (!force && fresh(row)) return deps.sealer.open(row.accessTokenEnc);
      if (!row.refreshTokenEnc)
        throw new ProviderError('auth', 'The access expired and there is no refresh token');
      const provider = providerOf(row.provider);
      const tokens = await provider.refresh(deps.sealer.open(row.refreshTokenEnc));
      await repo.updateConnection(tx, row, {
        accessTokenEnc: deps.sealer.seal(tokens.accessToken),
        refreshTokenEnc: tokens.refreshToken ? deps.sealer.seal(tokens.refreshToken) : row.refreshTokenEnc,
        expiresAt: tokens.expiresAt,
        ...(tokens.scopes ? { scopes: tokens.scopes } : {}),
      });
      return tokens.accessToken;
    });
  }

  /** Runs a provider call with the token; a refused token is refreshed once and the call tried again. */
  async function withToken<T>(connection: repo.Ref, call: (token: string) => Promise<T>): Promise<T> {
    try {
      return await call(await accessToken(connection));
    } catch (err) {
      if (!(err instanceof ProviderError) || err.kind !== 'auth') throw err;
      return call(await accessToken(connection, true));
    }
  }

  async function runSync(athleteId: string, runId: string): Promise<void> {
    const run = await repo.run(db, { athleteId, id: runId });
    if (!run || (run.status !== 'queued' && run.status !== 'running')) return;
    const connection = await repo.connectionById(db, { athleteId, id: run.connectionId });
    if (!connection) {
      await repo.updateRun(db, run, { status: 'failed', message: 'Disconnected', finishedAt: new Date() });
      return;
    }
    await repo.updateRun(db, run, { status: 'running' });
    const provider = providerOf(connection.provider);
    const started = new Date();
    const backfill = run.kind === 'backfill' || !connection.syncedThrough;
    const since = backfill
      ? new Date(started.getTime() - BACKFILL_DAYS * DAY_MS)
      : new Date(connection.syncedThrough!.getTime() - OVERLAP_MS);
    const counts = { imported: 0, duplicates: 0, wellnessDays: 0, errors: 0 };
    let stopped: ProviderError | null = null;
    try {
      if (provider.missing.length > 0)
        throw new ProviderError('bad', `${provider.name} is not configured on this server`);
      // Only what the athlete lets the provider share is asked for (docs/devices.md, "Webhooks").
      const grants = provider.grants?.(connection.scopes) ?? { activities: true, wellness: true };
      const list: RemoteActivity[] = grants.activities
        ? await withToken(connection, (t) => provider.listActivities(t, since))
        : [];
      if (backfill) {
        await repo.updateConnection(db, connection, { backfillDone: 0, backfillTotal: list.length });
      }
      const stored = await storedStarts(connection.athleteId, list);
      for (const [index, activity] of list.entries()) {
        try {
          if (stored.has(Math.floor(activity.startTime.getTime() / 1000))) {
            // Already here (an earlier pull, or the same recording uploaded): not downloaded again, so a pull
            // that a rate limit stopped goes on from where it was instead of spending its calls again.
            counts.duplicates++;
            if (backfill) await repo.updateConnection(db, connection, { backfillDone: index + 1 });
            continue;
          }
          const file = await withToken(connection, (t) => provider.downloadActivity(t, activity));
          const result = await deps.activities.importDownloaded(connection.athleteId, {
            ...file,
            source: provider.id,
          });
          if (result.status === 'imported') counts.imported++;
          else if (result.status === 'duplicate') counts.duplicates++;
          else counts.errors++;
        } catch (err) {
          if (!(err instanceof ProviderError)) throw err;
          if (err.kind === 'auth' || err.kind === 'rate' || err.kind === 'server') {
            // Asking for the rest now would fail the same way: they are left to the next pull.
            counts.errors += list.length - index;
            stopped = err;
            break;
          }
          counts.errors++;
        }
        if (backfill) await repo.updateConnection(db, connection, { backfillDone: index + 1 });
        await repo.updateRun(db, run, { ...counts });
      }
      if (!stopped && provider.listWellness && grants.wellness) {
        const days = await withToken(connection, (t) => provider.listWellness!(t, since));
        counts.wellnessDays = await deps.wellness.upsertProviderDays(connection.athleteId, days);
      }
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      stopped = err;
    }
    await finish(run, connection, provider, counts, stopped, started);
  }

  /** The seconds (±1) at which the athlete's stored activities in the listing's span started. */
  async function storedStarts(athleteId: string, list: readonly RemoteActivity[]): Promise<Set<number>> {
    const seconds = new Set<number>();
    if (list.length === 0) return seconds;
    const times = list.map((a) => a.startTime.getTime());
    const from = new Date(Math.min(...times) - 1000);
    const to = new Date(Math.max(...times) + 1000);
    for (const start of await deps.activities.startTimesBetween(athleteId, from, to)) {
      const s = Math.floor(start.getTime() / 1000);
      seconds
        .add(s - 1)
        .add(s)
        .add(s + 1);
    }
    return seconds;
  }

  async function finish(
    run: repo.SyncRunRow,
    connection: repo.ConnectionRow,
    provider: DeviceProvider,
    counts: { imported: number; duplicates: number; wellnessDays: number; errors: number },
    stopped: ProviderError | null,
    started: Date,
  ) {
    const now = new Date();
    const anything = counts.imported + counts.duplicates + counts.wellnessDays > 0;
    if (!stopped) {
      await repo.updateConnection(db, connection, {
        lastSyncAt: now,
        syncedThrough: started,
        nextSyncAt: new Date(now.getTime() + intervalMs),
        lastError: null,
        failures: 0,
        backoffUntil: null,
      });
    } else {
      const failures = connection.failures + 1;
      const backoff = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** (failures - 1));
      const retryAfter = (stopped.retryAfterSeconds ?? 0) * 1000;
      const until = new Date(now.getTime() + Math.max(backoff, retryAfter));
      const refused = stopped.kind === 'auth';
      await repo.updateConnection(db, connection, {
        ...(anything ? { lastSyncAt: now } : {}),
        failures,
        backoffUntil: until,
        nextSyncAt: until,
        lastError: refused
          ? `${shortName(provider)} no longer accepts Stamina's access: disconnect and connect again`
          : stopped.message,
        ...(refused ? { status: 'error' as const } : {}),
      });
      deps.log?.warn(
        { provider: provider.id, connectionId: connection.id, kind: stopped.kind, until },
        'device sync stopped',
      );
    }
    const failed = Boolean(stopped) && !anything;
    await repo.updateRun(db, run, {
      ...counts,
      status: failed ? 'failed' : 'done',
      message: stopped ? stopped.message : null,
      finishedAt: now,
    });
  }

  return { withToken, runSync };
}
