// Goal parsing: the onboarding prompt, as the athlete wrote it, read into the onboarding session's goal context
// (the event, its date and target, weekly hours, experience, injuries and day preferences). Pure and
// deterministic for a given `today`. Every rule and default is written up in docs/plan-generator.md,
// "Reading the goal".
import * as chrono from 'chrono-node';
import { addDays, dateInTimeZone } from '../dates.ts';
import { roundTo } from '../numbers.ts';
import { dayOfWeek, isIsoDate } from '../training/calendar.ts';
import { RACES, type RaceType } from '../training/plans.ts';

export type GoalSport = 'triathlon' | 'run' | 'bike' | 'swim';
export type Experience = 'beginner' | 'intermediate' | 'advanced';
export const EXPERIENCE_LEVELS: readonly Experience[] = ['beginner', 'intermediate', 'advanced'];
export const WEEK_DAYS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
/** A day of the week as the review's option lists name it. */
export type WeekDay = (typeof WEEK_DAYS)[number];

/** The injuries the goal parser knows, each with the session types it rules out (see plan-generator.ts). */
export const INJURIES = [
  'knee',
  'achilles',
  'back',
  'shin_splints',
  'plantar_fasciitis',
  'it_band',
  'hip',
  'hamstring',
  'calf',
  'ankle',
  'stress_fracture',
  'shoulder',
] as const;
export type Injury = (typeof INJURIES)[number];

/** The most weekly hours read from a text; anything above is ignored. */
export const MAX_WEEKLY_HOURS = 40;

/** The review's option list for weekly hours. */
export const WEEKLY_HOURS_OPTIONS = [3, 4, 5, 6, 7, 8, 9, 10, 12, 15] as const;

/** The defaults of a field the text does not give (docs/plan-generator.md, "Defaults"). */
export const GOAL_DEFAULTS = {
  weekly_hours: 6,
  experience: 'intermediate' as Experience,
  long_run_day: 'saturday' as WeekDay,
  long_ride_day: 'friday' as WeekDay,
  no_swim_day: 'sunday' as WeekDay,
  rest_days: ['monday'] as WeekDay[],
  target: 'finish',
  race_type: 'Half Marathon' as RaceType,
} as const;

/** Weeks from today to an assumed race date, by event: a typical plan length for it. */
export const DEFAULT_PLAN_WEEKS: Readonly<Record<RaceType, number>> = {
  Ironman: 30,
  'Half Ironman': 20,
  'Olympic Triathlon': 16,
  'Sprint Triathlon': 12,
  Marathon: 18,
  'Half Marathon': 14,
  '10K': 10,
  '5K': 8,
  'Century Ride': 16,
  'Open Water Swim': 12,
  'Custom Event': 16,
};

export interface GoalEvent {
  sport: GoalSport;
  /** What the athlete reads: the race type's name, or the distance ("50 km") or event name ("Gran Fondo"). */
  distance: string;
  distance_meters: number;
  race_type: RaceType;
  /** Race day, YYYY-MM-DD. */
  date: string;
  /** 'H:MM:SS', or 'finish' when the goal is to finish. */
  target: string;
}

export interface GoalPreferences {
  long_run_day: WeekDay;
  long_ride_day: WeekDay;
  no_swim_day: WeekDay;
  rest_days: WeekDay[];
  /** The most a weekday session may last, when the athlete said so ("only 45 minutes on weekdays"). */
  weekday_max_minutes: number | null;
  /** Sports ruled out on given days, beyond no_swim_day and rest_days. */
  sport_exclusions: SportExclusion[];
}

/** A race result or best time the athlete stated ("PB 3:21", "ran 1:32 at the Berlin half in May"). */
export interface GoalPerformance {
  sport: 'run' | 'bike' | 'swim' | 'triathlon';
  distance_meters: number;
  /** The race type the distance is, when it is one. */
  race_type: RaceType | null;
  time_seconds: number;
  /** YYYY-MM-DD when the text dates it, null otherwise. */
  date: string | null;
}

/** What the athlete says about their current training, read from the text (null: not said). */
export interface GoalAthleteFacts {
  /** Race results and best times, the most relevant first. */
  performances: GoalPerformance[];
  /** Hours a week trained now ("I run about 5 hours a week at the moment"), not the hours available. */
  current_weekly_hours: number | null;
  /** Running kilometres a week now ("40 km a week", "25 miles a week" as km). */
  current_weekly_km: number | null;
  /** The longest recent session per sport, minutes ("my longest run lately is 1:45"). */
  longest_recent_minutes: { run: number | null; bike: number | null; swim: number | null };
  /** Stated thresholds. */
  ftp_watts: number | null;
  css_seconds_per_100m: number | null;
  threshold_pace_seconds_per_km: number | null;
  lthr: number | null;
  max_hr: number | null;
  /** Events of the goal's kind already finished ("12 marathons done"), when said. */
  events_completed: number | null;
  /** Years in the sport, when said ("started running in September" is 0.2). */
  years_training: number | null;
}

