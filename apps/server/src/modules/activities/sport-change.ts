// Changing an activity's sport (docs/activities.md, "Changing the sport"): the same recording scored again from
// its stored original as the new sport, its workout and daily load following.
import type { ActivityEditSport } from '@stamina/contract';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { WorkerLimitError } from '../../workers/pool.ts';
import type { RescoreResult } from '../../workers/tasks.ts';
import { lockAthleteLoad } from '../training-load/index.ts';
import type { ActivityServiceDeps } from './deps.ts';
import type { LegRecord } from './figures.ts';
import { DUPLICATE_WINDOW_SECONDS, type ImportStore, missingAsNull, rederiveFrom } from './import-store.ts';
import { workoutSportOf } from './matching.ts';
import { defaultName, SPORT_WORDS } from './presenters.ts';
import * as repo from './repository.ts';

export function createSportChange(
  db: Db,
  deps: Pick<ActivityServiceDeps, 'fileStore' | 'pool' | 'thresholdsOn' | 'workouts'>,
  store: Pick<ImportStore, 'autoMatch' | 'completeWith'>,
) {
  /**
   * The activity's leg scored again as `sport` from its stored original, decoded again on the CPU pool: the
   * leg of its `leg_index` (the only session otherwise). 409 when there is no original to read (an Apple Health
   * workout, a demo session), it no longer gives this activity, or the figures cannot be computed.
   */
  async function rescoredLeg(
    athleteId: string,
    activity: repo.ActivityRow,
    sport: ActivityEditSport,
  ): Promise<LegRecord> {
    const refuse = (why: string) =>
      new AppError('CONFLICT', `The sport of this activity cannot be changed: ${why}`);
    const file = activity.fileId ? await repo.findFile(db, athleteId, activity.fileId) : undefined;
    if (!file) throw refuse('it was not imported from a file, so there is no recording to score again');
    const stored = await deps.fileStore.get(file.storageKey).catch(missingAsNull);
    if (!stored) throw refuse('its original file is no longer stored');
    const inForce = await deps.thresholdsOn(athleteId, activity.localDate, sport);
    let result: RescoreResult;
    try {
      result = await deps.pool.run('rescoreLeg', {
        bytes: stored,
        fileName: file.originalName,
        compression: file.compression === 'gzip' ? 'gzip' : null,
        legIndex: activity.legIndex ?? 0,
        startTime: activity.startTime.getTime(),
        sport,
        inForce,
      });
    } catch (err) {
      if (err instanceof WorkerLimitError)
        throw refuse(`its original file cannot be read again (${err.message})`);
      throw err;
    }
    if (result.ok) return result.leg;
    if (result.problem === 'unreadable')
      throw refuse(`its original file cannot be read again (${result.detail})`);
    if (result.problem === 'mismatch') throw refuse('its original file no longer gives this activity');
    throw new AppError('CONFLICT', `The figures cannot be computed for this sport: ${result.detail}`);
  }

  /**
   * The activity scored again as if its file had said `sport` (docs/activities.md, "Changing the sport"): the
   * same session decoded from the stored original, its figures, streams and thresholds with the thresholds
   * in force on its day for the new sport; the workout of its old sport goes back to planned and a planned
   * workout of the new sport is matched by the import's rule; daily load re-derived. One transaction, under
   * the athlete's load lock, which also orders two changes of one activity (each writes a whole scoring).
   */
  async function changeSport(
    athleteId: string,
    current: repo.ActivityRow,
    sport: ActivityEditSport,
    name: string | undefined,
  ): Promise<repo.ActivityRow> {
    const leg = await rescoredLeg(athleteId, current, sport);
    const timeZone = await repo.athleteTimezone(db, athleteId);
    return db.transaction(async (tx) => {
      await lockAthleteLoad(tx, athleteId);
      const before = await repo.findActivity(tx, athleteId, current.id);
      if (!before) throw notFound('Activity');
      const twin = await repo.activityNear(
        tx,
        athleteId,
        sport,
        before.startTime,
        DUPLICATE_WINDOW_SECONDS,
        before,
      );
      if (twin) {
        throw new AppError(
          'CONFLICT',
          `Another ${SPORT_WORDS[sport].toLowerCase()} starting within ${DUPLICATE_WINDOW_SECONDS} s of this one is already stored: it is the same session recorded twice, so delete one of them first`,
          { activity_id: twin },
        );
      }
      const dates: Array<string | null | undefined> = [before.localDate];
      let workoutId = before.workoutId;
      let matchState = before.matchState;
      const workout = workoutId ? await deps.workouts.find(tx, athleteId, workoutId) : undefined;
      if (
        workout &&
        workout.sport === workoutSportOf(before.sport) &&
        workout.sport !== workoutSportOf(sport)
      ) {
        // It completed a workout of its old sport: that workout is planned again.
        dates.push((await deps.workouts.reopenFromActivity(tx, athleteId, workout.id))?.workoutDate);
        workoutId = null;
        matchState = 'auto';
      }
      let row = (await repo.updateActivity(tx, athleteId, before.id, {
        ...leg.activity,
        name: name ?? renamedForSport(before, sport, timeZone),
        workoutId,
        matchState,
      }))!;
      await repo.deleteStreams(tx, athleteId, row.id);
      await repo.insertStreams(tx, athleteId, row.id, leg.streams);
      if (workoutId && workout) {
        // The workout it still completes takes its new actual figures.
        await store.completeWith(tx, athleteId, workout, row);
        dates.push(workout.workoutDate);
      } else if (matchState !== 'none') {
        const matchedDate = await store.autoMatch(tx, athleteId, row);
        if (matchedDate) {
          dates.push(matchedDate);
          row = (await repo.findActivity(tx, athleteId, row.id))!;
        }
      }
      await rederiveFrom(tx, athleteId, dates);
      return row;
    });
  }

  /** The name an import gives for the new sport, when the activity still has the one it gave for the old. */
  function renamedForSport(row: repo.ActivityRow, sport: ActivityEditSport, timeZone: string): string {
    const oldWord = ` · ${SPORT_WORDS[row.sport]}`;
    if (row.multisportGroupId) {
      return row.name.endsWith(oldWord)
        ? `${row.name.slice(0, -oldWord.length)} · ${SPORT_WORDS[sport]}`
        : row.name;
    }
    return row.name === defaultName(row.sport, row.startTime, timeZone)
      ? defaultName(sport, row.startTime, timeZone)
      : row.name;
  }

  return changeSport;
}
