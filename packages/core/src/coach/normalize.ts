// How the coach reads an athlete's text before anything else (docs/coach.md, "Intents"): lower case,
// punctuation out, an arrow as "to", shorthand and slang mended, and a word one typo away from one we look for read
// as that word. Pure.
import { WEEK_DAYS, type WeekDay } from '../onboarding/goal-terms.ts';

/** Words we look for, so a misspelt word (one edit away, or two for long words) is read as the word. */
const VOCABULARY = [
  ...WEEK_DAYS,
  'readiness',
  'ready',
  'recovery',
  'recovered',
  'tomorrow',
  'yesterday',
  'today',
  'tonight',
  'workout',
  'workouts',
  'session',
  'change',
  'changed',
  'changes',
  'schedule',
  'reschedule',
  'shorten',
  'shorter',
  'skip',
  'swap',
  'replace',
  'explain',
  'missed',
  'marathon',
  'triathlon',
  'race',
  'training',
  'interval',
  'intervals',
  'threshold',
  'tempo',
  'weekend',
  'fatigue',
  'fitness',
  'tired',
  'exhausted',
  'week',
  'move',
  'ride',
  'run',
  'swim',
  'long',
  'easier',
  'instead',
  'postpone',
  'prepared',
  'fever',
  'covid',
  'throat',
  'stomach',
  'injured',
  'injury',
  'painful',
  'sprained',
  'strained',
  'twisted',
  'ankle',
  'achilles',
  'hamstring',
  'shoulder',
  'elbow',
  'wrist',
  'plantar',
  'groin',
  'glute',
  'knee',
  'travelling',
  'traveling',
  'weather',
  'raining',
  'wrecked',
  'knackered',
  'exhausted',
  'review',
] as const;

const SHORT_DAYS: Record<string, WeekDay> = {
  sun: 'sunday',
  mon: 'monday',
  tue: 'tuesday',
  tues: 'tuesday',
  wed: 'wednesday',
  weds: 'wednesday',
  thu: 'thursday',
  thur: 'thursday',
  thurs: 'thursday',
  fri: 'friday',
  sat: 'saturday',
};

const SLANG: Record<string, string> = {
  tmrw: 'tomorrow',
  tmr: 'tomorrow',
  tomoz: 'tomorrow',
  '2day': 'today',
  '2morrow': 'tomorrow',
  wk: 'week',
  wkt: 'workout',
  wrkout: 'workout',
  u: 'you',
  r: 'are',
  im: 'i am',
  ive: 'i have',
  didnt: 'did not',
  couldnt: 'could not',
  wont: 'will not',
  cant: 'can not',
  dont: 'do not',
  whats: 'what is',
  hows: 'how is',
  pls: 'please',
  plz: 'please',
  mins: 'min',
  minutes: 'min',
  minute: 'min',
  hrs: 'hour',
  hours: 'hour',
  hr: 'hour',
  rn: 'now',
  mvoe: 'move',
  sik: 'sick',
  sck: 'sick',
  sickk: 'sick',
  fevr: 'fever',
  feaver: 'fever',
  flue: 'flu',
  covd: 'covid',
  painfull: 'painful',
  ankel: 'ankle',
  achilies: 'achilles',
  achillies: 'achilles',
  hammy: 'hamstring',
  itb: 'it band',
  wknd: 'weekend',
};

function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      // A swap of two neighbouring letters is one typo.
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev[j - 2]! + 1);
      cur.push(v);
      best = Math.min(best, v);
    }
    if (best > limit) return limit + 1;
    prev = cur;
  }
  return prev[b.length]!;
}

const KNOWN = new Set<string>(VOCABULARY);
/** Real words one typo away from a vocabulary word, which must stay as written. */
const KEEP = new Set([
  'tried',
  'these',
  'there',
  'where',
  'while',
  'rides',
  'riding',
  'runner',
  'rested',
  'swims',
  'moved',
  'moves',
  'ranged',
  'weeks',
  'wheel',
  'sessions',
  'raced',
  'races',
  'racing',
  'training',
  'trained',
  'longer',
  'change',
  'skips',
  'steady',
  'fatigued',
]);
const typoCache = new Map<string, string>();

function corrected(word: string): string {
  if (word.length < 5 || KNOWN.has(word) || KEEP.has(word) || /\d/.test(word)) return word;
  const cached = typoCache.get(word);
  if (cached !== undefined) return cached;
  const limit = word.length >= 8 ? 2 : 1;
  let best = word;
  let bestDistance = limit + 1;
  for (const known of VOCABULARY) {
    // The first letter is rarely the wrong one: it keeps 'ride' from becoming 'tide' matches of other words.
    if (known[0] !== word[0]) continue;
    const d = editDistance(word, known, limit);
    if (d < bestDistance) {
      best = known;
      bestDistance = d;
    }
  }
  if (typoCache.size < 5000) typoCache.set(word, best);
  return best;
}

/** Lower case, apostrophes and punctuation out, slang and typos mended: 'Satruday's lng ride??' → 'saturday s lng ride'. */
export function normalizeMessage(text: string): string {
  const words = text
    .slice(0, 2000)
    .toLowerCase()
    .replace(/[’‘`]/g, "'")
    // An arrow is "to": "sat long ride → sunday?", "tempo -> fri" (docs/coach.md, "Intents").
    .replace(/\s*(?:→|⟶|⇒|➡️?|-+>|=>|(?<!\d)>(?!\d))\s*/g, ' to ')
    .replace(/\bi'll\b/g, 'i will')
    .replace(/'s\b/g, ' s')
    .replace(/'/g, '')
    .replace(/[^a-z0-9:.]+/g, ' ')
    .replace(/\.(?!\d)/g, ' ')
    .split(' ')
    .filter(Boolean);
  const out: string[] = [];
  for (const raw of words) {
    const slang = SLANG[raw];
    if (slang) {
      out.push(slang);
      continue;
    }
    const short = SHORT_DAYS[raw];
    out.push(short ?? corrected(raw));
  }
  return out.join(' ');
}