/** A sport the athlete cannot or will not do on a day ("no running on Mondays", "pool is closed on Fridays"). */
export interface SportExclusion {
  sport: 'run' | 'bike' | 'swim' | 'strength';
  day: WeekDay;
}

/** The facts of a text that says none: every field unknown. */
export function emptyAthleteFacts(): GoalAthleteFacts {
  return {
    performances: [],
    current_weekly_hours: null,
    current_weekly_km: null,
    longest_recent_minutes: { run: null, bike: null, swim: null },
    ftp_watts: null,
    css_seconds_per_100m: null,
    threshold_pace_seconds_per_km: null,
    lthr: null,
    max_hr: null,
    events_completed: null,
    years_training: null,
  };
}

/**
 * A goal context stored before `athlete` and `preferences.sport_exclusions` existed, read as one whose text
 * says none of them.
 */
export function withGoalDefaults<
  G extends { athlete?: GoalAthleteFacts; preferences: { sport_exclusions?: SportExclusion[] } },
>(goal: G): G & { athlete: GoalAthleteFacts; preferences: { sport_exclusions: SportExclusion[] } } {
  return {
    ...goal,
    athlete: { ...emptyAthleteFacts(), ...(goal.athlete ?? {}) },
    preferences: { ...goal.preferences, sport_exclusions: goal.preferences.sport_exclusions ?? [] },
  };
}

/** Which fields took their default rather than coming from the text (the review shows them as assumed). */
export interface GoalAssumed {
  sport: boolean;
  distance: boolean;
  date: boolean;
  target: boolean;
  weekly_hours: boolean;
  experience: boolean;
  injuries: boolean;
  long_run_day: boolean;
  long_ride_day: boolean;
  no_swim_day: boolean;
  rest_days: boolean;
}

/** The onboarding session's goal_context, with what was assumed. */
export interface GoalContext {
  primary_event: GoalEvent;
  weekly_hours: number;
  /** The range the athlete gave ("8-10 hours"); weekly_hours is its midpoint. */
  weekly_hours_range: { min: number; max: number } | null;
  experience: Experience;
  injuries: Injury[];
  preferences: GoalPreferences;
  /** What the athlete says of their current training: results, volume, longest sessions, thresholds. */
  athlete: GoalAthleteFacts;
  /** Other events named in the text (tune-ups, B races), for the record; the plan is built for the A race. */
  other_events: Array<Omit<GoalEvent, 'date' | 'target'> & { date: string | null }>;
  assumed: GoalAssumed;
}

export interface ParseGoalOptions {
  /** The athlete's local date, YYYY-MM-DD; when absent, `now` (default: the current instant) in `timezone`. */
  today?: string;
  now?: Date;
  /** IANA time zone of the athlete (default UTC); dates in the text are read as the athlete's calendar dates. */
  timezone?: string;
}

// ---------------------------------------------------------------------------------------------------------
// Normalising the text

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  sixteen: 16,
  twenty: 20,
};
const ORDINAL_WORDS: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
};

/** Lower case, plain dashes and spaces, spelled-out amounts as digits; character positions may shift. */
function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/\s+/g, ' ')
    .replace(/\b(\d+) ?wks?\b/g, '$1 weeks')
    .replace(/\b(an? )?hour and a half\b/g, '1.5 hours')
    .replace(
      /\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) and a half hours?\b/g,
      (_, n) => `${NUMBER_WORDS[n]! + 0.5} hours`,
    )
    .replace(/\bhalf an hour\b/g, '30 minutes')
    .replace(/\ba couple (of )?hours\b/g, '2 hours')
    .replace(/\ban hour\b/g, '1 hour')
    .replace(
      /\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|sixteen|twenty)\b(?=[ -](?:to|or|-|hours?|hrs?|h\b|minutes?|mins?|weeks?|months?|days?|marathons?|ironmans?|triathlons?|races?|halfs?|halves|years?|times))/g,
      (w) => String(NUMBER_WORDS[w]),
    )
    .replace(
      /\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)\b/g,
      (w) => `${ORDINAL_WORDS[w]}th`,
    )
    .replace(/\b1th\b/g, '1st');
}

/** Sentence-like pieces: events, dates and markers are matched to each other only inside one. */
function sentenceOf(text: string, index: number): { start: number; end: number } {
  const stops = /[.!?;\n]\s/g;
  let start = 0;
  let end = text.length;
  for (const m of text.matchAll(stops)) {
    if (m.index! < index) start = m.index! + 1;
    else {
      end = m.index!;
      break;
    }
  }
  return { start, end };
}

// ---------------------------------------------------------------------------------------------------------
// Events

interface EventMention {
  sport: GoalSport;
  distance: string;
  distance_meters: number;
  race_type: RaceType;
  /** Where the event is named: [start, end) of each mention (the same race may be named twice). */
  spans: Array<[number, number]>;
  priority: 'A' | 'B' | null;
  date: string | null;
}

