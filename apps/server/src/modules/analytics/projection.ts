// The fitness chart's projection (docs/training-load.md, "Projection"): today's CTL and ATL from the daily load,
// run forward by core `projectLoad` with the planned workouts' TSS, through the active plan's race day when it
// lies ahead, else through the last planned session, at most a year.
import type { FitnessProjection } from '@stamina/contract';
import { addDays, dateInTimeZone, MAX_PROJECTION_DAYS, projectLoad, roundTo } from '@stamina/core';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import type { PlanReader } from '../plans/index.ts';
import type { TrainingLoadService } from '../training-load/index.ts';
import * as repo from './repository.ts';

export async function fitnessProjection(
  db: Db,
  trainingLoad: TrainingLoadService,
  plans: PlanReader,
  auth: AuthContext,
  now: Date,
): Promise<FitnessProjection> {
  const today = dateInTimeZone(now, auth.timezone);
  const horizon = addDays(today, MAX_PROJECTION_DAYS);
  const [plan, { points }, planned] = await Promise.all([
    plans.activeRow(auth.athleteId),
    trainingLoad.loadDays(auth.athleteId, today, today),
    repo.plannedTssByDay(db, auth.athleteId, addDays(today, 1), horizon),
  ]);
  const raceDate = plan?.raceDate ?? null;
  const raceAhead = raceDate !== null && raceDate > today && raceDate <= horizon;
  const lastPlanned = planned.at(-1)?.date ?? null;
  const endDate = raceAhead ? raceDate : lastPlanned;
  const current = points.at(-1) ?? { ctl: 0, atl: 0 };
  const records = endDate ? projectLoad({ today, current, planned, to: endDate }) : [];
  return {
    end_date: endDate,
    ends_at: raceAhead ? 'race' : lastPlanned ? 'last_planned_session' : null,
    race_date: raceDate,
    records: records.map((p) => ({
      date: p.date,
      tss: roundTo(p.tss, 1),
      ctl: roundTo(p.ctl, 1),
      atl: roundTo(p.atl, 1),
      tsb: roundTo(p.tsb, 1),
    })),
  };
}
