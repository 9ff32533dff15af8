// What an athlete's message asks (docs/coach.md, "Intents"): the intent, and the days, sport, kind of session
// and minutes it names. Tolerant of typos and casual phrasing; pure and total (any text gives a result).
import type { CoachIntent } from './types.ts';

export const WEEKDAYS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;

/** Words we look for, so a misspelt word (one edit away, or two for long words) is read as the word. */
const VOCABULARY = [
  ...WEEKDAYS,
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
] as const;

const SHORT_DAYS: Record<string, (typeof WEEKDAYS)[number]> = {
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

export type DayRef =
  | { kind: 'today' }
  | { kind: 'tomorrow' }
  | { kind: 'yesterday' }
  | { kind: 'weekday'; day: number; next: boolean; last: boolean; nextWeek?: boolean };

export type SportWord = 'run' | 'bike' | 'swim' | 'strength' | 'brick';
export type SessionKind = 'long' | 'hard' | 'easy';

export interface ParsedMessage {
  intent: CoachIntent;
  normalized: string;
  /** The days named, in the order written. */
  days: DayRef[];
  sport: SportWord | null;
  sessionKind: SessionKind | null;
  /** "to 45 min", "only have 30 minutes", "1 hour": the minutes wanted; "by 20 min": the minutes to cut. */
  minutes: { value: number; by: boolean } | null;
}

const SPORT_WORDS: [RegExp, SportWord][] = [
  [/\bbrick\b/, 'brick'],
  [/\b(ride|rides|riding|bike|biking|cycle|cycling|spin|turbo|trainer|zwift)\b/, 'bike'],
  [/\b(run|runs|running|jog|jogging|tempo run)\b/, 'run'],
  [/\b(swim|swims|swimming|pool|laps)\b/, 'swim'],
  [/\b(strength|gym|weights|lifting|lift|core)\b/, 'strength'],
];

function dayRefs(text: string): DayRef[] {
  const refs: { at: number; ref: DayRef }[] = [];
  for (const m of text.matchAll(/\b(today|tonight|this morning|this evening)\b/g))
    refs.push({ at: m.index, ref: { kind: 'today' } });
  for (const m of text.matchAll(/\btomorrow\b/g)) refs.push({ at: m.index, ref: { kind: 'tomorrow' } });
  for (const m of text.matchAll(/\b(yesterday|last night)\b/g))
    refs.push({ at: m.index, ref: { kind: 'yesterday' } });
  for (const m of text.matchAll(
    /\b(next |last |this )?(sunday|monday|tuesday|wednesday|thursday|friday|saturday)( s)?( next week| last week)?\b/g,
  )) {
    const day = WEEKDAYS.indexOf(m[2] as (typeof WEEKDAYS)[number]);
    refs.push({
      at: m.index,
      ref: {
        kind: 'weekday',
        day,
        next: m[1] === 'next ',
        last: m[1] === 'last ' || m[4] === ' last week',
        nextWeek: m[4] === ' next week',
      },
    });
  }
  return refs.sort((a, b) => a.at - b.at).map((r) => r.ref);
}

function minutesIn(text: string): { value: number; by: boolean } | null {
  const by = /\b(by|cut|less|fewer|minus)\b/;
  const hm = text.match(/\b(\d{1,2})\s*(?:h|hour)\s*(\d{1,2})\s*(?:m|min)?\b/);
  if (hm) return { value: Number(hm[1]) * 60 + Number(hm[2]), by: false };
  const m = text.match(/\b(\d{1,3})\s*(?:m|min)\b/);
  if (m) {
    const before = text.slice(0, m.index);
    return { value: Number(m[1]), by: by.test(before.split(' ').slice(-3).join(' ')) };
  }
  const h = text.match(/\b(\d(?:\.\d)?|an|one|half an)\s*(?:hour|h)\b/);
  if (h) {
    const value = h[1] === 'half an' ? 30 : h[1] === 'an' || h[1] === 'one' ? 60 : Number(h[1]) * 60;
    return { value: Math.round(value), by: false };
  }
  if (/\bhalf\b/.test(text)) return { value: 50, by: true };
  return null;
}

const has = (text: string, re: RegExp) => re.test(text);

/** The intent of a normalised message: the first rule that matches, in the order of docs/coach.md, "Intents". */
function intentOf(t: string): CoachIntent {
  const past =
    /\b(missed|did not (do|make|get|manage|finish)|could not (do|make|get|finish)|forgot|bailed|no time (for|to)|skipped|blew off|never did|was not able)\b/;
  const pastDay =
    /\b(yesterday|last night|this morning|earlier|last (sunday|monday|tuesday|wednesday|thursday|friday|saturday)|missed)\b/;
  if (
    has(
      t,
      /\bwhy\b.*\b(change|changed|changes|moved|swapped|eased|replaced|different|gone|dropped|removed|easier|shorter)\b/,
    ) ||
    has(t, /\bwhat (is |has |have )?(changed|changes)\b/) ||
    has(t, /\b(any|recent|latest|plan) changes?\b/) ||
    has(t, /\b(who|what) (changed|moved|swapped|eased)\b/) ||
    has(t, /\b(changed|adapted|adjusted) my (plan|workout|session|week)\b/)
  )
    return 'changes';
  if (
    has(t, past) &&
    (has(t, pastDay) || has(t, /\bwhat (now|should|do i|next)|now what|make (it )?up|catch up\b/))
  )
    return 'missed';
  if (has(t, /\b(make up|catch up|makeup)\b/)) return 'missed';
  if (
    has(t, /\b(move|moving|reschedule|postpone|push|shift|bump|delay)\b/) ||
    has(
      t,
      /\b(do|have|put|switch) .*\b(on|to) (sunday|monday|tuesday|wednesday|thursday|friday|saturday|tomorrow)\b.*\binstead\b/,
    ) ||
    has(
      t,
      /\bcan i do .* (on )?(sunday|monday|tuesday|wednesday|thursday|friday|saturday|tomorrow)( instead)?\b/,
    )
  )
    return 'move';
  if (
    has(
      t,
      /\b(shorten|shorter|cut (it |this |that )?short|trim|less time|only have|only got|short on time|reduce|make it \d)\b/,
    ) ||
    has(t, /\bcut\b.*\b\d+\s*min\b/)
  )
    return 'shorten';
  if (
    has(
      t,
      /\b(skip|skipping|cancel|drop|remove|day off|rest day|take (the day|today|tomorrow) off|not (going to|gonna) (do|make)|can not (do|make) (it|today|tomorrow))\b/,
    )
  )
    return 'skip';
  if (
    has(
      t,
      /\b(swap|swop|replace|substitute|instead of|easier|something easy|go easy|tone (it )?down|change (it|my|the|this|that|today)|switch)\b/,
    )
  )
    return 'swap';
  if (
    has(t, /\brace\b|\bmarathon\b|\btriathlon\b|\bironman\b|\b(5|10) ?k\b|\bhalf\b.*\bready\b|\bpredict/) &&
    has(
      t,
      /\b(ready|readiness|prepared|on track|track|predict|prediction|finish|time|how|will i|taper|shape|fit)\b/,
    )
  )
    return 'race_readiness';
  if (
    has(
      t,
      /\b(load|ctl|atl|tsb|form|fitness|fatigue|overtrain|overtraining|overreaching|ramp|trend|trending|volume|tss|training stress|building|detrain)\b/,
    ) &&
    !has(t, /\b(explain|what is the point|purpose)\b/)
  )
    return 'load_trend';
  if (
    has(
      t,
      /\b(readiness|ready|recovered|recovery|recover|hrv|sleep|slept|tired|exhausted|fatigued|sore|fresh|feel|feeling|should i train|train today|okay to train|ok to train|can i train|body battery)\b/,
    )
  )
    return 'readiness';
  if (
    has(
      t,
      /\b(explain|what is the point|whats the point|point of|purpose|why am i doing|why do i|what does|how (should|do) i (do|pace|ride|run|swim)|tell me about|describe|what is (a |an |the )?(z\d|zone|tempo|threshold|interval|vo2|long|sweet spot))\b/,
    )
  )
    return 'explain';
  if (
    has(
      t,
      /\b(this week|week|weekend|next few days|schedule|coming up|upcoming|plan look|my plan|the plan|rest of)\b/,
    )
  )
    return 'week';
  if (
    has(
      t,
      /\b(today|tonight|this morning|this evening|what should i do|whats on|what is on|todays|workout|session|tomorrow)\b/,
    )
  )
    return 'today';
  return 'help';
}

export function parseMessage(text: string): ParsedMessage {
  const normalized = normalizeMessage(typeof text === 'string' ? text : '');
  const sport = SPORT_WORDS.find(([re]) => re.test(normalized))?.[1] ?? null;
  const sessionKind: SessionKind | null = /\blong\b/.test(normalized)
    ? 'long'
    : /\b(interval|intervals|threshold|vo2|tempo|hard|sweet spot|repeats|hills|speed|track|key)\b/.test(
          normalized,
        )
      ? 'hard'
      : /\b(easy|recovery|z2|zone 2)\b/.test(normalized)
        ? 'easy'
        : null;
  return {
    intent: intentOf(normalized),
    normalized,
    days: dayRefs(normalized),
    sport,
    sessionKind,
    minutes: minutesIn(normalized),
  };
}
