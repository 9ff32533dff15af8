// Weekly hours and current volume in a goal text (docs/onboarding.md, "Weekly hours"): the hours the
// athlete has for training (ranges, approximations, sessions x minutes, per day, weekdays and weekend, "in
// total"), told apart from what they train now ("about 6 h a week now", "running 40 km a week").
import { isPositive, roundTo } from '../numbers.ts';
import type { Experience } from './goal-terms.ts';
import { clauseOf, NUMBER_WORDS, sentenceOf } from './goal-text.ts';

const NUM = String.raw`(\d+(?:\.\d+)?)`;
const AMOUNT = String.raw`${NUM}(?: ?(?:-|to|or|and) ?${NUM})? ?(h|hours?|hrs?|minutes?|mins?)\b`;
const AMOUNT_ANY_UNIT = String.raw`${NUM}(?: ?(?:-|to|or|and) ?${NUM})? ?(h|hours?|hrs?|minutes?|mins?)?(?![\d:])`;
const PER_WEEK = String.raw`(?:(?:a|per|each|every|\/|in a|in the) ?)?(?:week|wk)\b`;
const WEEKLY = new RegExp(
  String.raw`(?:between )?${AMOUNT}(?: of (?:training|running|riding|swimming|running))?(?: for train\w*)?(?: (?:in )?total| in all)? ?${PER_WEEK}|(?:between )?${AMOUNT} weekly|weekly(?: volume| training time| hours)?(?: of| is| are|:)?(?: around| about| roughly)? ${AMOUNT}`,
  'g',
);
const DAILY = new RegExp(String.raw`${AMOUNT} ?(?:a|per|each|every|\/) ?day\b`);
const WEEKDAYS = new RegExp(
  String.raw`${AMOUNT}(?: a day)? ?(?:on|during|each|every|per|for|most)? ?(?:the )?(?:week ?days?|weeknights?|work ?days?|during the week)\b(?<total> in total)?|(?:week ?days?|weeknights?|during the week)[^.\d]{0,30}?${AMOUNT}`,
);
const WEEKENDS = new RegExp(
  String.raw`${AMOUNT} ?(?:on|during|each|every|per|for|at)? ?(?:the )?(?:weekends?|weekend days?|saturdays? and sundays?|sat and sun)\b|(?:weekends?)[^.\d]{0,30}?${AMOUNT}`,
);
/** "4 sessions of 45 min", "5 x 1h", "3 runs of 40 minutes a week", "4 runs a week of about an hour". */
const SESSIONS = new RegExp(
  String.raw`\b(\d+) ?(?:x|sessions?|runs?|rides?|swims?|workouts?|times)(?: (?:a|per) week)?(?: of| x|,)? (?:about |around |max )?${AMOUNT}|\b${AMOUNT} ?(?:x|times) ?(\d+)\b`,
);
const CURRENT =
  /\b(now|currently|at the moment|right now|these days|lately|at present|so far|i'?m doing|i am doing|i'?m running|i run|i ride|i train about|i train around)\b/;
const AVAILABLE = /\b(can|could|have|available|max|up to|spare|able|possible|no more than)\b/;

/** Minutes of one AMOUNT match (value, top, unit at `at`); a range gives its bounds. */
function minutesOf(m: RegExpMatchArray, at: number): { min: number; max: number } | null {
  const value = m[at];
  if (value === undefined) return null;
  const top = m[at + 1] ?? value;
  const factor = /^h/.test(m[at + 2]!) ? 60 : 1;
  const min = Number(value) * factor;
  const max = Number(top) * factor;
  return max >= min ? { min, max } : { min: max, max: min };
}

const firstAmount = (m: RegExpMatchArray | null, from = 1) => {
  if (!m) return null;
  for (let at = from; at + 2 < m.length; at += 3) {
    const found = minutesOf(m, at);
    if (found) return found;
  }
  return null;
};

interface WeeklyHours {
  hours: number;
  range: { min: number; max: number } | null;
  weekdayMaxMinutes: number | null;
}

/** Sessions a week of each sport the athlete does now (null: not said). */
interface WeeklySessions {
  run: number | null;
  bike: number | null;
  swim: number | null;
}

export interface Volume {
  available: WeeklyHours | null;
  currentHours: number | null;
  currentKm: number | null;
  currentSessions: WeeklySessions;
}

