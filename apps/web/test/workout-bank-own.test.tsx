// An athlete's own templates, the plain-language search and "Fit it to my day" (docs/workout-bank.md, "Web page"):
// Save as template from a workout, the Mine tab with Private / Shared and Edit, a described search showing what the
// server read, and a template fitted to the athlete's time and equipment.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WorkoutDetailDialog } from '../src/components/workouts/workout-detail-dialog.tsx';
import { WorkoutBankPage } from '../src/features/workout-bank/workout-bank-page.tsx';
import { type Call, json, makeWorkout, mockFetch, renderWithProviders } from './calendar-test-utils.tsx';
import { bankHandler, makeTemplate, searchAnswer } from './workout-bank-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const at = (all: Call[], method: string, path: string) =>
  all.filter((c) => c.method === method && c.url.pathname === `/api/v1/workout-bank${path}`);

describe('own templates', () => {
  it('saves a workout as a private template from the workout dialog', async () => {
    const workout = makeWorkout({
      title: 'Hill repeats',
      sport: 'run',
      workout_language_text: 'Warmup 15min easy\nMain 6x 2min hard uphill w/ 2min jog\nCooldown 10min easy',
    });
    const all = mockFetch(
      bankHandler({
        'POST /templates': (call) =>
          json(201, {
            data: makeTemplate({ ...(call.body as object), is_own: true, created_by_user: true }),
          }),
      }),
    );
    renderWithProviders(
      <WorkoutDetailDialog workout={workout} open onOpenChange={vi.fn()} onEdit={vi.fn()} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save as template' }));
    const form = await screen.findByRole('dialog', { name: 'Save as template' });
    expect(within(form).getByLabelText('Template name')).toHaveValue('Hill repeats');
    expect(within(form).getByLabelText('Discipline')).toHaveValue('run');
    expect(within(form).getByRole('radio', { name: /Private/ })).toBeChecked();
    await userEvent.selectOptions(within(form).getByLabelText('Difficulty'), '4');
    await userEvent.click(within(form).getByRole('button', { name: 'Save template' }));
    await waitFor(() => expect(at(all, 'POST', '/templates')).toHaveLength(1));
    expect(at(all, 'POST', '/templates')[0]?.body).toMatchObject({
      name: 'Hill repeats',
      discipline: 'run',
      difficulty_level: 4,
      is_public: false,
      workout_language_text: workout.workout_language_text,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Save as template' })).toBeNull());
  });

  it('lists own templates under Mine, marked Private or Shared, and shares one by editing it', async () => {
    const mine = makeTemplate({ name: 'My tempo', is_own: true, created_by_user: true, is_public: false });
    const others = makeTemplate({ name: 'Their tempo', created_by_user: true, is_public: true });
    const all = mockFetch(
      bankHandler({
        'GET /templates': (call) =>
          call.url.searchParams.get('created_by_user') === 'true'
            ? searchAnswer([mine, others])
            : searchAnswer([mine]),
        [`PUT /templates/${mine.id}`]: (call) => json(200, { data: { ...mine, ...(call.body as object) } }),
      }),
    );
    renderWithProviders(<WorkoutBankPage />);
    // Browse asks for the athlete's own templates too, so search finds a private one.
    await screen.findByRole('button', { name: /^My tempo/ });
    expect(at(all, 'GET', '/templates')[0]?.url.searchParams.get('include_own_templates')).toBe('true');
    await userEvent.click(screen.getByRole('tab', { name: 'Mine' }));
    const panel = screen.getByRole('tabpanel');
    expect(await within(panel).findByRole('button', { name: /^My tempo/ })).toBeVisible();
    expect(within(panel).queryByRole('button', { name: /^Their tempo/ })).toBeNull();
    expect(within(panel).getByText('Private')).toBeVisible();
    await userEvent.click(within(panel).getByRole('button', { name: 'Edit My tempo' }));
    const form = await screen.findByRole('dialog', { name: 'Edit template' });
    await userEvent.click(within(form).getByRole('radio', { name: /Shared/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(at(all, 'PUT', `/templates/${mine.id}`)).toHaveLength(1));
    expect(at(all, 'PUT', `/templates/${mine.id}`)[0]?.body).toMatchObject({
      name: 'My tempo',
      is_public: true,
    });
  });
});

describe('described search and fitting', () => {
  it('shows what a described search was read as, and its templates', async () => {
    const ride = makeTemplate({ name: 'Easy spin', discipline: 'bike' });
    const all = mockFetch(
      bankHandler({
        'POST /search/natural': () =>
          json(200, {
            data: {
              query: '45 min easy ride',
              filters: {
                disciplines: ['bike'],
                primary_targets: ['recovery'],
                duration_minutes: 45,
                min_duration_minutes: 34,
                max_duration_minutes: 56,
                text: '',
              },
              templates: [ride],
              total_count: 1,
              search_time_ms: 3,
            },
          }),
      }),
    );
    renderWithProviders(<WorkoutBankPage />);
    await userEvent.type(await screen.findByLabelText('Describe a session'), '45 min easy ride');
    await userEvent.click(screen.getByRole('button', { name: 'Find' }));
    const found = await screen.findByRole('region', { name: 'Described search' });
    expect(await within(found).findByText(/Bike · recovery · 34min to 56min/)).toBeVisible();
    expect(within(found).getByRole('button', { name: /^Easy spin/ })).toBeVisible();
    expect(at(all, 'POST', '/search/natural')[0]?.body).toEqual({ query: '45 min easy ride', limit: 12 });
  });

  it('fits a template to the minutes and equipment the athlete has, and shows what changed', async () => {
    const template = makeTemplate({
      name: '30/30s micro intervals',
      discipline: 'bike',
      estimated_duration_minutes: 60,
    });
    const all = mockFetch(
      bankHandler(
        {
          'GET /templates': () => searchAnswer([template]),
          [`POST /templates/${template.id}/suggestions`]: () =>
            json(200, {
              data: {
                template_id: template.id,
                scale_factor: 0.5,
                estimated_duration_minutes: 29,
                estimated_tss: 33,
                workout_language_text: 'Warmup 8min\nMain 2x (10x (30s @ 130% FTP, 30s @ 50% FTP))',
                changes: ['Shortened from 60 to 29 minutes to fit your 30'],
                missing_equipment: [],
                weather_ok: true,
              },
            }),
        },
        [template],
      ),
    );
    renderWithProviders(<WorkoutBankPage />);
    await userEvent.click(await screen.findByRole('button', { name: /^30\/30s micro intervals/ }));
    const dialog = await screen.findByRole('dialog', { name: '30/30s micro intervals' });
    await userEvent.type(within(dialog).getByLabelText('Minutes I have'), '30');
    await userEvent.type(within(dialog).getByLabelText('Equipment I have'), 'bike, indoor_trainer');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fit it' }));
    expect(await within(dialog).findByText('Shortened from 60 to 29 minutes to fit your 30')).toBeVisible();
    expect(within(dialog).getByText(/29min · TSS 33/)).toBeVisible();
    expect(at(all, 'POST', `/templates/${template.id}/suggestions`)[0]?.body).toEqual({
      available_time: 30,
      equipment_available: ['bike', 'indoor_trainer'],
    });
  });
});
