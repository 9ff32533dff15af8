// What an athlete's message asks (docs/coach.md, "Intents"): the intent, and the days, sport, kind of session
// and minutes it names. Tolerant of typos and casual phrasing; pure and total (any text gives a result).

import { WEEK_DAYS, type WeekDay } from '../onboarding/goal-terms.ts';
import { normalizeMessage } from './normalize.ts';
import {
  type BodyPart,
  bodyPartOf,
  isFatigue,
  isIllness,
  isInjury,
  isTravel,
  isWeather,
  isWeekReview,
  type Symptom,
  symptomOf,
} from './situations.ts';
import type { CoachIntent } from './types.ts';

export type DayRef =
  | { kind: 'today' }
  | { kind: 'tomorrow' }
  | { kind: 'yesterday' }
  /** "the day after tomorrow": days from today. */
  | { kind: 'offset'; days: number }
  /** "this weekend": its Saturday, or Sunday when the answer prefers it. */
  | { kind: 'weekend'; next: boolean }
  | { kind: 'weekday'; day: number; next: boolean; last: boolean; nextWeek?: boolean };

export type SportWord = 'run' | 'bike' | 'swim' | 'strength' | 'brick';
type SessionKind = 'long' | 'hard' | 'easy';

export interface ParsedMessage {
  intent: CoachIntent;
  normalized: string;
  /** The days named, in the order written. */
  days: DayRef[];
  sport: SportWord | null;
  sessionKind: SessionKind | null;
  /** "to 45 min", "only have 30 minutes", "1 hour": the minutes wanted; "by 20 min": the minutes to cut. */
  minutes: { value: number; by: boolean } | null;
  /** "the day after", "back a day" (+1), "a day earlier" (-1): a day relative to the session's own. */
  shift: number | null;
  /** Where an illness sits (null: not said, or no illness). */
  symptom: Symptom | null;
  /** The body part an injury or pain is in. */
  bodyPart: BodyPart | null;
  /** "a ride instead of the run": the session's sport and the one wanted instead. */
  crossSport: { from: SportWord; to: SportWord } | null;
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
  const after = [...text.matchAll(/\b(the )?day after tomorrow\b/g)];
  for (const m of after) refs.push({ at: m.index, ref: { kind: 'offset', days: 2 } });
  const inAfter = (at: number) => after.some((m) => at >= m.index && at < m.index + m[0].length);
  for (const m of text.matchAll(/\b(today|tonight|this morning|this evening)\b/g))
    refs.push({ at: m.index, ref: { kind: 'today' } });
  for (const m of text.matchAll(/\btomorrow\b/g))
    if (!inAfter(m.index)) refs.push({ at: m.index, ref: { kind: 'tomorrow' } });
  for (const m of text.matchAll(/\b(yesterday|last night)\b/g))
    refs.push({ at: m.index, ref: { kind: 'yesterday' } });
  for (const m of text.matchAll(/\b(in )?(\d|two|three) days\b/g))
    if (m[1])
      refs.push({ at: m.index, ref: { kind: 'offset', days: Number(m[2]) || (m[2] === 'two' ? 2 : 3) } });
  for (const m of text.matchAll(/\b(this |the |next )?weekend\b/g))
    refs.push({ at: m.index, ref: { kind: 'weekend', next: m[1] === 'next ' } });
  for (const m of text.matchAll(
    /\b(next |last |this |since )?(sunday|monday|tuesday|wednesday|thursday|friday|saturday)( s)?( next week| last week)?\b/g,
  )) {
    const day = WEEK_DAYS.indexOf(m[2] as WeekDay);
    refs.push({
      at: m.index,
      ref: {
        kind: 'weekday',
        day,
        next: m[1] === 'next ',
        // "Since Wednesday" is the past one.
        last: m[1] === 'last ' || m[1] === 'since ' || m[4] === ' last week',
        nextWeek: m[4] === ' next week',
      },
    });
  }
  return refs.sort((a, b) => a.at - b.at).map((r) => r.ref);
}

/** A day relative to the session's own day: +1 for "the day after", -1 for "a day earlier". */
function shiftIn(t: string): number | null {
  if (
    /\b(the day after(?! tomorrow)|a day after(?! tomorrow)|day later|days later|back (a|one|1) day|(a|one|1) day (later|back)|by (a|one|1) day|push (it|this|that) (back )?a day)\b/.test(
      t,
    )
  )
    return 1;
  if (/\b((a|one|1) day (earlier|sooner|before)|the day before|day earlier|forward (a|one|1) day)\b/.test(t))
    return -1;
  return null;
}

