// Device connections (docs/devices.md): the OAuth dance (PKCE, a signed state bound to the session), tokens
// sealed at rest and refreshed before they expire, sync runs as jobs on the app's one queue (Sync Now, the
// first connection's 90-day backfill, webhook pings and the 30-minute auto-sync), with backoff when a
// provider fails or asks us to slow down. Activities go through the import pipeline, wellness through the
// metrics service's write path.
import type { Device, DeviceProviderId, SyncRun } from '@stamina/contract';
import * as oauth from 'oauth4webapi';
import type { Db, Tx } from '../../db/client.ts';
import type { SyncRunKind } from '../../db/schema/devices.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Job, JobQueue } from '../../lib/job-queue.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import {
  type DeviceProvider,
  PROVIDER_IDS,
  ProviderError,
  type ProviderId,
  type WebhookRequest,
} from './provider.ts';
import * as repo from './repository.ts';
import { createDeviceSync, REFRESH_MARGIN_MS, type SyncDeps, shortName } from './sync.ts';

export const DEVICE_SYNC_JOB = 'device-sync';

/** What this module's jobs carry (lib/job-queue.ts, JobPayloads). */
declare module '../../lib/job-queue.ts' {
  interface JobPayloads {
    /** The run and its athlete: every read and write of them names it (docs/scale.md, "Router queries"). */
    [DEVICE_SYNC_JOB]: { runId: string; athleteId: string };
  }
}

/** An authorisation not finished in this time is void. */
const AUTHORIZATION_TTL_MS = 10 * 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface DeviceServiceDeps extends SyncDeps {
  providers: Record<ProviderId, DeviceProvider>;
  jobs: JobQueue;
  appUrl: string;
  /** STRAVA_WEBHOOK_VERIFY_TOKEN: what Strava's subscription check must present. */
  stravaVerifyToken?: string;
  /** Minutes between automatic pulls of one connection (30 by default). */
  syncIntervalMinutes?: number;
}

/** Where each provider sends the athlete back: Garmin to its own route, the others to the generic one. */
function redirectUriOf(appUrl: string, provider: ProviderId): string {
  return `${appUrl}${provider === 'garmin' ? '/auth/garmin/callback' : '/oauth/callback'}`;
}

