// Workout Bank search over 10,000 templates generated for the bench (issue: Workout Bank §5): the library is
// seeded at start; 10,000 public templates are added through the API. The budget figure is varied searches
// that miss every cache (random words, filters, orders and pages: text + filters + sort + paging), at 10
// connections, beside the bare Fastify route in the same run; the same few searches repeated (served from the
// caches) and filters only are shown beside it. Latencies are each response's own, so p95 is exact.
import autocannon from 'autocannon';
import { CONNECTIONS } from './api.ts';
import { budgeted, type Figure, info } from './report.ts';
import type { RunningServer, StaminaServer } from './servers.ts';

const TEMPLATE_COUNT = 10_000;
const DISCIPLINES = ['swim', 'bike', 'run', 'brick', 'strength', 'recovery'] as const;
const TARGETS = ['endurance', 'tempo', 'threshold', 'vo2max', 'speed', 'technique', 'recovery'] as const;
const ADJECTIVES = [
  'Classic',
  'Hilly',
  'Steady',
  'Fast',
  'Long',
  'Short',
  'Progressive',
  'Broken',
  'Mixed',
  'Coastal',
];
const NOUNS = [
  'intervals',
  'session',
  'blocks',
  'ladder',
  'pyramid',
  'repeats',
  'builder',
  'primer',
  'set',
  'loop',
];
const TEXTS: Record<(typeof DISCIPLINES)[number], (n: number) => string> = {
  swim: (n) => `Warmup 300m easy\nMain ${4 + (n % 8)}x 100m @ CSS w/ 15s rest\nCooldown 200m easy`,
  bike: (n) =>
    `Warmup 10min Z2\nMain ${2 + (n % 4)}x ${5 + (n % 15)}min @ ${80 + (n % 30)}% FTP w/ 4min Z1\nCooldown 10min Z1`,
  run: (n) =>
    `Warmup 15min easy\nMain ${3 + (n % 6)}x ${2 + (n % 8)}min @ Z4 w/ 2min jog\nCooldown 10min easy`,
  brick: (n) => `${40 + (n % 80)}min ride Z2\n${10 + (n % 30)}min run off the bike Z3`,
  strength: (n) =>
    `Warmup 10min easy\nMain ${3 + (n % 3)}x${5 + (n % 8)} squats @ ${60 + (n % 25)}%, 2min rest\nCooldown 5min stretch`,
  recovery: (n) => `${20 + (n % 40)}min recovery spin Z1`,
};
const QUERIES = [
  'threshold bike 45 min',
  'easy run',
  'css swim',
  'vo2',
  'hill repeats',
  'long ride 3h',
  'tempo',
  'recovery spin',
  'progressive builder',
  'broken pyramid swim',
  'sprint',
  'brick 90 min',
];

function templateBody(n: number) {
  const discipline = DISCIPLINES[n % DISCIPLINES.length]!;
  return {
    name: `${ADJECTIVES[n % ADJECTIVES.length]} ${discipline} ${NOUNS[Math.floor(n / 7) % NOUNS.length]} ${n}`,
    description: `Generated ${discipline} session number ${n} for the search bench.`,
    key_focus: `${TARGETS[n % TARGETS.length]} focus`,
    discipline,
    difficulty_level: 1 + (n % 5),
    primary_target: TARGETS[n % TARGETS.length],
    tags: [discipline, TARGETS[n % TARGETS.length]],
    workout_language_text: TEXTS[discipline](n),
    is_public: true,
  };
}

