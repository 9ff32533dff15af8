// What a goal text says of the athlete (docs/onboarding.md, "The athlete"): experience, years in the sport,
// events done, injuries now and in the past (with our own negation and time scope: no library we could
// find reads "knees are fine, but I had a stress fracture" as one injury), thresholds and day rules.
import {
  type Experience,
  INJURIES,
  type Injury,
  type SportExclusion,
  TRI_SPORTS,
  type TriSport,
  WEEK_DAYS,
  type WeekDay,
} from './goal-terms.ts';
import { clauseOf, MONTH, MONTHS } from './goal-text.ts';

// ---------------------------------------------------------------------------------------------------------
// Experience, years, events done

/** Plural event words, each with the goal kinds it counts for. */
const EVENT_PLURALS: ReadonlyArray<[RegExp, string[]]> = [
  [/half[- ]?ironmans|70\.3s|half[- ]?ims/, ['Half Ironman']],
  [/ironmans|ironmen|iron men|\bims\b/, ['Ironman']],
  [/half[- ]?marathons|halfs|halves/, ['Half Marathon']],
  [/marathons/, ['Marathon']],
  [/triathlons|tris/, ['Olympic Triathlon', 'Sprint Triathlon', 'Half Ironman', 'Ironman']],
  [/10ks/, ['10K']],
  [/5ks|parkruns/, ['5K']],
  [/centuries/, ['Century Ride']],
  [/ultras/, ['Custom Event']],
];
const PLURAL_WORDS = String.raw`(half[- ]?marathons|half[- ]?ironmans|marathons|ironmans|ironmen|triathlons|tris|races|halfs|halves|ultras|centuries|70\.3s|10ks|5ks|parkruns|gran fondos|sportives)`;

export interface ExperienceReading {
  level: Experience | null;
  eventsCompleted: number | null;
  years: number | null;
}

/** Counts of finished events: [count, the plural word]. */
function eventCounts(text: string): Array<[number, string]> {
  const out: Array<[number, string]> = [];
  const forms = [
    new RegExp(
      String.raw`\b(?:done|did|completed|finished|raced|run|ran|after|previous:?|previously) (?:about |over |more than |already )?(\d+)\+? (?:full |half |olympic |sprint )?(?:[a-z0-9.]+ )?${PLURAL_WORDS}`,
      'g',
    ),
    new RegExp(
      String.raw`\b(\d+)\+? (?:full |half |olympic |sprint )?${PLURAL_WORDS}(?: [a-z]+){0,2} (?:under my belt|done|completed|finished|already|behind me)`,
      'g',
    ),
    new RegExp(String.raw`\bprevious ${PLURAL_WORDS}:? (\d+)\b`, 'g'),
    new RegExp(String.raw`\b(?:i'?ve done|i have done|done) (\d+) ${PLURAL_WORDS}`, 'g'),
    new RegExp(String.raw`\b(\d+) ${PLURAL_WORDS} (?:and|,)`, 'g'),
    new RegExp(String.raw`(?:and|,) (\d+) ${PLURAL_WORDS}`, 'g'),
  ];
  for (const form of forms)
    for (const m of text.matchAll(form)) {
      const [count, word] = /^\d/.test(m[1]!) ? [Number(m[1]), m[2]!] : [Number(m[2]), m[1]!];
      if (count > 0 && count < 1000) out.push([count, word]);
    }
  return out;
}

