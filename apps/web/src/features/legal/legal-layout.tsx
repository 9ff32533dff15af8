// Shared frame of the legal pages (docs/screens.md, "Legal pages"): Back button, title, 'Last updated' date,
// table of contents and numbered sections.
import { ArrowLeft } from 'lucide-react';
import { type MouseEvent, type ReactNode, useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Wordmark } from '../../components/ui/wordmark.tsx';
import { cn } from '../../lib/cn.ts';
import { useGoBack } from '../../lib/use-go-back.ts';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

export const SUPPORT_EMAIL = 'support@stamina.app';

const focusRing =
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** 'November 22, 2026' for the given day. */
function formatLegalDate(date: Date): string {
  return dateFormat.format(date);
}

/** yyyy-mm-dd in local time, for the machine-readable <time> attribute. */
function isoDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

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
  const today = new Date();

  useEffect(() => {
    document.title = `${title} · Stamina`;
  }, [title]);

  // The page arrives after the browser has tried to honour a #fragment, so honour it once the content exists.
  useEffect(() => {
    if (hash.length > 1) revealSection(decodeURIComponent(hash.slice(1)), false);
  }, [hash]);

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

      <main className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
        <div className="max-w-3xl">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
          <p className="mt-3 text-sm text-muted-foreground">
            Last updated: <time dateTime={isoDay(today)}>{formatLegalDate(today)}</time>
          </p>
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

            <footer className="border-t border-border pt-6 text-sm text-muted-foreground">
              <p>
                Questions about this page? Write to{' '}
                <a
                  href={`mailto:${SUPPORT_EMAIL}`}
                  className={cn('font-medium text-primary underline', focusRing)}
                >
                  {SUPPORT_EMAIL}
                </a>{' '}
                or visit{' '}
                <Link to="/support" className={cn('font-medium text-primary underline', focusRing)}>
                  Support
                </Link>
                . See also our{' '}
                <Link to={related.to} className={cn('font-medium text-primary underline', focusRing)}>
                  {related.label}
                </Link>
                .
              </p>
              <p className="mt-2">{`© ${today.getFullYear()} Stamina`}</p>
            </footer>
          </div>
        </div>
      </main>
    </div>
  );
}
