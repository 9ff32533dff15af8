// Five quotes from endurance athletes that rotate every 4 s (docs/screens.md, "Landing page"). Rotation
// pauses while the pointer or keyboard focus is inside, can be stopped with a button, and never starts when
// the visitor prefers reduced motion.
import { ChevronLeft, ChevronRight, Pause, Play, Quote } from 'lucide-react';
import { type FocusEvent, useEffect, useId, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { focusRing } from './styles.ts';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion.ts';

const QUOTE_INTERVAL_MS = 4000;

// Real, attributed words from endurance athletes. Stamina is new: quoting made-up customers would mislead.
export const QUOTES = [
  {
    text: 'It never gets easier, you just go faster.',
    name: 'Greg LeMond',
    detail: 'Three-time Tour de France winner',
  },
  {
    text: 'If you want to run, run a mile. If you want to experience a different life, run a marathon.',
    name: 'Emil Zátopek',
    detail: 'Olympic champion at 5,000 m, 10,000 m and the marathon',
  },
  {
    text: 'Run when you can, walk if you have to, crawl if you have to; just never give up.',
    name: 'Dean Karnazes',
    detail: 'Ultramarathon runner',
  },
  {
    text: "The miracle isn't that I finished. The miracle is that I had the courage to start.",
    name: 'John Bingham',
    detail: 'Runner and author',
  },
  {
    text: "Ask yourself: 'Can I give more?'. The answer is usually: 'Yes'.",
    name: 'Paul Tergat',
    detail: 'Former marathon world record holder',
  },
] as const;

const COUNT = QUOTES.length;

const controlClasses = cn(
  'inline-flex h-10 w-10 items-center justify-center rounded-full border border-border bg-card text-foreground transition-colors hover:bg-muted',
  focusRing,
);

export function QuoteCarousel() {
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const slidesId = useId();

  const rotating = !reducedMotion && !stopped;
  const advancing = rotating && !hovered && !focused;

  // One timer per shown quote, so every quote (also one picked by hand) stays for the full interval.
  useEffect(() => {
    if (!advancing) return;
    const timer = window.setTimeout(() => setIndex((index + 1) % COUNT), QUOTE_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [advancing, index]);

  const show = (next: number) => setIndex(((next % COUNT) + COUNT) % COUNT);

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  };

  return (
    <section aria-labelledby="quotes-heading" className="bg-muted/50 py-16 sm:py-24">
      <div className="mx-auto max-w-4xl px-4 sm:px-6">
        <div className="text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">
            From endurance legends
          </p>
          <h2 id="quotes-heading" className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            Words to train by
          </h2>
        </div>

        <section
          aria-roledescription="carousel"
          aria-label="Athlete quotes"
          className="mt-10"
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          onFocus={() => setFocused(true)}
          onBlur={onBlur}
        >
          <div
            id={slidesId}
            aria-live={advancing ? 'off' : 'polite'}
            className="grid rounded-2xl border border-border bg-card p-6 shadow-sm sm:p-10"
          >
            {QUOTES.map((quote, i) => {
              const current = i === index;
              return (
                // biome-ignore lint/a11y/useSemanticElements: the ARIA carousel pattern makes each slide a group; a fieldset is for form controls.
                <div
                  key={quote.name}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={`${i + 1} of ${COUNT}`}
                  aria-hidden={current ? undefined : true}
                  className={cn(
                    'col-start-1 row-start-1 transition-[opacity,visibility] duration-500',
                    current ? 'visible opacity-100' : 'invisible opacity-0',
                  )}
                >
                  <figure>
                    <Quote className="h-8 w-8 text-primary" aria-hidden="true" />
                    <blockquote className="mt-4 text-lg leading-relaxed font-medium text-pretty sm:text-2xl">
                      <p>{quote.text}</p>
                    </blockquote>
                    <figcaption className="mt-6 text-sm">
                      <span className="font-semibold text-foreground">{quote.name}</span>
                      <span className="text-muted-foreground">{` · ${quote.detail}`}</span>
                    </figcaption>
                  </figure>
                </div>
              );
            })}
          </div>

          <div className="mt-6 flex flex-wrap items-center justify-center gap-2">
            {reducedMotion ? null : (
              <button
                type="button"
                className={controlClasses}
                onClick={() => setStopped((value) => !value)}
                aria-label={rotating ? 'Stop rotating quotes' : 'Start rotating quotes'}
              >
                {rotating ? (
                  <Pause className="h-4 w-4" aria-hidden="true" />
                ) : (
                  <Play className="h-4 w-4" aria-hidden="true" />
                )}
              </button>
            )}
            <button
              type="button"
              className={controlClasses}
              onClick={() => show(index - 1)}
              aria-controls={slidesId}
              aria-label="Previous quote"
            >
              <ChevronLeft className="h-5 w-5" aria-hidden="true" />
            </button>
            <div className="flex items-center">
              {QUOTES.map((quote, i) => (
                <button
                  key={quote.name}
                  type="button"
                  onClick={() => show(i)}
                  aria-controls={slidesId}
                  aria-label={`Show quote ${i + 1} of ${COUNT}`}
                  aria-current={i === index ? 'true' : undefined}
                  className={cn('group flex h-10 w-7 items-center justify-center rounded-full', focusRing)}
                >
                  <span
                    aria-hidden="true"
                    className={cn(
                      'block h-2.5 rounded-full transition-all',
                      i === index
                        ? 'w-6 bg-primary'
                        : 'w-2.5 bg-muted-foreground/50 group-hover:bg-muted-foreground',
                    )}
                  />
                </button>
              ))}
            </div>
            <button
              type="button"
              className={controlClasses}
              onClick={() => show(index + 1)}
              aria-controls={slidesId}
              aria-label="Next quote"
            >
              <ChevronRight className="h-5 w-5" aria-hidden="true" />
            </button>
          </div>
        </section>
      </div>
    </section>
  );
}
