// Access control over the whole API: athlete A, with a valid session and valid requests, can neither read nor
// change athlete B's data through any operation of the OpenAPI document. B has a row in every athlete-owned
// table; every operation that takes an id (in its path, or as a `…_id` field of its query or body) is called
// by A with each of B's ids, and must answer exactly as it does for an id that does not exist (the house rule:
// another athlete's id is a 404). Afterwards B's rows and B's own reads are unchanged, and nothing A received
// holds B's ids or texts. Operations come from the document, so a new endpoint is swept without touching this
// file (docs/RELIABILITY.md, "Access control").
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { API_ENDPOINTS, type Session } from '@stamina/contract';
import { addDays } from '@stamina/core';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateVapidKeys } from '../src/modules/notifications/push.ts';
import type { AuthContext } from '../src/plugins/authenticate.ts';
import { activityFixture } from './activity-fixtures.ts';
import { type FakeProviders, startFakeProviders } from './fake-providers.ts';
import { storedOutline } from './generated-plan-fixture.ts';
import { bearer, buildSecondApp, createTestApp, multipartForm, type TestApp } from './helpers.ts';
import {
  encodeUrlValue,
  type JsonSchema,
  type OpenApiDocument,
  type Operation,
  operationsOf,
  wellFormed,
} from './openapi-arbitraries.ts';

const SEED = 20_261_201;
/** Well-formed samples tried per operation until A's request on A's own data succeeds. */
const MAX_SAMPLES = 40;

/**
 * `…_id` fields that name no row an athlete owns, so another athlete's id in them proves nothing: the
 * workouts' template_id refers to a Workout Bank template, which may be any public one.
 */
const FREE_REFERENCES = new Set(['template_id']);

/**
 * Reads about the moment rather than stored data, left out of B's before-and-after comparison: the request log
 * lists B's own latest requests (these reads among them) and the health check reports its own timing
 * (docs/testing-dashboard.md), and a Workout Bank search reports the time it took (docs/workout-bank.md). They
 * are still read, and searched for B's data in what A receives.
 */
const MOMENTARY_READS = new Set([
  '/api/v1/logs/recent',
  '/api/v1/health/areas',
  '/api/v1/workout-bank/templates',
]);

const KINDS = [
  'athlete',
  'completedWorkout',
  'plannedWorkout',
  'plan',
  'wellness',
  'notification',
  'activity',
  'importBatch',
  'onboardingSession',
  'syncRun',
  'export',
  'ownTemplate',
  'sharedTemplate',
  'favorite',
  'coachAction',
  'planChange',
] as const;
type Kind = (typeof KINDS)[number];

interface Athlete {
  label: string;
  token: string;
  userId: string;
  athleteId: string;
  email: string;
  /** A string in every text B wrote (titles, notes, name), to look for in what A receives. */
  secret: string;
  ids: Record<Kind, string>;
}

let t: TestApp;
/** A fake Garmin on loopback, so that athletes have device connections and sync runs (docs/devices.md). */
let fake: FakeProviders;
/** A second app on the same database without the read cache, for B's own reads before and after. */
let uncached: Awaited<ReturnType<typeof buildSecondApp>>;
let doc: OpenApiDocument;
let operations: Operation[];
let a: Athlete;
let b: Athlete;
/** A public template of a third athlete: what A and B rate (one's own template cannot be rated). */
let sharedTemplateId: string;

const today = new Date().toISOString().slice(0, 10); // test athletes live in UTC
const yesterday = addDays(today, -1);

beforeAll(async () => {
  fake = await startFakeProviders();
  t = await createTestApp({
    devices: {
      tokenKey: randomBytes(32),
      garmin: fake.garminConfig(),
      strava: fake.stravaConfig(),
      schedulerMs: 0,
    },
    push: { vapid: { ...generateVapidKeys(), subject: 'mailto:ops@example.com' } },
  });
  uncached = await buildSecondApp(t, { readCacheTtlMs: 0, sessionCacheTtlMs: 0 });
  doc = t.app.swagger() as unknown as OpenApiDocument;
  operations = withAthleteIdForms(operationsOf(doc).filter((op) => op.secured));
  sharedTemplateId = await publicTemplateOfAnotherAuthor();
  a = await athlete('A');
  b = await athlete('B');
}, 180_000);
afterAll(async () => {
  await uncached?.close();
  await t?.close();
  await fake?.close();
});

