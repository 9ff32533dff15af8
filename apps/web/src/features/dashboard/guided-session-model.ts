// The guided session's steps and clock (docs/dashboard.md, "Guided session"): the workout's parsed steps in order
// (warmup, main set, cooldown; each repetition and its recovery a step of its own), or one step of its planned
// duration when it has no steps, timed against a clock that can pause, skip a step and run past the end. Pure:
// every function takes "now" (ms), so the tests drive the clock.

import type { Workout } from '@stamina/contract';
import { type Units, ZONES } from '@stamina/core';
import { formatPace } from '../../components/workouts/format.ts';

export interface GuidedStep {
  name: string;
  seconds: number;
  /** 1-5; recoveries are zone 1. */
  zone: number;
  /** 'Zone 4 Threshold · 250 W · 400 m'. */
  detail: string;
}

type Interval = NonNullable<Workout['workout_structure']>['main_intervals'][number];

function targetText(step: Interval, units: Units): string[] {
  const t = step.targets;
  const range = (a?: number, b?: number) => (a === undefined ? null : b === undefined ? `${a}` : `${a}-${b}`);
  const watts = range(t.power_watts, t.power_watts_max);
  const ftp = range(t.power_percent_ftp, t.power_percent_ftp_max);
  const hr = range(t.heart_rate_min, t.heart_rate_max);
  return [
    watts ? `${watts} W` : ftp ? `${ftp}% FTP` : null,
    hr ? `${hr} bpm` : null,
    t.pace_per_km_seconds ? formatPace(t.pace_per_km_seconds, units) : null,
    t.cadence_rpm ? `${t.cadence_rpm} rpm` : t.cadence_spm ? `${t.cadence_spm} spm` : null,
    typeof step.distance_meters === 'number' ? `${Math.round(step.distance_meters)} m` : null,
  ].filter((part): part is string => part !== null);
}

function stepOf(name: string, seconds: number, zone: number, extra: string[] = []): GuidedStep {
  const info = ZONES[zone - 1] ?? ZONES[1]!;
  return { name, seconds, zone: info.zone, detail: [`Zone ${info.zone} ${info.name}`, ...extra].join(' · ') };
}

/** The session's steps; empty when the workout has neither steps nor a planned duration. */
export function guidedSteps(workout: Workout, units: Units = 'metric'): GuidedStep[] {
  const s = workout.workout_structure;
  const steps: GuidedStep[] = [];
  for (const interval of s ? [...s.warmup_intervals, ...s.main_intervals, ...s.cooldown_intervals] : []) {
    if (!(interval.duration_seconds > 0)) continue;
    for (let rep = 0; rep < Math.max(1, interval.repetitions); rep++) {
      const zone = interval.isRest ? 1 : interval.zone;
      steps.push(
        stepOf(
          interval.isRest ? 'Recovery' : interval.name,
          interval.duration_seconds,
          zone,
          targetText(interval, units),
        ),
      );
      if (interval.rest_duration_seconds > 0)
        steps.push(stepOf('Recovery', interval.rest_duration_seconds, 1));
    }
  }
  if (steps.length > 0) return steps;
  const minutes = workout.duration_minutes ?? 0;
  return minutes > 0 ? [stepOf(workout.title, minutes * 60, workout.intensity_zone ?? 2)] : [];
}

export interface SessionClock {
  /** Time run before the last resume. */
  runMs: number;
  /** When the clock last resumed; null while paused. */
  resumedAt: number | null;
  /** The current step, and the run time at which it began. */
  index: number;
  stepStartMs: number;
}

export const startClock = (now: number): SessionClock => ({
  runMs: 0,
  resumedAt: now,
  index: 0,
  stepStartMs: 0,
});

const elapsedMs = (clock: SessionClock, now: number) =>
  clock.runMs + (clock.resumedAt === null ? 0 : Math.max(0, now - clock.resumedAt));

export const pauseClock = (clock: SessionClock, now: number): SessionClock =>
  clock.resumedAt === null ? clock : { ...clock, runMs: elapsedMs(clock, now), resumedAt: null };

export const resumeClock = (clock: SessionClock, now: number): SessionClock =>
  clock.resumedAt === null ? { ...clock, resumedAt: now } : clock;

/** The clock moved on to every step whose time has run out. */
export function settle(clock: SessionClock, steps: readonly GuidedStep[], now: number): SessionClock {
  const elapsed = elapsedMs(clock, now);
  let { index, stepStartMs } = clock;
  while (index < steps.length && elapsed - stepStartMs >= steps[index]!.seconds * 1000) {
    stepStartMs += steps[index]!.seconds * 1000;
    index++;
  }
  return index === clock.index ? clock : { ...clock, index, stepStartMs };
}

/** On to the next step now, whatever is left of this one. */
export function skipStep(clock: SessionClock, steps: readonly GuidedStep[], now: number): SessionClock {
  const settled = settle(clock, steps, now);
  if (settled.index >= steps.length) return settled;
  return { ...settled, index: settled.index + 1, stepStartMs: elapsedMs(settled, now) };
}

export interface SessionView {
  current: GuidedStep | null;
  next: GuidedStep | null;
  /** Seconds left in the current step and in the whole session (skipped steps no longer count). */
  stepRemaining: number;
  totalRemaining: number;
  elapsedSeconds: number;
  done: boolean;
}

export function sessionView(clock: SessionClock, steps: readonly GuidedStep[], now: number): SessionView {
  const elapsed = elapsedMs(clock, now);
  const current = steps[clock.index] ?? null;
  const inStep = (elapsed - clock.stepStartMs) / 1000;
  const stepRemaining = current ? Math.max(0, current.seconds - inStep) : 0;
  const later = steps.slice(clock.index + 1).reduce((sum, step) => sum + step.seconds, 0);
  return {
    current,
    next: steps[clock.index + 1] ?? null,
    stepRemaining,
    totalRemaining: current ? stepRemaining + later : 0,
    elapsedSeconds: elapsed / 1000,
    done: current === null,
  };
}
