// What the product offers (docs/screens.md, "Landing page"), one card per feature. Claims that depend on the
// server's configuration (a language model, device services) follow what it says it has; until it has said,
// and in the prerendered page, the neutral words.
import type { LucideIcon } from 'lucide-react';
import {
  Bot,
  CalendarDays,
  ChartLine,
  LayoutDashboard,
  Library,
  MessageSquareText,
  Sparkles,
  Watch,
} from 'lucide-react';

import type { ServerFeatures } from './use-server-features.ts';

type Feature = { title: string; body: string; Icon: LucideIcon };

const FEATURES: readonly Feature[] = [
  {
    title: 'Dashboard',
    body: 'Readiness, training load and today’s session at a glance, on widgets you arrange the way you like.',
    Icon: LayoutDashboard,
  },
  {
    title: 'Calendar',
    body: 'Planned and completed sessions side by side, so every week of your build is easy to read.',
    Icon: CalendarDays,
  },
  {
    title: 'Natural-language workouts',
    body: 'Type “15 min warm-up, 5 × 4 min at threshold, 10 min easy” and Stamina turns it into intervals and zones.',
    Icon: MessageSquareText,
  },
  {
    title: 'Template library',
    body: 'Save the sessions you love and borrow proven workouts from a library shared by other athletes.',
    Icon: Library,
  },
  {
    title: 'Metrics & analytics',
    body: 'Fitness, fatigue, heart-rate variability and sleep trends that show what is working and what is not.',
    Icon: ChartLine,
  },
];

/** The cards whose claims depend on what this server has configured. */
function configuredFeatures(features: ServerFeatures | null): Feature[] {
  const model = features?.language_model === true;
  const devices = features?.device_providers ?? [];
  return [
    {
      title: model ? 'AI coach' : 'Coach',
      body: 'Ask about your training in plain words and get answers grounded in your own data and plan.',
      Icon: Bot,
    },
    ...(devices.length > 0
      ? [
          {
            title: 'Device integration',
            body: `Connect ${devices.join(' or ')} once; your workouts keep syncing on their own.`,
            Icon: Watch,
          },
        ]
      : []),
    {
      title: model ? 'AI onboarding' : 'Guided onboarding',
      body: 'Answer a few questions in your own words and your first plan is ready minutes later.',
      Icon: Sparkles,
    },
  ];
}

export function FeatureGrid({ features }: { features: ServerFeatures | null }) {
  return (
    <section id="features" aria-labelledby="features-heading" className="scroll-mt-16 py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">
            Everything in one place
          </p>
          <h2
            id="features-heading"
            className="mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl"
          >
            The tools a good coach would give you
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">
            Plan, train, recover and review without juggling five apps and a spreadsheet.
          </p>
        </div>
        <ul className="mt-12 grid gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:gap-6">
          {[...FEATURES, ...configuredFeatures(features)].map(({ title, body, Icon }) => (
            <li
              key={title}
              className="flex gap-4 rounded-2xl border border-border bg-card p-5 shadow-sm sm:block sm:p-6"
            >
              <span
                className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground"
                aria-hidden="true"
              >
                <Icon className="h-5 w-5" />
              </span>
              <div className="min-w-0">
                <h3 className="text-lg font-semibold tracking-tight sm:mt-4">{title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-muted-foreground sm:mt-2">{body}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