/**
 * A per-athlete read (the contract's `ownAthleteId`) answers at `path/{id}` too, for the caller's own athlete id
 * only; the document shows it once, at `path`, so its `/{id}` form is added here as an operation of its own, to be
 * swept with B's ids like any other (docs/RELIABILITY.md, "Access control").
 */
function withAthleteIdForms(documented: Operation[]): Operation[] {
  const endpoints: Record<string, { response: unknown; ownAthleteId?: true }> = API_ENDPOINTS;
  const forms = documented
    .filter(
      (op) => endpoints[`${op.method} ${op.path.replace(/^\/api/, '').replace(/\/$/, '')}`]?.ownAthleteId,
    )
    .map((op) => ({
      ...op,
      path: `${op.path.replace(/\/$/, '')}/{id}`,
      pathParams: [...op.pathParams, 'id'],
    }));
  if (forms.length === 0) throw new Error('no per-athlete read found in the document');
  return [...documented, ...forms];
}

// ---------------------------------------------------------------------------------------------------------
// Athletes and their data

/** A third athlete's public Workout Bank template (its text holds no secret of A or B). */
async function publicTemplateOfAnotherAuthor(): Promise<string> {
  const { session } = await t.signUpAndConfirm({ name: 'Third author' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/workout-bank/templates',
    headers: { ...bearer(session.access_token), 'idempotency-key': randomUUID() },
    payload: {
      name: 'Shared hill repeats',
      discipline: 'run',
      difficulty_level: 3,
      is_public: true,
      workout_language_text: 'Warmup 15min easy, 8x 1min hard w/ 2min jog, cooldown 10min easy',
    },
  });
  if (res.statusCode >= 300) throw new Error(`seeding a shared template: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { id: string } }).data.id;
}

async function athlete(label: string): Promise<Athlete> {
  const secret = `${label}-secret-${randomBytes(6).toString('hex')}`;
  const { session, email } = await t.signUpAndConfirm({ name: `${secret} name` });
  const user = (session as Session).user;
  const self: Athlete = {
    label,
    token: session.access_token,
    userId: user.id,
    athleteId: user.athlete_id,
    email,
    secret,
    ids: {} as Record<Kind, string>,
  };
  await seed(self);
  return self;
}

/**
 * A row in every athlete-owned table through the API: a completed workout (and so a daily_load row), a planned
 * one yesterday, a plan, a wellness day, the missed-session notification that the notification list's
 * sweep raises for yesterday's planned workout, an imported ride (activity, original, streams, import batch and
 * file), and the idempotency keys of those creates. Seeding again gives the athlete fresh rows (after a delete).
 */
/** A 2×2 PNG (made by sharp): the seeded profile picture. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAE0lEQVQImWP4z8DwnwGM/zMwAAAf7gP9qS/A4gAAAABJRU5ErkJggg==',
  'base64',
);

async function seed(who: Athlete): Promise<void> {
  const post = async (url: string, payload: object) => {
    // Each create with its own Idempotency-Key, so that the athlete has rows in idempotency_keys too.
    const headers = { ...bearer(who.token), 'idempotency-key': randomUUID() };
    const res = await t.app.inject({ method: 'POST', url, headers, payload });
    if (res.statusCode >= 300) throw new Error(`seeding ${url}: ${res.statusCode} ${res.body}`);
    return (res.json() as { data: { id: string } }).data.id;
  };
  const plan = await post('/api/training/plans', {
    title: `${who.secret} plan`,
    race_type: 'Marathon',
    start_date: today,
    race_date: addDays(today, 200),
  });
  // A generated plan's outline, so that its outline and rebuild calls have something to read and redo.
  await t.db.execute(
    sql`update training_plans set outline = ${JSON.stringify(storedOutline(today, addDays(today, 200), who.secret))}::jsonb where id = ${plan}`,
  );
  const completedWorkout = await post('/api/workout-planning/workouts', {
    title: `${who.secret} threshold`,
    workout_date: today,
    sport: 'run',
    workout_language_text: '15min WU, 3x 8min @ threshold w/ 2min easy, 10min CD',
    status: 'completed',
    plan_id: plan,
    workout_data: { notes: `${who.secret} notes` },
  });
  const plannedWorkout = await post('/api/training/workouts', {
    title: `${who.secret} long ride`,
    description: `${who.secret} description`,
    workout_date: yesterday,
    sport: 'bike',
    duration: 120,
    plan_id: plan,
  });
  // Plan changes (docs/adaptation.md), as confirmed coach actions record them: one undone (a day the athlete
  // decided), one for the undo and history calls; and a run of the day's adaptation (adaptation_runs).
  const whoAuth = { athleteId: who.athleteId, timezone: 'UTC' } as AuthContext;
  const shorten = (minutes: number) =>
    t.app.adaptation.applyChange(whoAuth, {
      workoutId: plannedWorkout,
      kind: 'shorten',
      source: 'coach',
      reason: `${who.secret} shortened`,
      patch: { durationMinutes: minutes },
    });
  await t.app.adaptation.undoChange(whoAuth, (await shorten(100)).id);
  const planChange = await shorten(90);
  await post(`/api/training/plans/${plan}/adapt`, {});
  const wellness = await post('/api/metrics', {
    date: today,
    hrv: 55,
    resting_hr: 48,
    sleep_hours: 7.5,
    notes: `${who.secret} wellness`,
  });
  const { batchId, activityId } = await importActivity(who);
  // Thresholds and an edited zone table (sport_metrics, sport_zones).
  for (const [url, payload] of [
    [
      '/api/athletes/me/sport-metrics',
      {
        sport: 'cycling',
        values: { ftp_watts: 271, max_hr: 181, resting_hr: 47, lthr: 163, max_power_watts: 911 },
      },
    ],
    [
      '/api/athletes/me/zones',
      {
        tables: [
          {
            sport: 'cycling',
            kind: 'power',
            auto_calculate: false,
            zones: [0, 150, 200, 250, 300].map((min, i) => ({ zone: i + 1, min, max: min + 40 + i })),
          },
        ],
      },
    ],
  ] as const) {
    const res = await t.app.inject({ method: 'PUT', url, headers: bearer(who.token), payload });
    if (res.statusCode >= 300) throw new Error(`seeding ${url}: ${res.statusCode} ${res.body}`);
  }
  const onboardingSession = await draftedOnboardingSession(who);
  const syncRun = await connectGarmin(who);
  // A private Workout Bank template of the athlete's own, favourited and viewed (docs/workout-bank.md).
  const ownTemplate = await post('/api/v1/workout-bank/templates', {
    name: `${who.secret} hills`,
    discipline: 'run',
    difficulty_level: 3,
    workout_language_text: 'Warmup 15min easy, 6x 2min hard w/ 2min jog, cooldown 10min easy',
  });
  const favorite = await post(`/api/v1/workout-bank/templates/${ownTemplate}/favorite`, {
    notes: `${who.secret} favourite`,
  });
  // A rating of another author's public template (one's own cannot be rated: docs/workout-bank.md, "Ratings
  // and popularity"); a public template's reviews are public by design, so it carries no secret.
  await post(`/api/v1/workout-bank/templates/${sharedTemplateId}/rate`, {
    rating: 4,
    review_text: 'Good hills',
  });
  // An account import's progress row (account_imports), as a finished import leaves it.
  await t.db.execute(sql`
    insert into account_imports (athlete_id, status, percent, lease_until)
    values (${who.athleteId}, 'done', 100, now())
    on conflict (athlete_id) do nothing`);
  await post(`/api/v1/workout-bank/templates/${ownTemplate}/view`, {});
  // A coach conversation (coach_messages) with a proposed action (coach_actions) on tomorrow's session.
  await post('/api/training/workouts', {
    title: `${who.secret} tempo run`,
    workout_date: addDays(today, 1),
    sport: 'run',
    duration: 50,
    intensity: 3,
    plan_id: plan,
  });
  const coach = await t.app.inject({
    method: 'POST',
    url: '/api/coach/messages',
    headers: bearer(who.token),
    payload: { text: "skip tomorrow's tempo run" },
  });
  const coachAction = (coach.json() as { data?: { actions: Array<{ id: string }> } }).data?.actions[0]?.id;
  if (!coachAction) throw new Error(`seeding a coach action: ${coach.statusCode} ${coach.body}`);
  // A profile picture (athletes.avatar_key and a file), which no call of A's may change or serve to A.
  const picture = multipartForm([{ name: 'file', value: TINY_PNG, filename: 'me.png' }]);
  const avatar = await t.app.inject({
    method: 'PUT',
    url: '/api/athletes/me/avatar',
    headers: { ...bearer(who.token), ...picture.headers },
    payload: picture.payload,
  });
  if (avatar.statusCode >= 300) throw new Error(`seeding the avatar: ${avatar.statusCode} ${avatar.body}`);
  const accountExport = await readyExport(who);
  // What leaves the app (docs/notifications.md): a browser's push subscription (its endpoint on loopback, where
  // nothing listens) and a daily e-mail sent on request, in the delivery log.
  await post('/api/notifications/push/subscriptions', {
    endpoint: `https://127.0.0.1:1/push/${who.secret}`,
    keys: {
      p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  });
  const optIn = await t.app.inject({
    method: 'PUT',
    url: '/api/athletes/me',
    headers: bearer(who.token),
    payload: { notification_preferences: { dailyEmail: true } },
  });
  if (optIn.statusCode >= 300) throw new Error(`seeding the daily e-mail: ${optIn.statusCode} ${optIn.body}`);
  await t.app.inject({
    method: 'POST',
    url: '/api/notifications/daily-email/send',
    headers: bearer(who.token),
  });
  for (let i = 0; ; i++) {
    const sent = await t.db.execute(
      sql`select 1 from notification_deliveries where athlete_id = ${who.athleteId}`,
    );
    if ((sent as unknown as { rows: unknown[] }).rows.length > 0) break;
    if (i > 200) throw new Error('seeding the daily e-mail: not sent');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const list = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: bearer(who.token) });
  const notes = (list.json() as { data: { notifications: Array<{ id: string; title: string }> } }).data
    .notifications;
  const missed = notes.find((n) => n.title.includes(`${who.secret} long ride`));
  if (!missed) throw new Error(`no missed-session notification for ${who.label}: ${list.body}`);
  who.ids = {
    athlete: who.athleteId,
    completedWorkout,
    plannedWorkout,
    plan,
    wellness,
    notification: missed.id,
    activity: activityId,
    importBatch: batchId,
    onboardingSession,
    syncRun,
    export: accountExport,
    ownTemplate,
    sharedTemplate: sharedTemplateId,
    favorite,
    coachAction,
    planChange: planChange.id,
  };
}

