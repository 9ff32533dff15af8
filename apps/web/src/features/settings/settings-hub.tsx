// /settings: five cards, one per settings area, and Developer tools with the link to the testing dashboard
// (docs/screens.md, "Settings"). A navigation state can name a section.
import {
  ChevronRight,
  FlaskConical,
  LayoutGrid,
  Settings2,
  SlidersHorizontal,
  Sparkles,
  User,
  Watch,
} from 'lucide-react';
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { LazyOnboardingDialog } from '../../components/onboarding/onboarding-offer.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ROUTES } from '../../lib/app-constants.ts';

const CARDS = [
  { to: 'profile', title: 'Profile', text: 'Name, birthday, sports and goal event', icon: User },
  {
    to: 'dashboard',
    title: 'Dashboard Layout',
    text: 'Layout style, widget order and visibility',
    icon: LayoutGrid,
  },
  {
    to: 'metrics',
    title: 'Metrics & Zones',
    text: 'Tracked metrics, thresholds and training zones',
    icon: SlidersHorizontal,
  },
  { to: 'devices', title: 'Device Connections', text: 'Wearables and activity providers', icon: Watch },
  {
    to: 'preferences',
    title: 'Preferences & Account',
    text: 'Units, theme, notifications and account',
    icon: Settings2,
  },
] as const;

export function SettingsHub() {
  const { state } = useLocation();
  const section = (state as { section?: unknown } | null)?.section;
  if (section === 'profile' || section === 'dashboard') return <Navigate to={section} replace />;
  return (
    <>
      <PageHeader title="Settings" />
      <AiProfileAssistant />
      <ul className="grid gap-3 sm:grid-cols-2">
        {CARDS.map(({ to, title, text, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex h-full items-center gap-4 rounded-xl border border-border bg-card p-4 hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                <Icon className="h-5 w-5" aria-hidden="true" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold">{title}</span>
                <span className="block text-sm text-muted-foreground">{text}</span>
              </span>
              <ChevronRight className="h-5 w-5 text-muted-foreground" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
      <DeveloperTools />
    </>
  );
}

/** Developer tools: the way to /test, the testing dashboard (docs/testing-dashboard.md). */
function DeveloperTools() {
  return (
    <section aria-labelledby="developer-tools-title" className="mt-8">
      <h2 id="developer-tools-title" className="mb-3 text-lg font-semibold">
        Developer tools
      </h2>
      <Link
        to={ROUTES.test}
        className="flex items-center gap-4 rounded-xl border border-border bg-card p-4 hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
          <FlaskConical className="h-5 w-5" aria-hidden="true" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-semibold">Testing Dashboard</span>
          <span className="block text-sm text-muted-foreground">
            Your session's token, the server's health and your own recent requests
          </span>
        </span>
        <ChevronRight className="h-5 w-5 text-muted-foreground" aria-hidden="true" />
      </Link>
    </section>
  );
}

/** The AI Profile Assistant banner: 'Start Onboarding' opens the onboarding dialog; when done, the dashboard. */
export function AiProfileAssistant() {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  return (
    <section
      aria-labelledby="ai-assistant-title"
      className="mb-4 flex flex-col gap-3 rounded-xl border border-primary/30 bg-accent p-4 text-accent-foreground sm:flex-row sm:items-center"
    >
      <Sparkles className="h-6 w-6 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <h2 id="ai-assistant-title" className="font-semibold">
          AI Profile Assistant
        </h2>
        <p className="text-sm">Tell us your goal in your own words and get a plan built around it.</p>
      </div>
      <Button onClick={() => setOpen(true)}>Start Onboarding</Button>
      <LazyOnboardingDialog open={open} onOpenChange={setOpen} onComplete={() => navigate('/dashboard')} />
    </section>
  );
}
