// The athlete's thresholds (dated history) and zone tables: Settings → Metrics & Zones, and the thresholds
// every other module reads a workout or a recording with (`thresholdsOn`). Rules: docs/zones.md.
import {
  type AthleteZones,
  type AthleteZonesSaved,
  type EstimatedKey,
  type RelabelledWorkout,
  SPORT_ZONE_KINDS,
  type SportMetrics,
  type SportMetricsUpdateRequest,
  type ThresholdEstimates,
  type ThresholdSport,
  type ZonesUpdateRequest,
  type ZoneTable,
} from '@stamina/contract';
import {
  addDays,
  DEFAULT_THRESHOLDS,
  dateInTimeZone,
  deriveZoneTable,
  type EditedZoneTable,
  ESTIMATE_WINDOW_DAYS,
  type EstimateRecording,
  entriesInForce,
  estimateThresholds,
  heartRateSportOf,
  type ParseBasis,
  type ResolvedThresholds,
  resolveThresholds,
  type Sport,
  THRESHOLD_DEFAULTS,
  THRESHOLD_SPORTS,
  type ThresholdEntry,
  type AthleteZones as TssAthleteZones,
  thresholdsAreEstimates,
  thresholdsInForce,
  validateZoneTable,
  type ZoneKind,
} from '@stamina/core';
import type { Conn, Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import * as repo from './repository.ts';

const SPORTS = THRESHOLD_SPORTS;

/** A stored row as core's history entry. */
function entryOf(row: repo.SportMetricsRow): ThresholdEntry {
  return {
    sport: row.sport,
    effectiveFrom: row.effectiveFrom,
    thresholdPaceSecondsPerKm: row.thresholdPaceSecondsPerKm,
    cssSecondsPer100m: row.cssSecondsPer100m,
    threshold100Seconds: row.threshold100Seconds,
    ftpWatts: row.ftpWatts,
    maxPowerWatts: row.maxPowerWatts,
    maxHr: row.maxHr,
    restingHr: row.restingHr,
    lthr: row.lthr,
  };
}

/** One sport's values in the contract's shape. */
function valuesOf(sport: ThresholdSport, e: ThresholdEntry | undefined): Record<string, number | null> {
  const v = (x: number | null | undefined) => x ?? null;
  if (sport === 'running')
    return {
      threshold_pace_seconds_per_km: v(e?.thresholdPaceSecondsPerKm),
      max_hr: v(e?.maxHr),
      resting_hr: v(e?.restingHr),
      lthr: v(e?.lthr),
    };
  if (sport === 'cycling')
    return {
      ftp_watts: v(e?.ftpWatts),
      max_hr: v(e?.maxHr),
      resting_hr: v(e?.restingHr),
      lthr: v(e?.lthr),
      max_power_watts: v(e?.maxPowerWatts),
    };
  return {
    css_seconds_per_100m: v(e?.cssSecondsPer100m),
    threshold_100_seconds: v(e?.threshold100Seconds),
    max_hr: v(e?.maxHr),
  };
}

/** Contract values of one sport → the columns stored. */
function columnsOf(sport: ThresholdSport, values: Record<string, number | null>): repo.SportMetricsValues {
  const v = (key: string) => values[key] ?? null;
  const empty: repo.SportMetricsValues = {
    thresholdPaceSecondsPerKm: null,
    cssSecondsPer100m: null,
    threshold100Seconds: null,
    ftpWatts: null,
    maxPowerWatts: null,
    maxHr: v('max_hr'),
    restingHr: null,
    lthr: null,
  };
  if (sport === 'running')
    return {
      ...empty,
      thresholdPaceSecondsPerKm: v('threshold_pace_seconds_per_km'),
      restingHr: v('resting_hr'),
      lthr: v('lthr'),
    };
  if (sport === 'cycling')
    return {
      ...empty,
      ftpWatts: v('ftp_watts'),
      maxPowerWatts: v('max_power_watts'),
      restingHr: v('resting_hr'),
      lthr: v('lthr'),
    };
  return {
    ...empty,
    cssSecondsPer100m: v('css_seconds_per_100m'),
    threshold100Seconds: v('threshold_100_seconds'),
  };
}

const sameValues = (a: repo.SportMetricsValues, b: repo.SportMetricsValues) =>
  (Object.keys(a) as (keyof repo.SportMetricsValues)[]).every((k) => (a[k] ?? null) === (b[k] ?? null));

/**
 * The triathlon tab's values written as the three sports': each sport keeps its values the tab does not show
 * (resting HR, LTHR, max power, threshold 100), from the entry in force on that day.
 */
function triathlonWrites(
  values: Extract<SportMetricsUpdateRequest, { sport: 'triathlon' }>['values'],
  inForce: Partial<Record<ThresholdSport, ThresholdEntry>>,
): Record<ThresholdSport, Record<string, number | null>> {
  return {
    running: {
      ...valuesOf('running', inForce.running),
      threshold_pace_seconds_per_km: values.run_threshold_pace_seconds_per_km,
      max_hr: values.run_max_hr,
    },
    cycling: {
      ...valuesOf('cycling', inForce.cycling),
      ftp_watts: values.ftp_watts,
      max_hr: values.bike_max_hr,
    },
    swimming: {
      ...valuesOf('swimming', inForce.swimming),
      css_seconds_per_100m: values.css_seconds_per_100m,
      max_hr: values.swim_max_hr,
    },
  };
}

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

/** The stored tables the athlete edited and keeps in use (auto-calculate off), as core's edited tables. */
function editedOf(rows: readonly repo.SportZonesRow[]): EditedZoneTable[] {
  return rows.flatMap((row) =>
    !row.autoCalculate && row.zones?.length === 5
      ? [
          {
            sport: row.sport,
            kind: row.kind,
            zones: row.zones.map((z) => ({
              zone: z.zone as EditedZoneTable['zones'][number]['zone'],
              min: z.min,
              max: z.max,
            })),
          },
        ]
      : [],
  );
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

function tables(
  history: readonly ThresholdEntry[],
  stored: readonly repo.SportZonesRow[],
  day: string,
): ZoneTable[] {
  return SPORTS.flatMap((sport) =>
    SPORT_ZONE_KINDS[sport].map((kind): ZoneTable => {
      const derived = deriveZoneTable(history, day, sport, kind);
      const row = stored.find((r) => r.sport === sport && r.kind === kind);
      const custom = row && !row.autoCalculate && row.zones?.length === 5 ? row.zones : null;
      return {
        sport,
        kind,
        unit: derived.unit,
        auto_calculate: row?.autoCalculate ?? true,
        method: custom ? 'custom' : derived.method,
        from_defaults: custom ? false : derived.fromDefaults,
        zones: (custom ?? derived.zones).map((z) => ({ zone: z.zone, min: z.min, max: z.max })),
        // Coggan's seven levels come from the FTP whatever the five zones are (edited or derived).
        ...(derived.levels ? { levels: derived.levels } : {}),
      };
    }),
  );
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

/** What the estimates read of the athlete's recordings (the activities module). */
export interface RecordingReader {
  estimateRecordings(athleteId: string, from: string): Promise<EstimateRecording[]>;
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

/** Which figure of the stored values each estimated key is, and its sport (LTHR: running's unless told). */
const ESTIMATED: Record<EstimatedKey, { sport: 'running' | 'cycling'; known: 'ftp' | 'pace' | 'lthr' }> = {
  ftp_watts: { sport: 'cycling', known: 'ftp' },
  threshold_pace_seconds_per_km: { sport: 'running', known: 'pace' },
  lthr: { sport: 'running', known: 'lthr' },
};
type EstimateSport = 'running' | 'cycling';

export function createThresholdService(
  db: Db,
  deps: {
    workouts: () => PlannedReparser;
    recordings?: () => RecordingReader;
    onChange?: (athleteId: string) => void;
  },
) {
  const changed = (athleteId: string) => deps.onChange?.(athleteId);
  const today = (auth: AuthContext) => dateInTimeZone(new Date(), auth.timezone);

  async function historyOf(conn: Conn, athleteId: string): Promise<ThresholdEntry[]> {
    return (await repo.history(conn, athleteId)).map(entryOf);
  }

  /** What the athlete's workouts are parsed with: the dated thresholds and the edited zone tables. */
  async function parseBasisOf(conn: Conn, athleteId: string): Promise<ParseBasis> {
    const [history, rows] = await Promise.all([historyOf(conn, athleteId), repo.zoneRows(conn, athleteId)]);
    return { history, edited: editedOf(rows) };
  }

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

  async function thresholdsOn(athleteId: string, day: string, conn: Conn = db): Promise<ThresholdsOnDay> {
    const [history, stored] = await Promise.all([historyOf(conn, athleteId), repo.zoneRows(conn, athleteId)]);
    const resolved = (sport: ThresholdSport) => resolveThresholds(thresholdsInForce(history, day, sport));
    return {
      day,
      running: resolved('running'),
      cycling: resolved('cycling'),
      swimming: resolved('swimming'),
      zones: tables(history, stored, day),
    };
  }

  return {
    /** Every dated entry of the athlete, for the modules that read many days at once (core thresholdsInForce). */
    history: historyOf,
    /** What the athlete's workouts are parsed with (docs/workout-parser.md, "Edited zone tables"). */
    parseBasis: parseBasisOf,
    /** `parseBasis` of many athletes, in two reads: athlete id → basis (no thresholds and no tables → no key). */
    async parseBases(conn: Conn, athleteIds: readonly string[]): Promise<Map<string, ParseBasis>> {
      const out = new Map<string, { history: ThresholdEntry[]; edited: EditedZoneTable[] }>();
      const of = (id: string) => {
        const basis = out.get(id) ?? { history: [], edited: [] };
        out.set(id, basis);
        return basis;
      };
      const [rows, zoneRows] = await Promise.all([
        repo.histories(conn, athleteIds),
        repo.zoneRowsOf(conn, athleteIds),
      ]);
      for (const row of rows) of(row.athleteId).history.push(entryOf(row));
      for (const row of zoneRows) of(row.athleteId).edited.push(...editedOf([row]));
      return out;
    },

    /**
     * The thresholds and zone tables in force for `athleteId` on `day` (YYYY-MM-DD), defaults filled in and
     * marked. The modules that score or parse the athlete's data call this (activities import, TSS).
     */
    thresholdsOn,

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
        return deps.workouts().reparsePlanned(tx, auth.athleteId, earliest ? null : from, basis);
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
        await deps.workouts().reparsePlanned(tx, athleteId, day, await parseBasisOf(tx, athleteId));
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
      await deps
        .workouts()
        .reparsePlanned(tx, athleteId, earliest ? null : writes[0]!.date, await parseBasisOf(tx, athleteId));
      return true;
    },

    /** Tells the listeners that the athlete's thresholds changed (after the commit of `recordDayValues`). */
    changed,

    /**
     * FTP, run threshold pace and run LTHR: the value in use and where it comes from, and what the recordings
     * of the last 90 days estimate once enough qualify (docs/zones.md, "Estimates from recordings").
     */
    async estimates(auth: AuthContext): Promise<ThresholdEstimates> {
      const day = today(auth);
      const [on, recordings] = await Promise.all([
        thresholdsOn(auth.athleteId, day),
        deps.recordings?.().estimateRecordings(auth.athleteId, addDays(day, -ESTIMATE_WINDOW_DAYS)) ?? [],
      ]);
      const known = (key: EstimatedKey, sport: EstimateSport = ESTIMATED[key].sport) =>
        on[sport].known[ESTIMATED[key].known];
      const inUse = (key: EstimatedKey, sport: EstimateSport) => {
        const t = on[sport];
        if (!known(key, sport)) return THRESHOLD_DEFAULTS[key];
        return key === 'ftp_watts' ? t.ftpWatts : key === 'lthr' ? t.lthr : t.thresholdPaceSecondsPerKm;
      };
      const source = (key: EstimatedKey, sport?: EstimateSport) =>
        (known(key, sport) ? 'athlete' : 'default') as 'athlete' | 'default';
      return {
        estimated: thresholdsAreEstimates({
          ftp: source('ftp_watts'),
          pace: source('threshold_pace_seconds_per_km'),
        }),
        thresholds: estimateThresholds(recordings, day).map((p) => ({
          key: p.key,
          sport: p.sport,
          current: inUse(p.key, p.sport) ?? null,
          threshold_source: source(p.key, p.sport),
          estimated: !known(p.key, p.sport),
          estimate: p.estimate
            ? {
                value: p.estimate.value,
                activity_id: p.estimate.basis.activityId,
                date: p.estimate.basis.date,
                effort: p.estimate.basis.effort,
                recordings: p.estimate.recordings,
              }
            : null,
          recordings: p.have,
          needed: p.need,
        })),
      };
    },

    /**
     * Accepts the estimate of `key` (LTHR: of `sport`, running's by default): stored as the sport's dated entry from today, its other values kept from the
     * entry in force (a save as Settings makes, so planned workouts are re-labelled the same way). 409 when the
     * recordings give no estimate yet.
     */
    async acceptEstimate(auth: AuthContext, key: EstimatedKey, sport: EstimateSport = ESTIMATED[key].sport) {
      if (sport !== ESTIMATED[key].sport && key !== 'lthr')
        throw new AppError('VALIDATION_FAILED', `${key} is ${ESTIMATED[key].sport}'s only`);
      const found = (await this.estimates(auth)).thresholds.find((t) => t.key === key && t.sport === sport);
      if (!found?.estimate)
        throw new AppError('CONFLICT', 'Not enough recordings to estimate this threshold yet', {
          recordings: found?.recordings ?? 0,
          needed: found?.needed ?? 0,
        });
      const inForce = entriesInForce(await historyOf(db, auth.athleteId), today(auth));
      const values = { ...valuesOf(sport, inForce[sport]), [key]: found.estimate.value };
      return this.saveSportMetrics(auth, { sport, values } as SportMetricsUpdateRequest);
    },

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
        return deps.workouts().reparsePlanned(tx, auth.athleteId, null, basis);
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
  'history' | 'parseBasis' | 'thresholdsOn' | 'fillUnknown'
>;