/**
 * A Garmin connection through the fake provider's dance, its first sync run settled, and one more
 * authorisation left pending (device_connections, device_sync_runs, device_authorizations).
 */
async function connectGarmin(who: Athlete): Promise<string> {
  const headers = bearer(who.token);
  const start = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/devices/connect',
      headers,
      payload: { provider: 'garmin' },
    });
    if (res.statusCode !== 200) throw new Error(`seeding a device: ${res.statusCode} ${res.body}`);
    return new URL((res.json() as { data: { authorization_url: string } }).data.authorization_url);
  };
  fake.state.nextUser = `${who.label}-${randomUUID()}`;
  const back = await fetch(await start(), { redirect: 'manual' });
  const callback = new URL(back.headers.get('location') ?? '');
  const done = await t.app.inject({
    method: 'POST',
    url: '/api/devices/callback',
    headers,
    payload: { state: callback.searchParams.get('state'), code: callback.searchParams.get('code') },
  });
  if (done.statusCode !== 200) throw new Error(`seeding a device: ${done.statusCode} ${done.body}`);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const list = await t.app.inject({ method: 'GET', url: '/api/devices', headers });
    const run = (
      list.json() as { data: Array<{ id: string; last_run: { id: string; status: string } | null }> }
    ).data.find((d) => d.id === 'garmin')?.last_run;
    if (run && (run.status === 'done' || run.status === 'failed')) {
      await start();
      return run.id;
    }
    if (Date.now() > deadline) throw new Error(`seeding a device: the sync never finished: ${list.body}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** "Download my data" built (account_exports and a zip in the file store), by the app's worker. */
async function readyExport(who: Athlete): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/athletes/me/exports',
    headers: bearer(who.token),
  });
  if (res.statusCode !== 202) throw new Error(`seeding an export: ${res.statusCode} ${res.body}`);
  const id = (res.json() as { data: { id: string } }).data.id;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const poll = await t.app.inject({
      method: 'GET',
      url: `/api/athletes/me/exports/${id}`,
      headers: bearer(who.token),
    });
    if ((poll.json() as { data: { status: string } }).data.status === 'ready') return id;
    if (Date.now() > deadline) throw new Error(`seeding an export: ${poll.body}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** An onboarding session with its plan drafted (the job runs on the app's worker), ready for review edits. */
async function draftedOnboardingSession(who: Athlete): Promise<string> {
  const headers = bearer(who.token);
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/onboarding/sessions',
    headers,
    payload: { consent_version: '1.0.0' },
  });
  if (created.statusCode !== 201) throw new Error(`seeding onboarding: ${created.body}`);
  const id = (created.json() as { data: { onboarding_session_id: string } }).data.onboarding_session_id;
  const prompt = await t.app.inject({
    method: 'POST',
    url: `/api/onboarding/sessions/${id}/prompt`,
    headers,
    payload: { prompt: `${who.secret}: a half marathon in 14 weeks, 5 hours a week` },
  });
  if (prompt.statusCode !== 200) throw new Error(`seeding onboarding: ${prompt.body}`);
  await untilDrafted(who, id);
  return id;
}

