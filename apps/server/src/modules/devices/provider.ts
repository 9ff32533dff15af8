// One interface per outside provider (docs/devices.md, "Providers"), and the OAuth 2.0 pieces they share,
// done with oauth4webapi: authorization code with PKCE, refresh, and calls to the provider's REST API.
import * as oauth from 'oauth4webapi';

export type ProviderId = 'garmin' | 'strava';
export const PROVIDER_IDS: readonly ProviderId[] = ['garmin', 'strava'];

export interface ProviderConfig {
  clientId?: string;
  clientSecret?: string;
  authorizeUrl: string;
  tokenUrl: string;
  apiUrl: string;
  /** Garmin: the HMAC key of its pings; Strava: the subscription's verify token. */
  webhookSecret?: string;
}

export interface ProviderTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
  scopes: string | null;
  providerUserId: string | null;
}

export interface RemoteActivity {
  id: string;
  name: string | null;
  startTime: Date;
  /** The provider's word for the sport, where its list gives one (Strava's `sport_type`). */
  sport?: string;
}

interface DownloadedFile {
  /** The name the import pipeline sees (its extension breaks format ties). */
  name: string;
  bytes: Buffer;
}

export interface RemoteWellnessDay {
  date: string;
  hrv?: number;
  resting_hr?: number;
  sleep_hours?: number;
  sleep_quality?: number;
}

export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  query: Record<string, unknown>;
  rawBody: Buffer;
}

/**
 * What a verified webhook asks for: pull these provider users' new data, forget them, or take note of what they
 * now share (`scopes`, the provider's own words, as a token answer gives them).
 */
interface WebhookEvents {
  sync: string[];
  deauthorized: string[];
  permissions?: { userId: string; scopes: string }[];
}

/** Which data an athlete lets the provider share with us. */
interface Grants {
  activities: boolean;
  wellness: boolean;
}

export interface DeviceProvider {
  id: ProviderId;
  name: string;
  description: string;
  dataTypes: string[];
  /** The env vars still to set before the provider can be used; empty when configured. */
  missing: string[];
  authorizeUrl(input: { state: string; codeChallenge: string; redirectUri: string }): string;
  exchange(input: {
    callback: URLSearchParams;
    codeVerifier: string;
    redirectUri: string;
  }): Promise<ProviderTokens>;
  refresh(refreshToken: string): Promise<ProviderTokens>;
  listActivities(accessToken: string, since: Date): Promise<RemoteActivity[]>;
  downloadActivity(accessToken: string, activity: RemoteActivity): Promise<DownloadedFile>;
  listWellness?(accessToken: string, since: Date): Promise<RemoteWellnessDay[]>;
  /** Null when the call is not verifiably from the provider (the route answers 401). */
  verifyWebhook(request: WebhookRequest): WebhookEvents | null;
  /** What the stored scopes let us read; without it, or without scopes, everything the provider offers. */
  grants?(scopes: string | null): Grants;
  revoke(accessToken: string): Promise<void>;
}

/**
 * A provider call that failed: `auth` (our tokens are refused: connect again), `rate` (429), `server` (5xx or
 * unreachable), `refused` (the athlete or provider said no to the authorisation), `bad` (anything else).
 */
