// Queries of the athlete's thresholds (dated history) and edited zone tables. Every query is scoped by the
// caller's athlete id.
import type { ThresholdSport, ZoneKind } from '@stamina/core';
import { desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { lockAthleteWrites } from '../../db/athlete-lock.ts';
import type { Conn } from '../../db/client.ts';
import { jsonRows } from '../../db/json-rows.ts';
import { type StoredZone, sportMetrics, sportZones } from '../../db/schema/index.ts';
import { lockAthleteRow } from '../athletes/index.ts';

export type SportMetricsRow = typeof sportMetrics.$inferSelect;
export type SportMetricsValues = Omit<
  typeof sportMetrics.$inferInsert,
  'id' | 'athleteId' | 'sport' | 'effectiveFrom' | 'createdAt' | 'updatedAt'
>;
export type SportZonesRow = typeof sportZones.$inferSelect;

/**
 * Every dated entry of the athlete, newest first: one JSON value, so a request's batch scope sends it with its
 * other reads (the dashboard summary; db/read-batch.ts).
 */
export function history(db: Conn, athleteId: string): Promise<SportMetricsRow[]> {
  return jsonRows(
    db,
    getTableColumns(sportMetrics),
    sportMetrics,
    eq(sportMetrics.athleteId, athleteId),
    sql`${sportMetrics.effectiveFrom} desc, ${sportMetrics.sport}`,
  );
}

/** `history` of many athletes at once (the daily adaptation's batch), by athlete, each newest first. */
export function histories(db: Conn, athleteIds: readonly string[]): Promise<SportMetricsRow[]> {
  if (athleteIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(sportMetrics)
    .where(inArray(sportMetrics.athleteId, [...athleteIds]))
    .orderBy(sportMetrics.athleteId, desc(sportMetrics.effectiveFrom), sportMetrics.sport);
}

/** One sport's values from a day: a second save on the same day replaces that day's entry. */
export async function upsertEntry(
  db: Conn,
  athleteId: string,
  sport: ThresholdSport,
  effectiveFrom: string,
  values: SportMetricsValues,
): Promise<void> {
  await db
    .insert(sportMetrics)
    .values({ athleteId, sport, effectiveFrom, ...values })
    .onConflictDoUpdate({
      target: [sportMetrics.athleteId, sportMetrics.sport, sportMetrics.effectiveFrom],
      set: { ...values, updatedAt: sql`now()` },
    });
}

/** The athlete's edited zone tables: one JSON value, batched like `history`. */
export function zoneRows(db: Conn, athleteId: string): Promise<SportZonesRow[]> {
  return jsonRows(
    db,
    getTableColumns(sportZones),
    sportZones,
    eq(sportZones.athleteId, athleteId),
    sql`${sportZones.sport}, ${sportZones.kind}`,
  );
}

/** `zoneRows` of many athletes at once (the daily adaptation's batch). */
export function zoneRowsOf(db: Conn, athleteIds: readonly string[]): Promise<SportZonesRow[]> {
  if (athleteIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(sportZones)
    .where(inArray(sportZones.athleteId, [...athleteIds]));
}

export async function upsertZones(
  db: Conn,
  athleteId: string,
  rows: readonly {
    sport: ThresholdSport;
    kind: ZoneKind;
    autoCalculate: boolean;
    zones: StoredZone[] | null;
  }[],
): Promise<void> {
  for (const row of rows) {
    await db
      .insert(sportZones)
      .values({ athleteId, ...row })
      .onConflictDoUpdate({
        target: [sportZones.athleteId, sportZones.sport, sportZones.kind],
        // Turning auto-calculate back on keeps the edited table, for when it is turned off again.
        set: {
          autoCalculate: row.autoCalculate,
          ...(row.zones ? { zones: row.zones } : {}),
          updatedAt: sql`now()`,
        },
      });
  }
}

/**
 * Serialises the athlete's threshold writes (and the re-parse of planned workouts that follows) with a row lock,
 * taken after the athlete's write lock as every write of their workouts takes it (db/athlete-lock.ts).
 */
export async function lockAthlete(db: Conn, athleteId: string): Promise<void> {
  await lockAthleteWrites(db, athleteId);
  await lockAthleteRow(db, athleteId);
}