/** Years in the sport: "10 years of running", "running since 2015", "started running in September". */
function yearsTraining(text: string, today: string): number | null {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const years = text.match(
    /\b(\d+)\+? years? (?:of |in |into )?(?:running|racing|riding|cycling|swimming|triathlon|training|experience|endurance)|\b(?:running|riding|cycling|swimming|training|racing|doing triathlons?|doing tri)(?: on and off)? (?:for|since) (?:about |like |around )?(\d+)\+? years?|\bsince (\d+) years?|\b(?:been )?(?:running|riding|cycling|swimming|training) (?:for )?(\d+)\+? years|\b(\d+)\+? years? (?:running|riding|cycling)/,
  );
  if (years) return Number(years[1] ?? years[2] ?? years[3] ?? years[4] ?? years[5]);
  const months = text.match(
    /\b(\d+) months? (?:of )?(?:running|riding|cycling|swimming|training)|\b(?:running|riding|cycling|swimming|training) (?:for|since) (?:about |like )?(\d+) months?/,
  );
  if (months) return Math.round((Number(months[1] ?? months[2]) / 12) * 10) / 10;
  const since = text.match(
    /\b(?:running|riding|cycling|swimming|racing|training|triathlon) since (20\d\d|19\d\d)\b/,
  );
  if (since) return Math.max(0, year - Number(since[1]));
  const started = text.match(
    new RegExp(
      String.raw`\bstarted (?:running|riding|cycling|swimming|triathlon|training|to run)(?: in| last)? (${MONTH}|year|20\d\d)\b`,
    ),
  );
  if (started) {
    const when = started[1]!;
    if (when === 'year') return 1;
    if (/^20/.test(when)) return Math.max(0, year - Number(when));
    const startMonth = MONTHS.findIndex((m) => m.startsWith(when.slice(0, 3))) + 1;
    const monthsAgo = (month - startMonth + 12) % 12 || 12;
    // From the first of that month to today.
    const days = monthsAgo * 30.44 + Number(today.slice(8)) - 1;
    return Math.round((days / 365.25) * 10) / 10;
  }
  const ago = text.match(
    /\bstarted (?:running|riding|cycling|swimming|triathlon)? ?(\d+) (years?|months?) ago\b/,
  );
  if (ago) return /^y/.test(ago[2]!) ? Number(ago[1]) : Math.round((Number(ago[1]) / 12) * 10) / 10;
  return null;
}

const FIRST =
  /\b(?:my |the |a |our )?(?:1st|first)(?: ever| time)?(?: [a-z0-9.]+){0,3}? (?:mara\w*|half\w*|iron ?man\w*|tri\w*|race|10k|5k|parkrun|century|gran fondo|ultra|ride|one|open water|70\.3|olympic|sprint|sportive|marathon)|\b(?:1st|first) (?:time|ever)\b|\bdebut\b|\bnever (?:done|run|ran|raced) (?:one|a|an|before)|\bnever ran before\b/;

export function findExperience(text: string, today: string, goalRace: string | null): ExperienceReading {
  const counts = eventCounts(text);
  const years = yearsTraining(text, today);
  let eventsCompleted: number | null = null;
  if (goalRace) {
    const ofKind = counts.filter(([, word]) =>
      EVENT_PLURALS.find(([re]) => re.test(word))?.[1].includes(goalRace),
    );
    if (ofKind.length > 0) eventsCompleted = Math.max(...ofKind.map(([n]) => n));
    const nth = text.match(
      /\bmy (\d+)(?:st|nd|rd|th) (?:[a-z0-9.]+ )?(mara\w*|iron ?m\w*|tri\w*|half\w*|race|70\.3|ultra|century)/,
    );
    if (eventsCompleted === null && nth && Number(nth[1]) > 1) eventsCompleted = Number(nth[1]) - 1;
    if (eventsCompleted === null && FIRST.test(text)) eventsCompleted = 0;
  }
  // What the athlete calls themself first, then what they have done, then a first race.
  let level: Experience | null = null;
  if (/\b(advanced|elite|experienced|seasoned|veteran|competitive|expert)\b/.test(text)) level = 'advanced';
  else if (/\bintermediate\b/.test(text)) level = 'intermediate';
  else if (
    /\b(beginner|newbie|novice|rookie|new to|never (run|ran|raced|done|swum|swam|ridden|trained)|just (started|getting started|began)|couch to|c25k|haven'?t (run|raced|trained)|since school)\b(?! (?:more|further|farther|longer|over|past|beyond)\b)/.test(
      text,
    )
  )
    level = 'beginner';
  else {
    let best = 0;
    for (const [n, word] of counts) best = Math.max(best, /ironm|iron men/.test(word) && n >= 3 ? 5 : n);
    const nth = text.match(
      /\bmy (\d+)(?:st|nd|rd|th) (?:[a-z0-9.]+ )?(mara\w*|iron ?m\w*|tri\w*|half\w*|race|70\.3|ultra|century)/,
    );
    if (nth) best = Math.max(best, Number(nth[1]));
    if (years !== null) best = Math.max(best, years >= 5 ? 5 : years >= 2 ? 2 : years >= 1 ? 1 : 0.5);
    if (/\b(qualify|qualifying|bq|kona slot|world champs?|podium|age[- ]group win|boston)\b/.test(text))
      best = Math.max(best, 5);
    if (best >= 5) level = 'advanced';
    else if (best >= 2) level = 'intermediate';
    else if (best > 0 || FIRST.test(text.replace(/\bdebut\b/g, ''))) level = 'beginner';
  }
  return { level, eventsCompleted, years };
}

