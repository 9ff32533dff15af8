// /settings/profile: the profile form (docs/screens.md, "Settings"), saved through PUT /api/auth/profile, and
// the profile picture (docs/profile.md, "Profile picture"), uploaded on its own as soon as it is chosen.
import type { User } from '@stamina/contract';
import { RACE_TYPES } from '@stamina/core';
import { Trash2, Upload } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  AVATAR_ACCEPT,
  AVATAR_MAX_BYTES,
  useRemoveAvatar,
  useUploadAvatar,
} from '../../api/profile/avatar.ts';
import { useAthleteProfile } from '../../api/settings/update-athlete-profile.ts';
import { Avatar } from '../../components/avatar.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field } from '../../components/ui/field.tsx';
import { api, errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth-context.tsx';
import { cn } from '../../lib/cn.ts';
import { toast } from '../../lib/toast.ts';

const SPORTS = ['running', 'cycling', 'swimming', 'triathlon'] as const;
const GENDERS = [
  ['male', 'Male'],
  ['female', 'Female'],
  ['other', 'Other'],
  ['prefer-not-to-say', 'Prefer not to say'],
] as const;
/** The profile's goal events are the plans' race types (docs/training-load.md, "Race types"). */
const GOAL_EVENTS = RACE_TYPES;
const LANGUAGES = [['en', 'English']] as const;

type Meta = User['user_metadata'];

const selectClass =
  'block h-11 w-full rounded-lg border border-input bg-background px-3 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

export function ProfileSettings() {
  const { user, setUser } = useAuth();
  const meta: Meta = user?.user_metadata ?? {};
  const [name, setName] = useState(user?.name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  // A followed e-mail change link lands here (docs/profile.md, "Changing the email").
  const [params, setParams] = useSearchParams();
  const emailChange = params.get('email_change');
  const emailChangeMessage = params.get('message');
  // The session's user is refreshed from the server after a page load (a followed link changed the address).
  useEffect(() => setEmail(user?.email ?? ''), [user?.email]);
  const [birthday, setBirthday] = useState(meta.birthday ?? '');
  const [gender, setGender] = useState<NonNullable<Meta['gender']> | ''>(meta.gender ?? '');
  const [sports, setSports] = useState<NonNullable<Meta['primarySports']>>(meta.primarySports ?? []);
  const [goalEvent, setGoalEvent] = useState<NonNullable<Meta['goalEvent']> | ''>(meta.goalEvent ?? '');
  const [goalDate, setGoalDate] = useState(meta.goalDate ?? '');
  const [language, setLanguage] = useState(meta.language ?? 'en');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const changedEmail = email.trim().toLowerCase() !== (user?.email ?? '');
      const { data } = await api.request('PUT /auth/profile', {
        body: {
          name,
          ...(changedEmail && email.trim() ? { email: email.trim() } : {}),
          birthday: birthday || null,
          gender: gender || null,
          primarySports: sports,
          goalEvent: goalEvent || null,
          goalDate: goalDate || null,
          language,
        },
      });
      const { pending_email, ...saved } = data;
      setUser(saved);
      setPendingEmail(pending_email ?? null);
      if (pending_email) setEmail(saved.email);
      toast.success('Profile saved');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  }

  const toggleSport = (sport: (typeof SPORTS)[number]) =>
    setSports((current) =>
      current.includes(sport) ? current.filter((s) => s !== sport) : [...current, sport],
    );

  return (
    <>
      <PageHeader title="Profile" description="How Stamina knows you and what you are training for." />
      <form onSubmit={onSubmit} className="space-y-6">
        {error ? <Alert variant="destructive">{error}</Alert> : null}
        {emailChange && emailChangeMessage ? (
          <Alert variant={emailChange === 'confirmed' ? 'success' : 'destructive'}>
            <span>{emailChangeMessage}</span>{' '}
            <button
              type="button"
              className="font-medium underline underline-offset-4"
              onClick={() => setParams({}, { replace: true })}
            >
              Dismiss
            </button>
          </Alert>
        ) : null}
        {pendingEmail ? (
          <Alert variant="info">
            We sent a confirmation link to {pendingEmail}. Your e-mail address changes when you follow it;
            until then, keep signing in with {user?.email}.
          </Alert>
        ) : null}
        <Card className="space-y-4 p-5">
          <h2 className="text-lg font-semibold">Basic Information</h2>
          <PictureField name={name || 'Athlete'} />
          <Field label="Name" name="name" required value={name} onChange={(e) => setName(e.target.value)} />
          <Field
            label="Email"
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            hint="Your sign-in address. A new one takes effect once you follow the link we e-mail to it."
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Birthday"
              type="date"
              name="birthday"
              value={birthday}
              onChange={(e) => setBirthday(e.target.value)}
            />
            <div className="space-y-1.5">
              <label htmlFor="gender" className="block text-sm font-medium">
                Gender
              </label>
              <select
                id="gender"
                className={selectClass}
                value={gender}
                onChange={(e) => setGender(e.target.value as typeof gender)}
              >
                <option value="">Not set</option>
                {GENDERS.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </Card>
        <Card className="space-y-4 p-5">
          <h2 className="text-lg font-semibold">Sports &amp; Goals</h2>
          <fieldset>
            <legend className="mb-2 text-sm font-medium">Primary sports</legend>
            <div className="flex flex-wrap gap-2">
              {SPORTS.map((sport) => {
                const on = sports.includes(sport);
                return (
                  <button
                    key={sport}
                    type="button"
                    aria-pressed={on}
                    onClick={() => toggleSport(sport)}
                    className={cn(
                      'rounded-full border px-4 py-2 text-sm capitalize focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                      on
                        ? 'border-primary bg-primary text-primary-foreground'
                        : 'border-input hover:bg-muted',
                    )}
                  >
                    {sport}
                  </button>
                );
              })}
            </div>
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1.5">
              <label htmlFor="goalEvent" className="block text-sm font-medium">
                Goal event
              </label>
              <select
                id="goalEvent"
                className={selectClass}
                value={goalEvent}
                onChange={(e) => setGoalEvent(e.target.value as typeof goalEvent)}
              >
                <option value="">Not set</option>
                {GOAL_EVENTS.map((event) => (
                  <option key={event} value={event}>
                    {event}
                  </option>
                ))}
              </select>
            </div>
            <Field
              label="Goal date"
              type="date"
              name="goalDate"
              value={goalDate}
              onChange={(e) => setGoalDate(e.target.value)}
            />
          </div>
          <div className="space-y-1.5">
            <label htmlFor="language" className="block text-sm font-medium">
              Language
            </label>
            <select
              id="language"
              className={selectClass}
              value={language}
              onChange={(e) => setLanguage(e.target.value)}
            >
              {LANGUAGES.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        </Card>
        <Button type="submit" disabled={saving || !name.trim()}>
          {saving ? 'Saving...' : 'Save Profile Changes'}
        </Button>
      </form>
    </>
  );
}

/** The picture beside the name: Upload Picture (JPEG, PNG, WebP or HEIC up to 5 MB) and Remove. */
function PictureField({ name }: { name: string }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const hasPicture = Boolean(useAthleteProfile().data?.avatar_version);
  const [error, setError] = useState<string | null>(null);
  const busy = upload.isPending || remove.isPending;

  function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    // The server refuses it too (413); saying so here saves sending 5 MB for nothing.
    if (file.size > AVATAR_MAX_BYTES) {
      setError('The picture is larger than 5 MB. Choose a smaller one.');
      return;
    }
    upload.mutate(file, {
      onSuccess: () => toast.success('Profile picture updated'),
      onError: (err) => setError(errorMessage(err)),
    });
  }

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-4">
      <Avatar name={name} className="h-20 w-20 text-2xl" maxInitials={3} />
      <div className="space-y-2">
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" disabled={busy} onClick={() => input.current?.click()}>
            <Upload className="h-4 w-4" aria-hidden="true" />
            {upload.isPending ? 'Uploading...' : 'Upload Picture'}
          </Button>
          {hasPicture ? (
            <Button
              type="button"
              variant="ghost"
              disabled={busy}
              onClick={() => {
                setError(null);
                remove.mutate(undefined, {
                  onSuccess: () => toast.success('Profile picture removed'),
                  onError: (err) => setError(errorMessage(err)),
                });
              }}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              Remove
            </Button>
          ) : null}
        </div>
        <p id="picture-hint" className="text-xs text-muted-foreground">
          JPEG, PNG, WebP or HEIC, up to 5 MB. Stored as a small square, without location or camera data.
        </p>
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <input
          ref={input}
          type="file"
          accept={AVATAR_ACCEPT}
          aria-label="Profile picture file"
          aria-describedby="picture-hint"
          className="sr-only"
          tabIndex={-1}
          onChange={onChoose}
        />
      </div>
    </div>
  );
}