const midpoint = (a: { min: number; max: number }) => (a.min + a.max) / 2;

/** Whether a weekly amount at `index` is what the athlete trains now rather than the time they have. */
function isCurrent(text: string, index: number, end: number): boolean {
  const clause = clauseOf(text, index, end);
  const words = text.slice(clause.start, clause.end);
  return CURRENT.test(words) && !AVAILABLE.test(words);
}

function availableHours(text: string): WeeklyHours | null {
  const sessions = text.match(SESSIONS);
  // "I run 3 times a week, 6 hours a week available": a count already said per week, then an amount per week
  // again, is the week's amount, not each session's ("4 sessions of 45 minutes a week" stays 4 × 45 min).
  const weekly =
    sessions !== null &&
    /\bweek\b/.test(sessions[0]) &&
    new RegExp(String.raw`^ ?${PER_WEEK}`).test(text.slice(sessions.index! + sessions[0].length));
  if (sessions && !weekly && !isCurrent(text, sessions.index!, sessions.index! + sessions[0].length)) {
    const count = Number(sessions[1] ?? sessions[8]);
    const each = firstAmount(sessions, 2);
    if (each && count >= 1 && count <= 14) {
      return { hours: roundTo((count * midpoint(each)) / 60, 2), range: null, weekdayMaxMinutes: null };
    }
  }
  for (const m of text.matchAll(WEEKLY)) {
    const amount = firstAmount(m);
    if (!amount || amount.max > 40 * 60 || isCurrent(text, m.index!, m.index! + m[0].length)) continue;
    const range = amount.max > amount.min ? { min: amount.min / 60, max: amount.max / 60 } : null;
    return { hours: roundTo(midpoint(amount) / 60, 2), range, weekdayMaxMinutes: null };
  }
  // "Can go up to 9", "want to increase to 6", "7 hours a week now, can do 9": the hours after a current amount
  // (not "can do 3 sessions", "can do 10k", "can do 2 more").
  const raise = text.match(
    /\b(?:up to|increase (?:it )?to|go to|build to|can do|could do|can manage|could manage)(?: about| around)? (\d+(?:\.\d+)?)\b(?! ?(?:km|k\b|mi\b|miles|sessions?|runs?|rides?|swims?|workouts?|times|x\b|days?|more|extra|min|minutes|:))/,
  );
  const raised = raise ? Number(raise[1]) : 0;
  if (raise && /hours?|\bh\b/.test(text) && raised >= 2 && raised <= 40)
    return { hours: raised, range: null, weekdayMaxMinutes: null };
  const weekdayMatch = text.match(WEEKDAYS);
  const weekendMatch = text.match(WEEKENDS);
  const weekday = firstAmount(weekdayMatch);
  if (weekday) {
    const total = Boolean(weekdayMatch?.groups?.total);
    const perDay = total ? midpoint(weekday) / 5 : midpoint(weekday);
    const weekendAmount = firstAmount(weekendMatch);
    // "3 hours on weekends" or "on Saturday and Sunday" is each day; "3 hours on the weekend" the whole weekend.
    const singular = weekendMatch ? /the weekend\b(?!s)/.test(weekendMatch[0]) : false;
    const weekendMinutes = weekendAmount ? midpoint(weekendAmount) * (singular ? 1 : 2) : null;
    if (weekendMinutes === null) {
      // Only the weekdays are given: the week's hours stay unknown (0), the weekday cap is kept.
      return { hours: 0, range: null, weekdayMaxMinutes: weekday.max };
    }
    return {
      hours: roundTo((perDay * 5 + (weekendMinutes ?? 2 * Math.max(perDay, 90))) / 60, 2),
      range: null,
      weekdayMaxMinutes: total ? null : weekday.max,
    };
  }
  const daily = firstAmount(text.match(DAILY));
  if (daily) {
    const days = text.match(/\b([1-7]) days? (a|per|each) week\b/);
    return {
      hours: roundTo((midpoint(daily) * (days ? Number(days[1]) : 7)) / 60, 2),
      range: null,
      weekdayMaxMinutes: null,
    };
  }
  // Named days with an amount each: "Tue Thu Sat Sun, 1 hour each"; "1 hour on tue, wed, thu and 2 hours sat".
  const dayAmounts = [
    ...text.matchAll(
      /((?:(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day)?s?(?:,? (?:and )?| ?\/ ?)){1,7}),? ?(\d+(?:\.\d+)?) ?(h|hours?|minutes?) each\b|\b(\d+(?:\.\d+)?) ?(h|hours?|minutes?) on ((?:(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day)?s?(?:,? (?:and )?)?){1,7})|\b(\d+(?:\.\d+)?) ?(h|hours?|minutes?) ((?:(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day)?s?(?:,? (?:and )?)?){1,2})\b/g,
    ),
  ];
  if (dayAmounts.length > 0) {
    let minutes = 0;
    for (const m of dayAmounts) {
      const [days, value, unit] = m[1] ? [m[1], m[2], m[3]] : m[4] ? [m[6], m[4], m[5]] : [m[9], m[7], m[8]];
      const count = days!.match(/(mon|tue|wed|thu|fri|sat|sun)/g)?.length ?? 0;
      minutes += count * Number(value) * (/^h/.test(unit!) ? 60 : 1);
    }
    if (minutes > 0) return { hours: roundTo(minutes / 60, 2), range: null, weekdayMaxMinutes: null };
  }
  // "About 3 hours in total", "training time: 6-8 hrs", "Hours: 7", "I train 12-14 hours".
  const stated = text.match(
    new RegExp(
      String.raw`(?:(?:training time|hours|time available|availability)[:=] ?(?:about |around )?${AMOUNT_ANY_UNIT}|\b(?:i train|i can train|i have|train) (?:about |around |roughly )?${AMOUNT}|${AMOUNT} (?:in total|total|in all))`,
    ),
  );
  if (stated) {
    const groups = [...stated].slice(1);
    const at = groups.findIndex((g) => g !== undefined);
    if (at >= 0) {
      const value = Number(groups[at]);
      const topRaw = groups[at + 1];
      const unit = groups[at + 2] ?? 'h';
      const factor = /^h/.test(unit) ? 1 : 1 / 60;
      const top = topRaw !== undefined ? Number(topRaw) : value;
      const min = Math.min(value, top) * factor;
      const max = Math.max(value, top) * factor;
      if (max <= 40 && !isCurrent(text, stated.index!, stated.index! + stated[0].length))
        return {
          hours: roundTo((min + max) / 2, 2),
          range: max > min ? { min, max } : null,
          weekdayMaxMinutes: null,
        };
    }
  }
  return null;
}

