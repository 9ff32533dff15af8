// The public landing page at / (docs/screens.md, "Landing page"). It is prerendered to static HTML and
// hydrated by its own small entry without a router, so it uses plain links and stays light: no images, no
// heavy libraries.
import { ArrowRight, Check } from 'lucide-react';
import { useEffect, useSyncExternalStore } from 'react';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Wordmark } from '../../components/ui/wordmark.tsx';
import { ROUTES } from '../../lib/app-constants.ts';
import { cn } from '../../lib/cn.ts';
import { FeatureGrid } from './feature-grid.tsx';
import { HeroPreview } from './hero-preview.tsx';
import { JourneyRoadmap } from './journey-roadmap.tsx';
import { QuoteCarousel } from './quote-carousel.tsx';
import { focusRing } from './styles.ts';
import { useServerFeatures } from './use-server-features.ts';

const LANDING_TITLE = 'Stamina · Training for self-coached endurance athletes';

const PRICING_POINTS = [
  {
    title: 'Start free',
    body: 'Set your goal, build your first plan and log your training without paying a cent.',
  },
  { title: 'Upgrade later', body: 'Unlock more when Stamina has earned it, not before.' },
  { title: 'No long contracts', body: 'Plans renew period by period, and you can cancel whenever you like.' },
] as const;

export function LandingPage() {
  const features = useServerFeatures();
  useEffect(() => {
    document.title = LANDING_TITLE;
  }, []);

  return (
    <div className="flex min-h-dvh flex-col bg-background text-foreground">
      <a
        href="#main-content"
        className="sr-only rounded-lg bg-primary text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:px-4 focus:py-2 focus:outline-none focus:ring-2 focus:ring-ring focus:ring-offset-2 focus:ring-offset-background"
      >
        Skip to content
      </a>
      <TopBar />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        <Hero />
        <JourneyRoadmap />
        <FeatureGrid features={features} />
        <QuoteCarousel />
        <Pricing />
        <ClosingCallToAction />
      </main>
      <SiteFooter />
    </div>
  );
}

function TopBar() {
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <a href={ROUTES.home} className={cn('rounded-lg text-lg', focusRing)}>
          <Wordmark />
        </a>
        <nav aria-label="Account" className="hidden items-center gap-2 sm:flex">
          <a href={ROUTES.login} className={buttonClasses('ghost', 'sm')}>
            Log In
          </a>
          <a href={ROUTES.signup} className={buttonClasses('primary', 'sm')}>
            Sign Up
          </a>
        </nav>
      </div>
    </header>
  );
}

function Hero() {
  return (
    <section aria-labelledby="hero-heading" className="bg-linear-to-b from-accent to-background">
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,0.9fr)] lg:py-28">
        <div>
          <p className="inline-flex rounded-2xl border border-border bg-background px-3 py-1 text-xs sm:rounded-full font-medium text-accent-foreground sm:text-sm">
            Running · Cycling · Swimming · Strength · Triathlon
          </p>
          <h1
            id="hero-heading"
            className="mt-5 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            Personalized training for self-coached athletes
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-muted-foreground sm:text-xl">
            Plans built around your race and your week, metrics you can trust, and recovery tools that tell
            you when to push and when to rest.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
            <a href={ROUTES.signup} className={buttonClasses('primary', 'lg')}>
              Start Training Free
              <ArrowRight className="h-5 w-5" aria-hidden="true" />
            </a>
            <a href="#journey" className={buttonClasses('outline', 'lg')}>
              See how it works
            </a>
          </div>
          <p className="mt-4 text-sm text-muted-foreground sm:hidden">
            Already training with Stamina?{' '}
            <a href={ROUTES.login} className={cn('rounded font-semibold text-primary underline', focusRing)}>
              Log in
            </a>
          </p>
        </div>
        <HeroPreview />
      </div>
    </section>
  );
}

