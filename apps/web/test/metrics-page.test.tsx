import type { WellnessImportReport } from '@stamina/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MetricsPage } from '../src/features/metrics/metrics-page.tsx';
import { subscribeCelebrations } from '../src/lib/celebrate.ts';
import { stubLayout } from './analytics-fixtures.ts';
import { json, renderWithProviders } from './calendar-test-utils.tsx';

interface Call {
  method: string;
  url: URL;
  body: unknown;
}

const TYPES = ['hrv', 'resting_hr', 'sleep_hours', 'sleep_quality', 'vo2max', 'ftp', 'threshold_pace'];
const BASE: Record<string, number> = {
  hrv_sdnn: 60,
  vo2max: 40,
  resting_hr: 50,
  hrv: 40,
  ftp: 250,
  sleep_hours: 7,
  threshold_pace: 300,
};

/** `days` daily points ending 2025-11-18: base, base + 0.5, base + 1, … */
function history(type: string, days: number) {
  const points = Array.from({ length: days }, (_, i) => {
    const date = new Date(Date.UTC(2025, 10, 18 - (days - 1 - i))).toISOString().slice(0, 10);
    return { date, value: (BASE[type] ?? 10) + i * 0.5 };
  });
  return { type, unit: '', points };
}

function report(overrides: Partial<WellnessImportReport> = {}): WellnessImportReport {
  return {
    dry_run: true,
    rows_total: 3,
    rows_valid: 3,
    rows_updating: 1,
    imported: 0,
    columns: ['date', 'hrv', 'resting_hr'],
    ignored_columns: ['steps'],
    rejected: [],
    preview: [
      { date: '2025-11-01', hrv: 51, resting_hr: 47 },
      { date: '2025-11-02', hrv: 55, resting_hr: 46 },
      { date: '2025-11-03', hrv: 49, resting_hr: 48 },
    ],
    ...overrides,
  };
}

interface Options {
  empty?: boolean;
  /** The athlete imported Apple Health: HRV as SDNN, and no rMSSD HRV. */
  appleWatch?: boolean;
  failing?: string[];
  importReport?: (dryRun: boolean) => WellnessImportReport;
}

/** A routed fetch stub for the Metrics API that also records multipart uploads (the shared one reads JSON only). */
function mockMetricsApi({
  empty = false,
  appleWatch = false,
  failing = [],
  importReport = (dryRun) => report({ dry_run: dryRun }),
}: Options = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const body =
        init?.body instanceof FormData ? init.body : init?.body ? JSON.parse(String(init.body)) : undefined;
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body });
      if (url.pathname === '/api/v1/metrics/current') {
        const current = Object.fromEntries(
          TYPES.map((t) => [t, empty ? null : { value: 1, date: '2025-11-18' }]),
        );
        if (appleWatch) Object.assign(current, { hrv: null, hrv_sdnn: { value: 52, date: '2025-11-18' } });
        return json(200, { data: current });
      }
      if (url.pathname === '/api/v1/metrics/history') {
        const type = url.searchParams.get('type') ?? '';
        if (failing.includes(type)) return json(400, { message: 'Broken', code: 'BAD' });
        const days = Number(url.searchParams.get('days'));
        const none = empty || (appleWatch && type === 'hrv');
        return json(200, { data: none ? { type, unit: '', points: [] } : history(type, days) });
      }
      if (method === 'POST' && url.pathname === '/api/metrics') {
        return json(201, { data: { id: 'w1', ...(body as object) } });
      }
      if (method === 'POST' && url.pathname === '/api/metrics/import') {
        return json(200, { data: importReport(url.searchParams.get('dry_run') === 'true') });
      }
      return json(404, { message: 'Not found', code: 'NOT_FOUND' });
    }),
  );
  return calls;
}

const historyCalls = (calls: Call[]) =>
  calls
    .filter((c) => c.url.pathname === '/api/v1/metrics/history')
    .map((c) => `${c.url.searchParams.get('type')}:${c.url.searchParams.get('days')}`);
const card = (name: string) => screen.getByRole('region', { name: new RegExp(`^${name}`) });
/** The card's latest-value line, e.g. 'Latest: 65 bpm' (axis ticks may show the same number). */
const latestLine = (text: string) => (_: string, el: Element | null) =>
  el?.tagName === 'P' && el.textContent === `Latest: ${text}`;

function renderMetrics(entry = '/metrics') {
  return renderWithProviders(<MetricsPage />, { path: '/metrics', initialEntry: entry });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 10, 18, 10, 0, 0));
  stubLayout();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Charts render in jsdom at full size, and the first test also pays for loading the page's modules.