export class ProviderError extends Error {
  constructor(
    readonly kind: 'auth' | 'rate' | 'server' | 'refused' | 'bad',
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** The oauth4webapi pieces of one provider's authorisation server. */
export function oauthClient(name: string, config: ProviderConfig, clientAuth: 'post' | 'basic') {
  const as: oauth.AuthorizationServer = {
    issuer: new URL(config.authorizeUrl).origin,
    authorization_endpoint: config.authorizeUrl,
    token_endpoint: config.tokenUrl,
  };
  const client: oauth.Client = { client_id: config.clientId ?? '' };
  // Made at the call: an unconfigured provider has no secret, and is never asked for tokens.
  const auth = () =>
    clientAuth === 'post'
      ? oauth.ClientSecretPost(config.clientSecret ?? '')
      : oauth.ClientSecretBasic(config.clientSecret ?? '');
  // Loopback and test servers speak plain http; real providers are https.
  const insecure = (url: string) => new URL(url).protocol === 'http:';
  // Each token request gives up after 30 s, as the API calls do: a refresh runs under the connection's row lock.
  const options = () => ({
    [oauth.allowInsecureRequests]: insecure(config.tokenUrl),
    signal: AbortSignal.timeout(30_000),
  });

  async function tokenResult(
    run: () => Promise<oauth.TokenEndpointResponse>,
    what: string,
  ): Promise<oauth.TokenEndpointResponse> {
    try {
      return await run();
    } catch (err) {
      throw classify(err, name, what);
    }
  }

  const toTokens = (t: oauth.TokenEndpointResponse, previousRefresh: string | null): ProviderTokens => ({
    accessToken: t.access_token,
    refreshToken: t.refresh_token ?? previousRefresh,
    expiresAt: typeof t.expires_in === 'number' ? new Date(Date.now() + t.expires_in * 1000) : null,
    scopes: typeof t.scope === 'string' ? t.scope : null,
    providerUserId: null,
  });

  return {
    authorizeUrl(input: { state: string; codeChallenge: string; redirectUri: string; scope?: string }) {
      const url = new URL(config.authorizeUrl);
      url.searchParams.set('client_id', client.client_id);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('redirect_uri', input.redirectUri);
      url.searchParams.set('state', input.state);
      url.searchParams.set('code_challenge', input.codeChallenge);
      url.searchParams.set('code_challenge_method', 'S256');
      if (input.scope) url.searchParams.set('scope', input.scope);
      return url.href;
    },
    /** Checks the callback (a refused grant throws `refused`) and trades its code for tokens. */
    async exchange(input: { callback: URLSearchParams; codeVerifier: string; redirectUri: string }) {
      let params: URLSearchParams;
      try {
        // The state was checked by the service against its signature; here only the error and code matter.
        params = oauth.validateAuthResponse(as, client, input.callback, oauth.skipStateCheck);
      } catch (err) {
        if (err instanceof oauth.AuthorizationResponseError) {
          const description = err.error_description ? `: ${err.error_description}` : '';
          throw new ProviderError(
            'refused',
            `${name} did not authorise the connection (${err.error}${description})`,
          );
        }
        throw new ProviderError('bad', `${name}'s answer to the authorisation cannot be read`);
      }
      const response = await tokenResult(async () => {
        const res = await oauth.authorizationCodeGrantRequest(
          as,
          client,
          auth(),
          params,
          input.redirectUri,
          input.codeVerifier,
          options(),
        );
        return oauth.processAuthorizationCodeResponse(as, client, res);
      }, 'exchange the authorisation code');
      const tokens = toTokens(response, null);
      const athlete = (response as { athlete?: { id?: unknown } }).athlete;
      if (athlete && (typeof athlete.id === 'number' || typeof athlete.id === 'string')) {
        tokens.providerUserId = String(athlete.id);
      }
      return tokens;
    },
    async refresh(refreshToken: string) {
      const response = await tokenResult(async () => {
        const res = await oauth.refreshTokenGrantRequest(as, client, auth(), refreshToken, options());
        return oauth.processRefreshTokenResponse(as, client, res);
      }, 'refresh its access');
      return toTokens(response, refreshToken);
    },
    /** One call to the provider's REST API with the athlete's bearer token; non-2xx answers throw. */
    async api(accessToken: string, method: string, url: URL | string, body?: URLSearchParams) {
      const target = typeof url === 'string' ? new URL(url) : url;
      let res: Response;
      try {
        res = await oauth.protectedResourceRequest(accessToken, method, target, new Headers(), body ?? null, {
          [oauth.allowInsecureRequests]: target.protocol === 'http:',
          signal: AbortSignal.timeout(30_000),
        });
      } catch (err) {
        if (err instanceof oauth.WWWAuthenticateChallengeError) {
          throw new ProviderError('auth', `${name} refused Stamina's access token`);
        }
        throw new ProviderError('server', `${name} could not be reached`);
      }
      if (res.ok) return res;
      throw statusError(name, res);
    },
  };
}

function statusError(name: string, res: Response): ProviderError {
  if (res.status === 401 || res.status === 403) {
    return new ProviderError('auth', `${name} refused Stamina's access token`);
  }
  if (res.status === 429) {
    const retry = Number(res.headers.get('retry-after'));
    return new ProviderError(
      'rate',
      `${name} asked Stamina to slow down (429)`,
      Number.isFinite(retry) && retry > 0 ? retry : null,
    );
  }
  if (res.status >= 500) return new ProviderError('server', `${name} answered with an error (${res.status})`);
  return new ProviderError('bad', `${name} answered ${res.status}`);
}

function classify(err: unknown, name: string, what: string): ProviderError {
  if (err instanceof ProviderError) return err;
  if (err instanceof oauth.ResponseBodyError) {
    if (err.error === 'invalid_grant' || err.status === 401) {
      return new ProviderError('auth', `${name} refused to ${what} (${err.error})`);
    }
    if (err.status === 429) return new ProviderError('rate', `${name} asked Stamina to slow down (429)`);
    if (err.status >= 500)
      return new ProviderError('server', `${name} answered with an error (${err.status})`);
    return new ProviderError('bad', `${name} refused to ${what} (${err.error})`);
  }
  if (err instanceof oauth.OperationProcessingError) {
    const status = (err.cause as { status?: number } | undefined)?.status;
    if (status === 429) return new ProviderError('rate', `${name} asked Stamina to slow down (429)`);
    if (typeof status === 'number' && status >= 500) {
      return new ProviderError('server', `${name} answered with an error (${status})`);
    }
    return new ProviderError('bad', `${name}'s answer could not be used to ${what}`);
  }
  return new ProviderError('server', `${name} could not be reached to ${what}`);
}

/** Epoch seconds of a date. */
export const epoch = (d: Date) => Math.floor(d.getTime() / 1000);