function Pricing() {
  return (
    <section id="pricing" aria-labelledby="pricing-heading" className="scroll-mt-16 py-16 sm:py-24">
      <div className="mx-auto max-w-5xl px-4 sm:px-6">
        <div className="rounded-3xl border border-border bg-accent p-6 sm:p-10 lg:p-12">
          <div className="max-w-2xl">
            <p className="text-sm font-semibold uppercase tracking-wider text-accent-foreground">Pricing</p>
            <h2
              id="pricing-heading"
              className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl"
            >
              Free to start. Yours to keep.
            </h2>
            <p className="mt-4 text-lg text-foreground">
              Try everything that matters before you spend anything. Upgrade later if you want more, and leave
              any time you want.
            </p>
          </div>
          <ul className="mt-8 grid gap-4 sm:grid-cols-3">
            {PRICING_POINTS.map((point) => (
              <li key={point.title} className="rounded-2xl bg-card p-5 shadow-sm">
                <div className="flex items-center gap-2">
                  <span
                    className="flex h-6 w-6 items-center justify-center rounded-full bg-primary text-primary-foreground"
                    aria-hidden="true"
                  >
                    <Check className="h-4 w-4" />
                  </span>
                  <h3 className="font-semibold">{point.title}</h3>
                </div>
                <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{point.body}</p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

function ClosingCallToAction() {
  return (
    <section aria-labelledby="closing-heading" className="bg-primary text-primary-foreground">
      <div className="mx-auto max-w-4xl px-4 py-16 text-center sm:px-6 sm:py-20">
        <h2 id="closing-heading" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          Ready to Train Smarter?
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg">
          Build a plan around your race, your week and your recovery. It takes a few minutes to set up.
        </p>
        <a
          href={ROUTES.signup}
          className={cn(
            'mt-8 inline-flex h-12 items-center justify-center gap-2 rounded-lg bg-background px-6 text-base font-semibold text-foreground shadow-sm transition-colors hover:bg-muted',
            'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-foreground focus-visible:ring-offset-2 focus-visible:ring-offset-primary',
          )}
        >
          Create Your Free Account
          <ArrowRight className="h-5 w-5" aria-hidden="true" />
        </a>
      </div>
    </section>
  );
}

function SiteFooter() {
  const linkClasses = cn(
    'rounded text-muted-foreground underline-offset-4 hover:text-foreground hover:underline',
    focusRing,
  );
  return (
    <footer className="border-t border-border">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-center md:justify-between">
        <div>
          <Wordmark />
          <p className="mt-2 text-sm text-muted-foreground">
            Training and recovery for self-coached athletes.
          </p>
        </div>
        <nav aria-label="Legal and support">
          <ul className="flex flex-wrap gap-x-6 gap-y-3 text-sm">
            <li>
              <a href={ROUTES.privacy} className={linkClasses}>
                Privacy Policy
              </a>
            </li>
            <li>
              <a href={ROUTES.terms} className={linkClasses}>
                Terms of Service
              </a>
            </li>
            <li>
              <a href={ROUTES.support} className={linkClasses}>
                Support
              </a>
            </li>
          </ul>
        </nav>
        <p className="text-sm text-muted-foreground">
          © <CurrentYear /> Stamina
        </p>
      </div>
    </footer>
  );
}

const COPYRIGHT_YEAR_ID = 'copyright-year';
const subscribeToNothing = () => () => {};
const currentYear = () => new Date().getFullYear();
// While hydrating, React needs exactly what the prerender wrote (the build's year), so read it back from the page;
// React then re-renders with the visitor's current year.
const prerenderedYear = () =>
  typeof document === 'undefined'
    ? currentYear()
    : Number(document.getElementById(COPYRIGHT_YEAR_ID)?.textContent) || currentYear();

function CurrentYear() {
  const year = useSyncExternalStore(subscribeToNothing, currentYear, prerenderedYear);
  return <span id={COPYRIGHT_YEAR_ID}>{year}</span>;
}
