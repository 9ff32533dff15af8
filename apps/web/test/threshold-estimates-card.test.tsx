// The thresholds card (docs/zones.md, "Estimates from recordings"): an estimate from recordings is offered with
// the recording it comes from, and one click stores it and shows the new FTP.

import type { ThresholdEstimates } from '@stamina/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThresholdEstimatesCard } from '../src/components/thresholds/estimates-card.tsx';
import { writeSession } from '../src/lib/session-store.ts';
import { json, mockFetch, renderWithProviders } from './calendar-test-utils.tsx';
import { signIn } from './dashboard-fixtures.ts';

afterEach(() => {
  writeSession(null);
  vi.unstubAllGlobals();
});

const ftp = (current: number, source: 'athlete' | 'default'): ThresholdEstimates['thresholds'][number] => ({
  key: 'ftp_watts',
  sport: 'cycling',
  current,
  threshold_source: source,
  estimated: source === 'default',
  estimate: { value: 276, activity_id: 'ride-1', date: '2026-06-10', effort: 290, recordings: 3 },
  recordings: 3,
  needed: 3,
});

describe('ThresholdEstimatesCard', () => {
  it('offers the FTP estimate and, accepted, shows the new FTP as the athlete’s', async () => {
    signIn();
    let accepted = false;
    const calls = mockFetch((call) => {
      if (call.url.pathname === '/api/athletes/me/threshold-estimates/accept') {
        accepted = true;
        return json(200, { data: {} });
      }
      if (call.url.pathname === '/api/athletes/me/threshold-estimates')
        return json(200, {
          data: {
            estimated: !accepted,
            thresholds: [accepted ? ftp(276, 'athlete') : ftp(250, 'default')],
          },
        });
      return json(404, { message: 'Not found', code: 'NOT_FOUND' });
    });
    renderWithProviders(<ThresholdEstimatesCard always />);

    const card = await screen.findByRole('region', { name: 'Your thresholds' });
    expect(within(card).getByText('FTP: 250 W')).toBeVisible();
    expect(within(card).getByText('(default)')).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Jun 10, 2026' })).toHaveAttribute(
      'href',
      '/activities/ride-1',
    );
    await userEvent.click(within(card).getByRole('button', { name: 'Use 276 W' }));

    expect(await within(card).findByText('FTP: 276 W')).toBeVisible();
    expect(within(card).queryByText('(default)')).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Use/ })).not.toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ key: 'ftp_watts' });
  });

  it('offers run and bike LTHR apart, and accepting the bike one names cycling', async () => {
    signIn();
    const lthr = (sport: 'running' | 'cycling', value: number): ThresholdEstimates['thresholds'][number] => ({
      key: 'lthr',
      sport,
      current: null,
      threshold_source: 'default',
      estimated: true,
      estimate: { value, activity_id: `${sport}-1`, date: '2026-06-10', effort: value, recordings: 3 },
      recordings: 3,
      needed: 3,
    });
    const calls = mockFetch((call) => {
      if (call.url.pathname === '/api/athletes/me/threshold-estimates/accept') return json(200, { data: {} });
      if (call.url.pathname === '/api/athletes/me/threshold-estimates')
        return json(200, {
          data: { estimated: true, thresholds: [lthr('running', 171), lthr('cycling', 163)] },
        });
      return json(404, { message: 'Not found', code: 'NOT_FOUND' });
    });
    renderWithProviders(<ThresholdEstimatesCard always />);
    const card = await screen.findByRole('region', { name: 'Your thresholds' });
    expect(within(card).getByText('Threshold heart rate (run): not set')).toBeVisible();
    expect(within(card).getByText('Threshold heart rate (bike): not set')).toBeVisible();
    await userEvent.click(within(card).getByRole('button', { name: 'Use 163 bpm' }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ key: 'lthr', sport: 'cycling' }),
    );
  });
});
