// Times in a goal text (docs/onboarding.md, "Times"): every time expression ("3:15", "1h45", "sub-3",
// "80 min", "3.30", "5hrs 30mins") is found once, then told apart by what surrounds it: a result already
// run ("PB 3:21", "ran a 1:32 half in May"), the target ("goal 3:15", "beat my 3:21 PB", "take 5 minutes off
// my PB"), a pace, a threshold, the longest session, a weekly amount, a cutoff. What is left and sits next
// to the event is the target. A time with no unit is read as hours:minutes or minutes:seconds, whichever is
// closer to the event's typical finishing time.

import { type EventMention, nearest } from './goal-events.ts';
import type { GoalSport } from './goal-terms.ts';
import { clauseOf, sentenceOf } from './goal-text.ts';

export interface TimeMention {
  index: number;
  end: number;
  /** The possible readings in seconds: one when the unit is clear, two when h:mm and m:ss both fit. */
  readings: number[];
  kind: 'target' | 'bare' | 'perf' | 'beat' | 'other';
}

/** The event's typical finishing time in seconds, to tell h:mm from m:ss and hours from minutes. */
export function typicalSeconds(sport: GoalSport, meters: number): number {
  if (sport === 'triathlon') return (meters / 1000 / 22) * 3600;
  if (sport === 'bike') return (meters / 1000 / 25) * 3600;
  if (sport === 'swim') return (meters / 100) * 120;
  return (meters / 1000) * 360;
}

