// Workout texts parsed into structure with the athlete's thresholds in force on the workout's day (docs/zones.md,
// "Used everywhere"; the grammar: docs/workout-parser.md): the fields a text gives a new or changed workout, and
// the planned workouts parsed again when the thresholds change. The workout service writes what these compute.
import {
  type RelabelledWorkout,
  WORKOUT_TEXT_MAX_LENGTH,
  type WorkoutCreateRequest,
} from '@stamina/contract';
import {
  type ParseBasis,
  type ParsedWorkout,
  parseWorkout,
  primaryZone,
  type Sport,
  thresholdsInForce,
} from '@stamina/core';
import type { Conn, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { ThresholdReader, ThresholdService } from '../thresholds/index.ts';
import { structureOf, tssOf } from './answers.ts';
import * as repo from './repository.ts';

/** The thresholds module's reads every parse starts from (docs/modules.md); tests may hand others. */
export type WorkoutThresholds = Pick<ThresholdReader, 'parseBasis'> &
  Partial<Pick<ThresholdService, 'parseBases'>>;

export function createWorkoutParsing(thresholds: WorkoutThresholds) {
  /** The athlete's thresholds and edited zone tables, which every parse reads. */
  const history = (conn: Conn, athleteId: string) => thresholds.parseBasis(conn, athleteId);

  /** The parse bases of many athletes, read together where the thresholds module can. */
  async function historiesOf(conn: Conn, athleteIds: readonly string[]): Promise<Map<string, ParseBasis>> {
    const histories = new Map<string, ParseBasis>();
    if (athleteIds.length === 0) return histories;
    if (thresholds.parseBases) {
      for (const [id, basis] of await thresholds.parseBases(conn, athleteIds)) histories.set(id, basis);
    } else {
      for (const id of athleteIds) histories.set(id, await history(conn, id));
    }
    return histories;
  }

  function parse(text: string, sport: Sport, given?: ParseBasis, day?: string): ParsedWorkout {
    if (text.length > WORKOUT_TEXT_MAX_LENGTH) {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `Workout text is limited to ${WORKOUT_TEXT_MAX_LENGTH} characters (got ${text.length})`,
      );
    }
    if (text.trim() === '') throw new AppError('VALIDATION_FAILED', 'Workout text is empty');
    return parseWorkout(text, {
      sport,
      ...(given && day ? { thresholds: thresholdsInForce(given.history, day, sport, given.edited) } : {}),
    });
  }

  /** Fields derived from the text: the structure, and duration and zone when the caller gave none. */
  function derived(text: string | null | undefined, sport: Sport, given: ParseBasis, day: string) {
    const trimmed = text?.trim();
    if (!trimmed) return { workoutLanguageText: null, workoutStructure: null, parsed: null };
    const parsed = parse(trimmed, sport, given, day);
    return { workoutLanguageText: trimmed, workoutStructure: structureOf(parsed), parsed };
  }

  /** The row a create request stores: the text parsed, duration and zone from it unless given. */
  function newWorkout(body: WorkoutCreateRequest, given: ParseBasis): repo.WorkoutInsert {
    const { workoutLanguageText, workoutStructure, parsed } = derived(
      body.workout_language_text,
      body.sport,
      given,
      body.workout_date,
    );
    const status = body.status ?? 'planned';
    return {
      title: body.title,
      workoutDate: body.workout_date,
      sport: body.sport,
      workoutLanguageText,
      workoutStructure,
      durationMinutes:
        body.duration_minutes ?? (parsed ? Math.ceil(parsed.total_duration_estimated / 60) || null : null),
      intensityZone: body.intensity_zone ?? (parsed ? primaryZone(parsed.intervals) : null),
      planId: body.plan_id ?? null,
      templateId: body.template_id ?? null,
      status,
      completedAt: status === 'completed' ? new Date() : null,
      workoutData: body.workout_data ?? {},
    };
  }

  /**
   * A duration or zone that came from the previous parse (or was never set) follows a new parse; one the
   * athlete chose, or sends in this change, stays.
   */
  function followParse(
    row: repo.WorkoutRow,
    parsed: ParsedWorkout,
    sent: Partial<repo.WorkoutInsert> = {},
  ): Partial<repo.WorkoutInsert> {
    const old = row.workoutStructure as ParsedWorkout | null;
    const oldIntervals = old
      ? [...old.warmup_intervals, ...old.main_intervals, ...old.cooldown_intervals]
      : [];
    const oldZone = old ? primaryZone(oldIntervals) : null;
    const oldMinutes = old ? Math.ceil(old.total_duration_estimated / 60) || null : null;
    const out: Partial<repo.WorkoutInsert> = {};
    if (sent.intensityZone === undefined && (row.intensityZone === null || row.intensityZone === oldZone))
      out.intensityZone = primaryZone(parsed.intervals);
    if (
      sent.durationMinutes === undefined &&
      (row.durationMinutes === null || row.durationMinutes === oldMinutes)
    )
      out.durationMinutes = Math.ceil(parsed.total_duration_estimated / 60) || null;
    return out;
  }

  /**
   * Re-parses the athlete's planned workouts from `fromDay` (all of them when null) with `given`, inside the
   * caller's transaction; a duration or zone that came from the old parse follows the new one. Answers the
   * workouts whose zone changed. Completed workouts keep what they were scored with.
   */
  async function reparsePlanned(
    tx: Tx,
    athleteId: string,
    fromDay: string | null,
    given: ParseBasis,
  ): Promise<RelabelledWorkout[]> {
    const rows = await repo.listWorkouts(tx, athleteId, {
      status: 'planned',
      dateFrom: fromDay ?? undefined,
      limit: 100_000,
    });
    const relabelled: RelabelledWorkout[] = [];
    for (const row of rows) {
      if (!row.workoutLanguageText) continue;
      const sport = row.sport as Sport;
      const parsed = parse(row.workoutLanguageText, sport, given, row.workoutDate);
      const structure = structureOf(parsed);
      if (JSON.stringify(structure) === JSON.stringify(row.workoutStructure)) continue;
      const changes: Partial<repo.WorkoutInsert> = {
        workoutStructure: structure,
        ...followParse(row, parsed),
      };
      changes.tss = tssOf({ ...row, ...changes });
      await repo.updateWorkout(tx, athleteId, row.id, changes);
      const to = changes.intensityZone ?? row.intensityZone;
      if (to !== row.intensityZone)
        relabelled.push({
          id: row.id,
          title: row.title,
          workout_date: row.workoutDate,
          from_zone: row.intensityZone,
          to_zone: to,
        });
    }
    return relabelled;
  }

  return { history, historiesOf, parse, derived, newWorkout, followParse, reparsePlanned };
}
