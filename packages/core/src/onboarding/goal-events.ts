// Events in a goal text (docs/onboarding.md, "Events and distances"): triathlon legs summed, distances in
// km, miles, metres and yards with the sport named before or after them, named events (parkrun, 70.3,
// century, metric century, Olympic, gran fondo with its stated distance), and which one is the A race.

import type { Units } from '../spec/app.ts';
import { RACES, type RaceType } from '../training/plans.ts';
import { formatRaceDistance, METERS_PER_MILE } from '../units.ts';
import type { GoalSport } from './goal-terms.ts';
import { clauseOf, sentenceOf } from './goal-text.ts';

export interface EventMention {
  sport: GoalSport;
  distance: string;
  distance_meters: number;
  race_type: RaceType;
  /** Where the event is named: [start, end) of each mention (the same race may be named twice). */
  spans: Array<[number, number]>;
  priority: 'A' | 'B' | null;
  date: string | null;
  /** Named in the plural ("12 marathons done") or only as a past result: not a goal. */
  past: boolean;
  /** Named only beside a result already run ("my 10k PB is 41:10"): not a goal unless nothing else is. */
  resultOnly?: boolean;
}

export const sportOfRace = (race: RaceType): GoalSport => {
  const sport = RACES[race].sport;
  return sport === 'multisport' ? 'triathlon' : (sport ?? 'run');
};

/** Named events, longest names first (each match masks its span so "half marathon" is not also "marathon"). */
const NAMED_EVENTS: ReadonlyArray<[RegExp, RaceType, string?, number?]> = [
  [/\b(half[- ]?iron ?mans?|half[- ]?im\b|(iron ?man )?70\.3s?|middle distance tri\w*)/g, 'Half Ironman'],
  [/\b(iron ?m[ae]ns?|ironmen|full[- ]distance tri\w*|140\.6|kona)\b/g, 'Ironman'],
  [/\b(olympic|oly)( distance)?( tri\w*)?\b|\bstandard distance( tri\w*)?/g, 'Olympic Triathlon'],
  [/\bsprint( distance)?( tri\w*)?\b|\bsuper[- ]?sprint\b/g, 'Sprint Triathlon'],
  [
    /\bhalf[- ]?mara?th?[aoe]ns?\b|\bhalf[- ]?mara\b|\b21\.1 ?km?\b|\b13\.1( miles?)?\b|\bhm\b|\bhalfs\b|\bhalves\b|\b(?:the|a|my|1st|first|next) half\b(?! (?:ironman|of|an|a|the|day|hour|marathon))|(?<=\d )half\b|^half\b|\bhalf\b(?= (?:in|on|at|under|sub|pb|pr|goal|target|\d))/g,
    'Half Marathon',
  ],
  [/\bmara?th?[aoe]ns?\b|\bmarth?ons?\b|\bmara\b|\b42\.2 ?km?\b|\b26\.2( miles?)?\b/g, 'Marathon'],
  // Never the tail of a decimal ("1.5 km" is not a 5K, "2.10 k" not a 10K).
  [
    /(?<![\d.])10 ?k(m)?s?\b(?! (trail|ultra|ride|swim|bike))|(?<![\d.])10 ?kilomet(er|re)s?\b(?! (ride|swim))/g,
    '10K',
  ],
  [
    /(?<![\d.])5 ?k(m)?s?\b(?! (trail|ultra|ride|swim|bike))|\bparkrun\b|(?<![\d.])5 ?kilomet(er|re)s?\b(?! (ride|swim))/g,
    '5K',
  ],
  [/\bmetric century\b/g, 'Custom Event', 'Metric century', 100_000],
  [/\bcentury( ride)?\b|\bcenturies\b|\b100[- ]?mile (bike |cycling )?ride\b/g, 'Century Ride'],
  [/\bgran ?fondo\b|\bgranfondo\b|\bsportive\b/g, 'Custom Event', 'Gran Fondo', 130_000],
];

/** An event named in the plural is a count of past ones ("12 marathons done"), not the goal. */
const PLURAL = /(?:ons|mans|men|halfs|halves|70\.3s|\dks|centuries|thlons|tris)$/;