export function formatHms(seconds: number): string {
  const s = Math.round(seconds);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** Of the readings, the one closest (by ratio) to the event's typical time. */
export function closest(candidates: number[], typical: number): number {
  return candidates.reduce((a, b) =>
    Math.abs(Math.log(b / typical)) < Math.abs(Math.log(a / typical)) ? b : a,
  );
}

const PACE = /\b(\d{1,2}):(\d{2}) ?(?:minutes?|min)? ?(?:\/|per) ?(km|kilomet(?:er|re)|mile|mi|100 ?m)\b/g;

/** Time expressions, most specific first; each match masks its span. */
const FORMS: ReadonlyArray<[RegExp, (m: RegExpMatchArray) => number[]]> = [
  [/(?<![\d:.])\b(\d{1,2}):(\d{2}):(\d{2})\b/g, (m) => [+m[1]! * 3600 + +m[2]! * 60 + +m[3]!]],
  [
    /\b(\d{1,2}) ?(?:h|hours?|hrs?) ?(\d{1,2}) ?(?:m|minutes?|mins?)?\b(?! ?(?:km|k|mi|miles?|weeks?|days?|x\b))/g,
    (m) => (+m[2]! < 60 ? [+m[1]! * 3600 + +m[2]! * 60] : []),
  ],
  [/\b(\d{1,3}) ?(?:minutes?|mins?) ?(\d{1,2}) ?(?:s|secs?|seconds?)\b/g, (m) => [+m[1]! * 60 + +m[2]!]],
  [
    /(?<![\d:.])\b(\d{1,2}):(\d{2})(?: ?(h|hours?|minutes?|mins?))?(?![\d:])/g,
    (m) =>
      m[3]
        ? [/^h/.test(m[3]) ? +m[1]! * 3600 + +m[2]! * 60 : +m[1]! * 60 + +m[2]!]
        : [+m[1]! * 3600 + +m[2]! * 60, +m[1]! * 60 + +m[2]!],
  ],
  [
    /(?<![\d.])\b(\d{1,2})\.([0-5]\d)\b(?![.\d]| ?(?:km|k\b|kms|mi|miles?|m\b|kg|%|w\b))/g,
    (m) => [+m[1]! * 3600 + +m[2]! * 60, +m[1]! * 60 + +m[2]!],
  ],
  [/\b(\d{1,2}(?:\.\d+)?) ?(?:h|hours?|hrs?)\b/g, (m) => [+m[1]! * 3600]],
  [/\b(\d{1,3}) ?(?:minutes?|mins?)\b/g, (m) => [+m[1]! * 60]],
  [
    /\b(?:sub|under|below|break|breaking|beat|goal|target|aim for|aiming for|go for|in|want|@)[ -](\d{1,2}(?:\.\d)?)\b(?! ?(?:km|k\b|kms|mi\b|miles?|m\b|weeks?|months?|days?|years?|%|x\b|times|sessions|runs|races|marathons|w\b|kg|yo|year|[:.]\d|th\b|st\b|nd\b|rd\b))/g,
    (m) => (m[1]!.includes('.') ? [+m[1]! * 3600] : [+m[1]! * 3600, +m[1]! * 60]),
  ],
];

const VOLUME_AFTER =
  /^ ?(?:(?:in )?total )?(?:of (?:training|running|riding|swimming) )?(?:(?:a|per|each|every|\/|in a|in the) ?(?:week|day|weekdays?|weekends?|session|run)\b|(?:for train\w*|x|times|sessions?)\b)|^ ?(?:weekly|week\b|on weekdays|on weekends|on the weekend|peak|max\b|\d+ (?:days|times))/;
const VOLUME_BEFORE =
  /(?:(?:sessions?|runs?|rides?|swims?|workouts?)(?: (?:a|per) week)? (?:of|x)|\d ?x|times a week,?|i have|spare|available|can do|up to|no more than|weekly|hours:|training time:|increase to) ?(?:about |around |only |max )?$/;
const PERF_CUE =
  /\b(pb|pr|personal best|best(?: time)?|ran|run a|did|raced|finished(?: in)?|clocked|currently|recent|last (?:year|race|time|month|week|spring|summer|autumn|fall|winter|half|marathon|ironman|half ironman|one)|previous|my time (?:was|is))\b/g;
const GOAL_CUE =
  /\b(goal|target|aim|aiming|want|wanna|hope|hoping|sub|under|below|beat|break|this year|next|would like|dream|objective|try|attempt|go for|would love)\b/g;
const TARGET_BEFORE =
  /(?:sub|under|below|break|breaking|beat|goal(?: time)?(?: is| of)?|target(?: time)?(?: is| of)?|aim(?:ing)? (?:for|at)|go for|in|want|wanna|hope|hoping for|maybe|@|time|objective is|finish in|to run|do|would be|get|of|at|around|about|pace)(?: (?:a|an|the|my|to|for|is|of|about|around|under|sub|go|run|do))*[ -]?$/;

const lastIndex = (re: RegExp, s: string) => {
  let at = -1;
  for (const m of s.matchAll(re)) at = m.index!;
  return at;
};

/** All time expressions with what each one is (before any event is chosen). */
export function findTimes(text: string): {
  times: TimeMention[];
  paces: Array<{ index: number; end: number; secondsPerKm: number; per100m: number | null; context: string }>;
} {
  let masked = text;
  const mask = (index: number, length: number) => {
    masked = masked.slice(0, index) + '#'.repeat(length) + masked.slice(index + length);
  };
  const paces = [];
  for (const m of text.matchAll(PACE)) {
    const seconds = +m[1]! * 60 + +m[2]!;
    const unit = m[3]!;
    paces.push({
      index: m.index!,
      end: m.index! + m[0].length,
      secondsPerKm: /^mi/.test(unit) ? seconds / 1.609344 : seconds,
      per100m: /^100/.test(unit) ? seconds : null,
      context: text.slice(Math.max(0, m.index! - 30), m.index!),
    });
    mask(m.index!, m[0].length);
  }
  const raw: Array<{ index: number; end: number; readings: number[] }> = [];
  for (const [pattern, read] of FORMS) {
    for (const m of masked.matchAll(pattern)) {
      const readings = read(m).filter((s) => s > 0 && s < 7 * 24 * 3600);
      if (readings.length === 0) continue;
      // The bare number after a cue: the span is the number alone.
      const offset = pattern === FORMS.at(-1)![0] ? m[0].length - m[1]!.length : 0;
      raw.push({ index: m.index! + offset, end: m.index! + m[0].length, readings });
      mask(m.index!, m[0].length);
    }
  }
  raw.sort((a, b) => a.index - b.index);
  const times = raw.map((t): TimeMention => ({ ...t, kind: classify(text, t.index, t.end) }));
  return { times, paces };
}

function classify(text: string, index: number, end: number): TimeMention['kind'] {
  const before = text.slice(Math.max(0, index - 40), index);
  const after = text.slice(end, end + 40);
  const clause = clauseOf(text, index, end);
  const clauseText = text.slice(clause.start, clause.end);
  if (VOLUME_AFTER.test(after) || VOLUME_BEFORE.test(before)) return 'other';
  if (
    /\b(long(?:est)?(?: recent)? (?:run|ride|swim|bike)|longest)\b/.test(clauseText) &&
    !/\b(goal|target|sub|under)\b/.test(clauseText)
  )
    return 'other';
  if (/\bcut ?-?off\b|without stopping|non-?stop|\bstraight\b/.test(clauseText)) return 'other';
  if (/\b(css|threshold|ftp|lthr)\b/.test(clauseText) && !/\b(goal|target|sub|under)\b/.test(clauseText))
    return 'other';
  if (
    /\b(beat|break|better|improve on|faster than) (?:my )?(?:pb |pr |best |previous |old )?(?:time )?(?:of )?$/.test(
      before,
    )
  )
    return 'beat';
  // A result: a result cue before the time in its sentence with no goal cue between, or "last year" after it.
  const sentence = sentenceOf(text, index);
  const lead = text.slice(sentence.start, index);
  const perfAt = lastIndex(PERF_CUE, lead);
  const goalAt = lastIndex(GOAL_CUE, lead);
  const tail = text.slice(end, clause.end);
  if (perfAt >= 0 && perfAt > goalAt) return 'perf';
  if (/^ ?(?:pb|pr)\b/.test(after)) return 'perf';
  if (
    /\b(last (?:year|month|week|spring|summer|autumn|fall|winter|season|time)|ago|from last year|in 20[12]\d)\b/.test(
      tail,
    ) &&
    goalAt < 0
  )
    return 'perf';
  if (/\b(20[12]\d)\b/.test(tail) && /^ ?\(?20[12]\d/.test(after) && goalAt < 0) return 'perf';
  if (TARGET_BEFORE.test(before) || /^ ?(?:would be|is the goal|goal|target|flat)\b/.test(after))
    return 'target';
  return 'bare';
}

export interface Performance {
  seconds: number;
  /** The event the result is for, when the text names it next to the result. */
  event: EventMention | null;
  index: number;
}

/** The event a result belongs to: the one named next to it, else the nearest in its clause or sentence. */
export function performancesOf(text: string, times: TimeMention[], events: EventMention[]): Performance[] {
  const out: Performance[] = [];
  for (const t of times) {
    if (t.kind !== 'perf' && t.kind !== 'beat') continue;
    if (
      t.kind === 'beat' &&
      !/\b(pb|pr|best|personal)\b/.test(text.slice(Math.max(0, t.index - 20), t.end + 8))
    )
      continue;
    const clause = clauseOf(text, t.index, t.end);
    let adjacent: EventMention | null = null;
    let gap = 15;
    for (const e of events)
      for (const [from, to] of e.spans) {
        if (from < clause.start || from >= clause.end) continue;
        const d = from >= t.end ? from - t.end : to <= t.index ? t.index - to : 0;
        if (d < gap) [adjacent, gap] = [e, d];
      }
    const event = adjacent ?? nearest(text, events, t.index, t.end);
    out.push({ seconds: 0, event, index: t.index });
    const last = out.at(-1)!;
    last.seconds = t.readings.length === 1 ? t.readings[0]! : Number.NaN;
  }
  return out;
}

/** Resolves a time's readings for an event. */
export function secondsFor(t: { readings: number[] }, sport: GoalSport, meters: number): number {
  return t.readings.length === 1 ? t.readings[0]! : closest(t.readings, typicalSeconds(sport, meters));
}

/** "Take 5 minutes off my PB": the minutes to take off, or null. */
export function pbReduction(text: string): number | null {
  const m = text.match(
    /\b(?:take|knock|shave|cut|get) (?:about |around )?(\d+(?:\.\d+)?) ?(minutes?|mins?|seconds?|secs?) off\b/,
  );
  if (!m) return null;
  return /^s/.test(m[2]!) ? Number(m[1]) : Number(m[1]) * 60;
}

const FINISH =
  /\b(just )?(to )?finish(ing)?\b(?! in| line in| under| below| sub)|\bcomplete (it|the)\b|\bcross the (finish )?line\b|\bno time goal\b|\bjust (enjoy|survive|get round|get around)\b|\bmake the cut ?-?off\b|\bwithout walking\b/;

/** Whether the text says the goal is to finish. */
export const wantsToFinish = (text: string) => FINISH.test(text);

// ---------------------------------------------------------------------------------------------------------
// Boston qualifying standards

/**
 * The Boston Marathon qualifying standards (B.A.A., for the 2026 race onward), by sex and age group's lower
 * bound: docs/onboarding.md, "Boston qualifying".
 */
const BQ_STANDARDS: Record<'male' | 'female', Array<[number, string]>> = {
  male: [
    [18, '2:55:00'],
    [35, '3:00:00'],
    [40, '3:05:00'],
    [45, '3:15:00'],
    [50, '3:20:00'],
    [55, '3:30:00'],
    [60, '3:50:00'],
    [65, '4:05:00'],
    [70, '4:20:00'],
    [75, '4:35:00'],
    [80, '4:50:00'],
  ],
  female: [
    [18, '3:25:00'],
    [35, '3:30:00'],
    [40, '3:35:00'],
    [45, '3:45:00'],
    [50, '3:50:00'],
    [55, '4:00:00'],
    [60, '4:20:00'],
    [65, '4:35:00'],
    [70, '4:50:00'],
    [75, '5:05:00'],
    [80, '5:20:00'],
  ],
};

export const BQ =
  /\bbq\b|\bboston qualif\w*|\bqualify(?:ing)? for boston\b|\bto qualify\b[^.]{0,40}\bboston\b|\bboston\b[^.]{0,30}\bqualif\w*/;

/** The athlete's Boston qualifying time from the age and sex they state, or null when either is missing. */
export function bostonStandard(text: string): string | null {
  const female = /\b(woman|female|lady|girl|f ?\d\d|f\d\d-\d\d|mum|mom)\b/.test(text);
  const male = !female && /\b(man|male|guy|m ?\d\d|dad)\b/.test(text);
  const age =
    text.match(/\b(\d{2}) ?(?:years? old|yrs? old|yo|y\/o|year-old)\b/) ??
    text.match(/\b[mf] ?(\d{2})\b/) ??
    text.match(
      /\b(?:i'?m|i am|age|aged)(?: a)? (\d{2})\b(?! ?(?:km|k|min|minutes|hours|h|weeks|years of))/,
    ) ??
    text.match(/\b(?:male|female|man|woman),? (\d{2})\b/) ??
    text.match(/\b(\d{2}),? (?:male|female|man|woman|m|f)\b/) ??
    text.match(/\b(\d{2})-\d{2}\b/);
  if ((!female && !male) || !age) return null;
  const years = Number(age[1]);
  if (years < 18 || years > 99) return null;
  const table = BQ_STANDARDS[female ? 'female' : 'male'];
  return [...table].reverse().find(([from]) => years >= from)![1];
}
