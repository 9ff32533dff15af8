// The daily adaptation's rules (docs/adaptation.md): from a plan's workouts around today, the athlete's recent
// readiness and load, propose the changes the day calls for, each with its reason in plain words. Pure: the
// server reads the inputs and applies the proposals through its services.
import { addDays } from '../dates.ts';
import { weekStartOf } from '../training/calendar.ts';

/** Readiness below this is poor on its own (the readiness bands' "Poor"). docs/adaptation.md, "Readiness". */
export const READINESS_POOR_BELOW = 40;
/** Two days in a row below this are poor too. */
export const READINESS_LOW_BELOW = 55;
/** Below this the day becomes a rest day. */
export const READINESS_VERY_POOR_BELOW = 25;
/** A hard session swapped for an easy one keeps its duration up to this many minutes. */
export const SWAP_MAX_MINUTES = 75;
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
export const LONG_SESSION_MINUTES = 90;

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
export const isHardSession = isKeySession;

const EASY_NAME: Record<AdaptationSport, string> = {
  run: 'run',
  bike: 'spin',
  swim: 'swim',
  strength: 'session',
};

const roundTo5 = (minutes: number) => Math.max(5, Math.round(minutes / 5) * 5);

/** What the session was, in the athlete's words: "VO2max intervals", "long run". */
function named(w: AdaptationWorkout): string {
  // An initialism keeps its capitals: "VO2max intervals", not "vO2max intervals".
  if (/^[A-Z]{2}/.test(w.title)) return w.title;
  return `${w.title.charAt(0).toLowerCase()}${w.title.slice(1)}`;
}

function weekday(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
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
    const fits = doneOrComing + (w.tss ?? 0) <= plannedLoad * WEEK_LOAD_ALLOWANCE;
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
        reason: `Missed ${title} on ${weekday(w.date)}: moved to ${weekday(day)} ${day}, the next free day this week.`,
        patch: { workoutDate: day },
      });
    } else {
      const why = fits ? 'no free day is left this week' : "this week's remaining load has no room for it";
      propose(w, {
        kind: 'drop',
        reason: `Missed ${title} on ${weekday(w.date)}: dropped, since ${why}.`,
        patch: { status: 'skipped' },
      });
    }
  }

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
        const minutes = roundTo5(Math.min(w.durationMinutes ?? 45, SWAP_MAX_MINUTES));
        const easy = `${minutes}-min Z2 ${EASY_NAME[w.sport]}`;
        propose(w, {
          kind: 'swap',
          reason: `${readiness.why}: today's ${named(w)} became a ${easy}.`,
          patch: {
            title: `Easy ${EASY_NAME[w.sport]}`,
            workoutLanguageText: `${minutes}min Z2`,
            durationMinutes: minutes,
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
