// The wellness form on any past day (docs/wellness.md): a logged day opens with its values, a changed value is
// saved and an emptied one cleared, a future day is refused, an entry is deleted after a confirm, and body
// weight is logged with the rest.
import type { WellnessDay } from '@stamina/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WellnessForm } from '../src/features/metrics/components/wellness-form.tsx';
import { json, mockFetch, renderWithProviders } from './calendar-test-utils.tsx';

const YESTERDAY: WellnessDay = {
  id: '00000000-0000-4000-8000-0000000000a1',
  date: '2025-11-17',
  hrv: null,
  hrv_sdnn: null,
  resting_hr: 50,
  sleep_hours: 7,
  sleep_quality: null,
  readiness: null,
  fatigue_level: null,
  soreness: null,
  mood: null,
  weight_kg: 70.5,
  vo2max: null,
  threshold_pace_seconds_per_km: null,
  ftp_watts: null,
  notes: 'Slept badly',
  recovery_score: null,
  created_at: '2025-11-17T07:00:00.000Z',
  updated_at: '2025-11-17T07:00:00.000Z',
};

function mockWellness() {
  return mockFetch((call) => {
    if (call.method === 'GET') {
      const day = call.url.searchParams.get('start_date');
      return json(200, { data: day === YESTERDAY.date ? [YESTERDAY] : [] });
    }
    if (call.method === 'POST') return json(200, { data: { ...YESTERDAY, ...(call.body as object) } });
    if (call.method === 'DELETE') return json(200, { data: { id: YESTERDAY.id, deleted: true } });
    return json(404, { message: 'Not found', code: 'NOT_FOUND' });
  });
}

const form = () => screen.getByRole('form', { name: /wellness/i });
const pickDay = (date: string) =>
  fireEvent.change(within(form()).getByLabelText('Day'), { target: { value: date } });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 10, 18, 10, 0, 0));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('wellness form, any past day', () => {
  it('fixes yesterday: opens with its values, saves a change and clears an emptied field', async () => {
    const calls = mockWellness();
    renderWithProviders(<WellnessForm />);
    expect(within(form()).getByLabelText('Day')).toHaveValue('2025-11-18');
    pickDay('2025-11-17');
    expect(await screen.findByRole('heading', { name: 'Wellness for Monday, November 17' })).toBeVisible();
    await waitFor(() => expect(within(form()).getByLabelText('Resting HR (bpm)')).toHaveValue(50));
    expect(within(form()).getByLabelText('Body weight (kg)')).toHaveValue(70.5);
    expect(within(form()).getByLabelText('Notes')).toHaveValue('Slept badly');

    await userEvent.clear(within(form()).getByLabelText('Sleep (h)'));
    await userEvent.type(within(form()).getByLabelText('Sleep (h)'), '8.5');
    await userEvent.clear(within(form()).getByLabelText('Resting HR (bpm)'));
    await userEvent.click(within(form()).getByRole('button', { name: 'Save wellness' }));

    expect(await screen.findByText('Wellness for November 17 saved')).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      date: '2025-11-17',
      resting_hr: null,
      sleep_hours: 8.5,
      weight_kg: 70.5,
      notes: 'Slept badly',
    });
  });

  it('refuses a future day and sends nothing', async () => {
    const calls = mockWellness();
    renderWithProviders(<WellnessForm />);
    expect(within(form()).getByLabelText('Day')).toHaveAttribute('max', '2025-11-18');
    pickDay('2025-11-19');
    await userEvent.type(within(form()).getByLabelText('Resting HR (bpm)'), '48');
    await userEvent.click(within(form()).getByRole('button', { name: /Save/ }));
    expect(await screen.findByText(/not a future one/)).toBeVisible();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('deletes a logged day after a confirm', async () => {
    const calls = mockWellness();
    renderWithProviders(<WellnessForm />);
    pickDay('2025-11-17');
    await userEvent.click(await within(form()).findByRole('button', { name: 'Delete entry' }));
    await userEvent.click(within(form()).getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('Wellness for November 17 deleted')).toBeVisible();
    const deleted = calls.find((c) => c.method === 'DELETE');
    expect(deleted?.url.pathname).toBe(`/api/metrics/${YESTERDAY.id}`);
  });

  it('logs body weight today with the other values', async () => {
    const calls = mockWellness();
    renderWithProviders(<WellnessForm />);
    expect(screen.getByRole('heading', { name: "Today's wellness" })).toBeVisible();
    await userEvent.type(within(form()).getByLabelText('Body weight (kg)'), '71.2');
    await userEvent.click(within(form()).getByRole('button', { name: "Save today's wellness" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ date: '2025-11-18', weight_kg: 71.2 }),
    );
  });
});