// ---------------------------------------------------------------------------------------------------------
// Injuries

const INJURY_PATTERNS: ReadonlyArray<[Injury, RegExp]> = [
  ['achilles', /\bachill[ei]e?s\b/g],
  ['plantar_fasciitis', /\bplantar\b|\bfasc[ie]{1,2}tis\b/g],
  ['shin_splints', /\bshin ?splints?\b|\bshins?\b/g],
  ['it_band', /\bit ?band\b|\bitbs\b|\biliotibial\b/g],
  ['stress_fracture', /\bstress fracture\b/g],
  [
    'back',
    /\b(lower back|bad back|back (pain|injury|injuries|problems?|issues?|surgery|spasms?)|herniated|slipped disc|sciatica)\b/g,
  ],
  ['knee', /\bknees?\b|\bpatell[ae]r?\b|\bmeniscus\b|\bacl\b/g],
  ['hip', /\bhips?\b|\bhip flexors?\b/g],
  ['hamstring', /\bhamstrings?\b|\bhammy\b/g],
  ['calf', /\bcalf\b|\bcalves\b/g],
  ['ankle', /\bankles?\b/g],
  ['shoulder', /\bshoulders?\b|\brotator cuff\b/g],
];

/** The injury is denied in its clause: "no knee problems", "knees and back are fine". */
const NEGATED_BEFORE = /\b(no|not|never|without|free of|zero)\b[^,.;]*$/;
const NEGATED_AFTER =
  /^[^,.;]*?\b(are|is|'s|feel|feels)? ?(fine|ok|okay|good|great|healthy|strong|not an issue|no problem|not a problem|never an issue)\b/;

/** Where a denial after an injury can reach: to the next comma, stop, "but" or "except" ("knees and back are fine"). */
function wideScopeEnd(text: string, from: number): number {
  const m = text.slice(from).match(/[,;.!?]| but | except | however | though /);
  return m ? from + m.index! : text.length;
}
/** The injury is over: "had X in 2025", "ACL surgery 2023", "fully recovered", "years ago". */
const PAST =
  /\b(in |back in )?(19\d\d|20[01]\d|202[0-5])\b|\byears? ago\b|\blast (year|winter|summer|spring|autumn|fall|season)\b|\b(fully )?(recovered|healed)\b|\ball good now\b|\b(fine|ok|okay|good|better) now\b|\bno (problems|issues|pain) now\b|\bgone\b|\bno longer\b|\banymore\b|\bany more\b|\bused to\b|\bold injury\b|\bcleared up\b|\bin the past\b/;

export interface InjuryReading {
  current: Injury[] | null;
  past: Injury[];
}

export function findInjuries(text: string, today: string): InjuryReading {
  const current = new Set<Injury>();
  const past = new Set<Injury>();
  let stated =
    /\b(no (current )?injur(y|ies)|injury[- ]free|not injured|never (had an? )?injur\w*|injur(y|ies): ?none|don'?t have any injur\w*|no niggles)\b/.test(
      text,
    );
  const thisYear = new RegExp(String.raw`\b${today.slice(0, 4)}\b`);
  for (const [injury, pattern] of INJURY_PATTERNS) {
    for (const m of text.matchAll(pattern)) {
      stated = true;
      const clause = clauseOf(text, m.index!, m.index! + m[0].length);
      const before = text.slice(clause.start, m.index!);
      const after = text.slice(m.index! + m[0].length, clause.end);
      // The next clause counts too when it names no injury itself ("had a knee injury in 2024 but fully
      // recovered").
      const next = clauseOf(text, clause.end + 1);
      const nextText = clause.end < text.length ? text.slice(next.start, next.end) : '';
      const nextNamesInjury = INJURY_PATTERNS.some(([, re]) => new RegExp(re.source).test(nextText));
      const scope = `${before} ${after} ${nextNamesInjury ? '' : nextText}`;
      if (
        PAST.test(scope) &&
        !thisYear.test(scope) &&
        !/\b(recovering|still|again|now hurts|flares?)\b/.test(scope)
      ) {
        past.add(injury);
        continue;
      }
      if (NEGATED_BEFORE.test(before) && !/\bexcept\b/.test(before)) continue;
      const wide = text.slice(m.index! + m[0].length, wideScopeEnd(text, m.index! + m[0].length));
      if (
        NEGATED_AFTER.test(wide) &&
        !/\b(but|hurts?|pain|sore)\b/.test(wide.split(/\bfine|ok|good\b/)[0] ?? '')
      )
        continue;
      current.add(injury);
    }
  }
  for (const injury of current) past.delete(injury);
  const order = (list: Set<Injury>) => [...list].sort((a, b) => INJURIES.indexOf(a) - INJURIES.indexOf(b));
  return { current: stated ? order(current) : null, past: order(past) };
}

// ---------------------------------------------------------------------------------------------------------
// Day preferences and exclusions

const DAY = `(sun|mon|tues?|wed(?:nes)?|weds|thu(?:rs?)?|thur|fri|sat(?:ur)?)(?:day)?s?`;
const DAYS_OR_WEEK = `(?:${DAY}|weekends?|weekdays?|week ?days)`;
const DAY_WORD = new RegExp(String.raw`\b${DAY}\b|\bweekends?\b|\bweek ?days?\b`, 'g');

function dayNames(word: string): WeekDay[] {
  if (/^weekend/.test(word)) return ['saturday', 'sunday'];
  if (/^week ?day/.test(word)) return ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'];
  const prefix = word.slice(0, 2);
  const day = (
    {
      su: 'sunday',
      mo: 'monday',
      tu: 'tuesday',
      we: 'wednesday',
      th: 'thursday',
      fr: 'friday',
      sa: 'saturday',
    } as const
  )[prefix];
  return day ? [day] : [];
}

/**
 * The days named next to a cue ("long run on Sundays", "Sunday long run", "rest on Mondays and Fridays"):
 * days listed right after it (joined by "and", "or", commas), else the day just before it.
 */
function daysNear(text: string, cue: RegExp): WeekDay[] {
  for (const m of text.matchAll(cue)) {
    const end = m.index! + m[0].length;
    const after = text
      .slice(end, end + 60)
      .match(
        new RegExp(
          String.raw`^ ?(?:s? ?(?:is|are|will be|on|day|days|must be|should be|usually|always|=|:|-|the pool is closed|,)\b ?)*(?:(?:on )?${DAYS_OR_WEEK}(?:(?:,| and| or| &|/) ?(?:on )?${DAYS_OR_WEEK})*)`,
        ),
      );
    if (after && DAY_WORD.test(after[0])) {
      DAY_WORD.lastIndex = 0;
      return [...after[0].matchAll(DAY_WORD)].flatMap((d) => dayNames(d[0]));
    }
    DAY_WORD.lastIndex = 0;
    const before = text
      .slice(Math.max(0, m.index! - 30), m.index!)
      .match(new RegExp(String.raw`\b${DAY}(?:'s)? (?:is |are )?(?:for )?(?:my |the )?$`));
    if (before) return dayNames(before[1]!);
  }
  return [];
}

const NOT_ON = String.raw`\b(?:no|not|can'?t|cannot|can not|don'?t|dont|never|unable to|not able to|no time to)`;

export function findPreferences(text: string) {
  const longRun = daysNear(text, /\blong (?:slow )?runs?\b(?! of)|\blsr\b/g)[0] ?? null;
  const longRide = daysNear(text, /\b(?:long|big) (?:bike ?)?(?:rides?|bikes?|cycles?|spins?)\b/g)[0] ?? null;
  const exclusions: SportExclusion[] = [];
  const exclude = (sport: SportExclusion['sport'], days: WeekDay[]) => {
    for (const day of days)
      if (!exclusions.some((x) => x.sport === sport && x.day === day)) exclusions.push({ sport, day });
  };
  const sports: Array<[SportExclusion['sport'], string]> = [
    ['swim', '(?:go )?(?:swim(?:ming|s)?|pool(?: access)?)'],
    ['run', '(?:go )?(?:run(?:ning|s)?)'],
    ['bike', '(?:go )?(?:rid(?:e|ing)|cycl(?:e|ing)|bike|biking)'],
    ['strength', '(?:go to the )?(?:gym|strength|weights|lifting)'],
  ];
  for (const [sport, word] of sports) {
    exclude(sport, daysNear(text, new RegExp(`${NOT_ON} ${word}\\b`, 'g')));
  }
  exclude('swim', daysNear(text, /\bpool (?:is )?closed\b|\bno pool(?: access)?\b/g));
  const noSwim = exclusions.find((x) => x.sport === 'swim')?.day ?? null;
  const rest = [
    ...daysNear(
      text,
      /\b(?:rest|off|recovery) days?\b|\bi rest\b|\brest\b(?! of)|\b(?:no|can't|cannot) train(?:ing)?\b|\bday off\b/g,
    ),
    ...[
      ...text.matchAll(
        new RegExp(String.raw`\b${DAY}(?:(?:,| and| &) ${DAY})* (?:are |is )?(?:always )?off\b`, 'g'),
      ),
    ].flatMap((m) => [...m[0].matchAll(DAY_WORD)].flatMap((d) => dayNames(d[0]))),
  ];
  const restDays = WEEK_DAYS.filter((d) => rest.includes(d));
  return { longRun, longRide, noSwim, restDays, exclusions };
}

// ---------------------------------------------------------------------------------------------------------
// Thresholds and the longest recent session

export function findThresholds(text: string) {
  const number = (re: RegExp, min: number, max: number) => {
    for (const m of text.matchAll(re)) {
      const value = Number(m[1] ?? m[2]);
      if (value >= min && value <= max) return value;
    }
    return null;
  };
  return {
    ftp:
      number(
        /\b(?:ftp|functional threshold power)(?: is| of|:|=)? (?:about |around |~)?(\d{2,3}(?:\.\d)?)\b(?! ?w\/kg)(?: ?w(?:atts?)?\b)?|\bftp[^.]{0,25}?\b(\d{2,3}) ?w(?:atts?)?\b(?!\/)/g,
        30,
        700,
      ) ?? number(/\bftp[^;]{0,25}?\b(\d{2,3}) ?w(?:atts?)?\b(?!\/)/g, 30, 700),
    lthr: number(
      /\b(?:lthr|lactate threshold (?:hr|heart rate)|threshold (?:hr|heart rate))(?: is| of|:|=)? (\d{2,3})\b/g,
      80,
      230,
    ),
    maxHr: number(
      /\b(?:max ?hr|max heart ?rate|maximum heart ?rate|hr ?max|mhr)(?: is| of|:|=)? (\d{3})\b/g,
      100,
      240,
    ),
  };
}

type PerSport = { run: number | null; bike: number | null; swim: number | null };

export interface LongestReading {
  /** Minutes: "longest run lately 1h50", "my long run is usually 2.5 hours". */
  minutes: PerSport;
  /** Kilometres: "longest run 28 km", "the furthest I've run is 15 km", "never ridden more than 60 miles". */
  km: PerSport;
  /** Where each distance was read: hidden from the event reader ("my longest ride is 100 km" is no event). */
  spans: Array<[number, number]>;
}

/** A distance after the longest-session words: km, k, miles, mi, and for a swim metres or yards. */
const LONGEST_DISTANCE =
  /\b(\d+(?:\.\d+)?) ?(km|kms|k|kilomet\w+|miles?|mi|m|metres?|meters?|yards?|yds?)\b(?! ?(?:a|per|each|every|\/|in a) ?(?:week|wk|day)\b)/;
/** The verbs and nouns of each sport in the longest-session phrasings. */
const LONGEST_SPORT = '(run|ran|running|ride|ridden|rode|riding|cycled|biked|bike|swim|swum|swam|swimming)';
/** Kilometres each sport's longest session may be (outside: a misreading, not a session). */
const LONGEST_KM: Record<keyof PerSport, [number, number]> = {
  run: [1, 250],
  bike: [5, 1000],
  swim: [0.1, 25],
};

const sportOfVerb = (word: string): keyof PerSport =>
  /^(run|ran)/.test(word) ? 'run' : /^sw/.test(word) ? 'swim' : 'bike';

function kmOf(value: string, unit: string, sport: keyof PerSport): number | null {
  const n = Number(value);
  const km = /^(km|kms|k|kilomet)/.test(unit)
    ? n
    : /^(mi)/.test(unit)
      ? n * 1.609344
      : // Metres and yards: a swim's unit only ("longest swim 1500m"); a run of "28m" is no distance.
        sport === 'swim'
        ? (n * (/^y/.test(unit) ? 0.9144 : 1)) / 1000
        : Number.NaN;
  const [low, high] = LONGEST_KM[sport];
  return km >= low && km <= high ? Math.round(km * 10) / 10 : null;
}

/** A Couch to 5K programme finished: "couch to 5k graduate", "completed c25k", "graduated from couch to 5k". */
const C25K_DONE =
  /\b(?:(?:finished|completed|done|did|graduated(?: from)?) (?:the )?(?:couch to 5k|c25k)|(?:couch to 5k|c25k) (?:graduate|finished|completed|done))\b/;
/** The minutes of a Couch to 5K programme's last runs. */
const C25K_LAST_RUN_MINUTES = 30;

/**
 * The longest session per sport the athlete has done (docs/onboarding.md, "Athlete facts"), as minutes and as
 * kilometres: "longest run lately 1h50", "longest run 28 km", "my longest ride so far is 100 km", "the furthest
 * I've run is 15 km", "never ridden more than 60 miles" (the most is the longest: a limit, not a beginner's
 * word). The first reading of each sport counts.
 */
export function findLongest(text: string): LongestReading {
  const minutes: PerSport = { run: null, bike: null, swim: null };
  const km: PerSport = { run: null, bike: null, swim: null };
  const spans: Array<[number, number]> = [];
  const distance = (sport: keyof PerSport, tail: string, from: number) => {
    const d = tail.match(LONGEST_DISTANCE);
    if (!d || km[sport] !== null) return;
    const value = kmOf(d[1]!, d[2]!, sport);
    if (value === null) return;
    km[sport] = value;
    spans.push([from + d.index!, from + d.index! + d[0].length]);
  };
  // "Longest run lately 1h50", "longest run 28 km", "my long run is usually 18 km", "furthest ride: 120 km".
  const re =
    /\b(?:longest|long|furthest|farthest)(?: recent| ever)? (run|ride|bike ride|bike|swim)\b((?:[^,.;?]|\.\d){0,40})/g;
  for (const m of text.matchAll(re)) {
    const sport = m[1] === 'run' ? 'run' : m[1] === 'swim' ? 'swim' : 'bike';
    if (/^long /.test(m[0]) && !/\b(usually|is|lasts|typically)\b/.test(m[2]!)) continue;
    const tail = m[2]!;
    const tailAt = m.index! + m[0].length - tail.length;
    const time =
      tail.match(/\b(\d{1,2}):(\d{2})\b(?! ?\/)/) ??
      tail.match(/\b(\d{1,2}) ?(?:h|hours?|hrs?) ?(\d{1,2})(?: ?(?:m|minutes?))?\b/) ??
      tail.match(/\b(\d+(?:\.\d+)?) ?(h|hours?|hrs?|minutes?|mins?)\b/);
    if (!time) {
      distance(sport, tail, tailAt);
      continue;
    }
    if (minutes[sport] !== null) continue;
    let value: number;
    if (tail.includes(':') && /:/.test(time[0])) value = Number(time[1]) * 60 + Number(time[2]);
    else if (/^\d+$/.test(time[2] ?? '')) value = Number(time[1]) * 60 + Number(time[2]);
    else value = Number(time[1]) * (/^h/.test(time[2]!) ? 60 : 1);
    if (value > 0 && value <= 24 * 60) minutes[sport] = value;
  }
  // "The furthest I've run is 15 km", "the most I have ever ridden was 80 miles", "never ridden more than 60
  // miles", "haven't run further than 10k": the distance the athlete has never gone past.
  const most = new RegExp(
    String.raw`\b(?:(?:furthest|farthest|longest|most|max(?:imum)?)(?: distance)? (?:i'?ve|i have|i) (?:ever )?|(?:never|not|[a-z]+n'?t) (?:ever )?)${LONGEST_SPORT}\b((?:[^,.;?]|\.\d){0,40})`,
    'g',
  );
  for (const m of text.matchAll(most)) {
    const tail = m[2]!;
    // A denial names the limit: "never ridden more than", "haven't run further than", "not run over".
    if (
      !/^(?:furthest|farthest|longest|most|max)/.test(m[0]) &&
      !/^ (?:more|further|farther|longer|over|past|beyond)\b/.test(tail)
    )
      continue;
    distance(sportOfVerb(m[1]!), tail, m.index! + m[0].length - tail.length);
  }
  // A Couch to 5K graduate ("couch to 5k graduate", "finished c25k") has run the programme's last runs, 30
  // minutes without walking: no new runner (docs/plan-generator.md, "A new runner runs and walks").
  if (minutes.run === null && C25K_DONE.test(text)) minutes.run = C25K_LAST_RUN_MINUTES;
  return { minutes, km, spans };
}

// ---------------------------------------------------------------------------------------------------------
// Limiters

/** The athlete as a swimmer, rider or runner, and the sport's own words: the limiter is in the group. */
const PERSON = '(swimmer|cyclist|rider|biker|runner)';
const ACTIVITY = '(swim(?:ming)?|bike|biking|cycling|ride|riding|run(?:ning)?)';
const WEAK_WORD = '(?:weak(?:est|er)?|poor|bad|terrible|awful|slow|nervous|novice|beginner|inexperienced)';
const WEAKNESS =
  '(?:weakness|limiter|weak (?:point|spot|leg|discipline|sport|link|side)|weakest(?: (?:leg|discipline|sport|link))?|achilles heel)';
/**
 * The ways a text names a sport as the athlete's weakness, each with the sport in its first group: "weak
 * swimmer", "weak swim", "not a strong swimmer", "poor at running", "weak on the bike", "swimming is my weakness",
 * "bike is my weak leg", "swimming is a struggle", "my limiter is the bike", "I struggle with the swim", "can barely swim", "new to
 * swimming", "nervous in open water" (swim). A terrain or a body part is no sport ("weak at hills", "weak knees").
 */
const LIMITER_PATTERNS: readonly RegExp[] = [
  new RegExp(String.raw`\b${WEAK_WORD} (?:(?:open water|pool) )?${PERSON}`, 'g'),
  new RegExp(String.raw`\bweak(?:est|er)? ${ACTIVITY}\b`, 'g'),
  new RegExp(
    String.raw`\bnot (?:(?:a|an|very|that|so|really|particularly|much of a|much of an|great|strong|good|confident|fast|natural|comfortable|strong) )+${PERSON}`,
    'g',
  ),
  new RegExp(
    String.raw`\b(?:${WEAK_WORD}|not (?:very |that |so |really )?(?:good|great|strong|confident|fast|comfortable)) (?:at|in|on) (?:the |my )?${ACTIVITY}\b`,
    'g',
  ),
  new RegExp(
    String.raw`\b${ACTIVITY} (?:is|=|are) (?:(?:definitely|really|probably|clearly|by far|a|my|the|biggest|main|real|big) )*(?:${WEAKNESS}|weak|struggle)\b`,
    'g',
  ),
  new RegExp(
    String.raw`\b(?:biggest |main |real |big )?${WEAKNESS}(?: is| =|:| would be) (?:(?:the|my|definitely|probably|clearly) )*${ACTIVITY}\b`,
    'g',
  ),
  new RegExp(String.raw`\bstruggl(?:e|es|ing) (?:with|on|in|at|through) (?:the |my )?${ACTIVITY}\b`, 'g'),
  /\b(?:can (?:barely|hardly|only just)|can'?t really|cannot really|(?:just |only just |still )?learn(?:ing|ed|t) (?:how )?to) (swim|ride|run)\b/g,
  new RegExp(String.raw`\b(?:new|newish|fairly new|quite new) to ${ACTIVITY}\b`, 'g'),
  /\b(?:(?:not|never) (?:very |that |so |really )?(?:comfortable|confident)|nervous|scared|afraid|panic\w*) (?:in|of) (?:the )?(?:open )?(water)\b/g,
];
/** The limiter denied: "not a weak swimmer", "not bad at running". */
const LIMITER_DENIED = /\b(?:not|never|no longer)(?: (?:a|an|very|that|so|really))? $/;

const sportOfWord = (word: string): TriSport =>
  /swim|water/.test(word) ? 'swim' : /run/.test(word) ? 'run' : 'bike';

/**
 * The sports the athlete names as their weakness (docs/onboarding.md, "Limiters"), in swim, bike, run order;
 * empty when the text names none. Strengths ("strong cyclist", "ex-swimmer") are not read.
 */
export function findLimiters(text: string): TriSport[] {
  const found = new Set<TriSport>();
  for (const pattern of LIMITER_PATTERNS)
    for (const m of text.matchAll(pattern)) {
      if (!m[0].startsWith('not ') && LIMITER_DENIED.test(text.slice(Math.max(0, m.index! - 20), m.index!)))
        continue;
      found.add(sportOfWord(m[1]!));
    }
  return TRI_SPORTS.filter((s) => found.has(s));
}
