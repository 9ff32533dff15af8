// The daily adaptation's rules (docs/adaptation.md): from a plan's workouts around today, the athlete's recent
// readiness and load, propose the changes the day calls for, each with its reason in plain words. Pure: the
// server reads the inputs and applies the proposals through its services.
import { coachDay } from '../coach/common.ts';
import { normalizeMessage } from '../coach/normalize.ts';
import {
  type BodyPart,
  bodyPartOf,
  isIllness,
  isInjury,
  type Symptom,
  symptomOf,
} from '../coach/situations.ts';
import { addDays } from '../dates.ts';
import { dayOfWeek, weekStartOf } from '../training/calendar.ts';
import {
  ABOVE_NECK_DAYS,
  ABOVE_NECK_MAX_MINUTES,
  type EasedSession,
  easedSession,
  ILLNESS_REST_DAYS,
  ILLNESS_RETURN_SHARES,
  INJURY_REST_DAYS,
  INJURY_RETURN_DAYS,
  INJURY_RETURN_SHARE,
  LONG_MINUTES,
  roundTo5,
  sportsLoading,
} from './health.ts';

/** Readiness below this is poor on its own (the readiness bands' "Poor"). docs/adaptation.md, "Readiness". */
export const READINESS_POOR_BELOW = 40;
/** Two days in a row below this are poor too. */
export const READINESS_LOW_BELOW = 55;
/** Below this the day becomes a rest day. */
export const READINESS_VERY_POOR_BELOW = 25;
/** A moved missed session fits when the week's load stays within this share of its plan. */
export const WEEK_LOAD_ALLOWANCE = 1.1;
/** Completed load over the last 7 days above this share of the plan's is over-reaching. */
export const OVERREACH_LOAD_RATIO = 1.2;
/** …and only when at least this many TSS points above it (a 30-TSS week 40 % over is noise). */
export const OVERREACH_MIN_EXCESS_TSS = 50;
/** The weekly CTL rise allowed by experience (the plan generator's caps, docs/plan-generator.md). */
export const CTL_RAMP_CAP: Readonly<Record<string, number>> = { beginner: 5, intermediate: 6, advanced: 7 };
export const DEFAULT_CTL_RAMP_CAP = 6;
/** A long session at this duration or more counts as key even without "long" in its title. */
export const LONG_SESSION_MINUTES = LONG_MINUTES;

export type AdaptationSport = 'run' | 'bike' | 'swim' | 'strength';

export interface AdaptationWorkout {
  id: string;
  date: string;
  sport: AdaptationSport;
  title: string;
  durationMinutes: number | null;
  intensityZone: number | null;
  status: 'planned' | 'completed' | 'skipped';
  /** Planned local TSS of the session. */
  tss: number | null;
  /** What a completed session scored, when an activity completed it. */
  actualTss: number | null;
  /** Of the plan being adapted; other workouts only count as load and occupy days. */
  inPlan: boolean;
  /** Created or edited by the athlete's hand: never changed. */
  byAthlete: boolean;
  /** Changed before by the adaptation or the coach (and not undone): left as it is. */
  changed: boolean;
}

export interface ReadinessDay {
  date: string;
  score: number | null;
  sleepHours?: number | null;
  /** The day's wellness note: illness or injury reported in it changes the plan ("Illness and injury"). */
  notes?: string | null;
}

export interface AdaptationInput {
  today: string;
  /** The athlete's workouts from at least 7 days before today to the end of next week. */
  workouts: readonly AdaptationWorkout[];
  /** Readiness of yesterday and today (others ignored). */
  readiness: readonly ReadinessDay[];
  /** Days the athlete decided (an undone change): nothing on them is changed. */
  decidedDays: readonly string[];
  /** The plan's race day: its sessions are never changed. */
  raceDate: string | null;
  /** CTL today minus CTL 7 days ago, when known. */
  ctlRamp?: number | null;
  ctlRampCap?: number;
}

export type AdaptationKind = 'swap' | 'rest' | 'move' | 'drop' | 'ease';

