// Shared frame of the legal pages (docs/screens.md, "Legal pages"): Back button, title, 'Last updated' date
// (LEGAL_UPDATED, shown only when the operator set one), table of contents and numbered sections.
import { ArrowLeft } from 'lucide-react';
import { type MouseEvent, type ReactNode, useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useClientConfig } from '../../api/app/client-config.ts';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Wordmark } from '../../components/ui/wordmark.tsx';
import { cn } from '../../lib/cn.ts';
import { formatDay } from '../../lib/dates.ts';
import { useGoBack } from '../../lib/use-go-back.ts';
import { ContactUs } from './operator-words.tsx';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

const focusRing =
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background';

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/** Scrolls to a section and moves focus to its heading, so keyboard and screen-reader users land there too. */
function revealSection(id: string, smooth: boolean): void {
  const heading = document.getElementById(id);
  if (!heading) return;
  heading.scrollIntoView?.({
    behavior: smooth && !prefersReducedMotion() ? 'smooth' : 'auto',
    block: 'start',
  });
  heading.focus({ preventScroll: true });
}

export function LegalLayout({
  title,
  intro,
  sections,
  related,
}: {
  title: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
  related: { to: string; label: string };
}) {
  const goBack = useGoBack();
  const { hash } = useLocation();
  // The operator's words fill the text, so it waits for them rather than show the neutral words first and
  // swap them (docs/screens.md, "Legal pages"); a config that fails leaves the neutral words.
  const config = useClientConfig();
  const pending = config.isPending;
  const operator = config.data?.operator;
  const updated = operator?.legal_updated;

  useEffect(() => {
    document.title = `${title} · Stamina`;
  }, [title]);

  // The page arrives after the browser has tried to honour a #fragment, so honour it once the content exists.
  useEffect(() => {
    if (!pending && hash.length > 1) revealSection(decodeURIComponent(hash.slice(1)), false);
  }, [hash, pending]);

  // Contents links jump in place without adding history entries, so Back still leaves the page in one step.
  const onContentsClick = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    window.history.replaceState(window.history.state, '', `#${id}`);
    revealSection(id, true);
  };

  return (
    <div className="min-h-dvh bg-background text-foreground">
      <header className="border-b border-border">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <button type="button" onClick={goBack} className={cn(buttonClasses('ghost', 'sm'), '-ml-3')}>
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            Back
          </button>
          <Link to="/" className={cn('rounded-lg', focusRing)}>
            <Wordmark />
          </Link>
        </div>
      </header>

      {pending ? (
        <main className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14" aria-busy="true">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
          <LegalSkeleton />
        </main>
      ) : (
        <main className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
          <div className="max-w-3xl">
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
            {updated && (
              <p className="mt-3 text-sm text-muted-foreground">
                Last updated: <time dateTime={updated}>{formatDay(updated, 'long')}</time>
              </p>
            )}
            <div className="mt-6 space-y-4 text-base leading-relaxed text-foreground">{intro}</div>
          </div>

          <div className="mt-10 grid gap-10 lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-14">
            <nav aria-labelledby="contents-heading" className="lg:sticky lg:top-6 lg:self-start">
              <div className="rounded-2xl border border-border bg-muted/50 p-5">
                <h2
                  id="contents-heading"
                  className="text-sm font-semibold uppercase tracking-wider text-muted-foreground"
                >
                  Contents
                </h2>
                <ol className="mt-3 list-decimal space-y-1.5 pl-5 text-sm marker:text-muted-foreground">
                  {sections.map((section) => (
                    <li key={section.id}>
                      <a
                        href={`#${section.id}`}
                        onClick={(event) => onContentsClick(event, section.id)}
                        className={cn(
                          'rounded text-foreground underline-offset-4 hover:text-primary hover:underline',
                          focusRing,
                        )}
                      >
                        {section.title}
                      </a>
                    </li>
                  ))}
                </ol>
              </div>
            </nav>

            <div className="max-w-3xl space-y-10">
              {sections.map((section, index) => (
                <section key={section.id} aria-labelledby={section.id}>
                  <h2
                    id={section.id}
                    tabIndex={-1}
                    className="scroll-mt-6 text-xl font-semibold tracking-tight focus:outline-none sm:text-2xl"
                  >
                    <span className="mr-2 text-muted-foreground" aria-hidden="true">{`${index + 1}.`}</span>
                    {section.title}
                  </h2>
                  <div className="mt-3 space-y-3 text-base leading-relaxed text-foreground [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_li]:pl-1 [&_strong]:font-semibold [&_ul]:list-disc [&_ul]:space-y-1.5 [&_ul]:pl-6">
                    {section.body}
                  </div>
                </section>
              ))}

              <footer className="border-t border-border pt-6 text-sm text-muted-foreground [&_a]:font-medium [&_a]:text-primary [&_a]:underline">
                <p>
                  Questions about this page? Write to us <ContactUs />. See also our{' '}
                  <Link to={related.to} className={cn('font-medium text-primary underline', focusRing)}>
                    {related.label}
                  </Link>
                  .
                </p>
                {operator?.name && <p className="mt-2">{`This server is run by ${operator.name}.`}</p>}
              </footer>
            </div>
          </div>
        </main>
      )}
    </div>
  );
}

const SKELETON_LINES = [
  ['date', 'w-40'],
  ['a', 'w-full'],
  ['b', 'w-11/12'],
  ['c', 'w-full'],
  ['d', 'w-4/5'],
  ['e', 'w-full'],
  ['f', 'w-2/3'],
] as const;

/** The page's shape while the operator's words load: grey lines, no text to swap. */
function LegalSkeleton() {
  return (
    <div
      className="mt-6 max-w-3xl animate-pulse space-y-3 motion-reduce:animate-none"
      data-testid="legal-loading"
    >
      <span className="sr-only">Loading…</span>
      {SKELETON_LINES.map(([key, width]) => (
        <div key={key} aria-hidden="true" className={cn('h-4 rounded bg-muted', width)} />
      ))}
    </div>
  );
}