function currentHours(text: string): number | null {
  for (const m of text.matchAll(WEEKLY)) {
    const amount = firstAmount(m);
    if (amount && isCurrent(text, m.index!, m.index! + m[0].length)) return roundTo(midpoint(amount) / 60, 2);
  }
  // "I run 3x a week 30 min", "I run 30 minutes 3 times a week".
  const runs =
    text.match(
      // Not "I run 3 times a week, 6 hours a week available": an amount per week is the week's, not a run's.
      new RegExp(
        String.raw`\bi (?:run|ride|swim|train) (\d+) ?(?:x|times) (?:a|per) week,? (?:for )?(\d+(?:\.\d+)?) ?(h|hours?|minutes?)\b(?! ?${PER_WEEK})`,
      ),
    ) ??
    text.match(
      /\bi (?:run|ride|swim|train) (\d+(?:\.\d+)?) ?(h|hours?|minutes?) (\d+) ?(?:x|times) (?:a|per) week\b/,
    );
  if (runs) {
    const [count, value, unit] =
      /^\d+$/.test(runs[1]!) && runs[3] && /^(h|hours?|minutes?)$/.test(runs[3])
        ? [runs[1], runs[2], runs[3]]
        : [runs[3], runs[1], runs[2]];
    return roundTo((Number(count) * Number(value) * (/^h/.test(unit!) ? 60 : 1)) / 60, 2);
  }
  return null;
}