export interface AdaptationPatch {
  workoutDate?: string;
  title?: string;
  workoutLanguageText?: string;
  durationMinutes?: number;
  intensityZone?: number;
  status?: 'skipped';
}

export interface ProposedChange {
  workoutId: string;
  kind: AdaptationKind;
  reason: string;
  patch: AdaptationPatch;
}

const LONG_TITLE = /\blong\b/i;

/** A key session: long, or threshold and above (zone 4+). docs/adaptation.md, "Key and hard sessions". */
export function isKeySession(w: Pick<AdaptationWorkout, 'title' | 'durationMinutes' | 'intensityZone'>) {
  return (
    (w.intensityZone ?? 0) >= 4 ||
    LONG_TITLE.test(w.title) ||
    (w.durationMinutes ?? 0) >= LONG_SESSION_MINUTES
  );
}

/** A hard session is a key one: zone 4 or more, or long. */
const isHardSession = isKeySession;

export interface HealthReport {
  /** The day of the note that reports it. */
  day: string;
  kind: 'illness' | 'injury';
  symptom: Symptom | null;
  part: BodyPart | null;
}

/**
 * Illness or injury reported in today's or yesterday's wellness note (today's wins), read with the coach's words
 * for them (docs/adaptation.md, "Illness and injury").
 */
export function healthReportOf(input: Pick<AdaptationInput, 'today' | 'readiness'>): HealthReport | null {
  const days = [input.today, addDays(input.today, -1)];
  for (const day of days) {
    const note = input.readiness.find((d) => d.date === day)?.notes;
    if (!note?.trim()) continue;
    const t = normalizeMessage(note);
    if (isIllness(t)) return { day, kind: 'illness', symptom: symptomOf(t), part: null };
    if (isInjury(t)) return { day, kind: 'injury', symptom: null, part: bodyPartOf(t) };
  }
  return null;
}

function easedPatch(e: EasedSession): AdaptationPatch {
  return e.kind === 'swap'
    ? { title: e.title, workoutLanguageText: e.text, durationMinutes: e.minutes, intensityZone: e.zone }
    : { workoutLanguageText: e.text, durationMinutes: e.minutes };
}

function easedLabel(e: EasedSession, sport: AdaptationSport): string {
  return `${e.minutes}-min Z${e.zone} ${EASY_NAME[sport]}`;
}

const EASY_NAME: Record<AdaptationSport, string> = {
  run: 'run',
  bike: 'spin',
  swim: 'swim',
  strength: 'session',
};

