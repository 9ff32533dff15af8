// Garmin, the wearable provider (docs/devices.md, "Garmin"): activities as their original FIT files, and daily
// HRV, resting heart rate, sleep duration and sleep score. Garmin's Health API answers at most a day of
// uploads per request, so a pull walks the range a day at a time.
import { WELLNESS_RANGES } from '@stamina/core';
import {
  type DeviceProvider,
  epoch,
  oauthClient,
  type ProviderConfig,
  type RemoteActivity,
  type RemoteWellnessDay,
} from './provider.ts';
import { sameSecret } from './secrets.ts';

const DAY_SECONDS = 86_400;

/** Garmin's sleep score (0–100) on the wellness scale of sleep quality (1–5): each fifth is one step. */
function sleepQualityOf(score: number): number {
  return Math.min(5, Math.max(1, Math.ceil(score / 20)));
}

/** A value the wellness store accepts (docs/wellness.md): one outside its range is left out, not the day. */
const inRange = (field: 'hrv' | 'resting_hr' | 'sleep_hours', value: number) =>
  value >= WELLNESS_RANGES[field].min && value <= WELLNESS_RANGES[field].max;

type Row = Record<string, unknown>;
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);

export function garminProvider(config: ProviderConfig): DeviceProvider {
  const missing = [
    ...(config.clientId ? [] : ['GARMIN_CLIENT_ID']),
    ...(config.clientSecret ? [] : ['GARMIN_CLIENT_SECRET']),
  ];
  const client = oauthClient('Garmin', config, 'post');
  const api = (path: string) => new URL(path, `${config.apiUrl.replace(/\/$/, '')}/`);

  /** Each day-long window from `since` to now. */
  function* windows(since: Date): Generator<[number, number]> {
    const end = epoch(new Date());
    for (let start = epoch(since); start < end; start += DAY_SECONDS) {
      yield [start, Math.min(end, start + DAY_SECONDS)];
    }
  }

  async function listJson(accessToken: string, path: string, since: Date): Promise<Row[]> {
    const rows: Row[] = [];
    for (const [from, to] of windows(since)) {
      const url = api(path);
      url.searchParams.set('uploadStartTimeInSeconds', String(from));
      url.searchParams.set('uploadEndTimeInSeconds', String(to));
      const body = await (await client.api(accessToken, 'GET', url)).json();
      if (Array.isArray(body))
        rows.push(...body.filter((r): r is Row => r !== null && typeof r === 'object'));
    }
    return rows;
  }

  return {
    id: 'garmin',
    name: 'Garmin Connect',
    description: 'Activities, heart rate, sleep and HRV',
    dataTypes: ['activities', 'hrv', 'resting_hr', 'sleep'],
    missing,
    authorizeUrl: (input) => client.authorizeUrl(input),
    async exchange(input) {
      const tokens = await client.exchange(input);
      // Garmin's pings name its user id, which the token answer does not carry.
      const res = await client.api(tokens.accessToken, 'GET', api('wellness-api/rest/user/id'));
      const body = (await res.json()) as Row;
      tokens.providerUserId = str(body?.userId) ?? null;
      return tokens;
    },
    refresh: (refreshToken) => client.refresh(refreshToken),
    async listActivities(accessToken, since) {
      const rows = await listJson(accessToken, 'wellness-api/rest/activityFiles', since);
      const seen = new Set<string>();
      const list: RemoteActivity[] = [];
      for (const row of rows) {
        const id = str(row.summaryId);
        const start = num(row.startTimeInSeconds);
        if (!id || start === undefined || seen.has(id)) continue;
        if (str(row.fileType) && str(row.fileType)?.toUpperCase() !== 'FIT') continue;
        seen.add(id);
        list.push({ id, name: str(row.activityName) ?? null, startTime: new Date(start * 1000) });
      }
      return list.sort((a, b) => a.startTime.getTime() - b.startTime.getTime());
    },
    async downloadActivity(accessToken, activity) {
      // The file is fetched from our configured API base by its id, never from a URL the provider's list
      // names (docs/devices.md, "Garmin").
      const url = api('wellness-api/rest/activityFile');
      url.searchParams.set('id', activity.id);
      const res = await client.api(accessToken, 'GET', url);
      return { name: `garmin-${activity.id}.fit`, bytes: Buffer.from(await res.arrayBuffer()) };
    },
    async listWellness(accessToken, since) {
      const days = new Map<string, RemoteWellnessDay>();
      const day = (date: string) => {
        const d = days.get(date) ?? { date };
        days.set(date, d);
        return d;
      };
      for (const row of await listJson(accessToken, 'wellness-api/rest/dailies', since)) {
        const date = str(row.calendarDate);
        const rhr = num(row.restingHeartRateInBeatsPerMinute);
        if (date && rhr !== undefined && inRange('resting_hr', Math.round(rhr)))
          day(date).resting_hr = Math.round(rhr);
      }
      for (const row of await listJson(accessToken, 'wellness-api/rest/sleeps', since)) {
        const date = str(row.calendarDate);
        if (!date) continue;
        const seconds = num(row.durationInSeconds);
        const hours = seconds === undefined ? undefined : Math.round((seconds / 3600) * 100) / 100;
        if (hours !== undefined && hours > 0 && inRange('sleep_hours', hours)) day(date).sleep_hours = hours;
        const score = num((row.overallSleepScore as Row | undefined)?.value);
        if (score !== undefined && score >= 0 && score <= 100)
          day(date).sleep_quality = sleepQualityOf(score);
      }
      for (const row of await listJson(accessToken, 'wellness-api/rest/hrv', since)) {
        const date = str(row.calendarDate);
        const avg = num(row.lastNightAvg);
        if (date && avg !== undefined && inRange('hrv', avg)) day(date).hrv = avg;
      }
      return [...days.values()]
        .filter((d) => /^\d{4}-\d{2}-\d{2}$/.test(d.date))
        .sort((a, b) => a.date.localeCompare(b.date));
    },
    verifyWebhook(request) {
      // Garmin signs nothing: its pings name our client id in `garmin-client-id`, and since that id is seen in
      // every authorize URL, the endpoint registered with Garmin also carries our secret (docs/devices.md,
      // "Webhooks").
      const secret = config.webhookSecret;
      const clientId = request.headers['garmin-client-id'];
      const token = request.query.verify_token;
      if (!secret || !config.clientId || typeof clientId !== 'string' || typeof token !== 'string')
        return null;
      if (!sameSecret(clientId, config.clientId) || !sameSecret(token, secret)) return null;
      let body: unknown;
      try {
        body = JSON.parse(request.rawBody.toString('utf8'));
      } catch {
        return null;
      }
      const events = { sync: new Set<string>(), deauthorized: new Set<string>() };
      const permissions = new Map<string, string>();
      if (body && typeof body === 'object') {
        for (const [key, value] of Object.entries(body as Row)) {
          if (!Array.isArray(value)) continue;
          for (const item of value) {
            const userId = str((item as Row | null)?.userId);
            if (!userId) continue;
            if (key === 'deregistrations') events.deauthorized.add(userId);
            else if (key === 'userPermissionsChange') {
              // The permissions the athlete still grants (docs/devices.md, "Webhooks"): none, or a body we cannot
              // read, is a withdrawal; otherwise we keep reading what is still allowed.
              const granted = (item as Row).permissions;
              const names = Array.isArray(granted) ? granted.filter((p) => typeof p === 'string') : [];
              if (names.length === 0) events.deauthorized.add(userId);
              else permissions.set(userId, names.join(' '));
            } else events.sync.add(userId);
          }
        }
      }
      return {
        sync: [...events.sync],
        deauthorized: [...events.deauthorized],
        permissions: [...permissions].map(([userId, scopes]) => ({ userId, scopes })),
      };
    },
    grants(scopes) {
      // Garmin's permissions: ACTIVITY_EXPORT (activity files), HEALTH_EXPORT (dailies, sleep, HRV). A token
      // answer without them grants what the program was approved for: both.
      if (!scopes || !/\b(ACTIVITY_EXPORT|HEALTH_EXPORT)\b/.test(scopes))
        return { activities: true, wellness: true };
      return { activities: /\bACTIVITY_EXPORT\b/.test(scopes), wellness: /\bHEALTH_EXPORT\b/.test(scopes) };
    },
    async revoke(accessToken) {
      await client.api(accessToken, 'DELETE', api('wellness-api/rest/user/registration'));
    },
  };
}
