// Imperial units on the main screens (docs/units.md): an athlete whose setting is imperial reads miles, paces per
// mile, feet, yards and pounds on the activities list, an activity's page, a workout's dialog and the metrics'
// charts, and a workout's or template's text with its imperial figures beside km; all through core's one home for
// unit display.
import type { User } from '@stamina/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TemplateDetailDialog } from '../src/components/workout-bank/template-detail-dialog.tsx';
import { WorkoutDetailDialog } from '../src/components/workouts/workout-detail-dialog.tsx';
import { ActivitiesPage } from '../src/features/activities/activities-page.tsx';
import { ActivityDetailPage } from '../src/features/activities/activity-detail-page.tsx';
import { inUnits, unitAfterValue } from '../src/features/metrics/metrics-model.ts';
import { AuthProvider } from '../src/lib/auth-context.tsx';
import { writeSession } from '../src/lib/session-store.ts';
import { makeActivity, makeAnalysis, makeDetail, makeStreams } from './activity-fixtures.ts';
import { json, makeWorkout, mockFetch, renderWithProviders } from './calendar-test-utils.tsx';
import { signIn, user } from './dashboard-fixtures.ts';
import { makeTemplate } from './workout-bank-fixtures.ts';

const imperial: User = { ...user, user_metadata: { ...user.user_metadata, units: 'imperial' } };

afterEach(() => {
  writeSession(null);
  vi.unstubAllGlobals();
});

function renderImperial(ui: React.ReactElement, path: string, initialEntry?: string) {
  signIn(imperial);
  return renderWithProviders(<AuthProvider>{ui}</AuthProvider>, {
    path,
    ...(initialEntry ? { initialEntry } : {}),
  });
}