/** What the session was, in the athlete's words: "VO2max intervals", "long run". */
function named(w: AdaptationWorkout): string {
  // An initialism keeps its capitals: "VO2max intervals", not "vO2max intervals".
  if (/^[A-Z]{2}/.test(w.title)) return w.title;
  return `${w.title.charAt(0).toLowerCase()}${w.title.slice(1)}`;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * 'Monday': the day's English name, by calendar arithmetic (`toLocaleDateString` built an ICU formatter per call,
 * most of the rules' time in the daily adaptation: docs/scale.md, "What grows, measured").
 */
function weekday(date: string): string {
  return WEEKDAYS[dayOfWeek(date)] ?? 'Invalid Date';
}

/** Whether the adaptation may change this workout at all (docs/adaptation.md, "Athlete's choices win"). */
function adaptable(w: AdaptationWorkout, input: AdaptationInput, decided: ReadonlySet<string>): boolean {
  return (
    w.inPlan &&
    w.status === 'planned' &&
    !w.byAthlete &&
    !w.changed &&
    w.sport !== 'strength' &&
    !decided.has(w.date) &&
    w.date !== input.raceDate
  );
}

function readinessOf(input: AdaptationInput) {
  const today = input.readiness.find((d) => d.date === input.today) ?? null;
  const yesterday = input.readiness.find((d) => d.date === addDays(input.today, -1)) ?? null;
  const score = today?.score ?? null;
  if (score === null) return null;
  const twoLow =
    score < READINESS_LOW_BELOW && yesterday?.score != null && yesterday.score < READINESS_LOW_BELOW;
  const level =
    score < READINESS_VERY_POOR_BELOW
      ? 'very_poor'
      : score < READINESS_POOR_BELOW || twoLow
        ? 'poor'
        : 'fine';
  const night =
    typeof today?.sleepHours === 'number' && today.sleepHours < 7
      ? ` after a ${formatHours(today.sleepHours)} night`
      : '';
  const why =
    twoLow && score >= READINESS_POOR_BELOW
      ? `Readiness ${Math.round(yesterday!.score!)} yesterday and ${Math.round(score)} today${night}`
      : `Readiness ${Math.round(score)}${night}`;
  return { level, why };
}

function formatHours(hours: number): string {
  const rounded = Math.round(hours * 2) / 2;
  return `${Number.isInteger(rounded) ? rounded : rounded.toFixed(1)}-hour`;
}

const loadOf = (w: AdaptationWorkout) =>
  w.status === 'completed' ? (w.actualTss ?? w.tss ?? 0) : w.status === 'planned' ? (w.tss ?? 0) : 0;

/**
 * The changes today calls for, in the order they apply. Every workout gets at most one; nothing the athlete
 * made, edited or decided is touched; the race day is never touched.
 */
export function proposeAdaptations(input: AdaptationInput): ProposedChange[] {
  const decided = new Set(input.decidedDays);
  const out: ProposedChange[] = [];
  const touched = new Set<string>();
  /** Where each workout is after the changes proposed so far (moves and drops). */
  const dateOf = new Map(input.workouts.map((w) => [w.id, w.date]));
  const dropped = new Set<string>();
  const propose = (w: AdaptationWorkout, change: Omit<ProposedChange, 'workoutId'>) => {
    out.push({ workoutId: w.id, ...change });
    touched.add(w.id);
    if (change.patch.workoutDate) dateOf.set(w.id, change.patch.workoutDate);
    if (change.patch.status === 'skipped') dropped.add(w.id);
  };
  const occupied = (day: string) =>
    input.workouts.some((w) => dateOf.get(w.id) === day && w.status !== 'skipped' && !dropped.has(w.id));
  const keyOn = (day: string, except: string) =>
    input.workouts.some(
      (w) =>
        w.id !== except &&
        dateOf.get(w.id) === day &&
        w.status === 'planned' &&
        !dropped.has(w.id) &&
        isKeySession(w),
    );
  const readiness = readinessOf(input);
  const poorToday = readiness !== null && readiness.level !== 'fine';
  const health = healthReportOf(input);

  // docs/adaptation.md, "Missed sessions": planned sessions of the last 7 days not done.
  const missed = input.workouts
    .filter((w) => w.date < input.today && w.date >= addDays(input.today, -7) && adaptable(w, input, decided))
    .sort((a, b) => a.date.localeCompare(b.date));
  for (const w of missed) {
    const title = named(w);
    if (!isKeySession(w)) {
      propose(w, {
        kind: 'drop',
        reason: `Missed ${title} on ${weekday(w.date)}: dropped, since an easy session is not worth catching up on.`,
        patch: { status: 'skipped' },
      });
      continue;
    }
    const sunday = addDays(weekStartOf(w.date), 6);
    const week = input.workouts.filter((x) => x.date >= weekStartOf(w.date) && x.date <= sunday);
    const plannedLoad = week.filter((x) => x.inPlan).reduce((sum, x) => sum + (x.tss ?? 0), 0);
    const doneOrComing = week
      .filter(
        (x) => x.id !== w.id && (x.status === 'completed' || x.date >= input.today) && !dropped.has(x.id),
      )
      .reduce((sum, x) => sum + loadOf(x), 0);
    // Ill or injured: nothing is made up; the return is gradual ("Illness and injury").
    const fits = !health && doneOrComing + (w.tss ?? 0) <= plannedLoad * WEEK_LOAD_ALLOWANCE;
    // Not today when today's readiness is poor; never beside another key session, nor on a decided day.
    const first = poorToday ? addDays(input.today, 1) : input.today;
    let day: string | null = null;
    for (let d = first; d <= sunday && fits; d = addDays(d, 1)) {
      if (occupied(d) || decided.has(d) || d === input.raceDate) continue;
      if (keyOn(addDays(d, -1), w.id) || keyOn(addDays(d, 1), w.id)) continue;
      day = d;
      break;
    }
    if (day) {
      propose(w, {
        kind: 'move',
        reason: `Missed ${title} on ${weekday(w.date)}: moved to ${coachDay(day)}, the next free day this week.`,
        patch: { workoutDate: day },
      });
    } else {
      const why = health
        ? `you reported ${health.kind === 'illness' ? 'illness' : 'an injury'}, and nothing is made up on the way back`
        : fits
          ? 'no free day is left this week'
          : "this week's remaining load has no room for it";
      propose(w, {
        kind: 'drop',
        reason: `Missed ${title} on ${weekday(w.date)}: dropped, since ${why}.`,
        patch: { status: 'skipped' },
      });
    }
  }

  if (health)
    proposeForHealth(health, input, {
      propose,
      touched,
      dateOf,
      adaptable: (w) => adaptable(w, input, decided),
    });

  // docs/adaptation.md, "Readiness".
  if (readiness && poorToday) {
    const todays = input.workouts.filter(
      (w) => dateOf.get(w.id) === input.today && !touched.has(w.id) && adaptable(w, input, decided),
    );
    for (const w of todays) {
      if (readiness.level === 'very_poor') {
        propose(w, {
          kind: 'rest',
          reason: `${readiness.why}: today's ${named(w)} became a rest day. Recover, and train again when you feel ready.`,
          patch: { status: 'skipped' },
        });
      } else if (isHardSession(w)) {
        // Shorter as well as softer: a long session keeps at most 60 % of its length, a hard one 75 % (≤ 60 min).
        const eased = easedSession(w);
        if (!eased) continue;
        propose(w, {
          kind: 'swap',
          reason: `${readiness.why}: today's ${named(w)} became a ${easedLabel(eased, w.sport)}.`,
          patch: {
            ...easedPatch(eased),
            title: `Easy ${EASY_NAME[w.sport]}`,
            intensityZone: 2,
          },
        });
      }
    }
  }

  // docs/adaptation.md, "Over-reaching".
  const weekAgo = addDays(input.today, -7);
  const lastWeek = input.workouts.filter((w) => w.date >= weekAgo && w.date < input.today);
  const done = lastWeek.filter((w) => w.status === 'completed').reduce((sum, w) => sum + loadOf(w), 0);
  const planned = lastWeek.filter((w) => w.inPlan).reduce((sum, w) => sum + (w.tss ?? 0), 0);
  const aheadOfPlan = done > planned * OVERREACH_LOAD_RATIO && done - planned >= OVERREACH_MIN_EXCESS_TSS;
  const cap = input.ctlRampCap ?? DEFAULT_CTL_RAMP_CAP;
  const ramping = typeof input.ctlRamp === 'number' && input.ctlRamp > cap;
  if (aheadOfPlan || ramping) {
    const next = input.workouts
      .filter(
        (w) =>
          w.date >= input.today &&
          w.date <= addDays(input.today, 7) &&
          !touched.has(w.id) &&
          adaptable(w, input, decided) &&
          isHardSession(w),
      )
      .sort((a, b) => a.date.localeCompare(b.date))[0];
    if (next) {
      const why = aheadOfPlan
        ? `You did ${Math.round(done)} TSS in the last 7 days against ${Math.round(planned)} planned`
        : `Your fitness (CTL) rose ${roundOne(input.ctlRamp!)} points in a week, above the safe ${cap}`;
      const minutes = next.durationMinutes ?? 45;
      const hard = (next.intensityZone ?? 0) >= 4;
      const eased = hard ? roundTo5(minutes) : roundTo5(minutes * 0.75);
      const zone = hard ? 3 : 2;
      const label = hard
        ? `${eased}-min steady Z3 ${EASY_NAME[next.sport]}`
        : `${eased}-min Z2 ${EASY_NAME[next.sport]}`;
      propose(next, {
        kind: 'ease',
        reason: `${why}: ${weekday(next.date)}'s ${named(next)} became a ${label} to absorb it.`,
        patch: {
          title: hard ? `Steady ${EASY_NAME[next.sport]}` : `Shorter ${named(next)}`,
          workoutLanguageText: `${eased}min Z${zone}`,
          durationMinutes: eased,
          intensityZone: zone,
        },
      });
    }
  }
  return out;
}

const roundOne = (n: number) => Math.round(n * 10) / 10;

interface Proposer {
  propose: (w: AdaptationWorkout, change: Omit<ProposedChange, 'workoutId'>) => void;
  touched: ReadonlySet<string>;
  dateOf: ReadonlyMap<string, string>;
  adaptable: (w: AdaptationWorkout) => boolean;
}

/**
 * docs/adaptation.md, "Illness and injury": counted from the day of the note. Below the neck (or not said):
 * rest days, then as many days back at reduced volume; above the neck: easy and short only; an injury: no
 * session that loads the part, then its first session back at half, easy.
 */
function proposeForHealth(h: HealthReport, input: AdaptationInput, p: Proposer) {
  const on = (day: string) =>
    day < input.today
      ? []
      : input.workouts.filter((w) => p.dateOf.get(w.id) === day && !p.touched.has(w.id) && p.adaptable(w));
  const ease = (w: AdaptationWorkout, eased: EasedSession | null, why: string) => {
    if (!eased) return;
    p.propose(w, {
      kind: 'ease',
      reason: `${why}: ${weekday(w.date)}'s ${named(w)} became a ${easedLabel(eased, w.sport)}.`,
      patch: easedPatch(eased),
    });
  };
  if (h.kind === 'illness' && h.symptom === 'above') {
    for (let i = 0; i < ABOVE_NECK_DAYS; i++)
      for (const w of on(addDays(h.day, i)))
        ease(
          w,
          easedSession(w, { hard: 1, long: 1, maxMinutes: ABOVE_NECK_MAX_MINUTES }),
          'You noted a cold (symptoms above the neck): easy only',
        );
    return;
  }
  if (h.kind === 'illness') {
    for (let i = 0; i < ILLNESS_REST_DAYS; i++)
      for (const w of on(addDays(h.day, i)))
        p.propose(w, {
          kind: 'rest',
          reason: `You noted you are ill: ${weekday(w.date)}'s ${named(w)} became a rest day. No training until the symptoms are gone.`,
          patch: { status: 'skipped' },
        });
    ILLNESS_RETURN_SHARES.forEach((share, i) => {
      for (const w of on(addDays(h.day, ILLNESS_REST_DAYS + i)))
        ease(
          w,
          easedSession(w, { long: share, hard: share, easy: share }),
          `Back after illness, day ${i + 1} of a gradual return`,
        );
    });
    return;
  }
  const loads = sportsLoading(h.part);
  const part = h.part ? `${h.part === 'itband' ? 'IT band' : h.part} ` : '';
  for (let i = 0; i < INJURY_REST_DAYS; i++)
    for (const w of on(addDays(h.day, i))) {
      if (loads === 'hard_only') {
        if (isKeySession(w)) ease(w, easedSession(w), `You noted ${part}pain: easy and shorter`);
      } else if (loads.includes(w.sport))
        p.propose(w, {
          kind: 'rest',
          reason: `You noted ${part}pain: ${weekday(w.date)}'s ${named(w)} became a rest day, so the injured part is not loaded.`,
          patch: { status: 'skipped' },
        });
    }
  if (loads === 'hard_only') return;
  const back = new Set<string>();
  for (let i = INJURY_REST_DAYS; i < INJURY_REST_DAYS + INJURY_RETURN_DAYS; i++)
    for (const w of on(addDays(h.day, i))) {
      if (!loads.includes(w.sport) || back.has(w.sport)) continue;
      back.add(w.sport);
      ease(
        w,
        easedSession(w, { long: INJURY_RETURN_SHARE, hard: INJURY_RETURN_SHARE, easy: INJURY_RETURN_SHARE }),
        `Back after ${part}pain: the first ${EASY_NAME[w.sport]} shorter and easy`,
      );
    }
}
