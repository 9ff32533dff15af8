// /support: ways to get help and the frequently asked questions (docs/screens.md, "Support page").
import type { Operator } from '@stamina/contract';
import {
  ArrowLeft,
  BookOpen,
  ChevronDown,
  LifeBuoy,
  Lightbulb,
  type LucideIcon,
  Mail,
  MessageCircle,
} from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { useClientConfig } from '../../api/app/client-config.ts';
import { buttonClasses } from '../../components/ui/button.tsx';
import { Wordmark } from '../../components/ui/wordmark.tsx';
import { ROUTES } from '../../lib/app-constants.ts';
import { cn } from '../../lib/cn.ts';
import { useGoBack } from '../../lib/use-go-back.ts';

type Channel = { id: string; label: string; description: string; href: string; Icon: LucideIcon };

/** The ways to get help this server's operator configured (SUPPORT_EMAIL and the *_URL links), in this order. */
function channelsOf(operator: Operator): Channel[] {
  const { support_email: email, support_url, community_url, docs_url, feedback_url } = operator;
  const channels: (Channel | null)[] = [
    email
      ? {
          id: 'email',
          label: 'Email Support',
          description: `Write to the people who run this server at ${email}.`,
          href: `mailto:${email}`,
          Icon: Mail,
        }
      : null,
    support_url
      ? {
          id: 'help',
          label: 'Get Help',
          description: 'Open the help desk of the people who run this server.',
          href: support_url,
          Icon: LifeBuoy,
        }
      : null,
    community_url
      ? {
          id: 'community',
          label: 'Join the Community',
          description: 'Talk with other athletes who train on this server.',
          href: community_url,
          Icon: MessageCircle,
        }
      : null,
    docs_url
      ? {
          id: 'docs',
          label: 'Read the Documentation',
          description: 'Guides to plans, metrics, workouts written in plain language and device connections.',
          href: docs_url,
          Icon: BookOpen,
        }
      : null,
    feedback_url
      ? {
          id: 'feedback',
          label: 'Share Feedback',
          description: 'Suggest a feature or vote on ideas from other athletes.',
          href: feedback_url,
          Icon: Lightbulb,
        }
      : null,
  ];
  return channels.filter((c): c is Channel => Boolean(c));
}

const focusRing =
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background';

export function SupportPage() {
  const goBack = useGoBack();
  const config = useClientConfig().data;
  const channels = config ? channelsOf(config.operator) : [];
  const email = config?.operator.support_email;
  const devices = config?.features.device_providers ?? [];

  useEffect(() => {
    document.title = 'Support · Stamina';
  }, []);

  return (
    <div className="min-h-dvh bg-background text-foreground">
      <header className="border-b border-border">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-4 px-4 sm:px-6">
          <button type="button" onClick={goBack} className={cn(buttonClasses('ghost', 'sm'), '-ml-3')}>
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            Back
          </button>
          <Link to={ROUTES.home} className={cn('rounded-lg', focusRing)}>
            <Wordmark />
          </Link>
        </div>
      </header>

      <main className="mx-auto max-w-5xl px-4 py-10 sm:px-6 sm:py-14">
        <p className="text-sm font-semibold uppercase tracking-wider text-primary">Support</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">How can we help?</h1>
        <p className="mt-3 max-w-2xl text-lg text-muted-foreground">
          {channels.length > 0
            ? 'Reach the people who run this server, or find the answer yourself. Each option opens in a new tab.'
            : 'Find the answer to the most frequent questions below.'}
        </p>

        {channels.length > 0 && (
          <section aria-labelledby="channels-heading" className="mt-10">
            <h2 id="channels-heading" className="sr-only">
              Contact options
            </h2>
            <ul className="grid gap-4 sm:grid-cols-2">
              {channels.map(({ id, label, description, href, Icon }) => (
                <li
                  key={id}
                  className="group relative flex h-full items-start gap-4 rounded-2xl border border-border bg-card p-5 shadow-sm transition-colors focus-within:border-primary hover:border-primary"
                >
                  <span
                    className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground"
                    aria-hidden="true"
                  >
                    <Icon className="h-5 w-5" />
                  </span>
                  <div className="min-w-0">
                    {/* The link covers the whole card (after:inset-0) while its name stays the short label. */}
                    <a
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-describedby={`support-${id}-description`}
                      className={cn(
                        'rounded font-semibold group-hover:text-primary after:absolute after:inset-0 after:rounded-2xl',
                        'focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-ring focus-visible:after:ring-offset-2 focus-visible:after:ring-offset-background',
                      )}
                    >
                      {label}
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                    <p id={`support-${id}-description`} className="mt-1 text-sm text-muted-foreground">
                      {description}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        )}

        <section aria-labelledby="faq-heading" className="mt-14 max-w-3xl">
          <h2 id="faq-heading" className="text-2xl font-bold tracking-tight">
            Frequently asked questions
          </h2>
          <div className="mt-6 divide-y divide-border rounded-2xl border border-border bg-card">
            {devices.length > 0 && (
              <Question title="How do I connect my device?">
                <p>
                  Open{' '}
                  <Link
                    to={ROUTES.settingsDevices}
                    className="font-medium text-primary underline underline-offset-4"
                  >
                    Settings &gt; Device Connections
                  </Link>
                  , choose Connect next to {devices.join(' or ')} and sign in there to allow Stamina access.
                  From then on your workouts (and, where the service shares them, sleep and heart-rate
                  variability) come in automatically, and Sync Now brings them at any time.
                </p>
              </Question>
            )}
            <Question title="Can I use Stamina without a coach?">
              <p>
                Yes. Stamina is built for self-coached athletes: it creates your plan, adapts it as you train
                and recover, and the coach is there whenever you have a question.
              </p>
            </Question>
            <Question title="How often does my training plan update?">
              <p>
                Automatically. Your plan adjusts based on your performance and recovery data as new workouts,
                sleep and heart-rate variability come in, so there is nothing to refresh by hand.
              </p>
            </Question>
          </div>
        </section>

        {email && (
          <p className="mt-10 text-sm text-muted-foreground">
            Still stuck? Email{' '}
            <a href={`mailto:${email}`} className={cn('font-medium text-primary underline', focusRing)}>
              {email}
            </a>{' '}
            and tell us what you were trying to do. If you saw an error screen, include its error ID.
          </p>
        )}
      </main>
    </div>
  );
}

function Question({ title, children }: { title: string; children: ReactNode }) {
  return (
    <details className="group px-5 py-1 sm:px-6">
      <summary
        className={cn(
          'flex cursor-pointer list-none items-center justify-between gap-4 rounded-lg py-4 font-semibold [&::-webkit-details-marker]:hidden',
          focusRing,
        )}
      >
        {title}
        <ChevronDown
          className="h-5 w-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
          aria-hidden="true"
        />
      </summary>
      <div className="pb-5 leading-relaxed text-muted-foreground">{children}</div>
    </details>
  );
}