function currentKm(text: string): number | null {
  const patterns = [
    /\b(\d+(?:\.\d+)?)(?: ?(?:-|to) ?(\d+(?:\.\d+)?))? ?(km|kms|k|kilomet\w+|miles?|mi)(?: total)? ?(?:a|per|each|every|\/|in a) ?(?:week|wk)\b/g,
    /\bweekly(?: mileage| volume| distance| km)?(?: is| of|:)? (?:about |around )?(\d+(?:\.\d+)?)(?: ?(?:-|to) ?(\d+(?:\.\d+)?))? ?(km|kms|k|miles?|mi)\b/g,
    // "I run 3 times a week, about 25 km", "3x/week, ~25 km total", "4 days a week, roughly 30 kilometres": the
    // distance right after how often they run is the week's, unless it names a race or a result ("I run 4 times
    // a week, 10K PB 48:00", "3x a week, 5k in 24 min").
    /(?:\b(?:runs?|running|times|days?|sessions?)|(?<=\d) ?x) ?(?:a|per|each|every|\/) ?(?:week|wk),? (?:about |around |roughly |approximately |approx\.? |~ ?)?(\d+(?:\.\d+)?)(?: ?(?:-|to) ?(\d+(?:\.\d+)?))? ?(km|kms|k|kilomet\w+|miles?|mi)\b(?! ?(?:pb|pr|personal|best|race|time|result|record|in \d|of \d|at \d|-? ?\d{1,2}:\d{2}|\d{1,2}:\d{2}))/g,
  ];
  for (const pattern of patterns)
    for (const m of text.matchAll(pattern)) {
      const sentence = sentenceOf(text, m.index!);
      const clause = clauseOf(text, m.index!, m.index! + m[0].length);
      const around = text.slice(clause.start, clause.end);
      // Swimming or riding distances are not running volume.
      if (/\b(swim\w*|rid\w*|bike|cycl\w*|pool)\b/.test(around)) continue;
      if (/\b(swim\w*|pool)\b/.test(text.slice(sentence.start, m.index!)) && !/\brun/.test(around)) continue;
      // "I ride 3 times a week, about 100 km": the sentence's sport before the distance decides.
      const before = text.slice(sentence.start, m.index!);
      if (/\b(rid\w*|bike|cycl\w*)\b/.test(before) && !/\brun/.test(before) && !/\brun/.test(around))
        continue;
      const low = Number(m[1]);
      const high = m[2] ? Number(m[2]) : low;
      const factor = /^mi/.test(m[3]!) ? 1.609344 : 1;
      const km = roundTo(((low + high) / 2) * factor, 1);
      if (km > 0 && km <= 500) return km;
    }
  return null;
}

const COUNT_WORDS: Record<string, number> = { once: 1, twice: 2, ...NUMBER_WORDS };
const COUNT = String.raw`(\d{1,2}|once|twice|one|two|three|four|five|six|seven)`;
/**
 * How often: "3 times a week", "3x/week", "3 x per week", "4 days a week", "three runs a week", "twice a week",
 * "5 rides per week". The noun, when it is a sport's, names the sport.
 */
const FREQUENCY = new RegExp(
  String.raw`\b${COUNT}(?: ?(?:x|times|days?|(runs?|rides?|swims?|(?:bike |swim |run )?sessions?|workouts?)))?(?: (?:a|per|each|every|in a)| ?\/| (?=week))? ?(?:week|wk)\b`,
  'g',
);
const SPORT_WORDS: ReadonlyArray<[keyof WeeklySessions, RegExp]> = [
  ['run', /\b(runs?|running|ran|jog\w*)\b/g],
  ['bike', /\b(rides?|riding|rode|bike|biking|cycl\w*|spin\w*)\b/g],
  ['swim', /\b(swims?|swimming|swam|pool)\b/g],
];
/** A frequency the athlete has or wants, not one they train at now. */
const NOT_NOW =
  /\b(can|could|able|available|availability|spare|max|up to|no more than|want\w*|would|will|plan\w*|hope|used to|ideally|like to|prefer\w*|wish|aim\w*|goal|should|need|build to|increase|get to|go to|strength|gym|core|yoga|weights?|lift\w*|pilates|stretch\w*|races?|racing|events?)\b/;
