// The daily wellness store (docs/wellness.md): create-or-update by date, edit and delete one day. Every write
// is the caller's own; after each commit the hooks hear of it with the written day's new recovery score.
import type { WellnessUpsertRequest } from '@stamina/contract';
import type { WellnessValues } from '@stamina/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Conn, Db, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { type IfMatch, versionOf } from '../../lib/preconditions.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import type { DayThresholdValues, ThresholdService } from '../thresholds/index.ts';
import * as repo from './repository.ts';
import type { WellnessScores } from './scores.ts';

export interface MetricsHooks {
  /** Called after every committed wellness write or delete (cached reads built on wellness go stale). */
  onChange?: (athleteId: string) => void;
  /**
   * Called after a committed write with the written day's new recovery score (e.g. to warn below 40) and its
   * first recommendation.
   */
  onRecoveryScored?: (
    athleteId: string,
    date: string,
    score: number,
    recommendation?: string,
  ) => Promise<void>;
}

/** Thrown inside a transaction to roll back a write whose wellness row was not there. */
const NOT_WRITTEN = Symbol('not written');

/** The one dated threshold store (thresholds service) that a day's FTP and threshold pace are written to. */
export type MetricsThresholds = Pick<ThresholdService, 'history' | 'recordDayValues' | 'changed'>;

/**
 * A wellness write split in two (docs/wellness.md, "FTP and threshold pace"): the wellness values, and the
 * threshold values that go to the dated threshold store from the day's date. Nothing is stored twice.
 */
function splitThresholds<T extends Partial<WellnessValues>>(
  values: T,
): { wellness: Omit<T, repo.ThresholdField>; thresholds: Omit<DayThresholdValues, 'date'> } {
  const { ftp_watts, threshold_pace_seconds_per_km, ...wellness } = values;
  return { wellness, thresholds: { ftp_watts, threshold_pace_seconds_per_km } };
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * A day write's precondition (docs/offline.md, "Conflicts"): `If-Match: "<updated_at>"` (`since`: the day's row
 * is still that version) or `If-None-Match: *` (`absent`: the day has no row yet).
 */
export type DayPrecondition = { since: IfMatch } | { absent: true };

/** A conditional write whose copy of the day is not the server's: changed, deleted, or created meanwhile. */
function changedSince(current: Pick<repo.WellnessRow, 'updatedAt'> | undefined) {
  return new AppError(
    'PRECONDITION_FAILED',
    current
      ? 'This wellness day was changed after your copy of it, so your entry was not saved. Reload it and try again.'
      : 'This wellness day was deleted after your copy of it, so your entry was not saved. Reload it and try again.',
    { updated_at: current ? current.updatedAt.toISOString() : null },
  );
}

/** Whether a wellness entry carries anything besides its date: a number, or notes that are not blank. */
function hasAnyValue(body: WellnessUpsertRequest): boolean {
  return Object.entries(body).some(
    ([key, value]) =>
      key !== 'date' &&
      value !== null &&
      value !== undefined &&
      (typeof value !== 'string' || value.trim() !== ''),
  );
}

