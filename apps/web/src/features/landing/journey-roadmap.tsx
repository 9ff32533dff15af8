// The four-step journey of the landing page (docs/screens.md, "Landing page"): a counter follows the step in
// view while scrolling.
import { Route, Target, Trophy, Watch } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { focusRing } from './styles.ts';

const STEPS = [
  {
    title: 'Set your goal',
    body: 'Choose your race type and distance, then tell Stamina how many days and hours a week you can train. Your plan starts from your life, not a template.',
    tags: ['Race type', 'Distance', 'Weekly availability'],
    Icon: Target,
  },
  {
    title: 'Connect your data',
    body: 'Link your wearables so workouts, sleep and heart-rate variability flow in on their own. No spreadsheets, no copy and paste.',
    tags: ['Wearables', 'Sleep', 'Heart-rate variability'],
    Icon: Watch,
  },
  {
    title: 'Get a plan that adapts',
    body: 'Your plan adjusts to your progress and your recovery: it holds the hard days when you are fresh and backs off when your body asks for rest.',
    tags: ['Progress', 'Recovery', 'Readiness'],
    Icon: Route,
  },
  {
    title: 'Race strong',
    body: 'Arrive at the start line rested, sharp and confident, with a taper built around your race day and the numbers to trust your fitness.',
    tags: ['Taper', 'Race day', 'Confidence'],
    Icon: Trophy,
  },
] as const;

const STEP_COUNT = STEPS.length;

export function JourneyRoadmap() {
  // Without IntersectionObserver (old browsers, tests) the counter simply stays on step 1.
  const [activeStep, setActiveStep] = useState(1);
  const stepRefs = useRef<(HTMLLIElement | null)[]>([]);

  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    // A thin band across the middle of the viewport: the step crossing it is the one being read.
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          const step = Number((entry.target as HTMLElement).dataset.step);
          if (step >= 1 && step <= STEP_COUNT) setActiveStep(step);
        }
      },
      { rootMargin: '-45% 0px -45% 0px', threshold: 0 },
    );
    for (const element of stepRefs.current) if (element) observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const active = STEPS[activeStep - 1] ?? STEPS[0];

  return (
    <section id="journey" aria-labelledby="journey-heading" className="scroll-mt-16 py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">How it works</p>
          <h2
            id="journey-heading"
            className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl"
          >
            From first goal to finish line in four steps
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            Stamina walks with you from the day you pick a race to the day you cross the line.
          </p>
        </div>

        <div className="mt-10 grid gap-6 lg:mt-16 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-16">
          <div className="sticky top-16 z-10 -mx-4 border-b border-border bg-background/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:top-24 lg:mx-0 lg:self-start lg:rounded-2xl lg:border lg:bg-card lg:p-6 lg:shadow-sm">
            <div className="flex items-baseline justify-between gap-3 lg:block">
              <p className="text-sm font-semibold text-primary lg:text-base">{`Step ${activeStep} of ${STEP_COUNT}`}</p>
              <p className="truncate text-sm font-medium lg:mt-1 lg:text-2xl lg:font-bold lg:tracking-tight">
                {active.title}
              </p>
            </div>
            <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-muted lg:mt-4" aria-hidden="true">
              <div
                className="h-full rounded-full bg-primary transition-[width] duration-500"
                style={{ width: `${(activeStep / STEP_COUNT) * 100}%` }}
              />
            </div>
            <nav aria-label="Journey steps" className="mt-6 hidden lg:block">
              <ol className="space-y-1">
                {STEPS.map((step, index) => {
                  const number = index + 1;
                  const current = number === activeStep;
                  return (
                    <li key={step.title}>
                      <a
                        href={`#journey-step-${number}`}
                        aria-current={current ? 'step' : undefined}
                        className={cn(
                          'flex items-center gap-3 rounded-lg px-3 py-2 text-sm transition-colors hover:bg-muted',
                          current
                            ? 'bg-accent font-semibold text-accent-foreground'
                            : 'text-muted-foreground',
                          focusRing,
                        )}
                      >
                        <span
                          className={cn(
                            'flex h-6 w-6 shrink-0 items-center justify-center rounded-full border text-xs font-semibold',
                            current
                              ? 'border-primary bg-primary text-primary-foreground'
                              : 'border-border bg-background text-foreground',
                          )}
                          aria-hidden="true"
                        >
                          {number}
                        </span>
                        {step.title}
                      </a>
                    </li>
                  );
                })}
              </ol>
            </nav>
          </div>

          <ol className="space-y-6 lg:space-y-0">
            {STEPS.map((step, index) => {
              const number = index + 1;
              const current = number === activeStep;
              const { Icon } = step;
              return (
                <li
                  key={step.title}
                  id={`journey-step-${number}`}
                  data-step={number}
                  ref={(element) => {
                    stepRefs.current[index] = element;
                  }}
                  className="scroll-mt-40 lg:flex lg:min-h-[45vh] lg:items-center lg:py-4"
                >
                  <article
                    aria-labelledby={`journey-step-${number}-title`}
                    className={cn(
                      'w-full rounded-2xl border bg-card p-6 shadow-sm transition-[border-color,box-shadow] duration-300 sm:p-8',
                      current ? 'border-primary shadow-md' : 'border-border',
                    )}
                  >
                    <div className="flex items-center gap-4">
                      <span
                        className={cn(
                          'flex h-12 w-12 shrink-0 items-center justify-center rounded-xl transition-colors',
                          current ? 'bg-primary text-primary-foreground' : 'bg-accent text-accent-foreground',
                        )}
                        aria-hidden="true"
                      >
                        <Icon className="h-6 w-6" />
                      </span>
                      <div>
                        <p className="text-sm font-medium text-muted-foreground">{`Step ${number}`}</p>
                        <h3 id={`journey-step-${number}-title`} className="text-xl font-bold tracking-tight">
                          {step.title}
                        </h3>
                      </div>
                    </div>
                    <p className="mt-4 text-muted-foreground">{step.body}</p>
                    <ul className="mt-5 flex flex-wrap gap-2" aria-label={`${step.title}: highlights`}>
                      {step.tags.map((tag) => (
                        <li
                          key={tag}
                          className="rounded-full bg-muted px-3 py-1 text-xs font-medium text-foreground"
                        >
                          {tag}
                        </li>
                      ))}
                    </ul>
                  </article>
                </li>
              );
            })}
          </ol>
        </div>
      </div>
    </section>
  );
}