const TRI_SPORT_WORDS = /\b(tri|triathlon|tri's|tris|triathlons)\b/;

const UNIT = '(k|km|kms|kilomet(?:er|re)s?|mi|miles?|m|meters?|metres?|yards?|yds?)';
const NUMBER = String.raw`(\d+(?:\.\d+)?)`;
const SPORT_AFTER =
  '(trail|ultra|race|run|ride|bike|cycle|gravel|swim|open water|ows|brevet|audax|time trial|road race|charity ride|freestyle|track)';
/** "a 50k trail race", "200 km ride", "1 mile swim", "2.4 mile open water swim". */
const DISTANCE_THEN_SPORT = new RegExp(
  String.raw`\b${NUMBER} ?${UNIT}\b[ -]?((?:[a-z-]+ ){0,3}?)${SPORT_AFTER}\b`,
  'g',
);
/** "ride 200 km", "swim 2.4 miles", "open water 1.5 km", "a swim of 3 km", "trail 50k", "gravel race 120 km". */
const SPORT_THEN_DISTANCE = new RegExp(
  String.raw`\b(run|running|ride|riding|cycle|cycling|bike|biking|swim|swimming|open[- ]water(?: swim\w*)?|ows|trail|ultra|time trial|gravel race|gravel|bike race|road race)(?: (?:of|a|an|the|about|around))? ${NUMBER} ?${UNIT}\b(?! ?(?:a|per|each|every|/|in a) ?week| weekly| total| elevation| climbing)`,
  'g',
);
const SPORT_JUST_BEFORE =
  /\b(run|running|ride|riding|cycle|cycling|bike|biking|swim|swimming|open[- ]water|ows)(?: (?:of|a|an|the|about|around))? $/;
/** A triathlon leg: "1.9 km swim", "swim 1.9 km", "bike 90k". */
const LEG = new RegExp(
  String.raw`\b(?:${NUMBER} ?${UNIT} ?(swim|bike|ride|cycle|run)|(swim|bike|ride|cycle|run) ${NUMBER} ?${UNIT})\b`,
  'g',
);

function sportOfWord(word: string): GoalSport {
  if (/ride|bike|biking|cycl|gravel|brevet|audax|time trial|road race/.test(word)) return 'bike';
  if (/swim|open water|ows|freestyle/.test(word)) return 'swim';
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
  if (sport === 'triathlon') {
    for (const race of ['Ironman', 'Half Ironman', 'Olympic Triathlon', 'Sprint Triathlon'] as const)
      if (Math.abs(meters - RACES[race].distance_meters!) <= RACES[race].distance_meters! * 0.03) return race;
  }
  return null;
}

function unitMeters(unit: string): number {
  if (/^(mi|mile)/.test(unit)) return METERS_PER_MILE;
  if (/^(y|yd)/.test(unit)) return 0.9144;
  if (/^k/.test(unit)) return 1000;
  return 1;
}

function customEvent(
  sport: GoalSport,
  meters: number,
  span: [number, number],
  trail: boolean,
  units: Units,
): EventMention {
  const standard = trail ? null : standardFor(sport, meters);
  const exact = standard && standard !== 'Open Water Swim';
  return {
    sport,
    distance: exact ? standard : formatRaceDistance(meters, units),
    distance_meters: Math.round(exact ? RACES[standard].distance_meters! : meters),
    race_type: standard ?? 'Custom Event',
    spans: [span],
    priority: null,
    date: null,
    past: false,
  };
}

/**
 * The events the text names; a distance of its own is labelled in the athlete's `units`. `hidden` are spans read
 * as something else (the longest session's distance: "my longest ride is 100 km" names no event).
 */
export function findEvents(
  text: string,
  units: Units = 'metric',
  hidden: ReadonlyArray<[number, number]> = [],
): EventMention[] {
  let masked = text;
  const events: EventMention[] = [];
  const mask = (index: number, length: number) => {
    masked = masked.slice(0, index) + '#'.repeat(length) + masked.slice(index + length);
  };
  for (const [from, to] of hidden) mask(from, to - from);
  // Triathlon legs in one sentence: the event is their sum.
  const legs = [...masked.matchAll(LEG)];
  for (const leg of legs) {
    const sentence = sentenceOf(text, leg.index!);
    const same = legs.filter((l) => sentenceOf(text, l.index!).start === sentence.start);
    const kinds = new Set(same.map((l) => sportOfWord(l[3] ?? l[4]!)));
    if (kinds.size < 3 || same[0] !== leg) continue;
    const meters = same.reduce((sum, l) => sum + Number(l[1] ?? l[5]) * unitMeters(l[2] ?? l[6]!), 0);
    const last = same.at(-1)!;
    const span: [number, number] = [leg.index!, last.index! + last[0].length];
    events.push(customEvent('triathlon', meters, span, false, units));
    mask(span[0], span[1] - span[0]);
  }
  const custom = (meters: number, sport: GoalSport, index: number, length: number, trail: boolean) => {
    if (!(meters >= 100 && meters <= 1_000_000)) return;
    events.push(customEvent(sport, meters, [index, index + length], trail, units));
    mask(index, length);
  };
  for (const m of masked.matchAll(DISTANCE_THEN_SPORT)) {
    const meters = Number(m[1]) * unitMeters(m[2]!);
    const between = m[3] ?? '';
    const word = m[4]!;
    if (/\b(a|per|each|every)\b|#/.test(between)) continue;
    if (word === 'race' && /^m/.test(m[2]!) && meters < 400) continue;
    // "swim 3.8 km race": a sport named just before the distance says what a bare "race" after it is.
    const before = word === 'race' ? SPORT_JUST_BEFORE.exec(masked.slice(0, m.index!))?.[1] : undefined;
    const sport = /ride|bike|cycl|gravel/.test(between)
      ? 'bike'
      : /swim|pool/.test(between)
        ? 'swim'
        : sportOfWord(before ?? word);
    custom(meters, sport, m.index!, m[0].length, /trail|ultra/.test(between + word));
  }
  for (const m of masked.matchAll(SPORT_THEN_DISTANCE)) {
    const meters = Number(m[2]) * unitMeters(m[3]!);
    custom(meters, sportOfWord(m[1]!), m.index!, m[0].length, /trail|ultra/.test(m[1]!));
  }
  for (const [pattern, race, label, meters] of NAMED_EVENTS) {
    for (const m of masked.matchAll(pattern)) {
      // "Sprint" or "Olympic" alone is a triathlon only in a text about triathlon.
      if (
        /Triathlon/.test(race) &&
        !/tri|standard|olympic distance|oly/.test(m[0]) &&
        !TRI_SPORT_WORDS.test(text)
      )
        continue;
      const sport = race === 'Custom Event' ? 'bike' : sportOfRace(race);
      // A gran fondo with its distance stated ("Gran Fondo on 3 Oct 2027, 160km") is that distance.
      let stated = meters;
      if (label === 'Gran Fondo') {
        const sentence = sentenceOf(masked, m.index!);
        const bare = masked
          .slice(sentence.start, sentence.end)
          .match(/\b(\d+(?:\.\d+)?) ?(km|kms|k|miles?|mi)\b(?! ?(?:a|per|\/) ?week| elevation)/);
        if (bare && Number(bare[1]) * unitMeters(bare[2]!) >= 20_000)
          stated = Math.round(Number(bare[1]) * unitMeters(bare[2]!));
      }
      events.push({
        sport,
        distance: stated !== meters ? formatRaceDistance(stated!, units) : (label ?? race),
        distance_meters: stated ?? RACES[race].distance_meters!,
        race_type: race,
        spans: [[m.index!, m.index! + m[0].length]],
        priority: null,
        date: null,
        past: PLURAL.test(m[0]),
      });
      mask(m.index!, m[0].length);
    }
  }
  if (!events.some((e) => e.sport === 'swim'))
    for (const m of masked.matchAll(/\b(open[- ]water|ows)( swim\w*| race)?\b/g)) {
      events.push({
        ...customEvent(
          'swim',
          RACES['Open Water Swim'].distance_meters!,
          [m.index!, m.index! + m[0].length],
          false,
          units,
        ),
      });
      mask(m.index!, m[0].length);
    }
  // A bare distance ("10 miles in May", "Cycle Tour 109 km") when nothing else names the event: the sport
  // the text talks about.
  if (events.filter((e) => !e.past).length === 0) {
    const bare = masked.match(
      /\b(\d+(?:\.\d+)?) ?(km|kms|k|miles?|mi)\b(?! ?(?:a|per|each|every|\/|in a) ?(?:week|day)| weekly| total| elevation| climbing)/,
    );
    if (bare) {
      const sport: GoalSport = /\b(cycl\w*|bike|biking|ride|riding|tour|fondo)\b/.test(text)
        ? 'bike'
        : /\bswim/.test(text) && !/\brun/.test(text)
          ? 'swim'
          : 'run';
      custom(Number(bare[1]) * unitMeters(bare[2]!), sport, bare.index!, bare[0].length, false);
    }
  }
  // A World Marathon Major named alone ("Goal race: Boston 2027") is its marathon.
  if (events.filter((e) => !e.past).length === 0) {
    const major =
      masked.match(/\bbq\b|\bboston qualif\w*/) ??
      masked.match(
        /\b(boston|chicago|berlin|london|new york|nyc|tokyo|sydney)\b(?! (?:half|10k|triathlon|tri|ironman|70\.3))/,
      );
    if (major)
      events.push(
        customEvent(
          'run',
          RACES.Marathon.distance_meters!,
          [major.index!, major.index! + major[0].length],
          false,
          units,
        ),
      );
  }
  // "Sprint" or "Olympic" alone only count as triathlons when the text is about triathlon; a bare
  // "triathlon" with no distance is an Olympic one.
  if (events.length === 0) {
    const tri = masked.match(TRI_SPORT_WORDS);
    if (tri) {
      events.push({
        ...customEvent(
          'triathlon',
          RACES['Olympic Triathlon'].distance_meters!,
          [tri.index!, tri.index! + tri[0].length],
          false,
          units,
        ),
        past: /s$/.test(tri[0]),
      });
    }
  }
  // The same race named twice ("5k parkrun", "Ironman 140.6") is one event.
  const merged: EventMention[] = [];
  for (const event of events.sort((a, b) => a.spans[0]![0] - b.spans[0]![0])) {
    const same = merged.find(
      (e) => e.race_type === event.race_type && e.distance_meters === event.distance_meters,
    );
    if (same) {
      same.spans.push(...event.spans);
      same.past &&= event.past;
    } else merged.push(event);
  }
  return merged;
}

const A_MARKER =
  /\b(a[- ]race|a[- ]priority|main (goal|race|event|target)|goal race|target race|big (goal|one|race)|focus race|key race|priority race|the goal is|my goal is|most important)\b/g;
const B_MARKER =
  /\b(b[- ]race|c[- ]race|tune[- ]?up|warm[- ]?up race|prep race|as (a )?(training|practice)|training race|build[- ]?up race|on the way|season opener|opener)\b/g;

/** Each marker is given to the nearest event mention in its sentence. */
export function markPriorities(text: string, events: EventMention[]): void {
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
 * The event a date or marker at [start, end) belongs to: the nearest one in the same clause, else the
 * nearest in the same sentence; none across sentences.
 */
export function nearest(
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

/** The A race: the one named as the main goal; else, of those not named tune-ups, the longest. */
export function aRace(events: EventMention[]): EventMention | null {
  const goals = events.filter((e) => !e.past && !e.resultOnly);
  const named = goals.find((e) => e.priority === 'A');
  if (named) return named;
  const pool = goals.filter((e) => e.priority !== 'B');
  const candidates = pool.length > 0 ? pool : goals;
  let best: EventMention | null = null;
  for (const e of candidates) if (!best || importance(e) > importance(best)) best = e;
  return best;
}

/** Longer races weigh more; a triathlon counts its distance as it is (Ironman first). */
const importance = (e: EventMention) => e.distance_meters * (e.sport === 'triathlon' ? 2 : 1);
