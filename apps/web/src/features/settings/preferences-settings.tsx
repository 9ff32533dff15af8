// /settings/preferences: theme (kept in this browser under 'theme'), units and week start (saved on the profile), the
// notification toggles (in the app, the daily e-mail and push; saved on the athlete profile), legal and support links, your data (export, import),
// sign out and Delete Account.
import type { AthleteProfile } from '@stamina/contract';
import {
  DEFAULT_UNITS,
  DEFAULT_WEEK_START,
  THEMES,
  type Theme,
  type Units,
  WEEK_STARTS,
  type WeekStart,
} from '@stamina/core';
import { useQueryClient } from '@tanstack/react-query';
import { LogOut, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useResetOnboarding } from '../../api/onboarding/reset.ts';
import {
  athleteKeys,
  useAthleteProfile,
  useUpdateAthleteProfile,
} from '../../api/settings/update-athlete-profile.ts';
import { clearOffered, clearSavedProgress } from '../../components/onboarding/onboarding-flow.ts';
import { LazyOnboardingDialog } from '../../components/onboarding/onboarding-offer.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { ApiError, api } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth-context.tsx';
import { cn } from '../../lib/cn.ts';
import { useTheme } from '../../lib/theme.ts';
import { toast } from '../../lib/toast.ts';
import { DeleteAccountButton, YourDataCard } from './account-data.tsx';
import { DailyEmailSetting, NotificationSwitchRow, PushSettings } from './notification-delivery-settings.tsx';
import { type NotificationKey, useNotificationToggle } from './use-notification-toggle.ts';

const THEME_LABELS: Record<Theme, string> = { light: 'Light', dark: 'Dark', system: 'System' };
const UNITS: readonly Units[] = ['metric', 'imperial'];
const UNIT_LABELS: Record<Units, string> = { metric: 'Metric (km)', imperial: 'Imperial (mi)' };
const WEEK_START_LABELS: Record<WeekStart, string> = {
  monday: 'Monday',
  sunday: 'Sunday',
  saturday: 'Saturday',
};

export function PreferencesSettings() {
  const [theme, setTheme] = useTheme();
  const { user, signOut, setUser } = useAuth();
  const units = user?.user_metadata.units ?? DEFAULT_UNITS;
  const weekStart = user?.user_metadata.weekStart ?? DEFAULT_WEEK_START;
  const [saving, setSaving] = useState<'units' | 'weekStart' | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  /** Saves one profile preference, then tells which. */
  async function save(
    field: 'units' | 'weekStart',
    body: { units: Units } | { weekStart: WeekStart },
    texts: { saved: string; failed: string },
  ) {
    setSaving(field);
    try {
      const { data } = await api.request('PUT /auth/profile', { body });
      setUser(data);
      // The weekly figures the server cuts by the week start are read again in the new weeks.
      if (field === 'weekStart') await queryClient.invalidateQueries();
      toast.success(texts.saved);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : texts.failed);
    } finally {
      setSaving(null);
    }
  }

  async function onSignOut() {
    try {
      await signOut();
      toast.success('You have been successfully signed out.');
      navigate('/login', { replace: true });
    } catch {
      toast.error('Sign Out Failed');
    }
  }

  return (
    <>
      <PageHeader title="Preferences & Account" />
      <div className="space-y-6">
        <Card className="space-y-6 p-5">
          <ChoiceGroup
            legend="Theme"
            name="theme"
            options={THEMES}
            labels={THEME_LABELS}
            value={theme}
            onChange={setTheme}
          />
          <ChoiceGroup
            legend="Units"
            name="units"
            options={UNITS}
            labels={UNIT_LABELS}
            value={units}
            onChange={(next) =>
              save('units', { units: next }, { saved: 'Units saved', failed: 'Could not save your units' })
            }
            disabled={saving === 'units'}
          />
          <ChoiceGroup
            legend="Week starts on"
            name="week-start"
            options={WEEK_STARTS}
            labels={WEEK_START_LABELS}
            value={weekStart}
            onChange={(next) =>
              save(
                'weekStart',
                { weekStart: next },
                { saved: 'Week start saved', failed: 'Could not save your week start' },
              )
            }
            disabled={saving === 'weekStart'}
          />
        </Card>
        <NotificationToggles />
        <AdaptationToggle />
        <OnboardingCard />
        <Card className="space-y-3 p-5">
          <h2 className="text-lg font-semibold">Legal &amp; Support</h2>
          <div className="flex flex-wrap gap-2">
            <Link to="/terms" className={buttonClasses('outline', 'sm')}>
              Terms of Service
            </Link>
            <Link to="/privacy" className={buttonClasses('outline', 'sm')}>
              Privacy Policy
            </Link>
            <Link to="/support" className={buttonClasses('outline', 'sm')}>
              Support
            </Link>
          </div>
        </Card>
        <YourDataCard />
        <Card className="p-5">
          <h2 className="text-lg font-semibold">Account</h2>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="outline" onClick={onSignOut}>
              <LogOut className="h-4 w-4" aria-hidden="true" />
              Sign Out
            </Button>
            <DeleteAccountButton />
          </div>
        </Card>
      </div>
    </>
  );
}

interface ChoiceGroupProps<T extends string> {
  legend: string;
  name: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange(value: T): void;
  disabled?: boolean;
}

