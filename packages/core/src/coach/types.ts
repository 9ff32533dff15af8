// The built-in coach's inputs and outputs (docs/coach.md): a snapshot of the athlete's data read by the server,
// and an answer that cites every number it uses and proposes actions the athlete may confirm.

import type { Units } from '../spec/app.ts';
import type { WeekStart } from '../training/calendar.ts';
import type { Sport } from '../workouts/types.ts';

export const COACH_INTENTS = [
  'readiness',
  'today',
  'week',
  'move',
  'skip',
  'swap',
  'shorten',
  'explain',
  'race_readiness',
  'load_trend',
  'missed',
  'changes',
  'illness',
  'injury',
  'fatigue',
  'travel',
  'weather',
  'week_review',
  'help',
] as const;
export type CoachIntent = (typeof COACH_INTENTS)[number];

export const COACH_ACTION_KINDS = ['move', 'skip', 'swap', 'shorten', 'rest'] as const;
export type CoachActionKind = (typeof COACH_ACTION_KINDS)[number];

/**
 * Who understood and answered a coach message: the built-in rules, or the operator's language model
 * (docs/coach.md, "Language model"). Stored per message (coach_messages.source) and shown on its bubble.
 */
export const COACH_ANSWER_SOURCES = ['built_in', 'model'] as const;
export type CoachAnswerSource = (typeof COACH_ANSWER_SOURCES)[number];

export interface CoachWorkout {
  id: string;
  title: string;
  /** YYYY-MM-DD */
  date: string;
  sport: string;
  durationMinutes: number | null;
  intensityZone: number | null;
  /**
   * The session's TSS as the daily load counts it: the recorded activity's TSS when one completed it, else the
   * workout's stored TSS (docs/coach.md, "One load"). Absent: computed from duration and zone (workoutTss).
   */
  tss?: number | null;
  status: 'planned' | 'completed' | 'skipped';
  /** The workout-language text; athlete-written, so data, never instructions. */
  text: string | null;
  description: string | null;
}

export interface CoachReadiness {
  date: string;
  score: number;
  label: string;
  recoveryScore: number | null;
  ctl: number;
  atl: number;
  tsb: number;
  acwr: number | null;
  recommendations: string[];
}

export interface CoachLoadWeek {
  weekStart: string;
  totalTss: number;
  ctl: number;
  atl: number;
  tsb: number;
}

export interface CoachRace {
  title: string | null;
  raceDate: string | null;
  daysUntil: number | null;
  score: number;
  fitnessLevel: string;
  taperRecommendation: string;
  raceDayCtl: number;
  raceDayTsb: number;
  areasToFocus: string[];
  prediction: { name: string; time: string } | null;
}

export interface CoachPlan {
  id: string;
  title: string;
  raceDate: string | null;
}

/** A recorded plan change (by the daily adaptation or an earlier coach action). */
export interface CoachChange {
  id: string;
  workoutId: string | null;
  kind: string;
  source: string;
  reason: string;
  createdAt: string;
  /** Where the workout is now (after a move, its new day). */
  workoutDate: string | null;
  /** The day it was on before the change, when that differs (a move). */
  fromDate?: string | null;
  undone: boolean;
}

export interface CoachSnapshot {
  /** The athlete's local today, YYYY-MM-DD. */
  today: string;
  /** The day the athlete's weeks start on (Settings → Preferences); Monday when absent. */
  weekStart?: WeekStart;
  /** The athlete's units (Settings → Preferences); metric when absent. Imperial adds miles to quoted texts. */
  units?: Units;
  readiness: CoachReadiness | null;
  /** Workouts from about a week back to two weeks ahead, any status. */
  workouts: CoachWorkout[];
  /** Weekly load, oldest first, this week last. */
  loadTrend: CoachLoadWeek[];
  race: CoachRace | null;
  plan: CoachPlan | null;
  /** Recent plan changes, newest first. */
  changes: CoachChange[];
}

export interface CoachCitation {
  label: string;
  value: string;
  /** Where in the app the number comes from: '/metrics', '/calendar?date=…', '/analytics', '/plan'. */
  path: string;
}

export interface CoachActionPatch {
  workoutDate?: string;
  /** A swap to another sport ("a ride instead of the run"). */
  sport?: Sport;
  title?: string;
  workoutLanguageText?: string;
  durationMinutes?: number;
  intensityZone?: number;
  status?: 'skipped';
}

export interface CoachProposedAction {
  kind: CoachActionKind;
  workoutId: string;
  workoutTitle: string;
  workoutDate: string;
  /** The card's one line: what will happen. */
  summary: string;
  /** Why, in the athlete's words and the data's (recorded with the change). */
  reason: string;
  patch: CoachActionPatch;
}

export interface CoachAnswer {
  intent: CoachIntent;
  reply: string;
  citations: CoachCitation[];
  actions: CoachProposedAction[];
}
