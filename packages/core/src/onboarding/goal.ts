// Goal parsing: the onboarding prompt, as the athlete wrote it, read into the onboarding session's goal context
// (the event, its date and target, weekly hours, experience, injuries, day preferences and what the athlete
// says of their training). Pure and deterministic for a given `today`. The grammar is written up in
// docs/onboarding.md, "Reading the goal"; the defaults in docs/plan-generator.md, "Reading the goal". The
// readers live beside this file: goal-text (normalising), goal-events, goal-dates, goal-times, goal-volume,
// goal-athlete.
import { addDays, dateInTimeZone } from '../dates.ts';
import type { Units } from '../spec/app.ts';
import { isIsoDate } from '../training/calendar.ts';
import { RACES, type RaceType } from '../training/plans.ts';
import {
  findExperience,
  findInjuries,
  findLimiters,
  findLongest,
  findPreferences,
  findThresholds,
} from './goal-athlete.ts';
import { findDates, seasonDate, sundayOnOrAfter } from './goal-dates.ts';
import { aRace, type EventMention, findEvents, markPriorities, nearest, sportOfRace } from './goal-events.ts';
import type { Experience, GoalSport, Injury, SportExclusion, TriSport, WeekDay } from './goal-terms.ts';
import { normalise } from './goal-text.ts';
import {
  BQ,
  bostonStandard,
  closest,
  findTimes,
  formatHms,
  pbReduction,
  performancesOf,
  secondsFor,
  typicalSeconds,
  wantsToFinish,
} from './goal-times.ts';
import { findVolume, statedWeeklyHours } from './goal-volume.ts';

/** The fewest weekly hours a text is read as (the plan generator's floor, PLAN_GENERATOR_RULES.minHours). */
export const MIN_WEEKLY_HOURS = 2;

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
  /**
   * Sessions a week of each sport now ("I run 3 times a week", "ride twice a week"): the plan starts at that
   * many (docs/plan-generator.md, "Sessions a week").
   */
  current_weekly_sessions: { run: number | null; bike: number | null; swim: number | null };
  /** The longest recent session per sport, minutes ("my longest run lately is 1:45"). */
  longest_recent_minutes: { run: number | null; bike: number | null; swim: number | null };
  /**
   * The longest session per sport the athlete has done, km ("longest run 28 km", "never ridden more than 60
   * miles"): the plan's long sessions start from it when no minutes are known (docs/plan-generator.md, "Long
   * session and its timing").
   */
  longest_recent_km: { run: number | null; bike: number | null; swim: number | null };
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
  /**
   * Injuries the athlete says are over ("had a stress fracture in 2025", "ACL surgery 2023", "fully
   * recovered"): kept for the record and the review, never ruling sessions out (`injuries` does that).
   */
  past_injuries: Injury[];
  /**
   * The sports the athlete names as their weakness ("weak swimmer", "my limiter is the bike"), empty when none:
   * a triathlete's plan gives them more sessions and time (docs/plan-generator.md, "Limiters").
   */
  limiters: TriSport[];
}

/** The facts of a text that says none: every field unknown. */
export function emptyAthleteFacts(): GoalAthleteFacts {
  return {
    performances: [],
    current_weekly_hours: null,
    current_weekly_km: null,
    current_weekly_sessions: { run: null, bike: null, swim: null },
    longest_recent_minutes: { run: null, bike: null, swim: null },
    longest_recent_km: { run: null, bike: null, swim: null },
    ftp_watts: null,
    css_seconds_per_100m: null,
    threshold_pace_seconds_per_km: null,
    lthr: null,
    max_hr: null,
    events_completed: null,
    years_training: null,
    past_injuries: [],
    limiters: [],
  };
}

/**
 * A goal context stored before `athlete` and `preferences.sport_exclusions` existed, read as one whose text
 * says none of them.
 */
export function withGoalDefaults<
  G extends {
    athlete?: Partial<GoalAthleteFacts>;
    preferences: { sport_exclusions?: SportExclusion[] };
    notes?: string[];
  },