const sportOfRace = (race: RaceType): GoalSport => {
  const sport = RACES[race].sport;
  return sport === 'multisport' ? 'triathlon' : (sport ?? 'run');
};

/** Named events, longest names first (each match masks its span so "half marathon" is not also "marathon"). */
const NAMED_EVENTS: ReadonlyArray<[RegExp, RaceType, string?, number?]> = [
  [/\b(half[- ]?iron ?man|half[- ]?im\b|(iron ?man )?70\.3|middle distance tri\w*)/g, 'Half Ironman'],
  [/\b(iron ?m[ae]n|ironmen|full[- ]distance tri\w*|140\.6|kona)\b/g, 'Ironman'],
  [/\b(olympic|oly)( distance)?( tri\w*)?\b|\bstandard distance tri\w*/g, 'Olympic Triathlon'],
  [/\bsprint( distance)? tri\w*|\bsuper[- ]?sprint\b/g, 'Sprint Triathlon'],
  [
    /\bhalf[- ]?mara?th?[aoe]n\b|\bhalf[- ]?mara\b|\b21\.1 ?km?\b|\b13\.1( miles?)?\b|\bhm\b/g,
    'Half Marathon',
  ],
  [/\bmara?th?[aoe]n\b|\bmarth?on\b|\b42\.2 ?km?\b|\b26\.2( miles?)?\b/g, 'Marathon'],
  [/\b10 ?k(m)?\b(?! (trail|ultra|ride|swim|bike))|\b10 ?kilomet(er|re)s?\b(?! (ride|swim))/g, '10K'],
  [
    /\b5 ?k(m)?\b(?! (trail|ultra|ride|swim|bike))|\bparkrun\b|\b5 ?kilomet(er|re)s?\b(?! (ride|swim))/g,
    '5K',
  ],
  [/\bcentury( ride)?\b|\b100[- ]?mile (bike |cycling )?ride\b/g, 'Century Ride'],
  [/\bgran ?fondo\b|\bgranfondo\b|\bsportive\b/g, 'Custom Event', 'Gran Fondo', 130_000],
];

