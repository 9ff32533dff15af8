// The profile page and the profile picture (docs/profile.md): the cards computed from the athlete's figures with
// their sources, the empty states of a new athlete that say how to fill each card, an error with Try Again, and
// Settings → Profile's picture upload, whose picture then replaces the initials.
import type { Achievements, ProfileSummary, User } from '@stamina/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Avatar } from '../src/components/avatar.tsx';
import { ProfilePage } from '../src/features/profile/profile-page.tsx';
import { ProfileSettings } from '../src/features/settings/profile-settings.tsx';
import { AuthProvider } from '../src/lib/auth-context.tsx';
import { writeSession } from '../src/lib/session-store.ts';
import { json, renderWithProviders } from './calendar-test-utils.tsx';
import { profile, signIn, user } from './dashboard-fixtures.ts';

const EMPTY: ProfileSummary = {
  this_year: { year: 2025, source: 'none', workouts: 0, total_seconds: 0, distance_meters: 0 },
  current_goal: null,
  personal_records: { source: 'none', records: [] },
};

const FULL: ProfileSummary = {
  this_year: {
    year: 2025,
    source: 'activities',
    workouts: 42,
    total_seconds: 37_800,
    distance_meters: 250_000,
  },
  current_goal: {
    plan_id: 'p1',
    title: 'Autumn build',
    race_type: 'Half Ironman',
    race_date: '2026-10-15',
    target_time: '5:30:00',
    days_until: 331,
  },
  personal_records: {
    source: 'activities',
    records: [
      {
        key: '5k',
        label: '5K',
        distance_meters: 5000,
        duration_seconds: 1250,
        date: '2025-06-01',
        source: 'activity',
        activity_id: '00000000-0000-4000-8000-00000000ac01',
      },
      {
        key: 'half_marathon',
        label: 'Half Marathon',
        distance_meters: 21097.5,
        duration_seconds: 6300,
        date: '2025-09-14',
        source: 'activity',
        activity_id: '00000000-0000-4000-8000-00000000ac02',
      },
    ],
  },
};

function achievements(earned: number): Achievements {
  const list = Array.from({ length: 5 }, (_, i) => ({
    id: `a${i}`,
    name: i === 0 ? 'First 5K' : `Achievement ${i}`,
    description: i === 0 ? 'Run 5 km in one session' : 'Something',
    emoji: '🏃',
    category: 'distance',
    earned: i < earned,
    earned_date: i < earned ? `2025-0${i + 1}-10` : null,
    progress_percentage: i < earned ? 100 : 20,
    current_value: 1,
    target_value: 5,
    unit: 'km',
  }));
  return { achievements: list, earned_count: earned, total_count: 5 };
}

interface Seen {
  method: string;
  path: string;
  body: unknown;
}

/** A fetch stub routed by path; the request bodies are kept as sent (FormData included). */
function mockApi(answers: {
  summary?: () => Response;
  achievements?: Achievements;
  avatarVersion?: string | null;
  upload?: () => Response;
}) {
  const seen: Seen[] = [];
  let version = answers.avatarVersion ?? null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      seen.push({ method, path: url.pathname, body: init?.body });
      switch (`${method} ${url.pathname}`) {
        case 'GET /api/auth/me':
          return json(200, { data: currentUser });
        case 'GET /api/athletes/me/profile-summary':
          return answers.summary?.() ?? json(200, { data: EMPTY });
        case 'GET /api/analytics/achievements':
          return json(200, { data: answers.achievements ?? achievements(0) });
        case 'GET /api/athletes/me':
          return json(200, { data: profile({ avatar_version: version }) });
        case 'GET /api/athletes/me/avatar':
          return new Response(new Blob([new Uint8Array([82, 73, 70, 70])], { type: 'image/webp' }), {
            status: 200,
            headers: { 'content-type': 'image/webp' },
          });
        case 'PUT /api/athletes/me/avatar': {
          const res = answers.upload?.();
          if (res) return res;
          version = 'v2';
          return json(200, {
            data: { avatar_version: 'v2', content_type: 'image/webp', width: 256, height: 256 },
          });
        }
        case 'PUT /api/auth/profile': {
          const sent = JSON.parse(String(init?.body)) as { email?: string; name: string };
          return json(200, {
            data: { ...currentUser, name: sent.name, pending_email: sent.email ?? null },
          });
        }
        case 'GET /api/v1/health':
          return json(200, { status: 'ok' });
        default:
          return json(404, { message: `unexpected ${method} ${url.pathname}`, code: 'NOT_FOUND' });
      }
    }),
  );
  return seen;
}

let currentUser: User = user;

function renderPage(ui: React.ReactElement, path: string, as: User = user) {
  currentUser = as;
  signIn(as);
  return renderWithProviders(<AuthProvider>{ui}</AuthProvider>, { path });
}

const card = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });

beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:avatar'), revokeObjectURL: vi.fn() }),
  );
});

