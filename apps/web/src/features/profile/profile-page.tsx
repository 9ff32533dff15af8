// /profile (docs/profile.md, "The profile page"): the header (picture or initials, name, sports, city) and the
// cards This Year, Achievements, Current Goals and Personal Records, every figure computed from the athlete's own
// data; an athlete with no data sees what to do to fill each card, never samples.
import type { AchievementDto, ProfileSummary, User } from '@stamina/contract';
import { displayName, distanceInUnits, distanceUnit, PRIMARY_SPORT_LABELS } from '@stamina/core';
import { Pencil } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useAchievements } from '../../api/analytics/achievements.ts';
import { useProfileSummary } from '../../api/profile/profile-summary.ts';
import { AchievementIcon } from '../../components/achievement-icon.tsx';
import { Avatar } from '../../components/avatar.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { buttonClasses } from '../../components/ui/button.tsx';
import { QueryCard } from '../../components/ui/query-card.tsx';
import { formatClock } from '../../components/workouts/format.ts';
import { useAuth, useUnits } from '../../lib/auth-context.tsx';
import { formatDay } from '../../lib/dates.ts';

type Sport = NonNullable<User['user_metadata']['primarySports']>[number];

/** Stored sports under the workout names (the demo athlete's 'swim', 'bike', 'run') read as the profile's. */
const ALIASES: Record<string, Sport> = { run: 'running', bike: 'cycling', swim: 'swimming' };

/** The profile's sports, known names only, each once. */
export function profileSports(stored: readonly string[]): Sport[] {
  const out: Sport[] = [];
  for (const value of stored) {
    const sport = (value in PRIMARY_SPORT_LABELS ? value : ALIASES[value]) as Sport | undefined;
    if (sport && !out.includes(sport)) out.push(sport);
  }
  return out;
}

/** What the athlete is, from their primary sports: 'Triathlete' for triathlon or all three disciplines. */
export function athleteKind(sports: readonly Sport[]): string {
  const has = (s: Sport) => sports.includes(s);
  if (has('triathlon') || (has('running') && has('cycling') && has('swimming'))) return 'Triathlete';
  if (sports.length > 1) return 'Multisport athlete';
  if (has('running')) return 'Runner';
  if (has('cycling')) return 'Cyclist';
  if (has('swimming')) return 'Swimmer';
  return 'Athlete';
}

/** The city of an IANA time zone ('Europe/Berlin' → 'Berlin'); none for UTC and the like. */
export function cityOf(timezone: string | undefined): string | null {
  if (!timezone?.includes('/')) return null;
  return timezone.split('/').pop()?.replace(/_/g, ' ') ?? null;
}

const longDate = (iso: string) => formatDay(iso);