const HOUR_WORDS: Record<string, number> = { an: 1, one: 1, two: 2, three: 3, four: 4, five: 5 };

function minutesIn(message: string): { value: number; by: boolean } | null {
  // Hours of sleep ("slept 4 hours", "5 hours of sleep") are not a session's length.
  const text = message.replace(
    /\b(slept|sleep|sleeping)( \w+){0,2}? (\d+(\.\d)?|an|one|two|three|four|five) ?hours?\b|\b\d+(\.\d)? ?hours? (of )?sleep\b/g,
    ' ',
  );
  const by = /\b(by|cut|less|fewer|minus)\b/;
  const hm = text.match(/\b(\d{1,2})\s*(?:h|hour)\s*(\d{1,2})\s*(?:m|min)?\b/);
  if (hm) return { value: Number(hm[1]) * 60 + Number(hm[2]), by: false };
  const m = text.match(/\b(\d{1,3})\s*(?:m|min)\b/);
  if (m) {
    const before = text.slice(0, m.index);
    return { value: Number(m[1]), by: by.test(before.split(' ').slice(-3).join(' ')) };
  }
  // "2 hours", "an hour", "half an hour", "an hour and a half", "two and a half hours".
  const h = text.match(
    /\b(\d(?:\.\d)?|an|one|two|three|four|five|half an)( and a half)?\s*(?:hours?|h)\b( and a half)?/,
  );
  if (h) {
    const whole = h[1] === 'half an' ? 0.5 : (HOUR_WORDS[h[1]!] ?? Number(h[1]));
    return { value: Math.round((whole + (h[2] || h[3] ? 0.5 : 0)) * 60), by: false };
  }
  if (/\bhalf\b/.test(text)) return { value: 50, by: true };
  return null;
}

const has = (text: string, re: RegExp) => re.test(text);
/** A word that names a session: its sport, its kind, or the session itself. */
const SESSION_NOUN =
  /\b(ride|run|swim|brick|gym|strength|session|workout|training|long|intervals|tempo|threshold|easy|it)\b/;
const DAY = '(sunday|monday|tuesday|wednesday|thursday|friday|saturday|tomorrow|today|weekend)';
/** Words that ask for an easier session: with them, a day named is a swap's, not a move's. */
const EASY_WORDS =
  /\b(easy|easier|lighter|light|gentle|gentler|chilled|chill|relaxed|steady|recovery|something)\b/;

/** A session named for one day, then "to" another: "saturday long ride to sunday", "long run sat to sun". */
function isDayToDay(t: string): boolean {
  return (
    has(t, new RegExp(`\\b${DAY}\\b.* to (the |this |next )?${DAY}\\b`)) &&
    has(t, SESSION_NOUN) &&
    !isTravel(t) &&
    !has(t, /^(what|whats|how|which|when|why|is|are|do|does)\b/)
  );
}

const SPORT_NAMES: [RegExp, SportWord][] = [
  [/^(rid|bik|cycl|spin|turbo|zwift)/, 'bike'],
  [/^(run|jog)/, 'run'],
  [/^swim/, 'swim'],
  [/^(gym|strength|weights)/, 'strength'],
];
const sportNamed = (word: string) => SPORT_NAMES.find(([re]) => re.test(word))?.[1] ?? null;

/**
 * "a ride instead of the run", "swim instead of running today", "swap my run for a ride": the session's sport
 * and the one the athlete would rather do (docs/coach.md, "Swap to another sport"); null when the two are not
 * two different sports.
 */
function crossSportOf(t: string): { from: SportWord; to: SportWord } | null {
  const word =
    '(ride|rides|riding|bike|biking|cycle|cycling|spin|turbo|zwift|run|runs|running|jog|jogging|swim|swims|swimming|gym|strength|weights)';
  const instead = t.match(new RegExp(`\\b${word}\\b(?:.{0,30})\\binstead of (?:\\w+ ){0,3}?${word}\\b`));
  const swap = t.match(
    new RegExp(
      `\\b(?:swap|swop|switch|change|replace|trade)\\b(?:.{0,30})\\b${word}\\b (?:for|to|with|into) (?:\\w+ ){0,2}?${word}\\b`,
    ),
  );
  const [to, from] = instead ? [instead[1], instead[2]] : swap ? [swap[2], swap[1]] : [null, null];
  const toSport = to ? sportNamed(to) : null;
  const fromSport = from ? sportNamed(from) : null;
  return toSport && fromSport && toSport !== fromSport ? { from: fromSport, to: toSport } : null;
}