/** Waits for the app's worker to draft the session's plan (after a prompt sends it back to processing). */
async function untilDrafted(who: Athlete, id: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/onboarding/sessions/${id}`,
      headers: bearer(who.token),
    });
    if ((res.json() as { data: { status: string } }).data.status === 'PLAN_DRAFTED') return;
    if (Date.now() > deadline) throw new Error(`onboarding session not drafted: ${res.body}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * A recorded ride uploaded and imported (an activity with its original, streams, batch and file rows). Seeding
 * again while the ride is still stored finds it as a duplicate, which names the same activity.
 */
async function importActivity(who: Athlete): Promise<{ batchId: string; activityId: string }> {
  const form = multipartForm([
    {
      name: 'file',
      value: activityFixture('bike-power-indoor-edge800.fit'),
      filename: `${who.secret}.fit`,
    },
  ]);
  const headers = { ...bearer(who.token), ...form.headers, 'idempotency-key': randomUUID() };
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/activities/import',
    headers,
    payload: form.payload,
  });
  if (res.statusCode !== 202) throw new Error(`seeding an activity: ${res.statusCode} ${res.body}`);
  const batchId = (res.json() as { data: { batch_id: string } }).data.batch_id;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const poll = await t.app.inject({
      method: 'GET',
      url: `/api/activities/imports/${batchId}`,
      headers: bearer(who.token),
    });
    const file = (poll.json() as { data: { files: Array<{ status: string; activity_id: string | null }> } })
      .data.files[0]!;
    if (file.activity_id) return { batchId, activityId: file.activity_id };
    if (file.status === 'failed' || Date.now() > deadline)
      throw new Error(`seeding an activity: ${poll.body}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

// ---------------------------------------------------------------------------------------------------------
// Requests

interface Call {
  op: Operation;
  path: Record<string, string>;
  /** Query parameters, already encoded. */
  query: Record<string, string>;
  body: unknown;
}

const takesBody = (op: Operation) => op.method === 'POST' || op.method === 'PUT' || op.method === 'PATCH';

function urlOf(call: Call): string {
  const path = call.op.pathParams.reduce(
    (p, name) => p.replace(`{${name}}`, encodeURIComponent(call.path[name]!)),
    call.op.path,
  );
  const query = Object.entries(call.query)
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}

/** Everything A received, to be searched for B's ids and texts at the end. */
const received: Array<{ what: string; text: string }> = [];
let requestsSent = 0;

async function send(
  call: Call,
  as: Athlete,
  server: { inject: TestApp['app']['inject'] } = t.app,
): Promise<LightMyRequestResponse> {
  const json = takesBody(call.op) && call.op.jsonBody !== null;
  const res = await server.inject({
    method: call.op.method,
    url: urlOf(call),
    headers: { ...bearer(as.token), ...(json ? { 'content-type': 'application/json' } : {}) },
    ...(json ? { payload: JSON.stringify(call.body) ?? 'null' } : {}),
  });
  if (as === a) {
    requestsSent++;
    received.push({
      what: `${call.op.method} ${urlOf(call)} -> ${res.statusCode}`,
      text: `${JSON.stringify(res.headers)}\n${res.body}`,
    });
  }
  return res;
}

const ok = (res: LightMyRequestResponse) => res.statusCode >= 200 && res.statusCode < 300;

/** The `…_id` fields of an operation's query and top-level body that name an athlete's rows. */
function idFields(op: Operation): Array<{ in: 'query' | 'body'; name: string }> {
  const isId = (name: string) => name.endsWith('_id') && !FREE_REFERENCES.has(name);
  const body = op.jsonBody ? resolve(op.jsonBody) : null;
  return [
    ...op.query.filter((q) => isId(q.name)).map((q) => ({ in: 'query' as const, name: q.name })),
    ...Object.keys(body?.properties ?? {})
      .filter(isId)
      .map((name) => ({ in: 'body' as const, name })),
  ];
}

function resolve(schema: JsonSchema): JsonSchema {
  let current = schema;
  for (let i = 0; current.$ref && i < 10; i++) {
    current = doc.components?.schemas?.[current.$ref.split('/').at(-1)!] ?? {};
  }
  return current;
}

/**
 * Well-formed requests of an operation, in the order they are tried (fixed by the seed and the operation's
 * place in the document): required query values and a body, without any id field (those are swept one by one).
 */
function samplesOf(op: Operation, index: number): Array<Pick<Call, 'query' | 'body'>> {
  const required = op.query.filter((q) => q.required);
  const queries = fc.sample(
    fc.tuple(...required.map((q) => wellFormed(q.schema, doc, 5, false).map(encodeUrlValue))),
    { seed: SEED + index, numRuns: MAX_SAMPLES },
  );
  // Every other body holds only the required fields: optional ones with patterns or cross-field rules (a plan's
  // target time, phases and dates) rarely come out right at random.
  const body = op.jsonBody ? resolve(op.jsonBody) : null;
  const minimal = body && {
    ...body,
    properties: Object.fromEntries(
      Object.entries(body.properties ?? {}).filter(([key]) => body.required?.includes(key)),
    ),
  };
  const bodies =
    body && minimal
      ? fc
          .sample(fc.tuple(wellFormed(body, doc, 0, false), wellFormed(minimal, doc, 0, false)), {
            seed: SEED + index,
            numRuns: MAX_SAMPLES / 2,
          })
          .flat()
      : Array.from({ length: MAX_SAMPLES }, () => undefined);
  const drop = new Set([...idFields(op).map((f) => f.name), ...FREE_REFERENCES]);
  return queries.map((values, i) => {
    let body = bodies[i];
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      body = Object.fromEntries(Object.entries(body).filter(([key]) => !drop.has(key)));
    }
    return { query: Object.fromEntries(required.map((q, j) => [q.name, values[j]!])), body };
  });
}

/** Every assignment of the athlete's kinds of id to an operation's path parameters. */
function assignments(op: Operation): Array<Record<string, Kind>> {
  let all: Array<Record<string, Kind>> = [{}];
  for (const param of op.pathParams)
    all = all.flatMap((partial) => KINDS.map((k) => ({ ...partial, [param]: k })));
  return all;
}

const idsFor = (who: Athlete, kinds: Record<string, Kind>) =>
  Object.fromEntries(Object.entries(kinds).map(([param, kind]) => [param, who.ids[kind]]));

/**
 * A request that A's session gets a 2xx for on A's own data: proof that its body, query and path are valid,
 * so a refusal of the same request naming B's data is the access check and nothing else. A delete consumes
 * A's row, so A is given fresh rows after it.
 */
async function validRequestOf(op: Operation, index: number) {
  const kinds = assignments(op);
  // A required `…_id` field of the body (the offline favourite's workout_template_id) takes one of A's ids.
  const required = new Set(op.jsonBody ? (resolve(op.jsonBody).required ?? []) : []);
  const requiredIds = idFields(op).filter((f) => f.in === 'body' && required.has(f.name));
  const fills: Array<Record<string, string>> = requiredIds.length
    ? KINDS.map((kind) => Object.fromEntries(requiredIds.map((f) => [f.name, a.ids[kind]])))
    : [{}];
  for (const sample of samplesOf(op, index)) {
    for (const assignment of kinds) {
      for (const fill of fills) {
        const body = requiredIds.length ? { ...(sample.body as object), ...fill } : sample.body;
        const call: Call = { op, path: idsFor(a, assignment), query: sample.query, body };
        const res = await send(call, a);
        if (ok(res)) {
          if (op.method === 'DELETE') await seed(a);
          // A new prompt sends A's session back to processing; the review edit that may come next needs its draft.
          if (op.path.endsWith('/prompt')) await untilDrafted(a, a.ids.onboardingSession);
          return { ...sample, body, assignment };
        }
      }
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// B's data before and after

/** Tables whose rows belong to an athlete or to an account, from the database's own catalogue. */
async function ownedTables(column: 'athlete_id' | 'user_id'): Promise<string[]> {
  const result = await t.db.execute(sql`
    select table_name from information_schema.columns
    where table_schema = current_schema() and column_name = ${column}
    order by table_name`);
  return (result as unknown as { rows: Array<{ table_name: string }> }).rows.map((r) => r.table_name);
}

async function rowsOf(table: string, where: string, id: string): Promise<string[]> {
  const result = await t.db.execute(sql`
    select to_jsonb(t)::text as row from ${sql.identifier(table)} t
    where ${sql.identifier(where)} = ${id}::uuid order by 1`);
  return (result as unknown as { rows: Array<{ row: string }> }).rows.map((r) => r.row);
}

/** Every row of the athlete's and of their account, table by table. */
async function databaseRowsOf(who: Athlete): Promise<Record<string, string[]>> {
  const rows: Record<string, string[]> = {
    athletes: await rowsOf('athletes', 'id', who.athleteId),
    users: await rowsOf('users', 'id', who.userId),
  };
  for (const table of await ownedTables('athlete_id'))
    rows[table] = await rowsOf(table, 'athlete_id', who.athleteId);
  for (const table of await ownedTables('user_id')) rows[table] = await rowsOf(table, 'user_id', who.userId);
  return rows;
}

/** Every read B can make of B's own data (no path parameter, or B's own id in it), through the uncached app. */
async function readsOf(who: Athlete): Promise<Record<string, string>> {
  const bodies: Record<string, string> = {};
  for (const [index, op] of operations.entries()) {
    if (op.method !== 'GET') continue;
    for (const sample of samplesOf(op, index).slice(0, 10)) {
      let answered = false;
      for (const assignment of assignments(op)) {
        const call: Call = { op, path: idsFor(who, assignment), ...sample };
        const res = await send(call, who, uncached);
        if (res.statusCode === 200) {
          bodies[urlOf(call)] = res.body;
          answered = true;
        }
      }
      if (answered) break;
    }
  }
  return bodies;
}

// ---------------------------------------------------------------------------------------------------------

describe('access control', () => {
  it('B has a row in every athlete-owned table', async () => {
    const rows = await databaseRowsOf(b);
    const empty = (await ownedTables('athlete_id')).filter((table) => rows[table]!.length === 0);
    expect(empty).toEqual([]);
  });

  it("A can neither read nor change B's data through any operation that takes an id", async () => {
    // B's reads come outside the window of the row snapshots: reading may touch B's own session rows.
    const readsBefore = await readsOf(b);
    const rowsBefore = await databaseRowsOf(b);
    // B's ids, less the one A shares (the third author's public template, A's to rate as well).
    const bIds = KINDS.map((kind) => b.ids[kind]).filter((id) => id !== sharedTemplateId);

    const failures: string[] = [];
    const swept: string[] = [];
    let attacks = 0;
    /** The answer to a request naming nothing that exists, once per operation and place of the id. */
    const absentAnswers = new Map<string, LightMyRequestResponse>();
    /** A's request naming B's data, checked against the same request naming nothing that exists. */
    const attack = async (call: Call, nonexistent: Call, where: string, expectNotFound: boolean) => {
      attacks++;
      const res = await send(call, a);
      const key = `${call.op.method} ${call.op.path} ${where}`;
      let absent = absentAnswers.get(key);
      if (!absent) {
        absent = await send(nonexistent, a);
        absentAnswers.set(key, absent);
      }
      const what = `${call.op.method} ${urlOf(call)} ${JSON.stringify(call.body) ?? ''}`.slice(0, 400);
      if (expectNotFound && res.statusCode !== 404) {
        failures.push(`${what}: ${res.statusCode} ${res.body.slice(0, 300)} (expected 404)`);
      } else if (res.statusCode !== absent.statusCode || res.body !== absent.body) {
        // An answer that differs from the one for a missing id tells A that B's row exists, or more.
        failures.push(
          `${what}: ${res.statusCode} ${res.body.slice(0, 300)}; for a missing id: ${absent.statusCode}`,
        );
      }
    };

    for (const [index, op] of operations.entries()) {
      const fields = idFields(op);
      if (op.pathParams.length === 0 && fields.length === 0) continue;
      swept.push(`${op.method} ${op.path}`);
      const valid = await validRequestOf(op, index);
      if (!valid) {
        failures.push(`${op.method} ${op.path}: no well-formed request succeeded for A on A's own data`);
        continue;
      }
      const base: Call = { op, path: idsFor(a, valid.assignment), query: valid.query, body: valid.body };

      // B's ids in the path: each in every parameter (A's own valid ids in the others), then B's in all.
      const paths: Array<Record<string, string>> = [];
      for (const param of op.pathParams) {
        for (const id of bIds) paths.push({ ...base.path, [param]: id });
      }
      if (op.pathParams.length > 1) {
        let all: Array<Record<string, string>> = [{}];
        for (const param of op.pathParams)
          all = all.flatMap((p) => bIds.map((id) => ({ ...p, [param]: id })));
        paths.push(...all);
      }
      for (const path of paths) {
        const named = Object.keys(path).filter((param) => bIds.includes(path[param]!));
        const missing = { ...path, ...Object.fromEntries(named.map((param) => [param, randomUUID()])) };
        await attack({ ...base, path }, { ...base, path: missing }, named.join(','), true);
      }

      // B's ids in the query and body: the field must take A's own id, then refuse B's.
      for (const field of fields) {
        const withValue = (value: string): Call =>
          field.in === 'query'
            ? { ...base, query: { ...base.query, [field.name]: value } }
            : { ...base, body: { ...(base.body as object), [field.name]: value } };
        // A filter answers 2xx to any id: it is honoured when A's own id finds more than a missing one does.
        const missing = op.method === 'GET' ? (await send(withValue(randomUUID()), a)).body : null;
        let honoured = false;
        for (const kind of KINDS) {
          const res = await send(withValue(a.ids[kind]), a);
          if (ok(res) && res.body !== missing) {
            honoured = true;
            if (op.method === 'DELETE') await seed(a);
            break;
          }
        }
        if (!honoured) {
          failures.push(`${op.method} ${op.path}: ${field.name} takes none of A's own ids`);
          continue;
        }
        // A read may filter by an id and find nothing; a write must refuse it.
        for (const id of bIds) {
          await attack(withValue(id), withValue(randomUUID()), field.name, op.method !== 'GET');
        }
      }
    }

    // A's own reads, lists included: none may hold B's rows, and A's own rows are there.
    const listed = await readsOf(a);
    expect(listed['/api/workout-planning/workouts']).toContain(a.ids.completedWorkout);
    expect(listed['/api/training/plans']).toContain(a.ids.plan);

    // Nothing of B's reached A: no id, no text, no address.
    const needles = [...bIds, b.userId, b.secret, b.email];
    const leaks = received.flatMap(({ what, text }) =>
      needles.filter((needle) => text.includes(needle)).map((needle) => `${what} holds ${needle}`),
    );

    // Nothing of A's points at B's rows, and B's rows and reads are as they were.
    const aRows = Object.values(await databaseRowsOf(a)).flat();
    const references = aRows.filter((row) => needles.some((needle) => row.includes(needle)));
    const rowsAfter = await databaseRowsOf(b);
    const readsAfter = await readsOf(b);

    const changedTables = Object.keys(rowsBefore).filter(
      (table) => JSON.stringify(rowsAfter[table]) !== JSON.stringify(rowsBefore[table]),
    );
    for (const url of MOMENTARY_READS) {
      delete readsBefore[url];
      delete readsAfter[url];
    }
    // The third author's public template is everyone's to rate: A's rating may change what B reads of it.
    for (const url of Object.keys(readsBefore)) {
      if (!url.includes(sharedTemplateId)) continue;
      delete readsBefore[url];
      delete readsAfter[url];
    }
    const changedReads = Object.keys(readsBefore).filter((url) => readsAfter[url] !== readsBefore[url]);
    const idBearing = swept.length;
    const found =
      failures.length + leaks.length + references.length + changedTables.length + changedReads.length;
    console.info(
      `access control: ${idBearing} id-bearing operations of ${operations.length} secured, ${attacks} requests ` +
        `naming B's data (${requestsSent} requests by A in all), ${Object.keys(readsBefore).length} reads and ` +
        `${Object.keys(rowsBefore).length} tables of B compared, ${found} leaks`,
    );
    expect(idBearing).toBeGreaterThan(40);
    expect(failures).toEqual([]);
    expect(leaks).toEqual([]);
    expect(references).toEqual([]);
    expect(rowsAfter).toEqual(rowsBefore);
    expect(readsAfter).toEqual(readsBefore);
    expect(Object.keys(readsBefore).length).toBeGreaterThan(40);
  }, 300_000);
});