const TRI_SPORT_WORDS = /\b(tri|triathlon|triathalon|triatlon|tri's)\b/;

/** A custom distance: "a 50k trail race", "200 km ride", "1 mile swim", "2.4 mile open water swim". */
const CUSTOM_DISTANCE =
  /\b(\d+(?:\.\d+)?) ?(k|km|kms|kilomet(?:er|re)s?|mi|miles?|m|meters?|metres?)\b[ -]?((?:[a-z-]+ ){0,3}?)(trail|ultra|race|run|ride|bike|cycle|gravel|swim|open water|ows)\b/g;

function customSport(word: string): GoalSport {
  if (/ride|bike|cycle|gravel/.test(word)) return 'bike';
  if (/swim|open water|ows/.test(word)) return 'swim';
  return 'run';
}

/** A custom distance that is a standard one becomes the standard event. */
function standardFor(sport: GoalSport, meters: number): RaceType | null {
  const near = (target: number) => Math.abs(meters - target) <= target * 0.02;
  if (sport === 'run') {
    if (near(5_000)) return '5K';
    if (near(10_000)) return '10K';
    if (near(21_097.5)) return 'Half Marathon';
    if (near(42_195)) return 'Marathon';
  }
  if (sport === 'bike' && near(160_934)) return 'Century Ride';
  if (sport === 'swim') return 'Open Water Swim';
  return null;
}

function unitMeters(unit: string): number {
  if (/^mi/.test(unit)) return 1609.344;
  if (/^k/.test(unit)) return 1000;
  return 1;
}

const formatKm = (meters: number) => `${roundTo(meters / 1000, 1)} km`;

function findEvents(text: string): EventMention[] {
  let masked = text;
  const events: EventMention[] = [];
  const mask = (index: number, length: number) => {
    masked = masked.slice(0, index) + '#'.repeat(length) + masked.slice(index + length);
  };
  // Custom distances first: "a 10k trail race" is a custom trail run only when the words say so.
  for (const m of text.matchAll(CUSTOM_DISTANCE)) {
    const meters = Number(m[1]) * unitMeters(m[2]!);
    const sportWord = m[4]!;
    const between = m[3] ?? '';
    if (/\b(a|per|each|every)\b/.test(between)) continue;
    const sport = /ride|bike|cycl|gravel/.test(between) ? 'bike' : customSport(sportWord);
    if (!(meters >= 100 && meters <= 1_000_000)) continue;
    if (sportWord === 'race' && meters < 1000) continue;
    const trail = /trail|ultra/.test(between + sportWord);
    const standard = trail ? null : standardFor(sport, meters);
    const race = standard ?? 'Custom Event';
    const exact = standard && standard !== 'Open Water Swim' ? RACES[standard].distance_meters! : meters;
    events.push({
      sport,
      distance: standard && standard !== 'Open Water Swim' ? standard : formatKm(meters),
      distance_meters: Math.round(exact),
      race_type: race,
      spans: [[m.index!, m.index! + m[0].length]],
      priority: null,
      date: null,
    });
    mask(m.index!, m[0].length);
  }
  for (const [pattern, race, label, meters] of NAMED_EVENTS) {
    for (const m of masked.matchAll(pattern)) {
      events.push({
        sport: sportOfRace(race) === 'run' && race === 'Custom Event' ? 'bike' : sportOfRace(race),
        distance: label ?? race,
        distance_meters: meters ?? RACES[race].distance_meters!,
        race_type: race,
        spans: [[m.index!, m.index! + m[0].length]],
        priority: null,
        date: null,
      });
      mask(m.index!, m[0].length);
    }
  }
  for (const m of masked.matchAll(/\b(open[- ]water|ows)( swim\w*)?\b/g)) {
    events.push({
      sport: 'swim',
      distance: 'Open Water Swim',
      distance_meters: RACES['Open Water Swim'].distance_meters!,
      race_type: 'Open Water Swim',
      spans: [[m.index!, m.index! + m[0].length]],
      priority: null,
      date: null,
    });
    mask(m.index!, m[0].length);
  }
  // "Sprint" or "Olympic" alone only count as triathlons when the text is about triathlon; a bare
  // "triathlon" with no distance is an Olympic one.
  if (events.length === 0) {
    const tri = masked.match(TRI_SPORT_WORDS);
    if (tri) {
      events.push({
        sport: 'triathlon',
        distance: 'Olympic Triathlon',
        distance_meters: RACES['Olympic Triathlon'].distance_meters!,
        race_type: 'Olympic Triathlon',
        spans: [[tri.index!, tri.index! + tri[0].length]],
        priority: null,
        date: null,
      });
    }
  }
  // The same race named twice ("5k parkrun", "Ironman 140.6") is one event.
  const merged: EventMention[] = [];
  for (const event of events.sort((a, b) => a.spans[0]![0] - b.spans[0]![0])) {
    const same = merged.find(
      (e) => e.race_type === event.race_type && e.distance_meters === event.distance_meters,
    );
    if (same) same.spans.push(...event.spans);
    else merged.push(event);
  }
  return merged;
}

const A_MARKER =
  /\b(a[- ]race|a[- ]priority|main (goal|race|event|target)|goal race|target race|big (goal|one|race)|focus race|key race|priority race|the goal is|my goal is|most important)\b/g;
const B_MARKER =
  /\b(b[- ]race|c[- ]race|tune[- ]?up|warm[- ]?up race|prep race|as (a )?(training|practice)|training race|build[- ]?up race|on the way)\b/g;

/** Each marker is given to the nearest event mention in its sentence. */
function markPriorities(text: string, events: EventMention[]): void {
  for (const [pattern, priority] of [
    [A_MARKER, 'A'],
    [B_MARKER, 'B'],
  ] as const) {
    for (const m of text.matchAll(pattern)) {
      const event = nearest(text, events, m.index!, m.index! + m[0].length);
      if (event && event.priority === null) event.priority = priority;
    }
  }
}

/**
 * The event a date or marker at [start, end) belongs to: the nearest one in the same clause (cut at commas,
 * semicolons, brackets, "and", "but"), else the nearest in the same sentence; none across sentences.
 */
function nearest(
  text: string,
  events: readonly EventMention[],
  start: number,
  end: number,
  clauseOnly = false,
): EventMention | null {
  const sentence = sentenceOf(text, start);
  const clause = clauseOf(text, start, end);
  let best: EventMention | null = null;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const event of events) {
    for (const [from, to] of event.spans) {
      if (from < sentence.start || from >= sentence.end) continue;
      // A date or marker after the event belongs to it more than one before: ties go to the earlier event.
      let distance = to <= start ? start - to : from >= end ? from - end + 0.5 : 0;
      if (from < clause.start || from >= clause.end) {
        if (clauseOnly) continue;
        distance += 10_000;
      }
      if (distance < bestDistance) {
        best = event;
        bestDistance = distance;
      }
    }
  }
  return best;
}

function clauseOf(text: string, start: number, end: number): { start: number; end: number } {
  const cuts = /[,;()[\]]| and | but | then /g;
  let from = 0;
  let to = text.length;
  for (const m of text.matchAll(cuts)) {
    if (m.index! + m[0].length <= start) from = m.index! + m[0].length;
    else if (m.index! >= end) {
      to = m.index!;
      break;
    }
  }
  return { start: from, end: to };
}

/** The A race: the one named as the main goal; else, of those not named tune-ups, the longest. */
function aRace(events: EventMention[]): EventMention | null {
  const named = events.find((e) => e.priority === 'A');
  if (named) return named;
  const pool = events.filter((e) => e.priority !== 'B');
  const candidates = pool.length > 0 ? pool : events;
  let best: EventMention | null = null;
  for (const e of candidates) if (!best || importance(e) > importance(best)) best = e;
  return best;
}

