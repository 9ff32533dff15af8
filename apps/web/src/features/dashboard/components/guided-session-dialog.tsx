// The guided session (docs/dashboard.md, "Guided session"): today's workout step by step on screen, with the
// current step, its remaining time, the next step and the time left in all, and Pause/Resume, Skip and Finish.
// Finish hands the time trained to "How did it go?" (the mark-done dialog). The clock is guided-session-model.ts.
import type { Workout } from '@stamina/contract';
import { ZONES } from '@stamina/core';
import { Flag, Pause, Play, SkipForward } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogCloseButton, DialogContent, DialogTitle } from '../../../components/ui/dialog.tsx';
import { ProgressBar } from '../../../components/ui/progress-bar.tsx';
import { formatClock } from '../../../components/workouts/format.ts';
import { useUnits } from '../../../lib/auth-context.tsx';
import {
  guidedSteps,
  pauseClock,
  resumeClock,
  type SessionClock,
  sessionView,
  settle,
  skipStep,
  startClock,
} from '../guided-session-model.ts';

const TICK_MS = 250;

export function GuidedSessionDialog({
  workout,
  open,
  onOpenChange,
  onFinish,
}: {
  workout: Workout;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Finish: the whole minutes trained (at least 1). */
  onFinish: (minutes: number) => void;
}) {
  const units = useUnits();
  const steps = useMemo(() => guidedSteps(workout, units), [workout, units]);
  const [clock, setClock] = useState<SessionClock | null>(null);
  const [now, setNow] = useState(() => Date.now());

  // A new session each time the dialog opens; the clock ticks only while it runs.
  useEffect(() => {
    if (open) {
      const start = Date.now();
      setClock(startClock(start));
      setNow(start);
    } else setClock(null);
  }, [open]);
  const running = clock?.resumedAt != null;
  useEffect(() => {
    if (!running) return;
    const id = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(id);
  }, [running]);

  const settled = clock ? settle(clock, steps, now) : null;
  useEffect(() => {
    if (clock && settled && settled !== clock) setClock(settled);
  }, [clock, settled]);
  const view = settled ? sessionView(settled, steps, now) : null;
  const total = steps.reduce((sum, step) => sum + step.seconds, 0);
  const index = settled?.index ?? 0;

  function act(change: (clock: SessionClock, at: number) => SessionClock) {
    const at = Date.now();
    setNow(at);
    setClock((current) => (current ? change(current, at) : current));
  }

  const zone = view?.current ? ZONES[view.current.zone - 1] : undefined;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent layout="screen" width={32} className="flex flex-col" aria-describedby={undefined}>
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-sm font-medium text-muted-foreground">Guided session</p>
            <DialogTitle className="text-xl font-semibold leading-tight break-words">
              {workout.title}
            </DialogTitle>
          </div>
          <DialogCloseButton className="-mt-1 -mr-2" />
        </div>

        {view ? (
          <div className="mt-6 flex flex-1 flex-col gap-5">
            {view.current ? (
              <section
                aria-labelledby="guided-current"
                className="rounded-xl border border-border p-4 text-center"
              >
                <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
                  Step {index + 1} of {steps.length}
                  {running ? null : ' · Paused'}
                </p>
                <h3 id="guided-current" aria-live="polite" className="mt-1 text-2xl font-bold break-words">
                  {view.current.name}
                </h3>
                <p className="mt-1 flex items-center justify-center gap-1.5 text-sm text-muted-foreground">
                  <span
                    aria-hidden="true"
                    className="h-2.5 w-2.5 rounded-full"
                    style={{ backgroundColor: zone?.color }}
                  />
                  {view.current.detail}
                </p>
                <p
                  className="mt-3 font-mono text-6xl font-bold tabular-nums"
                  role="timer"
                  aria-label="Time left in this step"
                >
                  {formatClock(Math.ceil(view.stepRemaining))}
                </p>
                <ProgressBar
                  className="mt-3"
                  value={view.current.seconds - view.stepRemaining}
                  max={view.current.seconds}
                  label="This step done"
                />
              </section>
            ) : (
              <section
                aria-labelledby="guided-done"
                className="rounded-xl border border-success/40 bg-success/10 p-4 text-center"
              >
                <h3 id="guided-done" aria-live="polite" className="text-2xl font-bold">
                  All steps done
                </h3>
                <p className="mt-1 text-sm text-muted-foreground">Finish to log how it went.</p>
              </section>
            )}

            <dl className="grid grid-cols-2 gap-3 text-sm">
              <div className="min-w-0 rounded-lg bg-muted p-3">
                <dt className="text-xs text-muted-foreground">Next</dt>
                <dd className="truncate font-medium">
                  {view.next ? `${view.next.name} · ${formatClock(view.next.seconds)}` : 'Finish'}
                </dd>
              </div>
              <div className="rounded-lg bg-muted p-3">
                <dt className="text-xs text-muted-foreground">Time left</dt>
                <dd className="font-medium tabular-nums">
                  {formatClock(Math.ceil(view.totalRemaining))}
                  <span className="text-muted-foreground"> of {formatClock(total)}</span>
                </dd>
              </div>
            </dl>

            <div className="mt-auto grid grid-cols-3 gap-2">
              {view.done ? (
                <span />
              ) : running ? (
                <Button variant="outline" onClick={() => act(pauseClock)}>
                  <Pause className="h-4 w-4" aria-hidden="true" />
                  Pause
                </Button>
              ) : (
                <Button variant="outline" onClick={() => act(resumeClock)}>
                  <Play className="h-4 w-4" aria-hidden="true" />
                  Resume
                </Button>
              )}
              <Button
                variant="outline"
                disabled={view.done}
                onClick={() => act((c, at) => skipStep(c, steps, at))}
              >
                <SkipForward className="h-4 w-4" aria-hidden="true" />
                Skip
              </Button>
              <Button onClick={() => onFinish(Math.max(1, Math.round(view.elapsedSeconds / 60)))}>
                <Flag className="h-4 w-4" aria-hidden="true" />
                Finish
              </Button>
            </div>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