/** '12h 30m' or '45m': time totals read in hours and minutes. */
function hoursMinutes(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h}h ${m}m` : `${m}m`;
}

/** A year's distance in whole kilometres or miles ('877 km'); under 10, one decimal. */
function yearDistance(meters: number, units: 'metric' | 'imperial'): string {
  const value = distanceInUnits(meters, units);
  const shown = value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString('en-US');
  return `${shown} ${distanceUnit(units)}`;
}

const SOURCE_TEXT: Record<ProfileSummary['this_year']['source'], string> = {
  activities: 'From your recorded activities',
  workouts: 'From your completed workouts',
  none: '',
};

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-muted/60 px-1 py-3 text-center">
      <p className="whitespace-nowrap text-lg font-bold tabular-nums sm:text-2xl">{value}</p>
      <p className="text-xs text-muted-foreground">{label}</p>
    </div>
  );
}

function Hint({ children }: { children: ReactNode }) {
  return <p className="text-sm text-muted-foreground">{children}</p>;
}

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';

export function ProfilePage() {
  const { user } = useAuth();
  const units = useUnits();
  const summary = useProfileSummary();
  const achievements = useAchievements();
  const meta = user?.user_metadata ?? {};
  const name = displayName(user);
  const sports = profileSports(meta.primarySports ?? []);
  const city = cityOf(meta.timezone);
  const year = summary.data?.this_year;
  const goal = summary.data?.current_goal ?? null;
  const records = summary.data?.personal_records;
  const earned: AchievementDto[] = (achievements.data?.achievements ?? [])
    .filter((a) => a.earned)
    .sort((a, b) => (b.earned_date ?? '').localeCompare(a.earned_date ?? ''));
  // The profile's own goal event, when it is not the active plan's race already.
  const profileGoal =
    meta.goalEvent && !(goal?.race_type === meta.goalEvent && goal.race_date === (meta.goalDate ?? null))
      ? { event: meta.goalEvent, date: meta.goalDate ?? null }
      : null;

  return (
    <>
      <PageHeader title="Profile" />
      <section
        aria-label="Athlete"
        className="mb-6 flex flex-col items-center gap-4 rounded-xl border border-border bg-card p-5 text-center sm:flex-row sm:text-left"
      >
        <Avatar name={name} className="h-20 w-20 text-2xl" maxInitials={3} />
        <div className="min-w-0 flex-1">
          <p className="truncate text-xl font-semibold">{name}</p>
          <p className="text-sm text-muted-foreground">
            {athleteKind(sports)}
            {city ? ` • ${city}` : ''}
          </p>
          {sports.length > 0 ? (
            <ul aria-label="Sports" className="mt-2 flex flex-wrap justify-center gap-1.5 sm:justify-start">
              {sports.map((sport) => (
                <li key={sport}>
                  <Badge variant="accent">{PRIMARY_SPORT_LABELS[sport]}</Badge>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <Link to="/settings/profile" className={buttonClasses('outline', 'md')}>
          <Pencil className="h-4 w-4" aria-hidden="true" />
          Edit Profile
        </Link>
      </section>

      <div className="grid gap-4 md:grid-cols-2">
        <QueryCard
          title="This Year"
          subtitle={
            year
              ? year.source === 'none'
                ? String(year.year)
                : `${year.year} · ${SOURCE_TEXT[year.source]}`
              : undefined
          }
          query={summary}
          isEmpty={year?.source === 'none'}
          emptyTitle={`No training logged in ${year?.year ?? 'this year'} yet`}
          emptyText="Mark a workout done in the Calendar or import a recording on the Activities page, and your workouts, time and distance add up here."
        >
          {year ? (
            <div className="grid grid-cols-3 gap-2">
              <Figure label="Workouts" value={String(year.workouts)} />
              <Figure label="Total Time" value={hoursMinutes(year.total_seconds)} />
              <Figure
                label="Distance"
                value={year.distance_meters > 0 ? yearDistance(year.distance_meters, units) : '—'}
              />
            </div>
          ) : null}
        </QueryCard>

        <QueryCard
          title="Achievements"
          subtitle={
            achievements.data
              ? `${achievements.data.earned_count} of ${achievements.data.total_count} earned`
              : undefined
          }
          query={achievements}
          isEmpty={earned.length === 0}
          emptyTitle="No achievements earned yet"
          emptyText="Complete workouts to earn them: your first 5K run, a century ride, a week-long streak. The Progress page shows how close you are."
        >
          <ul className="space-y-2">
            {earned.slice(0, 4).map((a) => (
              <li key={a.id} className="flex items-center gap-3">
                <AchievementIcon id={a.id} />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{a.name}</p>
                  <p className="truncate text-xs text-muted-foreground">{a.description}</p>
                </div>
                {a.earned_date ? (
                  <span className="shrink-0 text-xs text-muted-foreground">{longDate(a.earned_date)}</span>
                ) : null}
              </li>
            ))}
          </ul>
          <Link to="/progress" className={`${linkClass} text-sm`}>
            All achievements
          </Link>
        </QueryCard>

        <QueryCard
          title="Current Goals"
          query={summary}
          isEmpty={!goal && !profileGoal}
          emptyTitle="No goal set yet"
          emptyText="Create a training plan for your race on the Plan page, or choose a goal event in Settings → Profile."
        >
          <ul className="space-y-3">
            {goal ? (
              <li className="rounded-lg border border-border p-3">
                <p className="font-medium">{goal.race_type ?? goal.title}</p>
                <p className="text-sm text-muted-foreground">
                  {goal.race_date ? `on ${longDate(goal.race_date)}` : 'No race date'}
                  {goal.days_until !== null && goal.days_until >= 0 ? ` · ${goal.days_until} days to go` : ''}
                </p>
                <p className="mt-1 text-sm">
                  {goal.target_time ? `Target: ${goal.target_time}` : 'No target time'}
                  <span className="text-muted-foreground"> · Plan: {goal.title}</span>
                </p>
              </li>
            ) : null}
            {profileGoal ? (
              <li className="rounded-lg border border-border p-3">
                <p className="font-medium">{profileGoal.event}</p>
                <p className="text-sm text-muted-foreground">
                  {profileGoal.date ? `on ${longDate(profileGoal.date)}` : 'No date'} · Goal in your profile
                </p>
              </li>
            ) : null}
          </ul>
          {!goal ? (
            <Hint>
              <Link to="/plan" className={linkClass}>
                Create a plan
              </Link>{' '}
              to train toward it.
            </Hint>
          ) : null}
        </QueryCard>

        <QueryCard
          title="Personal Records"
          subtitle={
            records && records.source !== 'none'
              ? records.source === 'activities'
                ? 'Best efforts from your recorded runs'
                : 'From completed runs written with their distance'
              : undefined
          }
          query={summary}
          isEmpty={!records || records.records.length === 0}
          emptyTitle="No personal records yet"
          emptyText="Import a run recording (FIT, GPX or TCX) on the Activities page, or mark done a run written with its distance, like ‘5km @ 5:00/km’."
        >
          <ul className="divide-y divide-border">
            {records?.records.map((r) => (
              <li key={r.key} className="flex items-center justify-between gap-3 py-2">
                <div className="min-w-0">
                  <p className="font-medium">{r.label}</p>
                  <p className="text-xs text-muted-foreground">
                    {longDate(r.date)} ·{' '}
                    {r.source === 'activity' && r.activity_id ? (
                      <Link to={`/activities/${r.activity_id}`} className={linkClass}>
                        From activity
                      </Link>
                    ) : (
                      'From workout'
                    )}
                  </p>
                </div>
                <span className="font-mono text-lg font-semibold tabular-nums">
                  {formatClock(r.duration_seconds)}
                </span>
              </li>
            ))}
          </ul>
        </QueryCard>
      </div>
    </>
  );
}
