// Status chips of the phase map and the milestones: icon plus words, so colour is never the only signal.
import type { PlanProgress } from '@stamina/contract';
import { CheckCircle2, Circle, CircleDot, Flag, FlaskConical, Milestone, Target, Trophy } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';

type PhaseStatus = PlanProgress['phases'][number]['status'];
type MilestoneInfo = PlanProgress['milestones'][number];

const PHASE_STATUS = {
  completed: { label: 'Completed', Icon: CheckCircle2, tone: 'border-success/40 bg-success/10 text-success' },
  current: { label: 'Current', Icon: CircleDot, tone: 'border-primary/50 bg-accent text-accent-foreground' },
  upcoming: { label: 'Upcoming', Icon: Circle, tone: 'border-border bg-muted text-muted-foreground' },
} as const satisfies Record<PhaseStatus, unknown>;

const MILESTONE_STATUS = {
  completed: PHASE_STATUS.completed,
  current: { ...PHASE_STATUS.current, label: 'This week' },
  future: PHASE_STATUS.upcoming,
  goal: { label: 'Goal', Icon: Trophy, tone: 'border-warning/50 bg-warning/10 text-warning' },
} as const satisfies Record<MilestoneInfo['status'], unknown>;

export const MILESTONE_TYPE = {
  test: { label: 'Test', Icon: FlaskConical },
  race: { label: 'Race', Icon: Flag },
  milestone: { label: 'Milestone', Icon: Milestone },
  goal: { label: 'Goal', Icon: Target },
} as const satisfies Record<MilestoneInfo['type'], unknown>;

function Chip({ label, Icon, tone }: { label: string; Icon: typeof Circle; tone: string }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium',
        tone,
      )}
    >
      <Icon className="h-3.5 w-3.5" aria-hidden="true" />
      {label}
    </span>
  );
}

export function PhaseStatusChip({ status }: { status: PhaseStatus }) {
  return <Chip {...PHASE_STATUS[status]} />;
}

export function MilestoneStatusChip({ status }: { status: MilestoneInfo['status'] }) {
  return <Chip {...MILESTONE_STATUS[status]} />;
}
