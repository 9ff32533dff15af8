// Settings → Metrics & Zones: defaults marked, the heart-rate method named, pace typed as 7:30 and stored per
// km, a save that sends the changed sports, the zone tables and the toggles, and lists the re-labelled workouts;
// a table the server refuses shows its message.
import type { AthleteZones, RelabelledWorkout, SportMetrics, ZoneTable } from '@stamina/contract';
import { cogganPowerLevels, paceZoneTable, powerZoneTable } from '@stamina/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paceFromUnit, paceToUnit, parseClock } from '../src/features/settings/metrics-form.ts';
import { MetricsSettings } from '../src/features/settings/metrics-settings.tsx';
import { type Call, json, mockFetch, renderWithProviders } from './calendar-test-utils.tsx';
import { profile } from './dashboard-fixtures.ts';

const empty = <T extends Record<string, null>>(values: T) => ({ effective_from: null, values });
const metrics: SportMetrics = {
  running: empty({ threshold_pace_seconds_per_km: null, max_hr: null, resting_hr: null, lthr: null }),
  cycling: empty({ ftp_watts: null, max_hr: null, resting_hr: null, lthr: null, max_power_watts: null }),
  swimming: empty({ css_seconds_per_100m: null, threshold_100_seconds: null, max_hr: null }),
  triathlon: empty({
    run_threshold_pace_seconds_per_km: null,
    ftp_watts: null,
    css_seconds_per_100m: null,
    run_max_hr: null,
    bike_max_hr: null,
    swim_max_hr: null,
  }),
  history: [],
  defaults: { ftp_watts: 250, threshold_pace_seconds_per_km: 300, css_seconds_per_100m: 105, max_hr: 190 },
};

const table = (sport: ZoneTable['sport'], kind: ZoneTable['kind'], zones: ZoneTable['zones']): ZoneTable => ({
  sport,
  kind,
  unit:
    kind === 'power' ? 'watts' : kind === 'hr' ? 'bpm' : sport === 'swimming' ? 'sec_per_100m' : 'sec_per_km',
  auto_calculate: true,
  method:
    kind === 'power' ? 'coggan' : kind === 'hr' ? 'max_hr' : sport === 'swimming' ? 'css' : 'threshold_pace',
  from_defaults: true,
  zones,
});
const hr = [95, 114, 133, 152, 171].map((min, i) => ({ zone: i + 1, min, max: min + 18 }));
const zones: AthleteZones = {
  tables: [
    table('running', 'hr', hr),
    table('running', 'pace', paceZoneTable(300)),
    { ...table('cycling', 'power', powerZoneTable(250)), levels: cogganPowerLevels(250) },
    table('cycling', 'hr', hr),
    table('swimming', 'pace', paceZoneTable(105)),
    table('swimming', 'hr', hr),
  ],
};

function mockApi(options: { zonesError?: string; zonesRelabel?: RelabelledWorkout[] } = {}) {
  return mockFetch(({ method, url, body }: Call) => {
    if (url.pathname === '/api/athletes/me')
      return json(200, { data: { ...profile(), ...(method === 'PUT' ? (body as object) : {}) } });
    if (url.pathname === '/api/athletes/me/sport-metrics') {
      if (method === 'GET') return json(200, { data: metrics });
      const sport = (body as { sport: string }).sport;
      return json(200, {
        data: {
          ...metrics,
          relabelled_workouts:
            sport === 'running'
              ? [{ id: 'w1', title: 'Tempo run', workout_date: '2026-11-28', from_zone: 5, to_zone: 3 }]
              : [],
        },
      });
    }
    if (url.pathname === '/api/athletes/me/zones') {
      if (method === 'PUT' && options.zonesError)
        return json(400, { message: options.zonesError, code: 'VALIDATION_FAILED' });
      if (method === 'PUT')
        return json(200, { data: { ...zones, relabelled_workouts: options.zonesRelabel ?? [] } });
      return json(200, { data: zones });
    }
    return json(404, { message: 'Not found', code: 'NOT_FOUND' });
  });
}

