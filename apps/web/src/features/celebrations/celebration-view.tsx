// How a celebration looks: a card over the page with its title and message, announced through a live region
// that is always mounted (so screen readers hear each one), plus confetti, a flame or particles by kind.
// Under prefers-reduced-motion the card simply appears: no confetti and no moving parts.
import { Activity, CheckCircle2, Flame, Sparkles, X } from 'lucide-react';
import { type CSSProperties, useEffect } from 'react';
import { cn } from '../../lib/cn.ts';
import { type Celebration, flameScale, METRIC_PARTICLES } from './celebration-queue.ts';
import { fireConfetti } from './confetti.ts';

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

export function CelebrationView({
  celebration,
  onDismiss,
}: {
  celebration: Celebration | null;
  onDismiss: (id: number) => void;
}) {
  const id = celebration?.id;
  const kind = celebration?.kind;
  useEffect(() => {
    if (id === undefined || kind !== 'workout' || prefersReducedMotion()) return;
    // Confetti is decoration: a failure to load it must not disturb anything else.
    fireConfetti().catch(() => {});
  }, [id, kind]);

  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      className="pointer-events-none fixed inset-x-0 top-20 z-50 flex justify-center px-4"
    >
      {celebration ? (
        <div
          key={celebration.id}
          data-celebration={celebration.kind}
          className="pointer-events-auto relative flex w-full max-w-sm items-center gap-4 rounded-2xl border border-border bg-card p-4 text-card-foreground shadow-xl motion-safe:animate-[celebration-pop_250ms_ease-out_both]"
        >
          <CelebrationArt celebration={celebration} />
          <div className="min-w-0 flex-1">
            <p className="font-semibold">{celebration.title}</p>
            {celebration.message ? (
              <p className="text-sm text-muted-foreground">{celebration.message}</p>
            ) : null}
          </div>
          <button
            type="button"
            aria-label="Dismiss"
            onClick={() => onDismiss(celebration.id)}
            className="-mt-2 -mr-2 self-start rounded-md p-1.5 text-muted-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </button>
        </div>
      ) : null}
    </div>
  );
}

function CelebrationArt({ celebration }: { celebration: Celebration }) {
  const base = 'relative flex h-14 w-14 shrink-0 items-center justify-center rounded-full';
  switch (celebration.kind) {
    case 'workout':
      return (
        <span className={cn(base, 'bg-success/15 text-success')}>
          <CheckCircle2 className="h-8 w-8" aria-hidden="true" />
        </span>
      );
    case 'streak': {
      const days = celebration.figure ?? 0;
      // The flame grows with the streak (days / 7, capped at 3: docs/screens.md, "Celebrations") from a 20 px
      // base, so a week's flame is 20 px and three weeks' or more fill the 60 px circle.
      const scale = flameScale(days);
      return (
        <span className={cn(base, 'flex-col bg-accent text-primary')}>
          <Flame
            className="h-5 w-5 origin-center"
            style={{ transform: `scale(${scale})` }}
            data-scale={scale}
            aria-hidden="true"
          />
          <span className="sr-only">{days} day streak!</span>
          <span
            aria-hidden="true"
            className="absolute -bottom-5 text-[10px] font-semibold whitespace-nowrap text-foreground"
          >
            {days} day streak!
          </span>
        </span>
      );
    }
    case 'zone':
      return (
        <span className={cn(base, 'bg-destructive/10 text-destructive')}>
          <Activity className="h-7 w-7" aria-hidden="true" />
          <span
            aria-hidden="true"
            className="absolute -right-1 -bottom-1 rounded-full bg-destructive px-1.5 text-xs font-bold text-destructive-foreground"
          >
            Z{celebration.figure}
          </span>
        </span>
      );
    case 'metrics':
      return (
        <span className={cn(base, 'bg-accent text-primary')}>
          <Sparkles className="h-7 w-7" aria-hidden="true" />
          <Particles count={METRIC_PARTICLES} />
        </span>
      );
  }
}

/** Dots flying out in a circle; drawn only when motion is welcome (motion-safe). */
function Particles({ count }: { count: number }) {
  return (
    <span aria-hidden="true" className="absolute inset-0 hidden motion-safe:block" data-particles={count}>
      {Array.from({ length: count }, (_, i) => {
        const angle = (i / count) * 2 * Math.PI;
        const style = {
          '--particle-x': `${Math.round(Math.cos(angle) * 44)}px`,
          '--particle-y': `${Math.round(Math.sin(angle) * 44)}px`,
          animationDelay: `${(i % 3) * 60}ms`,
        } as CSSProperties;
        return (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: the particles have no identity but their place
            key={i}
            style={style}
            className="absolute top-1/2 left-1/2 -mt-1 -ml-1 h-2 w-2 rounded-full bg-primary animate-[celebration-particle_900ms_ease-out_both]"
          />
        );
      })}
    </span>
  );
}
