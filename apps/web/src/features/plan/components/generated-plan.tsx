// What the Journey page adds for a plan generated from a goal (docs/onboarding.md, "The plan's outline and
// rebuild"): its weeks as volume bars, this week's sessions with their reasons, and why the plan is built so,
// with the feasibility note and the plan reviewer's verdict.
// A plan made by hand has no outline and shows none of it.
import type { PlanOutline } from '@stamina/contract';
import { PlanExplainability } from './plan-explainability.tsx';
import { currentWeekOf, PlanVolumeChart } from './plan-volume-chart.tsx';
import { WeekSessions } from './week-sessions.tsx';

export function GeneratedPlan({ outline, today }: { outline: PlanOutline; today: string }) {
  const current = currentWeekOf(outline.weeks, today);
  // Before the plan starts, its first week; after race day, none.
  const shown = current ?? outline.weeks.find((w) => w.start > today) ?? null;
  return (
    <>
      <PlanVolumeChart weeks={outline.weeks} today={today} />
      <div className="grid gap-4 lg:grid-cols-2 lg:items-start">
        {shown ? (
          <WeekSessions
            planId={outline.plan_id}
            week={shown}
            heading={current ? "This week's sessions" : 'First week’s sessions'}
          />
        ) : null}
        <PlanExplainability
          bullets={outline.explainability.bullets}
          feasibility={outline.feasibility}
          review={outline.review}
        />
      </div>
    </>
  );
}
