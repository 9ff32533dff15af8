// /plan, the Journey page (docs/screens.md, "Journey page"): the athlete's active plan with its goal, week X
// of Y, phase map, milestones and this week's focus, all from the Training API; without an active plan, a
// form to start one.
import type { PlanProgress, TrainingPlan } from '@stamina/contract';
import { CheckCheck, MessageCircle, Pencil, RefreshCw, Route, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useActivePlan } from '../../api/plan/active-plan.ts';
import { usePlans } from '../../api/plan/list-plans.ts';
import { useUpdatePlan } from '../../api/plan/mutations.ts';
import { usePlanOutline } from '../../api/plan/plan-outline.ts';
import { usePlanProgress } from '../../api/plan/plan-progress.ts';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { PageError } from '../../components/ui/page-error.tsx';
import { QueryCard } from '../../components/ui/query-card.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { todayIso } from '../../lib/dates.ts';
import { toast } from '../../lib/toast.ts';
import { CreatePlanForm } from './components/create-plan-form.tsx';
import { CurrentFocus } from './components/current-focus.tsx';
import { formatPlanDate } from './components/format.ts';
import { GeneratedPlan } from './components/generated-plan.tsx';
import { JourneyOverview } from './components/journey-overview.tsx';
import { MilestonesList } from './components/milestones-list.tsx';
import { PhaseMap } from './components/phase-map.tsx';
import { PhilosophyCard } from './components/philosophy-card.tsx';
import { PlanChanges } from './components/plan-changes.tsx';
import { DeletePlanDialog, EditPlanDialog } from './components/plan-dialogs.tsx';
import { RebuildPlanDialog } from './components/rebuild-plan-dialog.tsx';

const TITLE = 'Your Journey';

export function JourneyPage() {
  const active = useActivePlan();
  const plan = active.data ?? undefined;
  const progress = usePlanProgress(plan?.id);

  if (active.isError || (plan && progress.isError)) {
    const failed = active.isError ? active : progress;
    return (
      <>
        <PageHeader title={TITLE} />
        <PageError
          title="Unable to load your training plan"
          message={errorMessage(failed.error)}
          retry={failed}
        />
      </>
    );
  }

  if (active.isPending || (plan && progress.isPending)) {
    return (
      <>
        <PageHeader title={TITLE} />
        <div role="status" aria-label="Loading your journey" className="animate-pulse space-y-4">
          <div className="h-56 rounded-xl bg-muted" />
          <div className="grid gap-3 lg:grid-cols-4">
            {['a', 'b', 'c', 'd'].map((key) => (
              <div key={key} className="h-32 rounded-xl bg-muted" />
            ))}
          </div>
          <div className="grid gap-4 lg:grid-cols-2">
            <div className="h-48 rounded-xl bg-muted" />
            <div className="h-48 rounded-xl bg-muted" />
          </div>
        </div>
      </>
    );
  }

  if (!plan || !progress.data) return <NoPlan />;
  return <Journey plan={plan} progress={progress.data} />;
}

function Journey({ plan, progress }: { plan: TrainingPlan; progress: PlanProgress }) {
  const navigate = useNavigate();
  const update = useUpdatePlan();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [rebuilding, setRebuilding] = useState(false);
  // A generated plan's outline; null for a plan made by hand, which keeps the page as it was.
  const outline = usePlanOutline(plan.id);
  const generated = outline.data ?? null;
  const today = todayIso();

  function markComplete() {
    update.mutate(
      { id: plan.id, changes: { status: 'completed' } },
      {
        onSuccess: () => toast.success('Plan marked as complete. Well done!'),
        onError: (error) => toast.error(`The plan could not be updated: ${errorMessage(error)}`),
      },
    );
  }

  return (
    <>
      <PageHeader
        title={TITLE}
        description="Where you are on the road to race day."
        actions={
          <Button onClick={() => navigate('/coach', { state: { topic: 'plan', planId: plan.id } })}>
            <MessageCircle className="h-4 w-4" aria-hidden="true" />
            Talk to Coach About Plan
          </Button>
        }
      />
      <div className="space-y-4">
        <JourneyOverview plan={plan} progress={progress} />
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
            Edit Plan
          </Button>
          {generated ? (
            <Button variant="outline" size="sm" onClick={() => setRebuilding(true)}>
              <RefreshCw className="h-4 w-4" aria-hidden="true" />
              Rebuild Plan
            </Button>
          ) : null}
          <Button variant="outline" size="sm" onClick={markComplete} disabled={update.isPending}>
            <CheckCheck className="h-4 w-4" aria-hidden="true" />
            {update.isPending ? 'Saving…' : 'Mark Complete'}
          </Button>
          <Button variant="ghost" size="sm" className="text-destructive" onClick={() => setDeleting(true)}>
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Delete Plan
          </Button>
        </div>
        <PhaseMap phases={progress.phases} />
        {outline.isPending || outline.isError ? (
          <QueryCard title="Your plan's weeks" query={outline} loadingLabel="Loading your plan's weeks" />
        ) : null}
        {generated ? <GeneratedPlan outline={generated} today={today} /> : null}
        <div className="grid gap-4 lg:grid-cols-2">
          <CurrentFocus progress={progress} />
          <MilestonesList milestones={progress.milestones} />
        </div>
        <PlanChanges planId={plan.id} />
        <PhilosophyCard />
      </div>
      <EditPlanDialog plan={plan} open={editing} onOpenChange={setEditing} />
      <DeletePlanDialog plan={plan} open={deleting} onOpenChange={setDeleting} />
      {generated ? (
        <RebuildPlanDialog
          plan={plan}
          outline={generated}
          today={today}
          open={rebuilding}
          onOpenChange={setRebuilding}
        />
      ) : null}
    </>
  );
}

function NoPlan() {
  const today = todayIso();
  const history = usePlans();
  const past = (history.data ?? []).filter((p) => p.status !== 'active');
  return (
    <>
      <PageHeader title={TITLE} description="Where you are on the road to race day." />
      <div className="grid gap-4 lg:grid-cols-[2fr_3fr] lg:items-start">
        <Card className="space-y-3 p-5">
          <Route className="h-10 w-10 text-primary" aria-hidden="true" />
          <h2 className="text-lg font-semibold">You have no active training plan</h2>
          <p className="text-sm text-muted-foreground">
            Tell us the race you are training for and when it is. We split the weeks until then into phases
            (foundation, base, build, then peak and taper) and show you here where you stand each week, what
            to focus on and which milestones come next.
          </p>
          {past.length > 0 ? (
            <div>
              <h3 className="text-sm font-semibold">Past plans</h3>
              <ul className="mt-1 space-y-1 text-sm text-muted-foreground">
                {past.map((p) => (
                  <li key={p.id}>
                    {p.title}
                    {p.race_date ? `, ${formatPlanDate(p.race_date)}` : ''} ({p.status})
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </Card>
        <Card className="p-5">
          <CreatePlanForm today={today} />
        </Card>
      </div>
    </>
  );
}