/** "45 minutes instead of the full 90", "can I just do an hour": a shorter session, not another one. */
function isDurationInstead(t: string): boolean {
  return (
    has(t, /\b\d+(\.\d)? ?(min|hour)\b.*\binstead of\b/) ||
    has(
      t,
      /\b(can i|could i|i will|i can) (only |just )?(do|manage|fit in|squeeze in) (an?|one|half an|\d+(\.\d)?) ?(min|hour)\b/,
    )
  );
}

/** The intent of a normalised message: the first rule that matches, in the order of docs/coach.md, "Intents". */
function intentOf(t: string): CoachIntent {
  const past =
    /\b(missed|did not (do|make|get|manage|finish|happen)|could not (do|make|get|finish|run|ride|swim|train)|forgot|bailed|ditched|sacked|no time (for|to)|skipped|blew off|never did|never happened|was not able|so no (\w+ )?(run|ride|swim|intervals|session|workout|training))\b/;
  const pastDay =
    /\b(yesterday|last night|this morning|earlier|last (sunday|monday|tuesday|wednesday|thursday|friday|saturday)|on (sunday|monday|tuesday|wednesday)|missed|tuesday s|wednesday s|monday s)\b/;
  if (
    has(
      t,
      /\bwhy\b.*\b(change|changed|changes|moved|swapped|eased|replaced|different|gone|dropped|removed|easier|shorter)\b/,
    ) ||
    has(t, /\bwhat (is |has |have )?(changed|changes)\b/) ||
    has(t, /\b(any|recent|latest|plan) changes?\b/) ||
    has(t, /\b(who|what) (changed|moved|swapped|eased)\b/) ||
    has(t, /\bwhat did you (change|do to|move)\b/) ||
    has(t, /\b(anything|something) (change|changed)\b/) ||
    has(t, /\b(changed|adapted|adjusted) my (plan|workout|session|week)\b/) ||
    // "Has my plan been adjusted?", "have any sessions been changed", "did you update anything".
    has(
      t,
      /\b(plan|schedule|sessions?|workouts?|week|anything|something)\b( \w+){0,2} (been )?(changed|adjusted|updated|modified|altered|tweaked)\b/,
    ) ||
    has(t, /\bdid you (update|adjust|modify|alter|change|tweak|shuffle|move|rearrange|reshuffle)\b/) ||
    // "What got moved?", "edits in my calendar", "things shuffled around".
    has(
      t,
      /\bwhat (got|was|were|has been|have been) (moved|changed|shifted|swapped|updated|shuffled|dropped|removed)\b/,
    ) ||
    has(t, /\bedits?\b.*\b(calendar|schedule|plan|week)\b|\b(calendar|schedule|plan|week)\b.*\bedits?\b/) ||
    has(
      t,
      /\b(shuffle|shuffled|reshuffle|reshuffled|rearranged) (things|stuff|sessions|workouts|it all|everything)\b/,
    ) ||
    // "Not the same as before", "why isn't Saturday what it used to be".
    has(t, /\b(not|isnt|is not) (the same( as (before|it was))?|what it (was|used to be))\b/) ||
    // "Some sessions moved around in my calendar, why?"
    (has(
      t,
      /\b(sessions?|workouts?|things|stuff|runs?|rides?)\b( \w+){0,2} (moved|changed|shifted|shuffled|jumped)( around)?\b/,
    ) &&
      has(t, /\b(why|what happened|how come|noticed)\b/)) ||
    has(t, /\bwhat it used to be\b/) ||
    has(
      t,
      /\bwhy (did|has|have|does|is) (you|my|the|this|it)\b.*\b(move|moving|shift|shifted|rearrange|rearranged|reshuffle|reshuffled|reschedule|rescheduled|things around)\b/,
    )
  )
    return 'changes';
  if (isWeekReview(t)) return 'week_review';
  if (isIllness(t)) return 'illness';
  if (isInjury(t)) return 'injury';
  // "Not sure I have a 3 hour ride in my legs": tiredness, not a short window.
  if (has(t, /\b(not sure|do not think|dont think|doubt|no way)\b.*\bin (me|my legs|the legs|the tank)\b/))
    return 'fatigue';
  if (
    has(t, past) &&
    (has(t, pastDay) ||
      has(t, /\bwhat (now|should|do i|next)|now what|make (it|them|that|those|this)? ?up|catch up\b/))
  )
    return 'missed';
  if (has(t, /\b(make (it |them |that |those |this )?up|catch up|makeup)\b/)) return 'missed';
  if (
    has(t, /\b(move|moving|reschedule|postpone|push|shift|bump|delay)\b/) ||
    has(t, new RegExp(`\\b(do|have|put|switch) .*\\b(on|to) (the |this )?${DAY}\\b.*\\binstead\\b`)) ||
    (has(t, new RegExp(`\\b${DAY} instead\\b`)) && !has(t, EASY_WORDS)) ||
    has(t, /\b(put|do|have|switch)\b.*\b(on|to|at) (the |this )?weekend\b/) ||
    has(t, /\b(do|have|put)\b.*\bthe day after\b/) ||
    (has(t, new RegExp(`\\bcan i do .* (on )?${DAY}( instead)?\\b`)) &&
      !crossSportOf(t) &&
      !isDurationInstead(t)) ||
    has(t, new RegExp(`\\b${DAY}\\b.*\\b(instead of|rather than) (on )?(the |this )?${DAY}\\b`)) ||
    (has(t, new RegExp(`\\b${DAY} rather\\b`)) && !has(t, EASY_WORDS)) ||
    isDayToDay(t) ||
    // "Can the long ride go on Sunday?", "I'd prefer to do today's run on Friday", "would rather run it Friday".
    has(
      t,
      new RegExp(
        `\\b(can|could) (the |my |this |that |today s |\\w+ s )?(\\w+ ){0,2}?(go|be|happen) on (the |this )?${DAY}\\b`,
      ),
    ) ||
    (has(t, new RegExp(`\\b(prefer|rather) (to )?(do|run|ride|swim|have|go)\\b.*\\b${DAY}\\b`)) &&
      !has(t, EASY_WORDS))
  )
    return 'move';
  if (isTravel(t)) return 'travel';
  if (
    has(
      t,
      /\b(shorten|shorter|cut (it |this |that )?short|trim|less time|only have|only got|short on time|reduce|make it \d)\b/,
    ) ||
    has(t, /\bcut\b.*\b\d+\s*min\b/) ||
    has(t, /\b(only|just|max|got|have) (have |got |get |had )?(an?|one|half an|\d+(\.\d)?) ?(min|hour)\b/) ||
    has(t, /\b\d+ ?(min|hour) (max|only|tops)\b/) ||
    has(t, /\b(is )?all i (have|got)\b/) ||
    // "I can only ride for an hour", "can only manage 90 min of riding", "squeeze in 20 min", "limited to 30 min".
    has(
      t,
      /\b(can|could) only (ride|run|swim|do|manage|train|spare|give it|go|be)( for)?( about| around)? (an?|one|two|three|half an|\d+(\.\d)?) ?(min|hour)/,
    ) ||
    has(t, /\b(squeeze|fit) in (an?|one|half an|\d+(\.\d)?) ?(min|hour)\b/) ||
    has(t, /\bmake (\w+ ){0,3}?(an?|one|two|three|four|\d+(\.\d)?)( and a half)? ?(min|hour)/) ||
    has(t, /\blimited to (an?|one|half an|\d+(\.\d)?) ?(min|hour)\b/) ||
    has(t, /\bbusy day\b/) ||
    isDurationInstead(t)
  )
    return 'shorten';
  // "Is tomorrow a rest day?", "rest day on Sunday or not?": a question about the day, not a request for one.
  if (has(t, /\bis (it |\w+ )?a rest day\b|\brest day\b.*\bor not\b|\bor is it a rest day\b/)) return 'today';
  if (
    has(
      t,
      /\b(skip|skipping|cancel|drop|remove|day off|rest day|(take|taking) (the day|today|tomorrow) off|not (going to|gonna) (do|make)|can not (do|make) (it|today|tomorrow)|(am |i am )?not doing (it|the|my|today|tomorrow|this|that)|will not (do|make) (it|the|my|today|tomorrow)|give (\w+ ){0,5}?a miss|giving (\w+ ){0,5}?a miss|(bail|bailing|ditch|ditching) (on )?(\w+ ){0,2}?(it|today|tomorrow|the|my|this|that|\w+ s)\b|sit (\w+ ){0,2}?out|sitting (\w+ ){0,2}?out|(pass|passing) on (it|today|tomorrow|the|my|this|that|\w+ s)|(sack|sacking) (\w+ ){0,3}?off|(call|calling) (\w+ ){0,3}?off|will not be (running|riding|cycling|swimming|training|doing|making)|bin (it|that|this|the|today|tomorrow|\w+ s)|binning|scrap|scrapping|take (the |my |\w+ s )?(\w+ ){0,2}?out of|no (run|ride|swim|spin|session|workout|training) for me|count me out|(pool|gym|track|club) (is |s |was )?(closed|shut))\b/,
    )
  )
    return 'skip';
  if (
    crossSportOf(t) ||
    has(
      t,
      /\b(swap|swop|replace|substitute|instead of|easier|lighter|something (more |a bit |bit )?(easy|light|gentle)|more easy|go easy|tone (it )?down|change (it|my|the|this|that|today)|switch|gentle|gentler|chilled|alternative|other option|another option|something else|something different|make it (an? )?(easy|light|gentle|steady|recovery)|be (an? )?(easy|light|gentle|steady|recovery)( one| spin| run| ride| swim| session)?)\b/,
    )
  )
    return 'swap';
  if (isWeather(t)) return 'weather';
  if (isFatigue(t)) return 'fatigue';
  if (
    (has(t, /\brace\b|\bmarathon\b|\btriathlon\b|\bironman\b|\b(5|10) ?k\b|\bhalf\b.*\bready\b|\bpredict/) &&
      has(
        t,
        /\b(ready|readiness|prepared|on track|track|predict|prediction|finish|time|how|will i|taper|shape|fit|on target|on course|on pace|target|goal)\b/,
      )) ||
    // "On course for sub 3:30 in April?", "can I go sub 3:30?": a goal time is a race's.
    has(t, /\bon (target|course|track|pace) for (a |my |the )?sub ?\d/) ||
    has(t, /\b(can|could|will) i (go|do|run|break|get|make|hit|manage) (a |the )?sub ?\d/)
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
  // "What's the point of threshold intervals, and how hard should they feel?": the point asked first.
  if (has(t, /\b(what s the point|whats the point|what is the point|point of|purpose of|explain)\b/))
    return 'explain';
  if (
    has(
      t,
      /\b(readiness|ready|recovered|recovery|recover|hrv|sleep|slept|tired|exhausted|fatigued|sore|fresh|feel|feeling|should i train|train today|okay to train|ok to train|can i train|body battery|(good|ok|okay|fine|fit|safe) to (train|go|race|run|ride|swim|do)|go hard)\b/,
    )
  )
    return 'readiness';
  if (
    has(
      t,
      /\b(explain|what is the point|what s the point|whats the point|point of|purpose|why am i doing|why do i|what does(?! (\w+ ){0,6}look)|how (should|do) i (do|pace|ride|run|swim)|tell me about|describe|what is (a |an |the )?(z\d|zone|tempo|threshold|interval|vo2|long|sweet spot)|why (is|are|s) .*\b(so |this |that |too )?(easy|hard|long|short|slow|fast|intense|light))\b/,
    )
  )
    return 'explain';
  // "What have I got on Sunday?", "what's scheduled next Tuesday": one day's plan, not the week's.
  if (
    has(
      t,
      /\bwhat (s|is|have i got|have i|do i have|am i doing|am i)\b.*\b(sunday|monday|tuesday|wednesday|thursday|friday|saturday|tomorrow|today|tonight)\b/,
    ) &&
    !has(t, /\b(week|weekend|days)\b/)
  )
    return 'today';
  if (
    has(
      t,
      /\b(this week|week|weekend|next few days|next \d+ days|schedule|coming up|upcoming|plan look|my plan|the plan|rest of)\b/,
    )
  )
    return 'week';
  if (
    has(
      t,
      /\b(today|tonight|this morning|this evening|what should i do|whats on|what is on|what s on|what do i have|anything (on|planned)|todays|workout|session|tomorrow)\b/,
    )
  )
    return 'today';
  return 'help';
}

export function parseMessage(text: string): ParsedMessage {
  const normalized = normalizeMessage(typeof text === 'string' ? text : '');
  const crossSport = crossSportOf(normalized);
  // With a sport swapped for another, the session meant is the one of the sport given up.
  const sport = crossSport?.from ?? SPORT_WORDS.find(([re]) => re.test(normalized))?.[1] ?? null;
  const sessionKind: SessionKind | null = /\blong\b/.test(normalized)
    ? 'long'
    : /\b(interval|intervals|threshold|vo2|tempo|hard|sweet spot|repeats|hills|speed|track|key)\b/.test(
          normalized,
        )
      ? 'hard'
      : /\b(easy|recovery|z2|zone 2)\b/.test(normalized)
        ? 'easy'
        : null;
  const intent = intentOf(normalized);
  return {
    intent,
    normalized,
    days: dayRefs(normalized),
    sport,
    sessionKind,
    minutes: minutesIn(normalized),
    shift: shiftIn(normalized),
    symptom: intent === 'illness' ? symptomOf(normalized) : null,
    bodyPart: intent === 'injury' ? bodyPartOf(normalized) : null,
    crossSport: intent === 'swap' ? crossSport : null,
  };
}
