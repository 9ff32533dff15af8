// The shapes of a plan's quality verdicts: whether its target is within reach (feasibility) and how it fares
// against the coaching rules (the plan reviewer). The contract's ZFeasibility and ZPlanReview mirror them.
// docs/plan-generator.md, "Feasibility" and "The plan reviewer".

export type FeasibilityVerdict = 'on_track' | 'stretch' | 'out_of_reach' | 'unknown';

export interface PlanFeasibility {
  verdict: FeasibilityVerdict;
  /** 'H:MM:SS' the athlete's level predicts on race day, or null when unknown. */
  predicted_time: string | null;
  /** The athlete's target, 'H:MM:SS', or null when the goal is to finish. */
  target_time: string | null;
  /** A reachable target, offered when the verdict is out_of_reach. */
  suggested_target: string | null;
  /** How the prediction was made, in words. */
  method: string | null;
  message: string;
}

export type PlanReviewSeverity = 'error' | 'warning' | 'info';

export interface PlanReviewFinding {
  rule: string;
  passed: boolean;
  severity: PlanReviewSeverity;
  /** The measured figure, in words. */
  figure: string;
  message: string;
}

export interface PlanReview {
  passed: boolean;
  findings: PlanReviewFinding[];
}