/** A row of radio buttons drawn as segmented buttons. */
function ChoiceGroup<T extends string>({
  legend,
  name,
  options,
  labels,
  value,
  onChange,
  disabled,
}: ChoiceGroupProps<T>) {
  return (
    <fieldset disabled={disabled}>
      <legend className="text-lg font-semibold">{legend}</legend>
      <div
        className="mt-3 grid grid-cols-[repeat(auto-fit,minmax(5.5rem,1fr))] gap-2"
        role="radiogroup"
        aria-label={legend}
      >
        {options.map((option) => (
          <label
            key={option}
            className={cn(
              'flex cursor-pointer items-center justify-center rounded-lg border px-3 py-2.5 text-center text-sm font-medium',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
              value === option
                ? 'border-primary bg-accent text-accent-foreground'
                : 'border-input hover:bg-muted',
            )}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="sr-only"
            />
            {labels[option]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

const NOTIFICATIONS: readonly { key: NotificationKey; label: string; text: string }[] = [
  { key: 'missedSession', label: 'Missed session', text: 'When a planned workout was not completed' },
  { key: 'newWeekPlan', label: 'New week plan', text: "When next week's training is ready" },
  { key: 'recoveryWarning', label: 'Recovery warning', text: 'When your recovery is low' },
];

/**
 * The three in-app notification preferences (docs/dashboard.md, "Athlete profile": all on by default), with the
 * e-mail and push ones below them (docs/notifications.md). A toggle shows its new state at once and is saved in
 * the background; if the save fails it flips back and a toast says so.
 */
function NotificationToggles() {
  const { profile, preferences, toggle: onToggle } = useNotificationToggle();

  return (
    <Card className="p-5">
      <h2 id="notifications-title" className="text-lg font-semibold">
        Notifications
      </h2>
      {profile.isError ? (
        <p role="alert" className="mt-3 text-sm text-destructive">
          Could not load your notification preferences.{' '}
          <button type="button" className="underline" onClick={() => profile.refetch()}>
            Try Again
          </button>
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-border" aria-labelledby="notifications-title">
          {NOTIFICATIONS.map(({ key, label, text }) => (
            <NotificationSwitchRow
              key={key}
              id={key}
              label={label}
              text={text}
              checked={preferences?.[key] ?? true}
              disabled={!preferences}
              onChange={(value) => void onToggle(key, value)}
            />
          ))}
          <DailyEmailSetting preferences={preferences} toggle={onToggle} />
          <PushSettings preferences={preferences} toggle={onToggle} />
        </ul>
      )}
    </Card>
  );
}

/**
 * The plan's daily adaptation on or off (docs/adaptation.md, "Athlete's choices win"): on by default. Shown at
 * once and saved in the background, flipped back with a toast if the save fails.
 */
function AdaptationToggle() {
  const profile = useAthleteProfile();
  const update = useUpdateAthleteProfile();
  const client = useQueryClient();
  const enabled = profile.data?.adaptation_enabled;

  async function onToggle(value: boolean) {
    await client.cancelQueries({ queryKey: athleteKeys.me });
    const before = client.getQueryData<AthleteProfile>(athleteKeys.me);
    if (before) client.setQueryData<AthleteProfile>(athleteKeys.me, { ...before, adaptation_enabled: value });
    try {
      client.setQueryData(athleteKeys.me, await update.mutateAsync({ adaptation_enabled: value }));
    } catch (error) {
      const now = client.getQueryData<AthleteProfile>(athleteKeys.me);
      if (now && before) {
        client.setQueryData<AthleteProfile>(athleteKeys.me, {
          ...now,
          adaptation_enabled: before.adaptation_enabled,
        });
      }
      toast.error(
        `Could not save your adaptation setting${error instanceof ApiError ? `: ${error.message}` : ''}`,
      );
    }
  }

  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold">Plan adaptation</h2>
      {profile.isError ? (
        <p role="alert" className="mt-3 text-sm text-destructive">
          Could not load your adaptation setting.{' '}
          <button type="button" className="underline" onClick={() => profile.refetch()}>
            Try Again
          </button>
        </p>
      ) : (
        <div className="mt-3 flex items-center justify-between gap-4">
          <div>
            <p id="adaptation-label" className="font-medium">
              Adapt my plan automatically
            </p>
            <p id="adaptation-text" className="text-sm text-muted-foreground">
              Each morning, ease or move sessions after a poor night, a missed session or too much load.
              Workouts you made or edited yourself are never changed.
            </p>
          </div>
          <Switch
            checked={enabled ?? true}
            disabled={enabled === undefined}
            onCheckedChange={(value) => void onToggle(value)}
            aria-labelledby="adaptation-label"
            aria-describedby="adaptation-text"
          />
        </div>
      )}
    </Card>
  );
}

export const RESET_MESSAGES = {
  done: "Your onboarding has been reset. You'll see the setup flow again on next page load.",
  failedTitle: 'Reset Failed',
  failed: 'Failed to reset onboarding. Please try again.',
} as const;

/**
 * The AI Profile Assistant and Reset Onboarding: a reset makes onboarding incomplete again, forgets this
 * browser's unfinished setup, and asks for the sign-in offer again, so the next page load shows the dialog.
 */
function OnboardingCard() {
  const reset = useResetOnboarding();
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();

  function onReset() {
    reset.mutate(undefined, {
      onSuccess: () => {
        clearSavedProgress();
        clearOffered();
        toast.success(RESET_MESSAGES.done);
      },
      onError: () => toast.error(RESET_MESSAGES.failedTitle, { description: RESET_MESSAGES.failed }),
    });
  }

  return (
    <Card className="space-y-3 p-5">
      <h2 className="text-lg font-semibold">AI Profile Assistant</h2>
      <p className="text-sm text-muted-foreground">
        Build a plan from your goal in your own words, or start the setup again.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
          Start Onboarding
        </Button>
        <Button variant="outline" size="sm" onClick={onReset} disabled={reset.isPending}>
          <RotateCcw className="h-4 w-4" aria-hidden="true" />
          Reset Onboarding
        </Button>
      </div>
      <LazyOnboardingDialog open={open} onOpenChange={setOpen} onComplete={() => navigate('/dashboard')} />
    </Card>
  );
}
