// The athlete's thresholds (dated history) and zone tables: Settings → Metrics & Zones, and the thresholds
// every other module reads a workout or a recording with (`thresholdsOn`). Rules: docs/zones.md.
import {
  type AthleteZones,
  type AthleteZonesSaved,
  type RelabelledWorkout,
  SPORT_ZONE_KINDS,
  type SportMetrics,
  type SportMetricsUpdateRequest,
  type ThresholdSport,
  type ZonesUpdateRequest,
  type ZoneTable,
} from '@stamina/contract';
import {
  DEFAULT_THRESHOLDS,
  dateInTimeZone,
  entriesInForce,
  heartRateSportOf,
  type ParseBasis,
  type ResolvedThresholds,
  resolveThresholds,
  type Sport,
  type ThresholdEntry,
  type AthleteZones as TssAthleteZones,
  thresholdsInForce,
  validateZoneTable,
  type ZoneKind,
} from '@stamina/core';
import type { Conn, Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import * as repo from './repository.ts';
import {
  columnsOf,
  editedOf,
  historyOf,
  parseBasesOf,
  parseBasisOf,
  SPORTS,
  sameValues,
  tables,
  triathlonWrites,
  valuesOf,
} from './values.ts';

/**
 * What the workouts module does when thresholds or edited zones change: re-parse planned workouts, in the
 * caller's transaction.
 */
export interface PlannedReparser {
  reparsePlanned(
    tx: Tx,
    athleteId: string,
    fromDay: string | null,
    basis: ParseBasis,
  ): Promise<RelabelledWorkout[]>;
}

/** Values the plan generator derived, per sport (keys as the sport-metrics values). */
export type DerivedThresholds = Partial<Record<ThresholdSport, Record<string, number | null | undefined>>>;

/** The thresholds and zones an athlete's data of one day is read with (docs/zones.md, "Used everywhere"). */
export interface ThresholdsOnDay {
  day: string;
  /** Per sport, with defaults filled in; `known` tells the athlete's values from the defaults. */
  running: ResolvedThresholds;
  cycling: ResolvedThresholds;
  swimming: ResolvedThresholds;
  /** The athlete's zone tables on that day: edited ones where auto-calculate is off, else derived. */
  zones: ZoneTable[];
}

/**
 * The zones `calculate-tss` uses when the request sends none: only the athlete's own values (a default FTP
 * would turn any average power into a confident score), edited tables as bounds.
 */
export function tssZonesOf(on: ThresholdsOnDay, sport: string): TssAthleteZones {
  const hrSport = heartRateSportOf(sport as Sport);
  const t = on[hrSport];
  const table = (s: ThresholdSport, kind: ZoneKind) =>
    on.zones.find((z) => z.sport === s && z.kind === kind)!;
  const hr = table(hrSport, 'hr');
  const pace = table('running', 'pace');
  const bounds = (zones: ZoneTable['zones'], pick: 'min' | 'max') => zones.slice(1).map((z) => z[pick]);
  return {
    power_ftp: on.cycling.known.ftp ? on.cycling.ftpWatts : null,
    hr_zones:
      hr.method === 'custom' || hr.method === 'karvonen'
        ? { bounds: bounds(hr.zones, 'min') }
        : t.known.lthr
          ? { lthr: t.lthr }
          : t.known.maxHr
            ? { max_hr: t.maxHr }
            : null,
    pace_thresholds:
      pace.method === 'custom'
        ? { bounds: bounds(pace.zones, 'max') }
        : on.running.known.pace
          ? { threshold_pace_per_km: on.running.thresholdPaceSecondsPerKm }
          : null,
  };
}

/** Threshold values logged on one day outside Settings (a wellness day). */
export interface DayThresholdValues {
  date: string;
  ftp_watts?: number | null;
  threshold_pace_seconds_per_km?: number | null;
}
const DAY_VALUE_SPORT = [
  ['ftp_watts', 'cycling'],
  ['threshold_pace_seconds_per_km', 'running'],
] as const satisfies readonly (readonly [keyof DayThresholdValues, ThresholdSport])[];

export function createThresholdService(
  db: Db,
  deps: {
    /** Built before this service (wiring/workouts.ts): it parses with `parseBasisOf` (values.ts), not with it. */
    workouts: PlannedReparser;
    onChange?: (athleteId: string) => void;
  },
) {
  const changed = (athleteId: string) => deps.onChange?.(athleteId);
  const today = (auth: AuthContext) => dateInTimeZone(new Date(), auth.timezone);

  async function sportMetricsOf(conn: Conn, athleteId: string, day: string): Promise<SportMetrics> {
    const history = await historyOf(conn, athleteId);
    const inForce = entriesInForce(history, day);
    const dated = (sport: ThresholdSport) => ({
      effective_from: inForce[sport]?.effectiveFrom ?? null,
      values: valuesOf(sport, inForce[sport]),
    });
    const running = dated('running');
    const cycling = dated('cycling');
    const swimming = dated('swimming');
    const days = [running, cycling, swimming].flatMap((d) => (d.effective_from ? [d.effective_from] : []));
    return {
      running: running as SportMetrics['running'],
      cycling: cycling as SportMetrics['cycling'],
      swimming: swimming as SportMetrics['swimming'],
      triathlon: {
        effective_from: days.length > 0 ? days.sort().at(-1)! : null,
        values: {
          run_threshold_pace_seconds_per_km: running.values.threshold_pace_seconds_per_km ?? null,
          ftp_watts: cycling.values.ftp_watts ?? null,
          css_seconds_per_100m: swimming.values.css_seconds_per_100m ?? null,
          run_max_hr: running.values.max_hr ?? null,
          bike_max_hr: cycling.values.max_hr ?? null,
          swim_max_hr: swimming.values.max_hr ?? null,
        },
      },
      history: history.map((e) => ({
        sport: e.sport,
        effective_from: e.effectiveFrom,
        values: valuesOf(e.sport, e) as SportMetrics['history'][number]['values'],
      })),
      defaults: {
        ftp_watts: DEFAULT_THRESHOLDS.ftpWatts,
        threshold_pace_seconds_per_km: DEFAULT_THRESHOLDS.thresholdPaceSecondsPerKm,
        css_seconds_per_100m: DEFAULT_THRESHOLDS.cssSecondsPer100m,
        max_hr: DEFAULT_THRESHOLDS.maxHr,
      },
    };
  }

  /** The athlete's dated values and zone tables read once: what is in force on any day, without reading again. */
  async function thresholdsByDay(
    athleteId: string,
    conn: Conn = db,
  ): Promise<(day: string) => ThresholdsOnDay> {
    const [history, stored] = await Promise.all([historyOf(conn, athleteId), repo.zoneRows(conn, athleteId)]);
    return (day) => {
      const resolved = (sport: ThresholdSport) => resolveThresholds(thresholdsInForce(history, day, sport));
      return {
        day,
        running: resolved('running'),
        cycling: resolved('cycling'),
        swimming: resolved('swimming'),
        zones: tables(history, stored, day),
      };
    };
  }

  async function thresholdsOn(athleteId: string, day: string, conn: Conn = db): Promise<ThresholdsOnDay> {
    return (await thresholdsByDay(athleteId, conn))(day);
  }

  return {
    /** Every dated entry of the athlete, for the modules that read many days at once (core thresholdsInForce). */
    history: historyOf,
    /** What the athlete's workouts are parsed with (docs/workout-parser.md, "Edited zone tables"). */
    parseBasis: parseBasisOf,
    /** `parseBasis` of many athletes, in two reads: athlete id → basis (no thresholds and no tables → no key). */
    parseBases: parseBasesOf,

    /**
     * The thresholds and zone tables in force for `athleteId` on `day` (YYYY-MM-DD), defaults filled in and
     * marked. The modules that score or parse the athlete's data call this (activities import, TSS).
     */
    thresholdsOn,

    /**
     * `thresholdsOn` for many days of one athlete from one read (a platform archive scores thousands of
     * recordings with the values as they stood when it started: docs/activities.md, "Platform archives").
     */
    thresholdsByDay,

    sportMetrics(auth: AuthContext): Promise<SportMetrics> {
      return sportMetricsOf(db, auth.athleteId, today(auth));
    },

    /**
     * Stores one sport's values from `effective_from` (default today); triathlon writes the sports it
     * changes. Then, in the same transaction, re-parses the planned workouts the change reaches.
     */
    async saveSportMetrics(auth: AuthContext, body: SportMetricsUpdateRequest) {
      const day = today(auth);
      const from = body.effective_from ?? day;
      const relabelled = await db.transaction(async (tx) => {
        await repo.lockAthlete(tx, auth.athleteId);
        const before = await historyOf(tx, auth.athleteId);
        const inForce = entriesInForce(before, from);
        const writes: Partial<Record<ThresholdSport, Record<string, number | null>>> =
          body.sport === 'triathlon'
            ? triathlonWrites(body.values, inForce)
            : { [body.sport]: body.values as Record<string, number | null> };
        let earliest = false;
        let wrote = false;
        for (const sport of SPORTS) {
          const values = writes[sport];
          if (!values) continue;
          const columns = columnsOf(sport, values);
          const current = inForce[sport];
          if (
            body.sport === 'triathlon' &&
            current &&
            sameValues(columns, columnsOf(sport, valuesOf(sport, current)))
          )
            continue;
          await repo.upsertEntry(tx, auth.athleteId, sport, from, columns);
          wrote = true;
          const first = before
            .filter((e) => e.sport === sport)
            .map((e) => e.effectiveFrom)
            .sort()[0];
          if (first === undefined || from <= first) earliest = true;
        }
        if (!wrote) return [];
        const basis = await parseBasisOf(tx, auth.athleteId);
        // An entry before all others also applies to the days before it (docs/zones.md, "Dated history").
        return deps.workouts.reparsePlanned(tx, auth.athleteId, earliest ? null : from, basis);
      });
      changed(auth.athleteId);
      return { ...(await sportMetricsOf(db, auth.athleteId, day)), relabelled_workouts: relabelled };
    },

    /**
     * Thresholds the plan generator derived from what the athlete said (a race result, a stated FTP or CSS),
     * stored from `day` for the values the athlete has none of: recorded and entered values are never
     * replaced (docs/plan-generator.md, "Knowing the athlete"). Planned workouts are re-parsed with them.
     */
    async fillUnknown(athleteId: string, day: string, derived: DerivedThresholds): Promise<void> {
      const wrote = await db.transaction(async (tx) => {
        await repo.lockAthlete(tx, athleteId);
        const before = await historyOf(tx, athleteId);
        const inForce = entriesInForce(before, day);
        let any = false;
        for (const sport of SPORTS) {
          const wanted = derived[sport];
          if (!wanted) continue;
          const current = valuesOf(sport, inForce[sport]);
          const added = Object.entries(wanted).filter(
            (e): e is [string, number] => typeof e[1] === 'number' && current[e[0]] === null,
          );
          if (added.length === 0) continue;
          await repo.upsertEntry(
            tx,
            athleteId,
            sport,
            day,
            columnsOf(sport, { ...current, ...Object.fromEntries(added) }),
          );
          any = true;
        }
        if (!any) return false;
        await deps.workouts.reparsePlanned(tx, athleteId, day, await parseBasisOf(tx, athleteId));
        return true;
      });
      if (wrote) changed(athleteId);
    },

    /**
     * FTP and threshold pace logged on days elsewhere (a wellness day, the wellness CSV import), stored in this
     * one dated store (docs/zones.md, "One store"): each value becomes its sport's entry from that day, the
     * sport's other values kept from the entry in force then. A null or absent value writes nothing. In the
     * caller's transaction (taking the athlete's locks first); planned workouts from the earliest day written
     * are re-parsed. Answers whether anything was written (the caller calls `changed` after its commit).
     */
    async recordDayValues(tx: Tx, athleteId: string, days: readonly DayThresholdValues[]): Promise<boolean> {
      const writes = days
        .flatMap((d) =>
          DAY_VALUE_SPORT.flatMap(([key, sport]) =>
            typeof d[key] === 'number' ? [{ date: d.date, key, sport, value: d[key] }] : [],
          ),
        )
        .sort((a, b) => a.date.localeCompare(b.date));
      if (writes.length === 0) return false;
      await repo.lockAthlete(tx, athleteId);
      let history = await historyOf(tx, athleteId);
      const firstOf = (sport: ThresholdSport) =>
        history
          .filter((e) => e.sport === sport)
          .map((e) => e.effectiveFrom)
          .sort()[0];
      let earliest = false;
      let wrote = false;
      for (const w of writes) {
        // The sport's other values from the entry in force that day (that day's own entry, if it has one).
        const current = valuesOf(w.sport, entriesInForce(history, w.date)[w.sport]);
        // The same value as in force already (a CSV repeating the FTP every day) adds no entry.
        if (current[w.key] === w.value) continue;
        const first = firstOf(w.sport);
        if (first === undefined || w.date <= first) earliest = true;
        const columns = columnsOf(w.sport, { ...current, [w.key]: w.value });
        await repo.upsertEntry(tx, athleteId, w.sport, w.date, columns);
        history = [
          ...history.filter((e) => e.sport !== w.sport || e.effectiveFrom !== w.date),
          { sport: w.sport, effectiveFrom: w.date, ...columns } as ThresholdEntry,
        ];
        wrote = true;
      }
      if (!wrote) return false;
      await deps.workouts.reparsePlanned(
        tx,
        athleteId,
        earliest ? null : writes[0]!.date,
        await parseBasisOf(tx, athleteId),
      );
      return true;
    },

    /** Tells the listeners that the athlete's thresholds changed (after the commit of `recordDayValues`). */
    changed,

    async zones(auth: AuthContext): Promise<AthleteZones> {
      return { tables: (await thresholdsOn(auth.athleteId, today(auth))).zones };
    },

    /**
     * Validates every table first (400 naming the sport, kind and zone), then stores them all or none and, in
     * the same transaction, re-parses the planned workouts when the tables in use changed (docs/zones.md,
     * "Re-labelling planned workouts").
     */
    async saveZones(auth: AuthContext, body: ZonesUpdateRequest): Promise<AthleteZonesSaved> {
      const seen = new Set<string>();
      const rows = body.tables.map((table) => {
        const label = `${table.sport} ${table.kind === 'hr' ? 'heart rate' : table.kind} zones`;
        if (!(SPORT_ZONE_KINDS[table.sport] as readonly string[]).includes(table.kind))
          throw new AppError(
            'VALIDATION_FAILED',
            `${table.sport} has no ${table.kind} zones (it has ${SPORT_ZONE_KINDS[table.sport].join(' and ')})`,
          );
        const key = `${table.sport}/${table.kind}`;
        if (seen.has(key)) throw new AppError('VALIDATION_FAILED', `The ${label} are sent twice`);
        seen.add(key);
        if (table.auto_calculate)
          return { sport: table.sport, kind: table.kind, autoCalculate: true, zones: null };
        if (!table.zones)
          throw new AppError('VALIDATION_FAILED', `Send the ${label} when auto-calculate is off`, {
            sport: table.sport,
            kind: table.kind,
          });
        const problem = validateZoneTable(table.kind, table.zones);
        if (problem)
          throw new AppError('VALIDATION_FAILED', `${label}: ${problem.message}`, {
            sport: table.sport,
            kind: table.kind,
            zone: problem.zone,
          });
        return { sport: table.sport, kind: table.kind, autoCalculate: false, zones: table.zones };
      });
      const relabelled = await db.transaction(async (tx) => {
        await repo.lockAthlete(tx, auth.athleteId);
        const before = editedOf(await repo.zoneRows(tx, auth.athleteId));
        await repo.upsertZones(tx, auth.athleteId, rows);
        const basis = await parseBasisOf(tx, auth.athleteId);
        // Edited tables are not dated: every planned workout reads them.
        if (JSON.stringify(basis.edited) === JSON.stringify(before)) return [];
        return deps.workouts.reparsePlanned(tx, auth.athleteId, null, basis);
      });
      changed(auth.athleteId);
      return { ...(await this.zones(auth)), relabelled_workouts: relabelled };
    },
  };
}

export type ThresholdService = ReturnType<typeof createThresholdService>;
/** What other modules read of the thresholds. */
export type ThresholdReader = Pick<
  ThresholdService,
  'history' | 'parseBasis' | 'thresholdsOn' | 'thresholdsByDay' | 'fillUnknown'
>;
