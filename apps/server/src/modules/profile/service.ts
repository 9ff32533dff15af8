// The profile page's figures (docs/profile.md, "The profile page"): This Year, the current goal and the
// personal records, read through the activities, analytics and plans services and put together by core.
import type { ProfileSummary } from '@stamina/contract';
import { dateInTimeZone, daysBetween, personalRecords, thisYearFigures } from '@stamina/core';
import type { AuthContext } from '../../plugins/authenticate.ts';
import type { ActivityService } from '../activities/index.ts';
import type { AnalyticsService } from '../analytics/index.ts';
import type { PlanReader } from '../plans/index.ts';

export interface ProfileServiceDeps {
  activities: Pick<ActivityService, 'totalsBetween' | 'paceBests'>;
  analytics: Pick<AnalyticsService, 'completedTotals' | 'continuousRuns'>;
  plans: Pick<PlanReader, 'activeHeader'>;
}

export function createProfileService(deps: ProfileServiceDeps) {
  return {
    async summary(auth: AuthContext, now = new Date()): Promise<ProfileSummary> {
      const today = dateInTimeZone(now, auth.timezone);
      const year = Number(today.slice(0, 4));
      const from = `${year}-01-01`;
      const to = `${year}-12-31`;
      const [activityTotals, workoutTotals, bests, runs, plan] = await Promise.all([
        deps.activities.totalsBetween(auth, from, to),
        deps.analytics.completedTotals(auth, from, to),
        deps.activities.paceBests(auth),
        deps.analytics.continuousRuns(auth),
        deps.plans.activeHeader(auth.athleteId),
      ]);
      return {
        this_year: { year, ...thisYearFigures(activityTotals, workoutTotals) },
        current_goal: plan
          ? {
              plan_id: plan.id,
              title: plan.title,
              race_type: plan.raceType,
              race_date: plan.raceDate,
              target_time: plan.targetTime,
              days_until: plan.raceDate ? daysBetween(today, plan.raceDate) : null,
            }
          : null,
        personal_records: personalRecords(bests, runs),
      };
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