async function seedTemplates(baseUrl: string, token: string): Promise<number> {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  let next = 0;
  const worker = async () => {
    for (;;) {
      const n = next++;
      if (n >= TEMPLATE_COUNT) return;
      const res = await fetch(`${baseUrl}/api/v1/workout-bank/templates`, {
        method: 'POST',
        headers,
        body: JSON.stringify(templateBody(n)),
      });
      if (res.status !== 201) throw new Error(`seeding templates: ${res.status} ${await res.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
  return TEMPLATE_COUNT;
}

async function measure(
  url: string,
  seconds: number,
  headers: Record<string, string>,
  nextPath?: () => string,
) {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url,
        connections: CONNECTIONS,
        duration: seconds,
        headers,
        ...(nextPath
          ? { requests: [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }] }
          : {}),
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
    });
  });
  if (result.non2xx || result.errors)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.ceil(p * latencies.length) - 1)] ?? 0;
  return { rps: result.requests.average, p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

type Measured = Awaited<ReturnType<typeof measure>>;

/** p50, p95 and p99 of one measure; the p95 carries the budget when one is given. */
function percentiles(
  id: string,
  label: string,
  m: Measured,
  budget?: { max: number; text: string },
): Figure[] {
  const p95 = { id: `${id}.p95`, label: `${label}, p95`, value: m.p95, unit: 'ms', digits: 1 };
  return [
    info({ id: `${id}.p50`, label: `${label}, p50`, value: m.p50, unit: 'ms', digits: 1 }),
    budget ? budgeted(p95, budget) : info(p95),
    info({ id: `${id}.p99`, label: `${label}, p99`, value: m.p99, unit: 'ms', digits: 1 }),
    info({ id: `${id}.rps`, label: `${label}, throughput`, value: m.rps, unit: 'req/s' }),
  ];
}

/** Varied searches: words from a wide list, random filters, orders and pages, so the caches almost never hit. */
const VARIED_WORDS = [
  ...['threshold', 'easy', 'swim', 'bike', 'run', 'tempo', 'hill', 'long', 'fast', 'steady', 'css', 'brick'],
  ...['core', 'classic', 'pyramid', 'ladder', 'recovery', 'sprint', 'builder', 'coastal', 'hilly', 'short'],
  ...['progressive', 'broken', 'mixed', 'intervals', 'session', 'blocks', 'repeats', 'primer', 'loop', 'vo2'],
  ...['endurance', 'speed', 'technique', 'strength', 'aerobic', 'cadence', 'drills', 'race', 'sweet', 'spin'],
];
const SORTS = ['relevance', 'duration', 'rating', 'difficulty', 'popularity', 'tss', 'name', 'created_at'];
const pick = <T>(list: readonly T[]) => list[Math.floor(Math.random() * list.length)]!;

function variedPath(): string {
  const params = new URLSearchParams();
  const words = 1 + Math.floor(Math.random() * 3);
  params.set('search_query', Array.from({ length: words }, () => pick(VARIED_WORDS)).join(' '));
  if (Math.random() < 0.4)
    params.set('disciplines', [...new Set([pick(DISCIPLINES), pick(DISCIPLINES)])].join(','));
  if (Math.random() < 0.3) {
    const min = 15 * Math.floor(Math.random() * 5);
    params.set('min_duration_minutes', String(min));
    params.set('max_duration_minutes', String(min + 30 + 15 * Math.floor(Math.random() * 6)));
  }
  if (Math.random() < 0.2) params.set('difficulty_levels', `${1 + Math.floor(Math.random() * 5)}`);
  if (Math.random() < 0.2) params.set('primary_targets', pick(TARGETS));
  params.set('sort_by', pick(SORTS));
  params.set('sort_order', Math.random() < 0.5 ? 'asc' : 'desc');
  params.set('page', String(1 + Math.floor(Math.random() * 5)));
  return `/api/v1/workout-bank/templates?${params}`;
}

export async function benchWorkoutBank(
  stamina: StaminaServer,
  bare: RunningServer,
  token: string,
  seconds: number,
): Promise<Figure[]> {
  const seeded = await seedTemplates(stamina.baseUrl, token);
  const auth = { authorization: `Bearer ${token}` };
  const base = `${stamina.baseUrl}/api/v1/workout-bank/templates`;
  let i = 0;
  const textPath = () =>
    `/api/v1/workout-bank/templates?search_query=${encodeURIComponent(QUERIES[i++ % QUERIES.length]!)}&page=${1 + (i % 3)}`;
  const filterPath = () =>
    `/api/v1/workout-bank/templates?disciplines=${DISCIPLINES[i++ % 6]}&min_duration_minutes=30&max_duration_minutes=90&sort_by=rating`;
  await measure(base, 2, auth, variedPath);
  const varied = await measure(base, seconds, auth, variedPath);
  const repeated = await measure(base, seconds, auth, textPath);
  const filters = await measure(base, seconds, auth, filterPath);
  const baseline = await measure(bare.baseUrl, seconds, {});
  return [
    info({ id: 'bank.seeded', label: 'templates generated (plus the library)', value: seeded, unit: '' }),
    ...percentiles(
      'bank.varied',
      'GET templates, varied searches (text, filters, order, page; uncached)',
      varied,
      {
        max: 20,
        text: 'p95 <= 20 ms',
      },
    ),
    ...percentiles('bank.repeated', 'GET templates, 12 searches repeated (cached)', repeated),
    ...percentiles('bank.filter', 'GET templates, filters only (6 searches repeated)', filters),
    ...percentiles('bank.bare', 'bare Fastify GET / (baseline, same run)', baseline),
  ];
}