function runView(row: repo.SyncRunRow): SyncRun {
  return {
    id: row.id,
    provider: row.provider as DeviceProviderId,
    kind: row.kind,
    status: row.status,
    items: row.imported + row.wellnessDays,
    imported: row.imported,
    duplicates: row.duplicates,
    wellness_days: row.wellnessDays,
    errors: row.errors,
    message: row.message,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

export function createDeviceService(db: Db, deps: DeviceServiceDeps) {
  const intervalMs = (deps.syncIntervalMinutes ?? 30) * 60_000;
  const providerOf = (id: string): DeviceProvider => {
    const provider = deps.providers[id as ProviderId];
    if (!provider) throw notFound('Provider');
    return provider;
  };

  /** What a connection's stored scopes keep us from reading (docs/devices.md, "Webhooks"). */
  function withheldOf(provider: DeviceProvider, row: repo.ConnectionRow | undefined): Device['withheld'] {
    if (row?.status !== 'connected' || !provider.grants) return [];
    const granted = provider.grants(row.scopes);
    return [
      ...(granted.activities ? [] : (['activities'] as const)),
      ...(granted.wellness || !provider.listWellness ? [] : (['wellness'] as const)),
    ];
  }

  function view(
    athleteId: string,
    provider: DeviceProvider,
    row: repo.ConnectionRow | undefined,
    run: repo.SyncRunRow | undefined,
  ): Device {
    const lastSync = row?.lastSyncAt?.toISOString() ?? null;
    const configured = provider.missing.length === 0;
    const status = !configured ? 'not_configured' : !row ? 'disconnected' : row.status;
    return {
      id: provider.id,
      provider: provider.id,
      name: provider.name,
      description: provider.description,
      data_types: provider.dataTypes,
      configured,
      missing_config: provider.missing,
      connected: configured && row?.status === 'connected',
      status,
      lastSync,
      last_sync: lastSync,
      athlete_id: athleteId,
      autoSync: row?.autoSync ?? true,
      sync_interval_minutes: intervalMs / 60_000,
      last_error: row?.lastError ?? null,
      withheld: withheldOf(provider, row),
      backoff_until:
        row?.backoffUntil && row.backoffUntil > new Date() ? row.backoffUntil.toISOString() : null,
      backfill:
        row && row.backfillTotal > 0
          ? {
              done: row.backfillDone,
              total: row.backfillTotal,
              // Whatever asked for it (the first connection, or Sync Now after a backfill stopped part-way): a
              // run of a connection never pulled in full reaches back 90 days.
              running:
                row.backfillDone < row.backfillTotal &&
                (run?.status === 'queued' || run?.status === 'running'),
            }
          : null,
      last_run: row && run ? runView(run) : null,
    };
  }

  async function deviceOf(athleteId: string, providerId: ProviderId): Promise<Device> {
    const provider = providerOf(providerId);
    const row = await repo.connection(db, athleteId, providerId);
    const run = row ? await latestRun(athleteId, row.id) : undefined;
    return view(athleteId, provider, row, run);
  }

  const { withToken, runSync } = createDeviceSync(db, deps, providerOf, intervalMs);

  async function latestRun(athleteId: string, connectionId: string) {
    return (await repo.latestRuns(db, athleteId)).find((r) => r.connectionId === connectionId);
  }

  function configuredProvider(id: ProviderId): DeviceProvider {
    const provider = providerOf(id);
    if (provider.missing.length > 0) {
      throw new AppError(
        'CONFLICT',
        `${provider.name} is not configured on this server: set ${provider.missing.join(' and ')}`,
        { missing: provider.missing },
      );
    }
    return provider;
  }

  /** Queues a pull of the connection unless one is already waiting or running; answers the run either way. */
  async function queueRun(connection: repo.ConnectionRow, kind: SyncRunKind): Promise<repo.SyncRunRow> {
    const run = await db.transaction(async (tx) => {
      // The connection's row lock makes "is one open? if not, add one" atomic across processes.
      await repo.connectionById(tx, connection, true);
      const open = await repo.openRun(tx, connection.id);
      if (open) return open;
      const created = await repo.insertRun(tx, {
        athleteId: connection.athleteId,
        connectionId: connection.id,
        provider: connection.provider,
        kind,
      });
      await deps.jobs.enqueue(
        tx,
        DEVICE_SYNC_JOB,
        { runId: created.id, athleteId: connection.athleteId },
        { maxAttempts: 3, athleteId: connection.athleteId },
      );
      return created;
    });
    deps.jobs.wake();
    return run;
  }

  return {
    async list(auth: AuthContext): Promise<Device[]> {
      const rows = await repo.connections(db, auth.athleteId);
      const runs = await repo.latestRuns(db, auth.athleteId);
      return PROVIDER_IDS.map((id) => {
        const row = rows.find((r) => r.provider === id);
        return view(
          auth.athleteId,
          deps.providers[id],
          row,
          row ? runs.find((r) => r.connectionId === row.id) : undefined,
        );
      });
    },

    device: (auth: AuthContext, provider: ProviderId) => deviceOf(auth.athleteId, provider),

    /** Starts the dance: a PKCE verifier kept sealed under a one-use id, and the provider's authorize URL. */
    async connect(auth: AuthContext, providerId: ProviderId, returnTo: string | undefined) {
      const provider = configuredProvider(providerId);
      await repo.purgeExpiredAuthorizations(db);
      const verifier = oauth.generateRandomCodeVerifier();
      const expiresAt = new Date(Date.now() + AUTHORIZATION_TTL_MS);
      const pending = await repo.insertAuthorization(db, {
        athleteId: auth.athleteId,
        provider: provider.id,
        sessionId: auth.sessionId,
        codeVerifierEnc: deps.sealer.seal(verifier),
        expiresAt,
      });
      const state = deps.sealer.sign({
        n: pending.id,
        a: auth.athleteId,
        s: auth.sessionId,
        p: provider.id,
        e: Math.floor(expiresAt.getTime() / 1000),
        r: returnTo ?? null,
      });
      return {
        provider: provider.id,
        authorization_url: provider.authorizeUrl({
          state,
          codeChallenge: await oauth.calculatePKCECodeChallenge(verifier),
          redirectUri: redirectUriOf(deps.appUrl, provider.id),
        }),
      };
    },

    /** Finishes the dance from what the provider's redirect brought back. */
    async callback(
      auth: AuthContext,
      body: { state: string; code?: string; error?: string; error_description?: string },
    ) {
      const claims = deps.sealer.verify(body.state);
      const invalid = () =>
        new AppError(
          'BAD_REQUEST',
          'This authorization is not valid for your session: start connecting again',
        );
      if (
        !claims ||
        claims.a !== auth.athleteId ||
        claims.s !== auth.sessionId ||
        typeof claims.n !== 'string'
      ) {
        throw invalid();
      }
      if (typeof claims.e !== 'number' || claims.e * 1000 < Date.now()) {
        throw new AppError('BAD_REQUEST', 'This authorization has expired: start connecting again');
      }
      const provider = providerOf(String(claims.p));
      const pending = UUID.test(claims.n)
        ? await repo.takeAuthorization(db, auth.athleteId, claims.n)
        : undefined;
      if (!pending || pending.athleteId !== auth.athleteId || pending.provider !== provider.id) {
        throw new AppError('BAD_REQUEST', 'This authorization was already used: start connecting again');
      }
      configuredProvider(provider.id);
      const callback = new URLSearchParams({ state: body.state });
      if (body.code) callback.set('code', body.code);
      if (body.error) callback.set('error', body.error);
      if (body.error_description) callback.set('error_description', body.error_description);
      if (!body.code && !body.error)
        throw new AppError('BAD_REQUEST', 'The provider sent no authorization code');
      let tokens: Awaited<ReturnType<DeviceProvider['exchange']>>;
      try {
        tokens = await provider.exchange({
          callback,
          codeVerifier: deps.sealer.open(pending.codeVerifierEnc),
          redirectUri: redirectUriOf(deps.appUrl, provider.id),
        });
      } catch (err) {
        if (!(err instanceof ProviderError)) throw err;
        if (err.kind === 'refused')
          throw new AppError('BAD_REQUEST', err.message, { reason: 'authorization_refused' });
        throw new AppError('BAD_GATEWAY', `${shortName(provider)} could not be connected: ${err.message}`, {
          reason: 'connection_failed',
        });
      }
      const row = await repo.upsertConnection(db, {
        athleteId: auth.athleteId,
        provider: provider.id,
        providerUserId: tokens.providerUserId,
        accessTokenEnc: deps.sealer.seal(tokens.accessToken),
        refreshTokenEnc: tokens.refreshToken ? deps.sealer.seal(tokens.refreshToken) : null,
        expiresAt: tokens.expiresAt,
        scopes: tokens.scopes,
      });
      // A first connection brings the last 90 days (and a reconnection whatever it missed).
      await queueRun(row, row.syncedThrough ? 'manual' : 'backfill');
      return {
        device: await deviceOf(auth.athleteId, provider.id),
        return_to: typeof claims.r === 'string' ? claims.r : null,
      };
    },

    async syncNow(auth: AuthContext, providerId: ProviderId): Promise<SyncRun> {
      const provider = configuredProvider(providerId);
      const row = await repo.connection(db, auth.athleteId, providerId);
      if (!row) throw new AppError('CONFLICT', `${provider.name} is not connected`);
      if (row.status !== 'connected')
        throw new AppError('CONFLICT', row.lastError ?? `${provider.name} needs connecting again`);
      return runView(await queueRun(row, 'manual'));
    },

    async syncRun(auth: AuthContext, id: string): Promise<SyncRun> {
      const row = UUID.test(id) ? await repo.ownRun(db, auth.athleteId, id) : undefined;
      if (!row) throw notFound('Sync run');
      return runView(row);
    },

    async setAutoSync(auth: AuthContext, providerId: ProviderId, autoSync: boolean): Promise<Device> {
      const provider = configuredProvider(providerId);
      const row = await repo.connection(db, auth.athleteId, providerId);
      if (!row) throw new AppError('CONFLICT', `${provider.name} is not connected`);
      await repo.updateConnection(db, row, { autoSync });
      return deviceOf(auth.athleteId, providerId);
    },

    /** Revokes Stamina's access at the provider (as far as it answers) and forgets the tokens. */
    async disconnect(auth: AuthContext, providerId: ProviderId): Promise<Device> {
      const provider = providerOf(providerId);
      const row = await repo.connection(db, auth.athleteId, providerId);
      if (row) {
        try {
          // With a live token: one that expires soon is refreshed first, one the provider refuses once more.
          if (provider.missing.length === 0) await withToken(row, (token) => provider.revoke(token));
        } catch (err) {
          // The athlete asked to be disconnected: our copy of the tokens goes whatever the provider says.
          deps.log?.warn({ err, provider: providerId }, 'device revocation failed; tokens deleted anyway');
        }
        await repo.deleteConnection(db, row);
      }
      return deviceOf(auth.athleteId, providerId);
    },

    /**
     * For the account purge (docs/devices.md, "Disconnect"): reads the athlete's connections inside the purge's
     * transaction, before its delete; the answer, called once the purge committed, withdraws Stamina's access at
     * each provider (refreshing a token that expired first). A failure is logged: the tokens are gone anyway.
     */
    async revocationsOf(tx: Tx, athleteId: string): Promise<() => Promise<void>> {
      const rows = (await repo.connections(tx, athleteId)).filter(
        (row) => deps.providers[row.provider as ProviderId]?.missing.length === 0,
      );
      return async () => {
        for (const row of rows) {
          const provider = providerOf(row.provider);
          try {
            const refreshed = async () => {
              if (!row.refreshTokenEnc) throw new ProviderError('auth', 'No refresh token');
              return (await provider.refresh(deps.sealer.open(row.refreshTokenEnc))).accessToken;
            };
            const fresh = !row.expiresAt || row.expiresAt.getTime() - Date.now() > REFRESH_MARGIN_MS;
            const token = fresh ? deps.sealer.open(row.accessTokenEnc) : await refreshed();
            try {
              await provider.revoke(token);
            } catch (err) {
              if (!(err instanceof ProviderError) || err.kind !== 'auth' || !fresh) throw err;
              await provider.revoke(await refreshed());
            }
          } catch (err) {
            deps.log?.warn({ err, provider: row.provider }, 'device revocation at account purge failed');
          }
        }
      };
    },

    /** A provider's event post: unverified → 401 and nothing written; verified → pulls queued. */
    async webhook(providerId: ProviderId, request: WebhookRequest): Promise<{ received: boolean }> {
      const provider = providerOf(providerId);
      const events = provider.missing.length === 0 ? provider.verifyWebhook(request) : null;
      if (!events) throw new AppError('UNAUTHORIZED', 'The webhook could not be verified');
      for (const userId of events.sync) {
        for (const row of await repo.connectionsOfProviderUser(db, providerId, userId)) {
          if (row.status === 'connected') await queueRun(row, 'webhook');
        }
      }
      const withdraw = async (userId: string) => {
        for (const row of await repo.connectionsOfProviderUser(db, providerId, userId)) {
          await repo.updateConnection(db, row, {
            status: 'error',
            lastError: `${shortName(provider)} access was withdrawn: connect again`,
          });
        }
      };
      for (const userId of events.deauthorized) await withdraw(userId);
      for (const { userId, scopes } of events.permissions ?? []) {
        const granted = provider.grants?.(scopes);
        if (granted && !granted.activities && !granted.wellness) {
          await withdraw(userId);
          continue;
        }
        for (const row of await repo.connectionsOfProviderUser(db, providerId, userId)) {
          await repo.updateConnection(db, row, { scopes });
        }
      }
      return { received: true };
    },

    /** Strava's subscription check: echo the challenge when the verify token is ours. */
    stravaChallenge(query: { 'hub.challenge'?: string; 'hub.verify_token'?: string }) {
      const secret = deps.providers.strava.missing.length === 0 ? deps.stravaVerifyToken : undefined;
      if (!secret || !query['hub.challenge'] || query['hub.verify_token'] !== secret) {
        throw new AppError('UNAUTHORIZED', 'The subscription could not be verified');
      }
      return { 'hub.challenge': query['hub.challenge'] };
    },

    /** Queues an automatic pull of every connection that is due (docs/devices.md, "Auto-sync"). */
    async scheduleDue(): Promise<number> {
      let queued = 0;
      await db.transaction(async (tx) => {
        for (const row of await repo.claimDue(tx, 50)) {
          const open = await repo.openRun(tx, row.id);
          if (!open) {
            const run = await repo.insertRun(tx, {
              athleteId: row.athleteId,
              connectionId: row.id,
              provider: row.provider,
              kind: 'auto',
            });
            await deps.jobs.enqueue(
              tx,
              DEVICE_SYNC_JOB,
              { runId: run.id, athleteId: row.athleteId },
              { maxAttempts: 3, athleteId: row.athleteId },
            );
            queued++;
          }
          await repo.updateConnection(tx, row, { nextSyncAt: new Date(Date.now() + intervalMs) });
        }
      });
      if (queued) deps.jobs.wake();
      return queued;
    },

    syncJob: {
      // A job queued before payloads named the athlete has it on its row.
      run: async (job: Job<typeof DEVICE_SYNC_JOB>) => {
        const athleteId = job.payload.athleteId ?? job.athleteId;
        if (athleteId) await runSync(athleteId, job.payload.runId);
      },
      failed: async (job: Job<typeof DEVICE_SYNC_JOB>, reason: string) => {
        const athleteId = job.payload.athleteId ?? job.athleteId;
        if (!athleteId) return;
        await repo.updateRun(
          db,
          { athleteId, id: job.payload.runId },
          {
            status: 'failed',
            message: `The sync could not be completed: ${reason}`,
            finishedAt: new Date(),
          },
        );
      },
    },
  };
}

export type DeviceService = ReturnType<typeof createDeviceService>;