describe('Metrics page charts', { timeout: 20_000 }, () => {
  it('shows VO2 max, resting HR and HRV over 30 days by default, with the latest value and weekly change', async () => {
    const calls = mockMetricsApi();
    renderMetrics();
    expect(await screen.findByRole('heading', { level: 1, name: 'Metrics' })).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'VO2 Max' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Resting Heart Rate' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'HRV' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'FTP' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Sleep' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Threshold Pace' })).not.toBeChecked();
    // jsdom is narrower than a desktop: one column by default.
    expect(screen.getByRole('button', { name: 'Single' })).toHaveAttribute('aria-pressed', 'true');

    const vo2 = card('VO2 Max');
    // 30 points from 40 by 0.5: the latest is 54.5, seven points back 51.
    expect(await within(vo2).findByText(latestLine('54.5 ml/kg/min'))).toBeVisible();
    expect(within(vo2).getByText(/\+3\.5 ml\/kg\/min/)).toBeVisible();
    expect(within(vo2).getByRole('figure')).toHaveAccessibleName(/VO2 Max from Oct 20 to Nov 18/);
    expect(await within(card('Resting Heart Rate')).findByText(latestLine('65 bpm'))).toBeVisible();
    expect(within(card('Resting Heart Rate')).getByText('(worse)')).toBeInTheDocument();
    expect(await within(card('HRV')).findByText(/\+4 ms/)).toBeVisible();
    expect(historyCalls(calls).sort()).toEqual(['hrv:30', 'resting_hr:30', 'vo2max:30']);
    expect(screen.queryByText('Demo')).not.toBeInTheDocument();
  });

  it('adds and removes charts with the checkboxes, and says when none is chosen', async () => {
    const calls = mockMetricsApi();
    renderMetrics();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Threshold Pace' }));
    // Pace as m:ss per km: 300 s + 29 × 0.5 = 314.5 s → 5:15.
    expect(await within(card('Threshold Pace')).findByText(latestLine('5:15 /km'))).toBeVisible();
    expect(historyCalls(calls)).toContain('threshold_pace:30');

    for (const name of ['VO2 Max', 'Resting Heart Rate', 'HRV', 'Threshold Pace']) {
      await userEvent.click(screen.getByRole('checkbox', { name }));
    }
    expect(screen.getByText('No Metrics Selected')).toBeVisible();
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
  });

  it('asks for the chosen timeframe, and for enough days to reach a custom start', async () => {
    const calls = mockMetricsApi();
    renderMetrics();
    const timeframe = await screen.findByRole('combobox', { name: 'Timeframe' });
    await userEvent.selectOptions(timeframe, '90 days');
    await waitFor(() => expect(historyCalls(calls)).toContain('hrv:90'));
    await userEvent.selectOptions(timeframe, '6 months');
    await waitFor(() => expect(historyCalls(calls)).toContain('hrv:180'));

    await userEvent.selectOptions(timeframe, 'Custom range');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-10-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-10-31' } });
    // Oct 1 to Nov 18 is 49 days; the chart is clipped to October.
    await waitFor(() => expect(historyCalls(calls)).toContain('hrv:49'));
    expect(await within(card('HRV')).findByRole('figure')).toHaveAccessibleName(/from Oct 1 to Oct 31/);

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-11-05' } });
    expect(screen.getByText('The start date must be on or before the end date.')).toBeVisible();
  });

  it('says a metric failed to load, with Try Again, and never draws a sample in its place', async () => {
    mockMetricsApi({ failing: ['hrv'] });
    renderMetrics();
    const hrv = card('HRV');
    expect(await within(hrv).findByText('Failed to load data')).toBeVisible();
    expect(within(hrv).getByRole('alert')).toBeVisible();
    // The athlete has data: a sample would pass for theirs, so there is none, and no Demo marker.
    expect(within(hrv).queryByText(/Using sample data/)).not.toBeInTheDocument();
    expect(within(hrv).queryByText('Demo')).not.toBeInTheDocument();
    expect(within(hrv).queryByRole('figure')).not.toBeInTheDocument();
    expect(within(hrv).getByText(/Broken/)).toBeVisible();
    expect(within(hrv).getByRole('button', { name: 'Try Again' })).toBeEnabled();
    // The others are the athlete's own.
    expect(await within(card('VO2 Max')).findByText(latestLine('54.5 ml/kg/min'))).toBeVisible();
    expect(within(card('VO2 Max')).queryByText('Demo')).not.toBeInTheDocument();
  });

  it('keeps the sample, marked Demo, for an account with no metrics even when a history load fails', async () => {
    mockMetricsApi({ empty: true, failing: ['hrv'] });
    renderMetrics();
    const hrv = card('HRV');
    expect(await within(hrv).findByText('Failed to load data')).toBeVisible();
    expect(within(hrv).getByText(/Using sample data/)).toBeVisible();
    expect(within(hrv).getByText('Demo')).toBeVisible();
    expect(within(hrv).getByRole('figure')).toBeInTheDocument();
  });

  it('shows the sample, marked Demo, to an account with no metrics at all', async () => {
    mockMetricsApi({ empty: true });
    renderMetrics();
    expect(await screen.findByText(/You have not logged any metrics yet/)).toBeVisible();
    await waitFor(() => expect(screen.getAllByText('Demo')).toHaveLength(3));
    expect(within(card('VO2 Max')).getByRole('figure')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load data')).not.toBeInTheDocument();
  });
});

describe('Metrics page: HRV as SDNN (Apple Health)', { timeout: 20_000 }, () => {
  it('is not offered to an athlete without SDNN values, not even as a sample', async () => {
    const calls = mockMetricsApi({ empty: true });
    renderMetrics();
    await waitFor(() => expect(screen.getAllByText('Demo')).toHaveLength(3));
    expect(screen.getByRole('checkbox', { name: 'HRV' })).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'HRV (SDNN)' })).not.toBeInTheDocument();
    expect(historyCalls(calls).some((c) => c.startsWith('hrv_sdnn'))).toBe(false);
  });

  it('charts an Apple Watch wearer’s SDNN by default, saying it is not rMSSD and not in recovery', async () => {
    const calls = mockMetricsApi({ appleWatch: true });
    renderMetrics();
    const box = await screen.findByRole('checkbox', { name: 'HRV (SDNN)' });
    expect(box).toBeChecked();
    // Beside HRV in the list of metrics.
    const names = screen.getAllByRole('checkbox').map((c) => c.closest('label')?.textContent);
    expect(names.indexOf('HRV (SDNN)')).toBe(names.indexOf('HRV') + 1);

    const sdnn = screen.getByRole('region', { name: /^HRV \(SDNN\)/ });
    // 30 points from 60 by 0.5: the latest is 3.5 ms above the one seven points back, shown whole.
    expect(await within(sdnn).findByText(/\+4 ms/)).toBeVisible();
    expect(within(sdnn).getByRole('figure')).toHaveAccessibleName(/HRV \(SDNN\) from Oct 20 to Nov 18/);
    expect(within(sdnn).getByText(/SDNN is the HRV Apple Watch measures/)).toBeVisible();
    expect(within(sdnn).getByText(/cannot be compared.*not used in your recovery score/)).toBeVisible();
    expect(within(sdnn).queryByText('Demo')).not.toBeInTheDocument();
    expect(historyCalls(calls)).toContain('hrv_sdnn:30');

    // The empty rMSSD chart points to the SDNN one.
    const hrv = screen.getByRole('region', { name: /^HRV$/ });
    expect(await within(hrv).findByText('No HRV data in this period')).toBeVisible();
    expect(within(hrv).getByText(/Apple Watch measures HRV as SDNN, shown in its own chart/)).toBeVisible();

    await userEvent.click(box);
    expect(screen.queryByRole('region', { name: /^HRV \(SDNN\)/ })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'HRV (SDNN)' })).not.toBeChecked();
  });
});

