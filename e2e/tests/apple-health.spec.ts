// Apple Health end to end (docs/devices.md, "Apple Health"): a new athlete uploads an export.zip on the Devices
// settings page, sees the import's summary, finds the imported workouts in the activity list, and the HRV as
// SDNN on the Metrics page, charted apart from rMSSD HRV. The export is built here with the server tests'
// builder (apps/server/test/apple-health-export.ts), dated the last two days so the 30-day charts hold it.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import {
  exportXml,
  exportZip,
  recordXml,
  routeGpx,
  workoutXml,
} from '../../apps/server/test/apple-health-export.ts';
import { signedUpAthlete, uniqueEmail } from './helpers.ts';

/** Apple's date format, in UTC: '2026-01-10 07:00:00 +0000'. */
const appleDate = (ms: number) => `${new Date(ms).toISOString().slice(0, 19).replace('T', ' ')} +0000`;
/** 07:00 UTC `days` days ago. */
const morning = (days: number) => {
  const today = new Date();
  return Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - days, 7);
};

function appleWatchExport(): Buffer {
  const SDNN = 'HKQuantityTypeIdentifierHeartRateVariabilitySDNN';
  const run = morning(1);
  const lift = morning(2) + 11 * 3_600_000;
  const xml = exportXml([
    recordXml({ type: SDNN, value: 41, unit: 'ms', start: appleDate(morning(2) - 30 * 60_000) }),
    // Two readings in a day: the day keeps their mean, 47 ms.
    recordXml({ type: SDNN, value: 44, unit: 'ms', start: appleDate(run - 30 * 60_000) }),
    recordXml({ type: SDNN, value: 50, unit: 'ms', start: appleDate(run + 12 * 3_600_000) }),
    recordXml({
      type: 'HKQuantityTypeIdentifierRestingHeartRate',
      value: 49,
      unit: 'count/min',
      start: appleDate(run + 3_600_000),
    }),
    workoutXml({
      type: 'Running',
      start: appleDate(run),
      end: appleDate(run + 10 * 60_000),
      durationMinutes: 10,
      distanceKm: 1.9,
      avgHr: 150,
      statistics: true,
      route: 'route_run.gpx',
    }),
    workoutXml({
      type: 'TraditionalStrengthTraining',
      start: appleDate(lift),
      end: appleDate(lift + 45 * 60_000),
      durationMinutes: 45,
      energyKcal: 250,
    }),
  ]);
  return exportZip(xml, { 'route_run.gpx': routeGpx(run, 61) });
}

test('upload an Apple Health export, see its workouts and the HRV (SDNN) chart', async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('apple');
  await signedUpAthlete(page, 'Ada Apple', email, 'apple-health-export');

  // Before any import the Metrics page offers no SDNN chart.
  await page.goto('/metrics');
  await expect(page.getByRole('checkbox', { name: 'HRV', exact: true })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'HRV (SDNN)' })).toHaveCount(0);

  await page.goto('/settings/devices');
  const card = page.getByRole('region', { name: 'Apple Health' });
  await card.getByLabel('Upload export.zip').setInputFiles({
    name: 'export.zip',
    mimeType: 'application/zip',
    buffer: appleWatchExport(),
  });
  await expect(
    page.getByText(
      '2 workouts imported; HRV (SDNN) on 2 days, resting heart rate on 1 days, sleep on 0 nights',
    ),
  ).toBeVisible({ timeout: 30_000 });

  await page.goto('/activities');
  await expect(page.getByRole('heading', { level: 1, name: 'Activities' })).toBeVisible();
  await expect(page.getByText('2 activities')).toBeVisible();
  const rows = page.getByRole('listitem').filter({ has: page.getByRole('link') });
  await expect(rows.filter({ hasText: /Run ·/ })).toHaveCount(1);
  await expect(rows.filter({ hasText: /Run ·/ })).toContainText('150 bpm');
  await expect(rows.filter({ hasText: /Strength ·/ })).toHaveCount(1);

  await page.goto('/metrics');
  await expect(page.getByRole('checkbox', { name: 'HRV (SDNN)' })).toBeChecked();
  const sdnn = page.getByRole('region', { name: /^HRV \(SDNN\)/ });
  await expect(sdnn.locator('p').filter({ hasText: /^Latest: 47 ms$/ })).toBeVisible();
  await expect(sdnn.getByRole('figure')).toHaveAccessibleName(/HRV \(SDNN\) from .*lowest 41, highest 47 ms/);
  await expect(sdnn.getByText(/SDNN is the HRV Apple Watch measures/)).toBeVisible();
  // The rMSSD chart stays empty and says where the watch's HRV went.
  const hrv = page.getByRole('region', { name: /^HRV$/ });
  await expect(hrv.getByText('No HRV data in this period')).toBeVisible();
  await expect(hrv.getByText(/Apple Watch measures HRV as SDNN/)).toBeVisible();

  // The page with the SDNN card, its note and the pointing empty HRV card passes axe in both themes (the
  // demo athlete of accessibility.spec.ts has no SDNN values).
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.reload();
    await expect(sdnn.getByRole('figure')).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
      [],
    );
  }
});