export function createWellnessStore(
  db: Db,
  scores: Pick<WellnessScores, 'recoveryOn' | 'dayById'>,
  thresholds: MetricsThresholds,
  hooks: MetricsHooks = {},
  log?: Pick<FastifyBaseLogger, 'error'>,
) {
  const { recoveryOn, dayById } = scores;

  /**
   * Runs a wellness write with the threshold values of its days in one transaction, the thresholds first (they
   * take the athlete's write lock, which comes before any row: db/athlete-lock.ts); tells the threshold
   * listeners after the commit when any threshold was written.
   */
  async function withThresholds<R>(
    athleteId: string,
    days: readonly DayThresholdValues[],
    write: (tx: Tx) => Promise<R>,
  ): Promise<R> {
    let recorded = false;
    const result = await db.transaction(async (tx) => {
      recorded = await thresholds.recordDayValues(tx, athleteId, days);
      return write(tx);
    });
    if (recorded) thresholds.changed(athleteId);
    return result;
  }

  /**
   * Tells the hooks about a committed write and the written day's new score; a failing hook is logged, never
   * thrown (the write is committed and acknowledged whatever a listener does).
   */
  async function notifyScored(athleteId: string, date: string) {
    hooks.onChange?.(athleteId);
    if (!hooks.onRecoveryScored) return;
    try {
      const recovery = await recoveryOn(athleteId, date);
      if (recovery)
        await hooks.onRecoveryScored(athleteId, date, recovery.score, recovery.recommendations[0]);
    } catch (err) {
      log?.error({ err, athleteId, date }, 'metrics: the recovery hook failed');
    }
  }

  return {
    notifyScored,

    /**
     * Creates the day or updates the fields sent; `created` tells which. A body with no value at all is refused
     * before anything is written (docs/wellness.md, "The daily wellness store").
     */
    async upsert(auth: AuthContext, body: WellnessUpsertRequest, precondition?: DayPrecondition) {
      if (!hasAnyValue(body)) {
        throw new AppError(
          'VALIDATION_FAILED',
          'Enter at least one value: every wellness field is empty, so nothing was saved. To clear a day, edit it (PUT) or delete it.',
        );
      }
      const { wellness, thresholds: dayThresholds } = splitThresholds(body);
      const written = await withThresholds(
        auth.athleteId,
        [{ date: body.date, ...dayThresholds }],
        async (tx) => {
          if (!precondition) return (await repo.upsertWellnessDays(tx, auth.athleteId, [wellness]))[0]!;
          // docs/offline.md, "Conflicts": written only while the day is the version the caller's copy was.
          const id = await repo.writeDayIf(tx, auth.athleteId, wellness, precondition);
          if (!id) throw changedSince(await repo.findByDate(tx, auth.athleteId, body.date));
          return { id, created: 'absent' in precondition };
        },
      );
      await notifyScored(auth.athleteId, body.date);
      return { created: written.created, day: await dayById(auth.athleteId, written.id) };
    },

    /**
     * Days written at once (a device provider's, docs/devices.md "Garmin"; the CSV import's), created or updated
     * by date with the fields sent, in one transaction. The hooks hear of the latest day only (a backfill must not warn about old nights).
     */
    async upsertProviderDays(athleteId: string, days: readonly WellnessUpsertRequest[]): Promise<number> {
      if (days.length === 0) return 0;
      const written = await withThresholds(athleteId, days, (tx) =>
        repo.upsertWellnessDays(
          tx,
          athleteId,
          days.map((d) => splitThresholds(d).wellness),
        ),
      );
      const latest = days
        .map((d) => d.date)
        .sort()
        .at(-1)!;
      await notifyScored(athleteId, latest);
      return written.length;
    },

    /** Changes fields of one day; with `ifMatch`, only while the day is still that version (else 412). */
    async update(auth: AuthContext, id: string, changes: Partial<WellnessValues>, ifMatch?: IfMatch) {
      let row: repo.WellnessRow | undefined;
      const { wellness, thresholds: dayThresholds } = splitThresholds(changes);
      let recorded = false;
      try {
        row = await db.transaction(async (tx) => {
          // The day's date (after the change) dates the thresholds; the row is read first for it.
          const date = changes.date ?? (await repo.findById(tx, auth.athleteId, id))?.date;
          recorded = date
            ? await thresholds.recordDayValues(tx, auth.athleteId, [{ date, ...dayThresholds }])
            : false;
          const after = await repo.updateById(tx, auth.athleteId, id, wellness, versionOf(ifMatch));
          // Nothing of a write that does not land is kept.
          if (!after && recorded) throw NOT_WRITTEN;
          return after;
        });
      } catch (err) {
        if (err !== NOT_WRITTEN) {
          if (isUniqueViolation(err))
            throw new AppError(
              'CONFLICT',
              `There is already an entry on ${changes.date}: edit that one instead`,
            );
          throw err;
        }
        recorded = false;
      }
      if (recorded) thresholds.changed(auth.athleteId);
      if (!row) {
        // `If-Match: *` on a day that is not there is a 412, as HTTP has it; a version names a day that is.
        if (ifMatch === '*') throw changedSince(undefined);
        const current = ifMatch ? await repo.findById(db, auth.athleteId, id) : undefined;
        throw current ? changedSince(current) : notFound('Metrics entry');
      }
      await notifyScored(auth.athleteId, row.date);
      return dayById(auth.athleteId, row.id);
    },

    async remove(auth: AuthContext, id: string) {
      const row = await repo.deleteById(db, auth.athleteId, id);
      if (!row) throw notFound('Metrics entry');
      hooks.onChange?.(auth.athleteId);
      return { id: row.id, deleted: true as const };
    },
  };
}

export type WellnessStore = ReturnType<typeof createWellnessStore>;

/**
 * Many days written at once inside the caller's transaction, without hooks: for a new athlete's history (the
 * demo seed), whom no cache or notification can concern yet. Answers how many days were written.
 */
export async function writeNewAthleteDays(
  tx: Conn,
  athleteId: string,
  days: readonly Omit<Partial<WellnessValues>, repo.ThresholdField>[],
): Promise<number> {
  return (await repo.upsertWellnessDays(tx, athleteId, days)).length;
}