describe("Metrics page: today's wellness", { timeout: 20_000 }, () => {
  it('checks the ranges beside the fields, then posts today with only the fields filled', async () => {
    const calls = mockMetricsApi();
    const celebrated = vi.fn();
    const unsubscribe = subscribeCelebrations(celebrated);
    renderMetrics();
    const hrv = await screen.findByLabelText('HRV (ms)');
    await userEvent.type(hrv, '400');
    await userEvent.type(screen.getByLabelText('Readiness (1-5)'), '2.5');
    await userEvent.click(screen.getByRole('button', { name: "Save today's wellness" }));
    expect(screen.getByText('HRV must be between 5 and 300 ms')).toBeVisible();
    expect(hrv).toHaveAttribute('aria-invalid', 'true');
    expect(hrv).toHaveFocus();
    expect(screen.getByText('Readiness must be a whole number')).toBeVisible();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.clear(hrv);
    await userEvent.type(hrv, '62');
    await userEvent.clear(screen.getByLabelText('Readiness (1-5)'));
    await userEvent.type(screen.getByLabelText('Readiness (1-5)'), '4');
    await userEvent.type(screen.getByLabelText('Sleep (h)'), '7.5');
    await userEvent.type(screen.getByLabelText('Notes'), 'Felt fresh');
    await userEvent.click(screen.getByRole('button', { name: "Save today's wellness" }));

    // In the document, not "visible": under load the toast may already be leaving (sonner fades it) when checked.
    expect(await screen.findByText("Today's wellness saved")).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/metrics');
    expect(post?.body).toEqual({
      date: '2025-11-18',
      hrv: 62,
      sleep_hours: 7.5,
      readiness: 4,
      notes: 'Felt fresh',
    });
    expect(celebrated).toHaveBeenCalledWith({ type: 'metric-logged', metric: 'HRV', value: '62 ms' });
    // The charts refetch after the write.
    await waitFor(() => expect(historyCalls(calls).filter((c) => c === 'hrv:30')).toHaveLength(2));
    unsubscribe();
  });

  it('asks for a value rather than posting an empty day', async () => {
    const calls = mockMetricsApi();
    renderMetrics();
    await userEvent.click(await screen.findByRole('button', { name: "Save today's wellness" }));
    expect(screen.getByText('Enter at least one value to log today.')).toBeVisible();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('focuses the form when opened at /metrics?log=today', async () => {
    mockMetricsApi();
    renderMetrics('/metrics?log=today');
    await waitFor(() => expect(screen.getByLabelText('HRV (ms)')).toHaveFocus());
  });
});

describe('Metrics page: CSV import', () => {
  const csv = () =>
    new File(['date,hrv,resting_hr,steps\n2025-11-01,51,47,9000\n'], 'wellness.csv', { type: 'text/csv' });

  it('checks the file with a dry run, shows what would land, then imports it', async () => {
    const calls = mockMetricsApi({
      importReport: (dryRun) => report({ dry_run: dryRun, imported: dryRun ? 0 : 3 }),
    });
    renderMetrics();
    await userEvent.upload(await screen.findByLabelText('CSV file'), csv());

    const check = await screen.findByRole('region', { name: 'Check of wellness.csv' });
    expect(within(check).getByText('3 rows')).toBeVisible();
    expect(within(check).getByText('3 valid')).toBeVisible();
    expect(within(check).getByText('1 update existing days')).toBeVisible();
    expect(within(check).getByText('0 rejected')).toBeVisible();
    expect(within(check).getByText('Ignored columns: steps')).toBeVisible();
    const preview = within(check).getByRole('table', { name: /First 3 of 3 valid rows/ });
    expect(
      within(preview)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['date', 'hrv', 'resting_hr']);
    expect(within(preview).getByText('2025-11-02')).toBeVisible();
    const dryRun = calls.find((c) => c.url.pathname === '/api/metrics/import');
    expect(dryRun?.url.searchParams.get('dry_run')).toBe('true');
    expect((dryRun?.body as FormData | undefined)?.get('file')).toBeInstanceOf(File);

    await userEvent.click(within(check).getByRole('button', { name: 'Import 3 rows' }));
    expect(await screen.findByText(/Imported 3 days \(1 updated existing days\)/)).toBeVisible();
    const real = calls.filter((c) => c.url.pathname === '/api/metrics/import').at(-1);
    expect(real?.url.searchParams.get('dry_run')).toBe('false');
  });

  it('lists rejected rows with their line and does not offer to import a partial file', async () => {
    mockMetricsApi({
      importReport: () =>
        report({ rows_valid: 2, rejected: [{ line: 3, reason: 'hrv must be between 5 and 300 ms' }] }),
    });
    renderMetrics();
    await userEvent.upload(await screen.findByLabelText('CSV file'), csv());
    const check = await screen.findByRole('region', { name: 'Check of wellness.csv' });
    expect(
      within(check).getByText(/1 row is rejected\. The file is imported whole or not at all/),
    ).toBeVisible();
    const rejected = within(check).getByRole('table', { name: 'Rejected rows' });
    expect(within(rejected).getByRole('row', { name: '3 hrv must be between 5 and 300 ms' })).toBeVisible();
    expect(within(check).getByRole('button', { name: 'Import 2 rows' })).toBeDisabled();
  });

  it('refuses a file over 5 MB before uploading it', async () => {
    const calls = mockMetricsApi();
    renderMetrics();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.csv', { type: 'text/csv' });
    await userEvent.upload(await screen.findByLabelText('CSV file'), big);
    expect(
      await screen.findByText('big.csv is larger than 5 MB. Split it into smaller files.'),
    ).toBeVisible();
    expect(calls.some((c) => c.url.pathname === '/api/metrics/import')).toBe(false);
  });
});
