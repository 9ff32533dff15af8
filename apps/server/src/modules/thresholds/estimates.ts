// Threshold estimates from the athlete's recordings (docs/zones.md, "Estimates from recordings"): built after the
// activities module, whose recordings it reads, so neither service waits for the other (docs/modules.md).
import type { EstimatedKey, SportMetricsUpdateRequest, ThresholdEstimates } from '@stamina/contract';
import {
  addDays,
  dateInTimeZone,
  ESTIMATE_WINDOW_DAYS,
  type EstimateRecording,
  entriesInForce,
  estimateThresholds,
  THRESHOLD_DEFAULTS,
  thresholdsAreEstimates,
} from '@stamina/core';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/authenticate.ts';
import type { ThresholdService } from './service.ts';
import { valuesOf } from './values.ts';

/** What the estimates read of the athlete's recordings (the activities module). */
export interface RecordingReader {
  estimateRecordings(athleteId: string, from: string): Promise<EstimateRecording[]>;
}

/** Which figure of the stored values each estimated key is, and its sport (LTHR: running's unless told). */
const ESTIMATED: Record<EstimatedKey, { sport: 'running' | 'cycling'; known: 'ftp' | 'pace' | 'lthr' }> = {
  ftp_watts: { sport: 'cycling', known: 'ftp' },
  threshold_pace_seconds_per_km: { sport: 'running', known: 'pace' },
  lthr: { sport: 'running', known: 'lthr' },
};
type EstimateSport = 'running' | 'cycling';

export function createThresholdEstimates(
  db: Db,
  deps: {
    thresholds: Pick<ThresholdService, 'thresholdsOn' | 'history' | 'saveSportMetrics'>;
    recordings: RecordingReader;
  },
) {
  const today = (auth: AuthContext) => dateInTimeZone(new Date(), auth.timezone);
  const estimates = {
    /**
     * FTP, run threshold pace and run LTHR: the value in use and where it comes from, and what the recordings
     * of the last 90 days estimate once enough qualify (docs/zones.md, "Estimates from recordings").
     */
    async estimates(auth: AuthContext): Promise<ThresholdEstimates> {
      const day = today(auth);
      const [on, recordings] = await Promise.all([
        deps.thresholds.thresholdsOn(auth.athleteId, day),
        deps.recordings.estimateRecordings(auth.athleteId, addDays(day, -ESTIMATE_WINDOW_DAYS)),
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
      const found = (await estimates.estimates(auth)).thresholds.find(
        (t) => t.key === key && t.sport === sport,
      );
      if (!found?.estimate)
        throw new AppError('CONFLICT', 'Not enough recordings to estimate this threshold yet', {
          recordings: found?.recordings ?? 0,
          needed: found?.needed ?? 0,
        });
      const inForce = entriesInForce(await deps.thresholds.history(db, auth.athleteId), today(auth));
      const values = { ...valuesOf(sport, inForce[sport]), [key]: found.estimate.value };
      return deps.thresholds.saveSportMetrics(auth, { sport, values } as SportMetricsUpdateRequest);
    },
  };
  return estimates;
}

export type ThresholdEstimatesService = ReturnType<typeof createThresholdEstimates>;
