// Strava, the second activity provider (docs/devices.md, "Strava"). Its API does not hand out original files,
// so each activity is rebuilt from its streams as a TCX file, which the import pipeline reads like any other.
import {
  type DeviceProvider,
  epoch,
  oauthClient,
  type ProviderConfig,
  ProviderError,
  type RemoteActivity,
} from './provider.ts';
import { sameSecret } from './secrets.ts';

type Row = Record<string, unknown>;
const PAGE_SIZE = 100;
const MAX_PAGES = 50;

const TCX_SPORT: Record<string, string> = {
  Ride: 'Biking',
  VirtualRide: 'Biking',
  EBikeRide: 'Biking',
  Run: 'Running',
  TrailRun: 'Running',
  VirtualRun: 'Running',
};

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A TCX file from Strava's streams (keyed by type): one lap, one trackpoint per sample. */
function tcxFromStreams(sportType: string, start: Date, name: string | null, streams: Row): string {
  const data = (key: string) => {
    const s = streams[key] as { data?: unknown[] } | undefined;
    return Array.isArray(s?.data) ? s.data : null;
  };
  const time = data('time');
  if (!time || time.length === 0)
    throw new ProviderError('bad', 'Strava sent no time stream for this activity');
  const latlng = data('latlng');
  const altitude = data('altitude');
  const distance = data('distance');
  const hr = data('heartrate');
  const cadence = data('cadence');
  const watts = data('watts');
  const points: string[] = [];
  for (let i = 0; i < time.length; i++) {
    const t = time[i];
    if (typeof t !== 'number') continue;
    const parts = [`<Time>${new Date(start.getTime() + t * 1000).toISOString()}</Time>`];
    const ll = latlng?.[i];
    if (Array.isArray(ll) && typeof ll[0] === 'number' && typeof ll[1] === 'number') {
      parts.push(
        `<Position><LatitudeDegrees>${ll[0]}</LatitudeDegrees><LongitudeDegrees>${ll[1]}</LongitudeDegrees></Position>`,
      );
    }
    const num = (arr: unknown[] | null) => (typeof arr?.[i] === 'number' ? (arr[i] as number) : null);
    if (num(altitude) !== null) parts.push(`<AltitudeMeters>${num(altitude)}</AltitudeMeters>`);
    if (num(distance) !== null) parts.push(`<DistanceMeters>${num(distance)}</DistanceMeters>`);
    if (num(hr) !== null) parts.push(`<HeartRateBpm><Value>${Math.round(num(hr)!)}</Value></HeartRateBpm>`);
    if (num(cadence) !== null) parts.push(`<Cadence>${Math.round(num(cadence)!)}</Cadence>`);
    if (num(watts) !== null)
      parts.push(`<Extensions><TPX><Watts>${Math.round(num(watts)!)}</Watts></TPX></Extensions>`);
    points.push(`<Trackpoint>${parts.join('')}</Trackpoint>`);
  }
  const last = time.at(-1);
  const total = typeof last === 'number' ? last : 0;
  const sport = TCX_SPORT[sportType] ?? 'Other';
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">',
    `<Activities><Activity Sport="${sport}"><Id>${start.toISOString()}</Id>`,
    `<Lap StartTime="${start.toISOString()}"><TotalTimeSeconds>${total}</TotalTimeSeconds>`,
    `<Track>${points.join('')}</Track></Lap>`,
    name ? `<Notes>${xml(name)}</Notes>` : '',
    '<Creator><Name>Strava</Name></Creator></Activity></Activities></TrainingCenterDatabase>',
  ].join('');
}

export function stravaProvider(config: ProviderConfig): DeviceProvider {
  const missing = [
    ...(config.clientId ? [] : ['STRAVA_CLIENT_ID']),
    ...(config.clientSecret ? [] : ['STRAVA_CLIENT_SECRET']),
  ];
  const client = oauthClient('Strava', config, 'post');
  const api = (path: string) => new URL(path, `${config.apiUrl.replace(/\/$/, '')}/`);

  return {
    id: 'strava',
    name: 'Strava',
    description: 'Activities recorded on any device',
    dataTypes: ['activities'],
    missing,
    authorizeUrl: (input) => client.authorizeUrl({ ...input, scope: 'read,activity:read_all' }),
    exchange: (input) => client.exchange(input),
    refresh: (refreshToken) => client.refresh(refreshToken),
    async listActivities(accessToken, since) {
      const list: RemoteActivity[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const url = api('athlete/activities');
        url.searchParams.set('after', String(epoch(since)));
        url.searchParams.set('page', String(page));
        url.searchParams.set('per_page', String(PAGE_SIZE));
        const body = await (await client.api(accessToken, 'GET', url)).json();
        if (!Array.isArray(body) || body.length === 0) break;
        for (const row of body as Row[]) {
          const id = typeof row.id === 'number' || typeof row.id === 'string' ? String(row.id) : null;
          const start = typeof row.start_date === 'string' ? new Date(row.start_date) : null;
          if (!id || !start || Number.isNaN(start.getTime())) continue;
          list.push({
            id,
            name: typeof row.name === 'string' ? row.name : null,
            startTime: start,
            sport: typeof row.sport_type === 'string' ? row.sport_type : String(row.type ?? ''),
          });
        }
        if (body.length < PAGE_SIZE) break;
      }
      return list.sort((a, b) => a.startTime.getTime() - b.startTime.getTime());
    },
    async downloadActivity(accessToken, activity) {
      const url = api(`activities/${encodeURIComponent(activity.id)}/streams`);
      url.searchParams.set('keys', 'time,latlng,altitude,distance,heartrate,cadence,watts');
      url.searchParams.set('key_by_type', 'true');
      const streams = (await (await client.api(accessToken, 'GET', url)).json()) as Row;
      const tcx = tcxFromStreams(activity.sport ?? '', activity.startTime, activity.name, streams ?? {});
      return { name: `strava-${activity.id}.tcx`, bytes: Buffer.from(tcx, 'utf8') };
    },
    verifyWebhook(request) {
      // Strava signs nothing: the callback URL registered with it carries our verify token, and an event
      // without it is refused (docs/devices.md, "Webhooks").
      const secret = config.webhookSecret;
      const given = request.query.verify_token;
      if (!secret || typeof given !== 'string' || !sameSecret(given, secret)) return null;
      let body: Row;
      try {
        body = JSON.parse(request.rawBody.toString('utf8')) as Row;
      } catch {
        return null;
      }
      const owner =
        typeof body?.owner_id === 'number' || typeof body?.owner_id === 'string'
          ? String(body.owner_id)
          : null;
      if (!owner) return { sync: [], deauthorized: [] };
      const updates = body.updates as Row | undefined;
      if (body.object_type === 'athlete' && updates?.authorized === 'false')
        return { sync: [], deauthorized: [owner] };
      return body.object_type === 'activity'
        ? { sync: [owner], deauthorized: [] }
        : { sync: [], deauthorized: [] };
    },
    async revoke(accessToken) {
      const url = new URL('deauthorize', config.tokenUrl);
      await client.api(accessToken, 'POST', url, new URLSearchParams({ access_token: accessToken }));
    },
  };
}
