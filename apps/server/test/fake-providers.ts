// A fake Garmin and a fake Strava on loopback (docs/devices.md, "Tests"): the same OAuth 2.0 shapes
// (authorize with PKCE, token, refresh with rotation) and REST shapes (Garmin's Health API activity files,
// dailies, sleeps and HRV; Strava's activity list and streams), plus switches for what tests need to break:
// a refused grant, expired or revoked tokens, 500s and 429s.
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const CLIENT = { id: 'stamina-test-client', secret: 'stamina-test-secret' };

export interface FakeActivity {
  id: string;
  name: string;
  start: Date;
  /** Garmin: the FIT file served for it. */
  fit?: Buffer;
  /** Strava: its sport type and streams keyed by type. */
  sportType?: string;
  streams?: Record<string, { data: unknown[] }>;
}

export interface FakeWellness {
  calendarDate: string;
  restingHeartRateInBeatsPerMinute?: number;
  durationInSeconds?: number;
  sleepScore?: number;
  lastNightAvg?: number;
}

interface User {
  id: string;
  activities: FakeActivity[];
  wellness: FakeWellness[];
}

interface Failure {
  status: number;
  /** How many calls fail before the server answers normally again. */
  times: number;
  /** Only calls whose path includes this. */
  path?: string;
  /** Matching calls answered normally before the failures begin. */
  after?: number;
  retryAfter?: number;
}

const b64url = (b: Buffer) => b.toString('base64url');