>(
  goal: G,
): G & { athlete: GoalAthleteFacts; preferences: { sport_exclusions: SportExclusion[] }; notes: string[] } {
  return {
    ...goal,
    notes: goal.notes ?? [],
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
  /** What the parser could not settle, in words for the review ("Boston qualifying: your age and sex decide..."). */
  notes: string[];
  assumed: GoalAssumed;
}

export interface ParseGoalOptions {
  /** The athlete's local date, YYYY-MM-DD; when absent, `now` (default: the current instant) in `timezone`. */
  today?: string;
  now?: Date;
  /** IANA time zone of the athlete (default UTC); dates in the text are read as the athlete's calendar dates. */
  timezone?: string;
  /** The athlete's units: a distance the text gives is labelled in km or miles (default metric). */
  units?: Units;
}

// ---------------------------------------------------------------------------------------------------------
// The whole goal

const TRI_WORDS = /\b(tri|triathlon|tris|triathlons)\b/;

/** The sport the text talks about when it names no event, with its usual first goal. */
function sportOnly(text: string): RaceType {
  if (TRI_WORDS.test(text)) return 'Olympic Triathlon';
  if (/\b(cycl|bike|biking|ride|riding)/.test(text)) return 'Century Ride';
  if (/\bswim/.test(text) && !/\brun/.test(text)) return 'Open Water Swim';
  return GOAL_DEFAULTS.race_type;
}

/**
 * Reads the athlete's goal prompt into a goal context. Fields the text does not give take their default
 * (GOAL_DEFAULTS, DEFAULT_PLAN_WEEKS) and are marked in `assumed`; athlete facts it does not give are null.
 * Never throws.
 */
export function parseGoal(input: string, options: ParseGoalOptions = {}): GoalContext {
  const today =
    options.today && isIsoDate(options.today)
      ? options.today
      : dateInTimeZone(options.now ?? new Date(), options.timezone ?? 'UTC');
  const text = normalise(typeof input === 'string' ? input.slice(0, 5000) : '');
  const notes: string[] = [];

  // The longest session's distance is the athlete's, not an event ("my longest ride so far is 100 km").
  const longest = findLongest(text);
  const events = findEvents(text, options.units, longest.spans);
  markPriorities(text, events);
  const { times, paces } = findTimes(text);
  // An event named only beside a past result ("my 10k PB is 41:10") is not a goal.
  const perfs = performancesOf(text, times, events);
  const hasGoalTime = times.some((t) => t.kind === 'target' || t.kind === 'beat');
  for (const event of events) {
    const resultOnly = event.spans.every(([from]) =>
      perfs.some((p) => p.event === event && Math.abs(p.index - from) < 25),
    );
    if (resultOnly) event.resultOnly = true;
  }
  const blank: Array<[number, number]> = [
    ...events.flatMap((e) => e.spans),
    ...times.map((t): [number, number] => [t.index, t.end]),
    ...paces.map((p): [number, number] => [p.index, p.end]),
  ];
  const dates = findDates(text, today, blank);
  // Dates in an event's own clause first ("Ironman in October"), then the rest to the events still undated.
  let loose = [];
  for (const date of dates) {
    const event = nearest(text, events, date.index, date.end, true);
    if (event && event.date === null) event.date = date.date;
    else loose.push(date);
  }
  loose = loose.filter((date) => {
    const event = nearest(
      text,
      events.filter((e) => e.date === null && !e.past && !e.resultOnly),
      date.index,
      date.end,
    );
    if (!event) return true;
    event.date = date.date;
    return false;
  });
  let main = aRace(events);
  if (!main && (hasGoalTime || dates.length > 0)) {
    // Only results or counts are named ("12 marathons done, want sub 3:10 next September"), but the text has
    // a goal time or a date: the goal is that kind of event.
    main =
      events.filter((e) => e.resultOnly && !e.past).at(-1) ?? events.filter((e) => e.past).at(-1) ?? null;
    if (main && main.date === null) main.date = loose.shift()?.date ?? null;
  }

  let race: RaceType;
  let sport: GoalSport;
  let distance: string;
  let distanceMeters: number;
  if (main) {
    ({ sport, race_type: race, distance, distance_meters: distanceMeters } = main);
  } else {
    race = sportOnly(text);
    sport = sportOfRace(race);
    distance = race;
    distanceMeters = RACES[race].distance_meters!;
  }
  const sportAssumed = main === null && !/\b(run|running|cycl|bike|biking|ride|riding|swim|tri)/.test(text);
  const date = main?.date ?? (main ? (loose[0]?.date ?? null) : null);
  // "A 10K in spring": no date, but a season; its middle is a better guess than the default weeks (still assumed).
  const season = date === null && main ? seasonDate(text, today, options.timezone) : null;
  if (season)
    notes.push(
      `Your race is in ${season.season}: the plan aims at Sunday ${season.label} until you set the race's date.`,
    );

  // "Half Ironman in June, swim 1:50/100m, half marathon 1:45": a bare time right after another event with no date
  // of its own is that event's result, not the goal's target (docs/onboarding.md, "Results").
  if (main)
    for (const t of times) {
      if (t.kind !== 'bare') continue;
      const before = events.find(
        (e) =>
          e !== main &&
          e.date === null &&
          !e.past &&
          e.spans.some(([, to]) => to <= t.index && /^[ :,=-]*(?:in |of )?$/.test(text.slice(to, t.index))),
      );
      if (!before) continue;
      const seconds = secondsFor(t, before.sport, before.distance_meters);
      const ratio = seconds / typicalSeconds(before.sport, before.distance_meters);
      if (ratio < 0.4 || ratio > 2.5) continue;
      t.kind = 'perf';
      perfs.push({ seconds, event: before, index: t.index });
      before.resultOnly = true;
    }

  // Results: each with its event's distance, else the goal's.
  const performances: GoalPerformance[] = [];
  for (const p of perfs) {
    const e: Pick<EventMention, 'sport' | 'distance_meters' | 'race_type'> | null = p.event ?? main;
    if (!e) continue;
    const t = times.find((x) => x.index === p.index)!;
    const seconds = secondsFor(t, e.sport, e.distance_meters);
    const ratio = seconds / typicalSeconds(e.sport, e.distance_meters);
    if (ratio < 0.3 || ratio > 3.5) continue;
    if (performances.some((x) => x.time_seconds === seconds && x.distance_meters === e.distance_meters))
      continue;
    performances.push({
      sport: e.sport,
      distance_meters: e.distance_meters,
      race_type: e.race_type === 'Custom Event' ? null : e.race_type,
      time_seconds: seconds,
      date: null,
    });
  }

  // The target: a time with a target cue nearest the goal event, else a bare time beside it; a PB to beat
  // or to take minutes off; Boston's standard; or finishing.
  let target: string | null = null;
  const distanceTo = (index: number) =>
    main
      ? Math.min(...main.spans.map(([from, to]) => Math.min(Math.abs(index - from), Math.abs(index - to))))
      : 0;
  const plausible = (seconds: number) => {
    const ratio = seconds / typicalSeconds(sport, distanceMeters);
    return ratio >= 0.33 && ratio <= 3;
  };
  for (const kinds of [['target', 'beat'], ['bare']] as const) {
    const candidates = times
      .filter((t) => (kinds as readonly string[]).includes(t.kind))
      .map((t) => ({ t, seconds: secondsFor(t, sport, distanceMeters) }))
      .filter((c) => plausible(c.seconds) && (main !== null || c.t.kind !== 'bare'))
      .sort((a, b) => distanceTo(a.t.index) - distanceTo(b.t.index));
    if (candidates[0]) {
      target = formatHms(candidates[0].seconds);
      break;
    }
  }
  // "10k 45": a bare number right after the event, read in the unit that fits it.
  if (target === null && main) {
    for (const [, to] of main.spans) {
      const bare = text.slice(to).match(/^,? (\d{2,3})(?=$|[,.!?])/);
      if (!bare) continue;
      const seconds = closest(
        [Number(bare[1]) * 60, Number(bare[1]) * 3600],
        typicalSeconds(sport, distanceMeters),
      );
      if (plausible(seconds)) target = formatHms(seconds);
    }
  }
  // "Target pace 5:00/km", "marathon pace 5:10/km": the pace over the goal's distance.
  if (target === null && main && sport === 'run') {
    const pace = paces.find(
      (p) =>
        p.per100m === null &&
        /\b(target|goal|race|marathon|half|at|aim|want)\b[^.]*$/.test(p.context) &&
        !/threshold|tempo|easy|lt\b/.test(p.context),
    );
    if (pace) target = formatHms(pace.secondsPerKm * (distanceMeters / 1000));
  }
  const reduction = pbReduction(text);
  if (reduction !== null) {
    const pb = performances.find(
      (p) => Math.abs(p.distance_meters - distanceMeters) <= distanceMeters * 0.02,
    );
    target = pb ? formatHms(pb.time_seconds - reduction) : null;
    if (!pb)
      notes.push(
        'You want to take time off your PB: give your PB or a target time so the plan can aim for it.',
      );
  }
  const bq = BQ.test(text) && race === 'Marathon';
  if (bq && target === null) {
    target = bostonStandard(text);
    if (target === null)
      notes.push(
        'You want a Boston qualifying time: it depends on your age and sex, so the target time is left for you to set.',
      );
  }
  if (target === null && wantsToFinish(text) && main) target = 'finish';

  const volume = findVolume(text);
  const hours =
    volume.available && volume.available.hours > 0 && volume.available.hours <= MAX_WEEKLY_HOURS
      ? volume.available
      : null;
  const experience = findExperience(text, today, main ? race : null);
  const injuries = findInjuries(text, today);
  const prefs = findPreferences(text);
  const thresholds = findThresholds(text);
  const threshold = paces.find(
    (p) => p.per100m === null && /\b(threshold|lt|tempo)\b[^.]{0,12}$/.test(p.context),
  );
  // CSS: a swim pace named CSS, else the pace a swimmer gives for their swimming ("swim 1:50/100m", "I swim at
  // 1:50 per 100m"), not an easy or a race-goal one (docs/onboarding.md, "Thresholds").
  const css =
    paces.find((p) => p.per100m !== null && /css/.test(text))?.per100m ??
    (() => {
      const m = text.match(/\bcss(?: is| of|:)? (\d):(\d{2})\b|\b(\d):(\d{2})\b[^.\d]{0,20}\bcss\b/);
      return m ? Number(m[1] ?? m[3]) * 60 + Number(m[2] ?? m[4]) : null;
    })() ??
    paces.find(
      (p) =>
        p.per100m !== null &&
        /\bswim/.test(p.context) &&
        !/\b(easy|slow|recovery|warm|target|goal|race|aim|want)\b[^,.]*$/.test(p.context),
    )?.per100m ??
    null;

  const now = statedWeeklyHours(
    {
      current_weekly_hours: volume.currentHours,
      current_weekly_km: volume.currentKm,
      current_weekly_sessions: volume.currentSessions,
    },
    experience.level ?? GOAL_DEFAULTS.experience,
  );
  // Hours said are kept as said; hours from km or sessions to the half hour.
  const trainedNow =
    volume.currentHours !== null
      ? Math.max(MIN_WEEKLY_HOURS, volume.currentHours)
      : now > 0
        ? Math.max(MIN_WEEKLY_HOURS, Math.min(MAX_WEEKLY_HOURS, Math.round(now * 2) / 2))
        : null;

  const defaultRest = GOAL_DEFAULTS.rest_days.filter((d) => d !== prefs.longRun && d !== prefs.longRide);
  return {
    primary_event: {
      sport,
      distance,
      distance_meters: distanceMeters,
      race_type: race,
      date: date ?? season?.date ?? sundayOnOrAfter(addDays(today, 7 * DEFAULT_PLAN_WEEKS[race])),
      target: target ?? GOAL_DEFAULTS.target,
    },
    // Hours available not said but what they train now said (hours, running km, or sessions a week): plan from
    // that (still assumed, so the review asks), never below it (docs/onboarding.md, "Weekly hours").
    weekly_hours: hours
      ? Math.max(MIN_WEEKLY_HOURS, hours.hours)
      : (trainedNow ?? GOAL_DEFAULTS.weekly_hours),
    weekly_hours_range: hours?.range ?? null,
    experience: experience.level ?? GOAL_DEFAULTS.experience,
    injuries: injuries.current ?? [],
    preferences: {
      long_run_day: prefs.longRun ?? GOAL_DEFAULTS.long_run_day,
      long_ride_day: prefs.longRide ?? GOAL_DEFAULTS.long_ride_day,
      no_swim_day: prefs.noSwim ?? GOAL_DEFAULTS.no_swim_day,
      rest_days: prefs.restDays.length > 0 ? prefs.restDays : defaultRest,
      weekday_max_minutes: volume.available?.weekdayMaxMinutes ?? null,
      sport_exclusions: prefs.exclusions,
    },
    athlete: {
      performances,
      current_weekly_hours: volume.currentHours,
      current_weekly_km: volume.currentKm,
      current_weekly_sessions: volume.currentSessions,
      longest_recent_minutes: longest.minutes,
      longest_recent_km: longest.km,
      ftp_watts: thresholds.ftp,
      css_seconds_per_100m: css !== null && css >= 50 && css <= 400 ? css : null,
      threshold_pace_seconds_per_km: threshold ? Math.round(threshold.secondsPerKm) : null,
      lthr: thresholds.lthr,
      max_hr: thresholds.maxHr,
      events_completed: experience.eventsCompleted,
      years_training: experience.years,
      past_injuries: injuries.past,
      limiters: findLimiters(text),
    },
    other_events: events
      .filter((e) => e !== main && !e.past && !e.resultOnly)
      .map((e) => ({
        sport: e.sport,
        distance: e.distance,
        distance_meters: e.distance_meters,
        race_type: e.race_type,
        date: e.date,
      })),
    notes,
    assumed: {
      sport: sportAssumed,
      distance: main === null,
      date: date === null,
      target: target === null,
      weekly_hours: hours === null,
      experience: experience.level === null,
      injuries: injuries.current === null,
      long_run_day: prefs.longRun === null,
      long_ride_day: prefs.longRide === null,
      no_swim_day: prefs.noSwim === null,
      rest_days: prefs.restDays.length === 0,
    },
  };
}