const renderPage = () => renderWithProviders(<MetricsSettings />, { path: '/settings/metrics' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Metrics & Zones settings', () => {
  it('shows the toggles, the tabs, the defaults marked and how heart-rate zones are set', async () => {
    mockApi();
    renderPage();
    expect(await screen.findByRole('switch', { name: 'Fatigue / Mood' })).toBeChecked();
    for (const name of ['Heart Rate', 'Pace', 'Power', 'HRV', 'Sleep', 'RPE'])
      expect(screen.getByRole('switch', { name })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Auto-calculate zones' })).toBeChecked();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Running',
      'Cycling',
      'Swimming',
      'Triathlon',
    ]);
    expect(screen.getByLabelText(/Threshold Pace/)).toHaveAccessibleDescription(
      /Default 5:00 min\/km is used/,
    );
    expect(screen.getByText(/add a resting HR for Karvonen zones/)).toBeInTheDocument();
    expect(screen.getAllByText('From defaults').length).toBe(2);
    // Auto-calculate on: the zone inputs cannot be edited.
    expect(screen.getByLabelText('running Heart Rate Zones: zone 3 min')).toBeDisabled();
    await userEvent.click(screen.getByRole('tab', { name: 'Cycling' }));
    expect(screen.getByLabelText('cycling Power Zones: zone 4 min')).toHaveValue(219);
    // The app's five zones say what they are, and Coggan's seven levels stand beside them by name.
    expect(screen.getByText(/The app's 5 power zones from your FTP/)).toBeInTheDocument();
    const levels = screen.getByRole('region', { name: "Coggan's 7 power levels" });
    expect(within(levels).getAllByRole('row')).toHaveLength(8);
    expect(within(levels).getByRole('row', { name: /Active Recovery/ })).toHaveTextContent('0–138');
    expect(within(levels).getByRole('row', { name: /Lactate Threshold/ })).toHaveTextContent('227–263');
    expect(within(levels).getByRole('row', { name: /Neuromuscular/ })).toHaveTextContent('377+');
  });

  it('saves pace as seconds per km, only the sports changed, the zones and the toggles, and lists re-labels', async () => {
    const calls = mockApi();
    renderPage();
    await userEvent.type(await screen.findByLabelText(/Threshold Pace/), '4:10');
    await userEvent.click(screen.getByRole('tab', { name: 'Cycling' }));
    await userEvent.type(screen.getByLabelText(/^FTP/), '300');
    await userEvent.click(screen.getByRole('switch', { name: 'HRV' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Metrics & Zones' }));

    const alert = await screen.findByText('1 planned workout was re-labelled:');
    expect(within(alert.parentElement!).getByText(/Tempo run, Z5 → Z3/)).toBeInTheDocument();
    // The workout's day in words, never as YYYY-MM-DD.
    expect(alert.parentElement).not.toHaveTextContent(/\d{4}-\d{2}-\d{2}/);
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => c.url.pathname)).toEqual([
      '/api/athletes/me',
      '/api/athletes/me/sport-metrics',
      '/api/athletes/me/sport-metrics',
      '/api/athletes/me/zones',
    ]);
    expect(puts[0]!.body).toEqual({ tracked_metrics: expect.objectContaining({ hrv: false, rpe: true }) });
    expect(puts[1]!.body).toMatchObject({
      sport: 'running',
      values: { threshold_pace_seconds_per_km: 250, max_hr: null },
    });
    expect(puts[2]!.body).toMatchObject({ sport: 'cycling', values: { ftp_watts: 300 } });
    expect(
      (puts[3]!.body as { tables: { auto_calculate: boolean }[] }).tables.every((t) => t.auto_calculate),
    ).toBe(true);
  });

  it('sends edited tables with auto-calculate off, and shows why the server refused one', async () => {
    const calls = mockApi({ zonesError: 'running heart rate zones: Zone 3 overlaps zone 2' });
    renderPage();
    await userEvent.click(await screen.findByRole('switch', { name: 'Auto-calculate zones' }));
    const min = screen.getByLabelText('running Heart Rate Zones: zone 3 min');
    expect(min).toBeEnabled();
    await userEvent.clear(min);
    await userEvent.type(min, '120');
    await userEvent.click(screen.getByRole('button', { name: 'Save Metrics & Zones' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'running heart rate zones: Zone 3 overlaps zone 2',
    );
    const sent = calls.find((c) => c.method === 'PUT' && c.url.pathname === '/api/athletes/me/zones')!
      .body as {
      tables: { sport: string; kind: string; auto_calculate: boolean; zones: { min: number }[] }[];
    };
    expect(sent.tables[0]).toMatchObject({ sport: 'running', kind: 'hr', auto_calculate: false });
    expect(sent.tables[0]!.zones[2]!.min).toBe(120);
  });

  it('lists the workouts the edited zones re-labelled, once each, from the first zone to the last', async () => {
    mockApi({
      zonesRelabel: [
        { id: 'w1', title: 'Tempo run', workout_date: '2026-11-28', from_zone: 3, to_zone: 2 },
        { id: 'w2', title: 'Steady run', workout_date: '2026-11-29', from_zone: 3, to_zone: 4 },
      ],
    });
    renderPage();
    await userEvent.type(await screen.findByLabelText(/Threshold Pace/), '4:10');
    await userEvent.click(screen.getByRole('button', { name: 'Save Metrics & Zones' }));
    const alert = await screen.findByText('2 planned workouts were re-labelled:');
    const list = within(alert.parentElement!);
    expect(list.getByText(/Tempo run, Z5 → Z2/)).toBeInTheDocument();
    expect(list.getByText(/Steady run, Z3 → Z4/)).toBeInTheDocument();
  });

  it('refuses a pace that is not a time before sending anything', async () => {
    const calls = mockApi();
    renderPage();
    await userEvent.type(await screen.findByLabelText(/Threshold Pace/), 'fast');
    await userEvent.click(screen.getByRole('button', { name: 'Save Metrics & Zones' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Threshold pace: enter a time such as 7:30 (min/km)',
    );
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });
});

describe('pace text', () => {
  it('reads 7:30 as 450 s, and converts per mile and back to the same second per km', () => {
    expect(parseClock('7:30')).toBe(450);
    expect(parseClock('7.05')).toBe(425);
    expect(parseClock('8')).toBe(480);
    expect(parseClock('7:75')).toBeNull();
    expect(parseClock('abc')).toBeNull();
    for (const perKm of [150, 250, 300, 451, 900])
      expect(paceFromUnit(Math.round(paceToUnit(perKm, 'imperial')), 'imperial')).toBe(perKm);
  });
});
