// A drawn preview of a training day, beside the hero copy. Purely decorative: hidden from assistive technology and
// built from markup rather than an image, so the landing page loads nothing from the network. Its figures are
// made up, so it is marked 'Demo', as every sample in the app is.
import { Badge } from '../../components/ui/badge.tsx';
import { cn } from '../../lib/cn.ts';

// Relative bar heights of the previewed session: warm-up, five threshold reps with easy recoveries, cool-down.
const SESSION = [
  { height: 30, zone: 2 },
  { height: 38, zone: 2 },
  ...Array.from({ length: 5 }, () => [
    { height: 86, zone: 4 },
    { height: 24, zone: 1 },
  ]).flat(),
  { height: 30, zone: 2 },
] as const;

const ZONE_BAR: Record<number, string> = {
  1: 'bg-muted-foreground/40',
  2: 'bg-success/70',
  4: 'bg-primary',
};

const READINESS = 82;
const RING_RADIUS = 34;
const RING_LENGTH = 2 * Math.PI * RING_RADIUS;

export function HeroPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md select-none lg:max-w-none">
      <div className="absolute -inset-3 rounded-[2rem] bg-primary/10 blur-2xl" />
      <div className="relative rounded-3xl border border-border bg-card p-5 shadow-xl sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <div>
            <p className="text-xs font-medium text-muted-foreground">Tuesday · week 6 of 16</p>
            <p className="flex items-center gap-2 text-lg font-bold tracking-tight">
              Today
              <Badge variant="warning" className="uppercase tracking-wide">
                Demo
              </Badge>
            </p>
          </div>
          <span className="rounded-full bg-accent px-3 py-1 text-xs font-semibold text-accent-foreground">
            Build phase
          </span>
        </div>

        <div className="mt-5 flex items-center gap-5">
          <div className="relative h-20 w-20 shrink-0">
            <svg viewBox="0 0 80 80" className="h-20 w-20 -rotate-90" aria-hidden="true">
              <circle cx="40" cy="40" r={RING_RADIUS} className="fill-none stroke-muted" strokeWidth="8" />
              <circle
                cx="40"
                cy="40"
                r={RING_RADIUS}
                className="fill-none stroke-success"
                strokeWidth="8"
                strokeLinecap="round"
                strokeDasharray={`${(RING_LENGTH * READINESS) / 100} ${RING_LENGTH}`}
              />
            </svg>
            <span className="absolute inset-0 flex items-center justify-center text-xl font-bold">
              {READINESS}
            </span>
          </div>
          <div className="min-w-0">
            <p className="text-sm font-semibold">Readiness: ready to train</p>
            <dl className="mt-2 grid grid-cols-3 gap-3 text-xs">
              <div>
                <dt className="text-muted-foreground">HRV</dt>
                <dd className="font-semibold">68 ms</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Sleep</dt>
                <dd className="font-semibold">7 h 42</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Rest HR</dt>
                <dd className="font-semibold">48</dd>
              </div>
            </dl>
          </div>
        </div>

        <div className="mt-5 rounded-2xl border border-border bg-background p-4">
          <div className="flex items-baseline justify-between gap-3">
            <p className="font-semibold">Threshold intervals</p>
            <p className="text-xs text-muted-foreground">Run · 58 min</p>
          </div>
          <p className="mt-1 font-mono text-xs text-muted-foreground">
            15 min easy, 5 × 4 min Z4 / 2 min Z1, 10 min easy
          </p>
          <div className="mt-4 flex h-20 items-end gap-1">
            {SESSION.map((bar, index) => (
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed drawing; bars never reorder.
                key={index}
                className={cn('flex-1 rounded-t-sm', ZONE_BAR[bar.zone])}
                style={{ height: `${bar.height}%` }}
              />
            ))}
          </div>
        </div>

        <p className="mt-4 rounded-xl bg-muted px-3 py-2 text-xs text-foreground">
          Plan adjusted: short sleep on Sunday, so Thursday’s long run moved to Saturday.
        </p>
      </div>
    </div>
  );
}