describe('imperial units', { timeout: 20_000 }, () => {
  it('the activities list shows miles, paces per mile and yards', async () => {
    mockFetch((call) =>
      call.url.pathname === '/api/activities'
        ? json(200, {
            data: {
              items: [
                makeActivity({ name: 'Morning Ride' }),
                makeActivity({
                  name: 'Track Intervals',
                  sport: 'run',
                  distance_m: 8000,
                  avg_speed_mps: 8000 / 2400,
                }),
                makeActivity({ name: 'Pool', sport: 'swim', distance_m: 1500, avg_speed_mps: 100 / 105 }),
              ],
              page: 1,
              page_size: 20,
              total: 3,
            },
          })
        : json(404, { message: 'Not found', code: 'NOT_FOUND' }),
    );
    renderImperial(<ActivitiesPage />, '/activities');
    const ride = await screen.findByRole('link', { name: /Morning Ride/ });
    expect(within(ride).getByText('20.16 mi')).toBeVisible();
    const run = screen.getByRole('link', { name: /Track Intervals/ });
    expect(within(run).getByText('Pace').nextSibling).toHaveTextContent('8:03 /mi');
    expect(within(screen.getByRole('link', { name: /Pool/ })).getByText('1,640 yd')).toBeVisible();
    expect(screen.getByLabelText(/Min distance \(mi\)/i)).toBeInTheDocument();
  });

  it("an activity's page shows its distance, ascent and speed in miles, feet and mph", async () => {
    mockFetch((call) => {
      const path = call.url.pathname;
      if (path === '/api/v1/client-config') return json(200, { data: { map_tile_url: null } });
      if (path === '/api/activities/act-1/streams') return json(200, { data: makeStreams() });
      if (path === '/api/activities/act-1/analysis') return json(200, { data: makeAnalysis() });
      if (path === '/api/activities/act-1')
        return json(200, { data: makeDetail({ id: 'act-1', name: 'Saturday Ride' }) });
      return json(404, { message: 'Not found', code: 'NOT_FOUND' });
    });
    renderImperial(<ActivityDetailPage />, '/activities/:id', '/activities/act-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Saturday Ride' })).toBeVisible();
    const summary = screen.getByRole('region', { name: 'Summary' });
    for (const [label, value] of [
      ['Distance', '20.16 mi'],
      ['Ascent', '1024 ft'],
      ['Avg speed', '20.2 mph'],
    ] as const) {
      expect(within(summary).getByText(label).nextSibling).toHaveTextContent(value);
    }
  });

  it("a workout's dialog shows the distance done in miles and asks for miles", async () => {
    mockFetch(() => json(404, { message: 'Not found', code: 'NOT_FOUND' }));
    const done = makeWorkout({
      title: 'Long run',
      status: 'completed',
      actual_duration_minutes: 60,
      actual_distance_meters: 10_000,
    });
    renderImperial(<WorkoutDetailDialog workout={done} open onOpenChange={vi.fn()} onEdit={vi.fn()} />, '/');
    const dialog = await screen.findByRole('dialog', { name: 'Long run' });
    expect(within(dialog).getByText('6.21 mi')).toBeVisible();
  });

  it("a workout's text, as a generated plan writes it in km, shows miles and paces per mile beside them", async () => {
    mockFetch(() => json(404, { message: 'Not found', code: 'NOT_FOUND' }));
    const planned = makeWorkout({
      title: 'Long run',
      workout_language_text: 'Long run 100min @ 5:05-5:25/km, 10km @ 4:37/km',
    });
    renderImperial(
      <WorkoutDetailDialog workout={planned} open onOpenChange={vi.fn()} onEdit={vi.fn()} />,
      '/',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Long run' });
    expect(within(dialog).getByText(/10km \(6\.2 mi\) @ 4:37\/km \(7:26\/mi\)/)).toBeVisible();
  });

  it("a workout's text a plan wrote in miles for an imperial athlete is shown as written, no miles added", async () => {
    mockFetch(() => json(404, { message: 'Not found', code: 'NOT_FOUND' }));
    const text = 'Long run 100min @ 8:11-8:43/mi, 6mi @ 7:26/mi';
    const planned = makeWorkout({ title: 'Long run', workout_language_text: text });
    renderImperial(
      <WorkoutDetailDialog workout={planned} open onOpenChange={vi.fn()} onEdit={vi.fn()} />,
      '/',
    );
    const dialog = await screen.findByRole('dialog', { name: 'Long run' });
    expect(within(dialog).getByText(text)).toBeVisible();
    expect(within(dialog).queryByText(/\(\d+(\.\d+)? mi\)|\(\d+:\d{2}\/mi\)/)).toBeNull();
  });

  it("a Workout Bank template's text shows paces per mile beside its paces per km", async () => {
    mockFetch(() => json(404, { message: 'Not found', code: 'NOT_FOUND' }));
    const template = makeTemplate({
      name: 'Cruise intervals',
      workout_language_text: '4x 1km @ 4:10/km w/ 90s jog',
    });
    renderImperial(
      <TemplateDetailDialog
        template={template}
        open
        onOpenChange={vi.fn()}
        onOpenTemplate={vi.fn()}
        onAdded={vi.fn()}
      />,
      '/',
    );
    expect(await screen.findByText(/4x 1km \(0\.6 mi\) @ 4:10\/km \(6:42\/mi\)/)).toBeVisible();
  });

  it("the metrics' charts plot body weight in pounds and threshold pace per mile", () => {
    const points = [{ date: '2025-11-18', value: 70 }];
    expect(inUnits('weight', points, 'imperial')[0]?.value).toBe(154.3);
    expect(unitAfterValue('weight', 'imperial')).toBe('lb');
    expect(inUnits('thresholdPace', [{ date: '2025-11-18', value: 270 }], 'imperial')[0]?.value).toBe(435);
    expect(unitAfterValue('thresholdPace', 'imperial')).toBe('/mi');
    expect(unitAfterValue('thresholdPace', 'metric')).toBe('/km');
  });
});