/** What says the athlete does it now: a present statement ("I run", "I do", "currently", "-ing"). */
const NOW =
  /\b(now|currently|at the moment|right now|these days|lately|at present|usually|normally|typically|regularly|i'?m|i am|i (?:do|run|ride|swim|cycle|bike|jog|train|go)|running|riding|cycling|swimming|jogging|training)\b/;

/**
 * How often the athlete does each sport now ("I run 3 times a week", "currently 3 runs a week", "ride twice a
 * week"): the sport from the noun ("runs") or the nearest sport word before the count in its clause; not a
 * frequency they can or want to do, not strength or races (docs/onboarding.md, "Current training").
 */
function currentSessions(text: string): WeeklySessions {
  const found: WeeklySessions = { run: null, bike: null, swim: null };
  for (const m of text.matchAll(FREQUENCY)) {
    const count = COUNT_WORDS[m[1]!] ?? Number(m[1]);
    if (!(count >= 1 && count <= 14)) continue;
    const clause = clauseOf(text, m.index!, m.index! + m[0].length);
    const before = text.slice(clause.start, m.index!);
    // The present statement may open the sentence: "I ride twice a week and swim once".
    if (NOT_NOW.test(before) || !NOW.test(text.slice(sentenceOf(text, m.index!).start, m.index!))) continue;
    // "Times a week" needs a verb or noun naming the sport; "4 days a week" likewise.
    const noun = m[2] ?? '';
    let sport: keyof WeeklySessions | null = null;
    let at = -1;
    for (const [s, words] of SPORT_WORDS) {
      if (words.test(noun)) sport = s;
      words.lastIndex = 0;
    }
    if (sport === null)
      for (const [s, words] of SPORT_WORDS)
        for (const w of before.matchAll(words))
          if (w.index! > at) {
            at = w.index!;
            sport = s;
          }
    if (sport !== null && found[sport] === null) found[sport] = count;
  }
  return found;
}

export function findVolume(text: string): Volume {
  return {
    available: availableHours(text),
    currentHours: currentHours(text),
    currentKm: currentKm(text),
    currentSessions: currentSessions(text),
  };
}

/**
 * Hours a week a stated running distance takes at an easy pace: the athlete's own (seconds per km) when known, else
 * 6:00/km (6:45 for a beginner, 5:15 advanced).
 */
function hoursFromKm(kmWeek: number, experience: Experience, easyPace?: number): number {
  const pace = isPositive(easyPace)
    ? easyPace / 60
    : experience === 'beginner'
      ? 6.75
      : experience === 'advanced'
        ? 5.25
        : 6;
  return (kmWeek * pace) / 60;
}

/**
 * Minutes of one session the athlete trains now, by sport and experience, when they say how often they train but
 * not how much (docs/plan-generator.md, "Knowing the athlete"): our figures, a beginner's run about Couch to 5K's
 * 30 minutes, an experienced runner's near an hour; rides longer, swims about as long as runs.
 */
const SESSION_MINUTES_NOW: Record<'run' | 'bike' | 'swim', Record<Experience, number>> = {
  run: { beginner: 30, intermediate: 45, advanced: 55 },
  bike: { beginner: 60, intermediate: 75, advanced: 90 },
  swim: { beginner: 30, intermediate: 45, advanced: 50 },
};

/** Hours a week the sessions the athlete says they train now take (0: no count said). */
function hoursFromSessions(sessions: WeeklySessions | null | undefined, e: Experience) {
  let minutes = 0;
  for (const sport of ['run', 'bike', 'swim'] as const) {
    const n = sessions?.[sport];
    if (isPositive(n)) minutes += Math.min(n, 14) * SESSION_MINUTES_NOW[sport][e];
  }
  return minutes / 60;
}

/**
 * The hours a week the athlete says they train now (0: nothing said): the hours said, else the running km at an
 * easy pace, else the sessions said at a typical length (docs/plan-generator.md, "Knowing the athlete").
 */
export function statedWeeklyHours(
  f:
    | {
        current_weekly_hours?: number | null;
        current_weekly_km?: number | null;
        current_weekly_sessions?: WeeklySessions | null;
      }
    | null
    | undefined,
  experience: Experience,
  /** The athlete's easy running pace, seconds per km, when their threshold is known. */
  easyPace?: number,
): number {
  if (isPositive(f?.current_weekly_hours)) return Math.min(f.current_weekly_hours, 40);
  if (isPositive(f?.current_weekly_km))
    return hoursFromKm(Math.min(f.current_weekly_km, 300), experience, easyPace);
  return hoursFromSessions(f?.current_weekly_sessions, experience);
}