/** Starts the fake on 127.0.0.1 at `port` (0: any free port). */
export async function startFakeProviders(port = 0) {
  const users = new Map<string, User>();
  const codes = new Map<string, { user: string; challenge: string; redirectUri: string; flavour: string }>();
  const access = new Map<string, { user: string; expiresAt: number }>();
  const refresh = new Map<string, string>();
  const calls: string[] = [];
  const state = {
    /** The next authorisation is refused by the athlete. */
    refuseNext: false,
    /** Seconds an issued access token lives. */
    accessTtl: 3600,
    failures: [] as Failure[],
    /** Which fake user the next authorisation signs in as. */
    nextUser: 'user-1',
  };

  const user = (id: string) => {
    let u = users.get(id);
    if (!u) {
      u = { id, activities: [], wellness: [] };
      users.set(id, u);
    }
    return u;
  };

  function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    const isBuffer = Buffer.isBuffer(body);
    res.writeHead(status, {
      'content-type': isBuffer ? 'application/octet-stream' : 'application/json',
      ...headers,
    });
    res.end(isBuffer ? body : JSON.stringify(body));
  }

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  function issue(userId: string, flavour: string) {
    const accessToken = `at-${randomUUID()}`;
    const refreshToken = `rt-${randomUUID()}`;
    access.set(accessToken, { user: userId, expiresAt: Date.now() + state.accessTtl * 1000 });
    refresh.set(refreshToken, userId);
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_in: state.accessTtl,
      token_type: flavour === 'strava' ? 'Bearer' : 'bearer',
      scope: flavour === 'strava' ? 'read,activity:read_all' : 'ACTIVITY_EXPORT HEALTH_EXPORT',
      ...(flavour === 'strava' ? { athlete: { id: Number(userId.replace(/\D/g, '')) || 1 } } : {}),
    };
  }

  function bearerUser(req: IncomingMessage): string | null {
    const header = req.headers.authorization ?? '';
    const token = header.replace(/^Bearer /i, '');
    const found = access.get(token);
    if (!found || found.expiresAt < Date.now()) return null;
    return found.user;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname;
    calls.push(`${req.method} ${path}`);
    if (path === '/health') return send(res, 200, { ok: true });
    const flavour = path.startsWith('/strava') ? 'strava' : 'garmin';

    let failure = state.failures.find((f) => f.times > 0 && (!f.path || path.includes(f.path)));
    if (failure?.after) {
      failure.after--;
      failure = undefined;
    }
    if (failure && !path.endsWith('/authorize')) {
      failure.times--;
      return send(
        res,
        failure.status,
        { message: 'fake failure' },
        failure.retryAfter ? { 'retry-after': String(failure.retryAfter) } : {},
      );
    }

    if (path.endsWith('/oauth/authorize')) {
      const redirect = new URL(url.searchParams.get('redirect_uri') ?? '');
      const st = url.searchParams.get('state') ?? '';
      redirect.searchParams.set('state', st);
      if (
        url.searchParams.get('client_id') !== CLIENT.id ||
        url.searchParams.get('code_challenge_method') !== 'S256'
      ) {
        redirect.searchParams.set('error', 'invalid_request');
      } else if (state.refuseNext) {
        state.refuseNext = false;
        redirect.searchParams.set('error', 'access_denied');
        redirect.searchParams.set('error_description', 'The user denied access');
      } else {
        const code = `code-${randomUUID()}`;
        codes.set(code, {
          user: state.nextUser,
          challenge: url.searchParams.get('code_challenge') ?? '',
          redirectUri: url.searchParams.get('redirect_uri') ?? '',
          flavour,
        });
        redirect.searchParams.set('code', code);
      }
      res.writeHead(302, { location: redirect.href });
      return res.end();
    }

    if (path.endsWith('/oauth/token') && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      if (form.get('client_id') !== CLIENT.id || form.get('client_secret') !== CLIENT.secret) {
        return send(res, 401, { error: 'invalid_client' });
      }
      if (form.get('grant_type') === 'authorization_code') {
        const pending = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        const challenge = b64url(createHash('sha256').update(verifier).digest());
        if (!pending || pending.challenge !== challenge || pending.redirectUri !== form.get('redirect_uri')) {
          return send(res, 400, { error: 'invalid_grant' });
        }
        user(pending.user);
        return send(res, 200, issue(pending.user, flavour));
      }
      if (form.get('grant_type') === 'refresh_token') {
        const token = form.get('refresh_token') ?? '';
        const owner = refresh.get(token);
        if (!owner) return send(res, 400, { error: 'invalid_grant' });
        refresh.delete(token); // rotation: each refresh token is used once
        return send(res, 200, issue(owner, flavour));
      }
      return send(res, 400, { error: 'unsupported_grant_type' });
    }

    if (path === '/strava/oauth/deauthorize') {
      const form = new URLSearchParams(await readBody(req));
      const owner = access.get(form.get('access_token') ?? '')?.user ?? bearerUser(req);
      if (!owner) return send(res, 401, { message: 'Authorization Error' });
      revokeUser(owner);
      return send(res, 200, { access_token: form.get('access_token') });
    }

    const who = bearerUser(req);
    if (!who) {
      return send(
        res,
        401,
        { message: 'invalid token' },
        { 'www-authenticate': 'Bearer error="invalid_token"' },
      );
    }
    const u = user(who);
    const from = Number(url.searchParams.get('uploadStartTimeInSeconds'));
    const to = Number(url.searchParams.get('uploadEndTimeInSeconds'));
    const inWindow = (seconds: number) => seconds >= from && seconds < to;
    const dayWindow = (date: string) => inWindow(Date.parse(`${date}T12:00:00Z`) / 1000);

    if (path === '/garmin/wellness-api/rest/user/id') return send(res, 200, { userId: who });
    if (path === '/garmin/wellness-api/rest/user/registration' && req.method === 'DELETE') {
      revokeUser(who);
      return send(res, 204, {});
    }
    if (path === '/garmin/wellness-api/rest/activityFiles') {
      if (to - from > 86_400) return send(res, 400, { errorMessage: 'time range exceeds 86400 seconds' });
      return send(
        res,
        200,
        u.activities
          .filter((a) => a.fit && inWindow(a.start.getTime() / 1000))
          .map((a) => ({
            userId: who,
            summaryId: a.id,
            activityName: a.name,
            fileType: 'FIT',
            startTimeInSeconds: Math.floor(a.start.getTime() / 1000),
            callbackURL: `http://elsewhere.invalid/file?id=${a.id}`,
          })),
      );
    }
    if (path === '/garmin/wellness-api/rest/activityFile') {
      const a = u.activities.find((x) => x.id === url.searchParams.get('id'));
      return a?.fit ? send(res, 200, a.fit) : send(res, 404, { message: 'not found' });
    }
    if (path === '/garmin/wellness-api/rest/dailies') {
      return send(
        res,
        200,
        u.wellness
          .filter((w) => w.restingHeartRateInBeatsPerMinute && dayWindow(w.calendarDate))
          .map((w) => ({
            calendarDate: w.calendarDate,
            restingHeartRateInBeatsPerMinute: w.restingHeartRateInBeatsPerMinute,
          })),
      );
    }
    if (path === '/garmin/wellness-api/rest/sleeps') {
      return send(
        res,
        200,
        u.wellness
          .filter((w) => w.durationInSeconds && dayWindow(w.calendarDate))
          .map((w) => ({
            calendarDate: w.calendarDate,
            durationInSeconds: w.durationInSeconds,
            overallSleepScore: w.sleepScore === undefined ? undefined : { value: w.sleepScore },
          })),
      );
    }
    if (path === '/garmin/wellness-api/rest/hrv') {
      return send(
        res,
        200,
        u.wellness
          .filter((w) => w.lastNightAvg && dayWindow(w.calendarDate))
          .map((w) => ({ calendarDate: w.calendarDate, lastNightAvg: w.lastNightAvg })),
      );
    }
    if (path === '/strava/api/v3/athlete/activities') {
      const after = Number(url.searchParams.get('after'));
      const page = Number(url.searchParams.get('page') ?? 1);
      const perPage = Number(url.searchParams.get('per_page') ?? 30);
      const list = u.activities.filter((a) => a.streams && a.start.getTime() / 1000 > after);
      return send(
        res,
        200,
        list.slice((page - 1) * perPage, page * perPage).map((a) => ({
          id: Number(a.id),
          name: a.name,
          sport_type: a.sportType ?? 'Run',
          start_date: a.start.toISOString(),
        })),
      );
    }
    const streams = path.match(/^\/strava\/api\/v3\/activities\/(\d+)\/streams$/);
    if (streams) {
      const a = u.activities.find((x) => x.id === streams[1]);
      return a?.streams ? send(res, 200, a.streams) : send(res, 404, { message: 'Record Not Found' });
    }
    return send(res, 404, { message: `no fake route ${req.method} ${path}` });
  }

  function revokeUser(id: string) {
    for (const [token, v] of access) if (v.user === id) access.delete(token);
    for (const [token, owner] of refresh) if (owner === id) refresh.delete(token);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err) => send(res, 500, { message: String(err) }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    base,
    state,
    calls,
    user,
    /** Every access token of the user stops working now (as if it expired). */
    expireAccess(id: string) {
      for (const v of access.values()) if (v.user === id) v.expiresAt = 0;
    },
    /** The athlete withdrew Stamina's access at the provider: every token of theirs is void. */
    revokeUser,
    /** How many access and refresh tokens of the user the provider still holds (0 once access is revoked). */
    tokensOf(id: string) {
      return (
        [...access.values()].filter((v) => v.user === id).length +
        [...refresh.values()].filter((owner) => owner === id).length
      );
    },
    /** The env-shaped settings of the fake Garmin. */
    garminConfig: (webhookSecret = 'garmin-webhook-secret-0123456789') => ({
      clientId: CLIENT.id,
      clientSecret: CLIENT.secret,
      authorizeUrl: `${base}/garmin/oauth/authorize`,
      tokenUrl: `${base}/garmin/oauth/token`,
      apiUrl: `${base}/garmin`,
      webhookSecret,
    }),
    stravaConfig: (verifyToken = 'strava-verify-token-0123456789') => ({
      clientId: CLIENT.id,
      clientSecret: CLIENT.secret,
      authorizeUrl: `${base}/strava/oauth/authorize`,
      tokenUrl: `${base}/strava/oauth/token`,
      apiUrl: `${base}/strava/api/v3`,
      webhookSecret: verifyToken,
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeProviders = Awaited<ReturnType<typeof startFakeProviders>>;