afterEach(() => {
  writeSession(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Profile page', () => {
  it('a new athlete sees every card empty, each saying how to fill it', async () => {
    mockApi({});
    renderPage(<ProfilePage />, '/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    expect(await screen.findByText('No training logged in 2025 yet')).toBeVisible();
    expect(within(card('This Year')).getByText(/Mark a workout done in the Calendar/)).toBeVisible();
    expect(await within(card('Achievements')).findByText('No achievements earned yet')).toBeVisible();
    expect(within(card('Current Goals')).getByText('No goal set yet')).toBeVisible();
    expect(within(card('Current Goals')).getByText(/Create a training plan for your race/)).toBeVisible();
    expect(within(card('Personal Records')).getByText('No personal records yet')).toBeVisible();
    expect(within(card('Personal Records')).getByText(/Import a run recording/)).toBeVisible();
    // No sample figures anywhere.
    expect(screen.queryByText(/Ironman 70.3|Sub-3 Marathon|Century Ride/)).not.toBeInTheDocument();
    // The header: initials, name, what the athlete is, and the way to edit.
    const header = screen.getByRole('region', { name: 'Athlete' });
    expect(within(header).getByText('AR')).toBeInTheDocument();
    expect(within(header).getByText('Ana Runner')).toBeVisible();
    expect(within(header).getByText('Athlete')).toBeVisible();
    expect(within(header).getByRole('link', { name: 'Edit Profile' })).toHaveAttribute(
      'href',
      '/settings/profile',
    );
  });

  it('shows the figures with their sources, the goal and the records', async () => {
    mockApi({ summary: () => json(200, { data: FULL }), achievements: achievements(2) });
    const triathlete: User = {
      ...user,
      user_metadata: {
        ...user.user_metadata,
        primarySports: ['triathlon', 'running'],
        timezone: 'Europe/Berlin',
        goalEvent: 'Marathon',
        goalDate: '2026-04-26',
      },
    };
    renderPage(<ProfilePage />, '/profile', triathlete);

    const year = await screen.findByRole('region', { name: /^This Year/ });
    expect(await within(year).findByText('42')).toBeVisible();
    expect(within(year).getByText('10h 30m')).toBeVisible();
    expect(within(year).getByText('250 km')).toBeVisible();
    expect(within(year).getByText('2025 · From your recorded activities')).toBeVisible();

    const goals = card('Current Goals');
    expect(within(goals).getByText('Half Ironman')).toBeVisible();
    expect(within(goals).getByText('on Oct 15, 2026 · 331 days to go')).toBeVisible();
    expect(within(goals).getByText(/Target: 5:30:00/)).toBeVisible();
    // The profile's own goal event, beside the plan's race.
    expect(within(goals).getByText('Marathon')).toBeVisible();
    expect(within(goals).getByText('on Apr 26, 2026 · Goal in your profile')).toBeVisible();

    const records = card('Personal Records');
    expect(within(records).getByText('Best efforts from your recorded runs')).toBeVisible();
    const fiveK = within(records).getByText('5K').closest('li')!;
    expect(within(fiveK as HTMLElement).getByText('20:50')).toBeVisible();
    expect(within(fiveK as HTMLElement).getByRole('link', { name: 'From activity' })).toHaveAttribute(
      'href',
      '/activities/00000000-0000-4000-8000-00000000ac01',
    );
    expect(within(records).getByText('1:45:00')).toBeVisible();

    const badges = await within(card('Achievements')).findByText('2 of 5 earned');
    expect(badges).toBeVisible();
    expect(within(card('Achievements')).getByText('First 5K')).toBeVisible();

    const header = screen.getByRole('region', { name: 'Athlete' });
    expect(within(header).getByText('Triathlete • Berlin')).toBeVisible();
    expect(within(header).getByText('Triathlon')).toBeVisible();
  });

  it("shows the year's distance in miles to an athlete on imperial units", async () => {
    mockApi({ summary: () => json(200, { data: FULL }), achievements: achievements(2) });
    renderPage(<ProfilePage />, '/profile', {
      ...user,
      user_metadata: { ...user.user_metadata, units: 'imperial' },
    });
    const year = await screen.findByRole('region', { name: /^This Year/ });
    expect(await within(year).findByText('155 mi')).toBeVisible();
    expect(within(year).queryByText('250 km')).toBeNull();
  });

  it('labels records from completed workouts as such', async () => {
    const fromWorkouts: ProfileSummary = {
      ...EMPTY,
      this_year: { year: 2025, source: 'workouts', workouts: 3, total_seconds: 5400, distance_meters: 0 },
      personal_records: {
        source: 'workouts',
        records: [
          {
            key: '10k',
            label: '10K',
            distance_meters: 10000,
            duration_seconds: 3000,
            date: '2025-05-05',
            source: 'workout',
            activity_id: null,
          },
        ],
      },
    };
    mockApi({ summary: () => json(200, { data: fromWorkouts }) });
    renderPage(<ProfilePage />, '/profile');
    const records = await screen.findByRole('region', { name: /^Personal Records/ });
    expect(await within(records).findByText('From completed runs written with their distance')).toBeVisible();
    expect(within(records).getByText(/From workout/)).toBeVisible();
    expect(within(card('This Year')).getByText('2025 · From your completed workouts')).toBeVisible();
    expect(within(card('This Year')).getByText('—')).toBeVisible();
  });

  it('shows an error with Try Again, which fetches again', async () => {
    let failing = true;
    const seen = mockApi({
      summary: () =>
        failing
          ? json(400, { message: 'The profile could not be loaded', code: 'BAD_REQUEST' })
          : json(200, { data: FULL }),
    });
    renderPage(<ProfilePage />, '/profile');
    const year = await screen.findByRole('region', { name: /^This Year/ });
    expect(await within(year).findByRole('alert')).toHaveTextContent('The profile could not be loaded');
    failing = false;
    await userEvent.click(within(year).getByRole('button', { name: 'Try Again' }));
    expect(await within(card('This Year')).findByText('42')).toBeVisible();
    expect(seen.filter((c) => c.path === '/api/athletes/me/profile-summary').length).toBeGreaterThanOrEqual(
      2,
    );
  });
});

describe('Profile picture', () => {
  it('the avatar shows the picture when there is one, the initials otherwise', async () => {
    mockApi({ avatarVersion: 'v1' });
    renderPage(<Avatar name="Ana Runner" />, '/');
    expect(await screen.findByTestId('avatar-picture')).toHaveAttribute('src', 'blob:avatar');
  });

  it('Settings → Profile uploads the chosen picture as the field "file" and shows it', async () => {
    const seen = mockApi({});
    renderPage(<ProfileSettings />, '/settings/profile');
    expect(await screen.findByRole('button', { name: 'Upload Picture' })).toBeVisible();
    expect(screen.queryByTestId('avatar-picture')).not.toBeInTheDocument();
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'me.jpg', { type: 'image/jpeg' });
    await userEvent.upload(screen.getByLabelText('Profile picture file'), file);
    expect(await screen.findByText('Profile picture updated')).toBeVisible();
    const put = seen.find((c) => c.method === 'PUT' && c.path === '/api/athletes/me/avatar');
    expect(put).toBeDefined();
    expect((put!.body as FormData).get('file')).toBeInstanceOf(File);
    expect(await screen.findAllByTestId('avatar-picture')).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Remove' })).toBeVisible();
  });

  it("refuses a file over 5 MB without sending it, and shows the server's message for a wrong type", async () => {
    const seen = mockApi({
      upload: () =>
        json(415, { message: 'Upload a JPEG, PNG, WebP or HEIC picture', code: 'UNSUPPORTED_MEDIA_TYPE' }),
    });
    renderPage(<ProfileSettings />, '/settings/profile');
    const input = await screen.findByLabelText('Profile picture file');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    await userEvent.upload(input, big);
    expect(await screen.findByRole('alert')).toHaveTextContent('The picture is larger than 5 MB');
    expect(seen.some((c) => c.method === 'PUT')).toBe(false);

    await userEvent.upload(input, new File(['%PDF'], 'doc.jpg', { type: 'image/jpeg' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Upload a JPEG, PNG, WebP or HEIC picture'),
    );
    expect(screen.queryByTestId('avatar-picture')).not.toBeInTheDocument();
  });
});

describe('Changing the e-mail in Settings → Profile', () => {
  it('sends the new address and says a confirmation was sent, keeping the old one', async () => {
    const seen = mockApi({});
    renderPage(<ProfileSettings />, '/settings/profile');
    const field = await screen.findByLabelText('Email');
    await userEvent.clear(field);
    await userEvent.type(field, 'new@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save Profile Changes' }));
    expect(
      await screen.findByText(
        'We sent a confirmation link to new@example.com. Your e-mail address changes when you follow it; until then, keep signing in with ana@example.com.',
      ),
    ).toBeVisible();
    const put = seen.find((c) => c.method === 'PUT' && c.path === '/api/auth/profile');
    expect(JSON.parse(String(put?.body))).toMatchObject({ email: 'new@example.com' });
    expect(screen.getByLabelText('Email')).toHaveValue('ana@example.com');
  });

  it('does not send the address when it did not change', async () => {
    const seen = mockApi({});
    renderPage(<ProfileSettings />, '/settings/profile');
    await userEvent.click(await screen.findByRole('button', { name: 'Save Profile Changes' }));
    expect((await screen.findAllByText('Profile saved')).length).toBeGreaterThan(0);
    const put = seen.find((c) => c.method === 'PUT' && c.path === '/api/auth/profile');
    expect(JSON.parse(String(put?.body))).not.toHaveProperty('email');
    expect(screen.queryByText(/We sent a confirmation link/)).not.toBeInTheDocument();
  });

  it('shows the outcome of a followed link', async () => {
    mockApi({});
    currentUser = user;
    signIn(user);
    renderWithProviders(
      <AuthProvider>
        <ProfileSettings />
      </AuthProvider>,
      {
        path: '/settings/profile',
        initialEntry:
          '/settings/profile?email_change=confirmed&message=Your+e-mail+address+is+now+ana%40example.com.+Use+it+to+log+in.',
      },
    );
    expect(
      await screen.findByText('Your e-mail address is now ana@example.com. Use it to log in.'),
    ).toBeVisible();
  });
});