/** Longer races weigh more; a triathlon counts its distance as it is (Ironman first). */
const importance = (e: EventMention) => e.distance_meters * (e.sport === 'triathlon' ? 2 : 1);

// ---------------------------------------------------------------------------------------------------------
// Dates

const pad = (n: number) => String(n).padStart(2, '0');
const RELATIVE_UNITS = /\b(days?|weeks?|wks?|months?|years?)\b/;
const TIME_UNITS = /\b(h|hrs?|hours?|min|mins|minutes?|seconds?)\b/;

/** The first Sunday on or after `date`: an assumed race day falls on a weekend. */
function sundayOnOrAfter(date: string): string {
  return addDays(date, (7 - dayOfWeek(date)) % 7);
}

interface DateMention {
  date: string;
  index: number;
  end: number;
}

function findDates(text: string, today: string): DateMention[] {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  // Noon local time of the athlete's day: chrono's arithmetic never crosses a day boundary on a DST change.
  const reference = new Date(y, m - 1, d, 12);
  const out: DateMention[] = [];
  for (const result of chrono.parse(text, reference, { forwardDate: true })) {
    const start = result.start;
    const relative = RELATIVE_UNITS.test(result.text) && /\d/.test(result.text);
    if (TIME_UNITS.test(result.text)) continue; // "10 hours a week", "45 minutes": amounts of time.
    if (!relative && !start.isCertain('month')) continue; // "Sunday", "3:30": a weekday or a clock time.
    let date = `${start.get('year')}-${pad(start.get('month')!)}-${pad(start.get('day')!)}`;
    // A month without a day: its second Sunday (a race is on a weekend; mid-month is the best guess).
    if (!relative && !start.isCertain('day')) date = addDays(sundayOnOrAfter(`${date.slice(0, 8)}01`), 7);
    if (!isIsoDate(date) || date <= today) continue;
    out.push({ date, index: result.index, end: result.index + result.text.length });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Target time

const TARGET =
  /\b(sub|under|below|faster than|break(?:ing)?|in less than|goal time(?: of| is)?|target(?: time)?(?: of| is)?|aiming for|aim for|finish in|in about|around)[ -]?(\d{1,2}(?::\d{2}){0,2}|\d+(?:\.\d+)?)(?: ?(h|hrs?|hours?|min|mins|minutes?))?/g;

/** The event's typical finishing time in seconds, to tell h:mm from m:ss and hours from minutes. */
function typicalSeconds(sport: GoalSport, meters: number): number {
  if (sport === 'triathlon') return (meters / 1000 / 22) * 3600;
  if (sport === 'bike') return (meters / 1000 / 25) * 3600;
  if (sport === 'swim') return (meters / 100) * 120;
  return (meters / 1000) * 360;
}

function formatHms(seconds: number): string {
  const s = Math.round(seconds);
  return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** Of two readings, the one closest (by ratio) to the event's typical time. */
function closest(candidates: number[], typical: number): number {
  return candidates.reduce((a, b) =>
    Math.abs(Math.log(b / typical)) < Math.abs(Math.log(a / typical)) ? b : a,
  );
}

function findTarget(
  text: string,
  event: EventMention | null,
  sport: GoalSport,
  meters: number,
): string | null {
  if (/\b(just )?(to )?finish(ing)?\b(?! in)|\bcomplete it\b|\bcross the (finish )?line\b/.test(text)) {
    if (!TARGET.test(text)) return 'finish';
  }
  TARGET.lastIndex = 0;
  const typical = typicalSeconds(sport, meters);
  let best: { seconds: number; distance: number } | null = null;
  for (const m of text.matchAll(TARGET)) {
    const value = m[2]!;
    const unit = m[3];
    let seconds: number;
    const parts = value.split(':').map(Number);
    if (parts.length === 3) seconds = parts[0]! * 3600 + parts[1]! * 60 + parts[2]!;
    else if (parts.length === 2)
      seconds =
        unit && /^m/.test(unit)
          ? parts[0]! * 60 + parts[1]!
          : closest([parts[0]! * 3600 + parts[1]! * 60, parts[0]! * 60 + parts[1]!], typical);
    else if (unit) seconds = Number(value) * (/^h/.test(unit) ? 3600 : 60);
    else seconds = closest([Number(value) * 3600, Number(value) * 60], typical);
    if (!(seconds > 0) || seconds > 7 * 24 * 3600) continue;
    // "Under 5 hours a week" is a time budget, not a target.
    if (
      /^ ?(a|per|each|every|\/) ?(week|wk|day)/.test(
        text.slice(m.index! + m[0].length, m.index! + m[0].length + 12),
      )
    )
      continue;
    const distance = event ? Math.min(...event.spans.map(([from]) => Math.abs(m.index! - from))) : 0;
    if (!best || distance < best.distance) best = { seconds, distance };
  }
  return best ? formatHms(best.seconds) : null;
}

// ---------------------------------------------------------------------------------------------------------
// Weekly hours

const AMOUNT = String.raw`(\d+(?:\.\d+)?)(?: ?(?:-|to|or) ?(\d+(?:\.\d+)?))? ?(h|hrs?|hours?|min|mins|minutes?)\b`;
const WEEKLY = new RegExp(
  String.raw`${AMOUNT}(?: of (?:training|trainning|riding|running|swimming))?(?: total)? ?(?:a|per|each|every|/|in a|in the) ?(?:week|wk)\b|${AMOUNT} weekly|weekly (?:volume )?(?:of |is |around |about )?${AMOUNT}`,
);
const DAILY = new RegExp(String.raw`${AMOUNT} ?(?:a|per|each|every|/) ?day\b`);
const WEEKDAYS = new RegExp(
  String.raw`${AMOUNT} ?(?:on|during|each|every|per|for|most)? ?(?:the )?(?:week ?days?|weeknights?|work ?days?|during the week)\b|(?:week ?days?|weeknights?|during the week)[^.\d]{0,30}?${AMOUNT}`,
);
const WEEKENDS = new RegExp(
  String.raw`${AMOUNT} ?(?:on|during|each|every|per|for|at)? ?(?:the )?(?:weekends?|weekend days?|saturdays? and sundays?)\b|(?:weekends?)[^.\d]{0,30}?${AMOUNT}`,
);

/** Minutes of one AMOUNT match (groups value, max, unit at `at`); a range gives its midpoint. */
function minutesOf(m: RegExpMatchArray, at: number): { min: number; max: number } | null {
  const value = m[at];
  if (value === undefined) return null;
  const top = m[at + 1] ?? value;
  const factor = /^h/.test(m[at + 2]!) ? 60 : 1;
  return { min: Number(value) * factor, max: Number(top) * factor };
}

const firstAmount = (m: RegExpMatchArray | null) => {
  if (!m) return null;
  for (let at = 1; at < m.length; at += 3) {
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

function findWeeklyHours(text: string): WeeklyHours | null {
  const weekly = firstAmount(text.match(WEEKLY));
  if (weekly && weekly.max <= 40 * 60) {
    const range = weekly.max > weekly.min ? { min: weekly.min / 60, max: weekly.max / 60 } : null;
    return { hours: roundTo((weekly.min + weekly.max) / 120, 2), range, weekdayMaxMinutes: null };
  }
  const weekdayMatch = text.match(WEEKDAYS);
  const weekendMatch = text.match(WEEKENDS);
  const weekday = firstAmount(weekdayMatch);
  if (weekday) {
    const perDay = (weekday.min + weekday.max) / 2;
    const weekendAmount = firstAmount(weekendMatch);
    // "3 hours on weekends" is each weekend day; "3 hours on the weekend" the whole weekend.
    const singular = weekendMatch ? /the weekend\b(?!s)/.test(weekendMatch[0]) : false;
    const weekendMinutes = weekendAmount
      ? ((weekendAmount.min + weekendAmount.max) / 2) * (singular ? 1 : 2)
      : 2 * Math.max(perDay, 90);
    return {
      hours: roundTo((perDay * 5 + weekendMinutes) / 60, 2),
      range: null,
      weekdayMaxMinutes: weekday.max,
    };
  }
  const daily = firstAmount(text.match(DAILY));
  if (daily) {
    const days = text.match(/\b([1-7]) days? (a|per|each) week\b/);
    const count = days ? Number(days[1]) : 7;
    return {
      hours: roundTo((((daily.min + daily.max) / 2) * count) / 60, 2),
      range: null,
      weekdayMaxMinutes: null,
    };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Experience and injuries

function findExperience(text: string): Experience | null {
  if (/\b(advanced|elite|experienced|seasoned|veteran|competitive|expert)\b/.test(text)) return 'advanced';
  if (/\bintermediate\b/.test(text)) return 'intermediate';
  if (/\b(beginner|newbie|novice|rookie)\b/.test(text)) return 'beginner';
  let best = 0;
  const counts = [
    ...text.matchAll(
      /\b(\d+)(?:st|nd|rd|th) (?:ever )?(?:full |half |olympic |sprint )?(?:[a-z0-9.]+ ){0,2}?(mara\w*|marth\w*|iron ?m\w*|tri\w*|race|half|70\.3|ultra|century|season)/g,
    ),
  ].map((m) => Number(m[1]));
  const done = [
    ...text.matchAll(
      /\b(?:done|did|completed|finished|raced|run|ran|after) (?:about |over |more than )?(\d+)\+? (?:full |half |olympic )?(?:[a-z0-9.]+ )?(marathons|ironmans|triathlons|tris|races|halfs|halves|ultras|centuries|70\.3s)/g,
    ),
    ...text.matchAll(
      /\b(\d+)\+? (?:marathons|ironmans|triathlons|races|halfs|ultras) (?:under my belt|done|completed|finished)/g,
    ),
  ].map((m) => Number(m[1]));
  const years = [
    ...text.matchAll(
      /\b(\d+)\+? years? (?:of )?(?:running|racing|riding|cycling|swimming|triathlon|training|experience)/g,
    ),
  ].map((m) => (Number(m[1]) >= 5 ? 5 : Number(m[1]) >= 2 ? 2 : 1));
  for (const n of [...counts, ...done, ...years]) best = Math.max(best, n);
  if (/\b(qualify|qualifying|bq|kona slot|world champs?|podium|age[- ]group win)\b/.test(text))
    best = Math.max(best, 5);
  if (best >= 5) return 'advanced';
  if (best >= 2) return 'intermediate';
  if (
    best === 1 ||
    /\b(never (run|ran|raced|done|swum|swam|ridden|trained)|new to|just (started|getting started|began)|couch to|c25k|1st (?:time|ever|one)|haven't (run|raced|trained))\b/.test(
      text,
    )
  )
    return 'beginner';
  return null;
}

const INJURY_PATTERNS: ReadonlyArray<[Injury, RegExp]> = [
  ['achilles', /\bachill[ei]e?s\b/],
  ['plantar_fasciitis', /\bplantar\b|\bfasc[ie]{1,2}tis\b/],
  ['shin_splints', /\bshin ?splints?\b|\bshins?\b/],
  ['it_band', /\bit ?band\b|\bitbs\b|\biliotibial\b/],
  ['stress_fracture', /\bstress fracture\b/],
  [
    'back',
    /\b(lower back|bad back|back (pain|injury|injuries|problems?|issues?|surgery|spasms?)|herniated|slipped disc|sciatica)\b/,
  ],
  ['knee', /\bknees?\b|\bpatell[ae]r?\b|\bmeniscus\b|\bacl\b/],
  ['hip', /\bhips?\b|\bhip flexors?\b/],
  ['hamstring', /\bhamstrings?\b|\bhammy\b/],
  ['calf', /\bcalf\b|\bcalves\b/],
  ['ankle', /\bankles?\b/],
  ['shoulder', /\bshoulders?\b|\brotator cuff\b/],
];

function findInjuries(text: string): Injury[] | null {
  const found = INJURY_PATTERNS.filter(([, pattern]) => pattern.test(text)).map(([injury]) => injury);
  if (found.length > 0) return found.sort((a, b) => INJURIES.indexOf(a) - INJURIES.indexOf(b));
  if (/\b(no (current )?injur(y|ies)|injury[- ]free|not injured|healthy)\b/.test(text)) return [];
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Day preferences

const DAY = `(sun|mon|tues?|wed(?:nes)?|weds|thu(?:rs?)?|thur|fri|sat(?:ur)?)(?:day)?s?`;
const DAY_WORD = new RegExp(String.raw`\b${DAY}\b`, 'g');

function dayName(word: string): WeekDay {
  const prefix = word.slice(0, 2);
  return (
    (
      {
        su: 'sunday',
        mo: 'monday',
        tu: 'tuesday',
        we: 'wednesday',
        th: 'thursday',
        fr: 'friday',
        sa: 'saturday',
      } as const
    )[prefix] ?? 'sunday'
  );
}

/**
 * The days named next to a cue ("long run on Sundays", "Sunday long run", "rest on Mondays and Fridays"):
 * days listed right after it (joined by "and", "or", commas), else the day just before it.
 */
function daysNear(text: string, cue: RegExp): WeekDay[] {
  for (const m of text.matchAll(cue)) {
    const end = m.index! + m[0].length;
    const after = text
      .slice(end, end + 40)
      .match(
        new RegExp(
          String.raw`^ ?(?:s? ?(?:is|are|will be|on|day|days|must be|should be|usually|always|=|:|-)\b ?)*(?:(?:on )?${DAY}(?:(?:,| and| or| &|/) ?(?:on )?${DAY})*)`,
        ),
      );
    if (after && new RegExp(DAY).test(after[0])) {
      return [...after[0].matchAll(DAY_WORD)].map((d) => dayName(d[1]!));
    }
    const before = text
      .slice(Math.max(0, m.index! - 25), m.index!)
      .match(
        new RegExp(
          String.raw`\b${DAY}(?:'s)? (?:is (?:my |for |the )?|are (?:my |for )?|for (?:my |the )?|my |the )?$`,
        ),
      );
    if (before) return [dayName(before[1]!)];
  }
  return [];
}

function findPreferences(text: string) {
  const longRun = daysNear(text, /\blong (?:slow )?runs?\b|\blsr\b/g)[0] ?? null;
  const longRide = daysNear(text, /\b(?:long|big) (?:bike ?)?(?:rides?|bikes?|cycles?|spins?)\b/g)[0] ?? null;
  const noSwim =
    daysNear(
      text,
      /\b(?:no|not|can't|cannot|can not|don't|dont|never) (?:go )?(?:swim(?:ming|s)?|pool)\b|\bpool (?:is )?closed\b|\bno pool(?: access)?\b/g,
    )[0] ?? null;
  const rest = [
    ...daysNear(
      text,
      /\b(?:rest|off|recovery) days?\b|\bi rest\b|\b(?:no|can't|cannot) train(?:ing)?\b|\bday off\b/g,
    ),
    ...[...text.matchAll(new RegExp(String.raw`\b${DAY} (?:are |is )?(?:always )?off\b`, 'g'))].map((m) =>
      dayName(m[1]!),
    ),
  ];
  const restDays = WEEK_DAYS.filter((d) => rest.includes(d));
  return { longRun, longRide, noSwim, restDays };
}

// ---------------------------------------------------------------------------------------------------------
// The whole goal

/**
 * Reads the athlete's goal prompt into a goal context. Fields the text does not give take their default
 * (GOAL_DEFAULTS, DEFAULT_PLAN_WEEKS) and are marked in `assumed`. Never throws.
 */
export function parseGoal(input: string, options: ParseGoalOptions = {}): GoalContext {
  const today =
    options.today && isIsoDate(options.today)
      ? options.today
      : dateInTimeZone(options.now ?? new Date(), options.timezone ?? 'UTC');
  const text = normalise(typeof input === 'string' ? input.slice(0, 5000) : '');

  const events = findEvents(text);
  markPriorities(text, events);
  const dates = findDates(text, today);
  // Dates in an event's own clause first ("Ironman in October"), then the rest to the events still undated.
  let loose: DateMention[] = [];
  for (const date of dates) {
    const event = nearest(text, events, date.index, date.end, true);
    if (event && event.date === null) event.date = date.date;
    else loose.push(date);
  }
  loose = loose.filter((date) => {
    const event = nearest(
      text,
      events.filter((e) => e.date === null),
      date.index,
      date.end,
    );
    if (!event) return true;
    event.date = date.date;
    return false;
  });
  const main = aRace(events);

  let sport: GoalSport;
  let race: RaceType;
  let distance: string;
  let distanceMeters: number;
  if (main) {
    ({ sport, race_type: race, distance, distance_meters: distanceMeters } = main);
  } else {
    // No event: the sport the text talks about, with its usual first goal.
    race = TRI_SPORT_WORDS.test(text)
      ? 'Olympic Triathlon'
      : /\b(cycl|bike|biking|ride|riding)/.test(text)
        ? 'Century Ride'
        : /\bswim/.test(text) && !/\brun/.test(text)
          ? 'Open Water Swim'
          : GOAL_DEFAULTS.race_type;
    sport = sportOfRace(race);
    distance = race;
    distanceMeters = RACES[race].distance_meters!;
  }
  const sportAssumed = main === null && !/\b(run|running|cycl|bike|biking|ride|riding|swim|tri)/.test(text);
  const date = main?.date ?? loose[0]?.date ?? null;
  const target = findTarget(text, main, sport, distanceMeters);
  // More than 40 hours a week (or none) is not a training budget: the default stands.
  const read = findWeeklyHours(text);
  const hours = read && read.hours > 0 && read.hours <= MAX_WEEKLY_HOURS ? read : null;
  const experience = findExperience(text);
  const injuries = findInjuries(text);
  const prefs = findPreferences(text);

  const defaultRest = GOAL_DEFAULTS.rest_days.filter((d) => d !== prefs.longRun && d !== prefs.longRide);
  return {
    primary_event: {
      sport,
      distance,
      distance_meters: distanceMeters,
      race_type: race,
      date: date ?? sundayOnOrAfter(addDays(today, 7 * DEFAULT_PLAN_WEEKS[race])),
      target: target ?? GOAL_DEFAULTS.target,
    },
    weekly_hours: hours?.hours ?? GOAL_DEFAULTS.weekly_hours,
    weekly_hours_range: hours?.range ?? null,
    experience: experience ?? GOAL_DEFAULTS.experience,
    injuries: injuries ?? [],
    preferences: {
      long_run_day: prefs.longRun ?? GOAL_DEFAULTS.long_run_day,
      long_ride_day: prefs.longRide ?? GOAL_DEFAULTS.long_ride_day,
      no_swim_day: prefs.noSwim ?? GOAL_DEFAULTS.no_swim_day,
      rest_days: prefs.restDays.length > 0 ? prefs.restDays : defaultRest,
      weekday_max_minutes: hours?.weekdayMaxMinutes ?? null,
      sport_exclusions: [],
    },
    athlete: emptyAthleteFacts(),
    other_events: events
      .filter((e) => e !== main)
      .map((e) => ({
        sport: e.sport,
        distance: e.distance,
        distance_meters: e.distance_meters,
        race_type: e.race_type,
        date: e.date,
      })),
    assumed: {
      sport: sportAssumed,
      distance: main === null,
      date: date === null,
      target: target === null,
      weekly_hours: hours === null,
      experience: experience === null,
      injuries: injuries === null,
      long_run_day: prefs.longRun === null,
      long_ride_day: prefs.longRide === null,
      no_swim_day: prefs.noSwim === null,
      rest_days: prefs.restDays.length === 0,
    },
  };
}
