// Issue 28 §1 and issue 32 §2 as a new athlete meets them: the dashboard greets a first sign-in with "Welcome",
// shows readiness once with no stand-in number, marks the figures that rest on default thresholds with a link
// to set them, and, once three rides with power are recorded, offers an FTP estimate whose acceptance changes
// the FTP shown on the dashboard and in Settings (docs/zones.md, "Estimates from recordings").
import { expect, type Page, test } from '@playwright/test';
import { format } from 'date-fns';
import { signedUpAthlete, uniqueEmail } from './helpers.ts';

/**
 * A GPX ride on `day` (09:00 UTC): 25 minutes at 1 Hz, moving east at about 9 m/s, at `watts` after a
 * 2-minute warm-up at 150 W. Its best 20 minutes are `watts`.
 */
function gpxRide(day: Date, watts: number): Buffer {
  const start = Date.UTC(day.getFullYear(), day.getMonth(), day.getDate(), 9);
  const points: string[] = [];
  for (let s = 0; s < 25 * 60; s++) {
    const time = new Date(start + s * 1000).toISOString();
    const lon = (7 + s * 0.00012).toFixed(6);
    const power = s < 120 ? 150 : watts;
    points.push(
      `<trkpt lat="46.500000" lon="${lon}"><time>${time}</time><extensions><power>${power}</power></extensions></trkpt>`,
    );
  }
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="stamina-e2e" xmlns="http://www.topografix.com/GPX/1/1">` +
      `<trk><name>Test ride ${watts}</name><type>cycling</type><trkseg>${points.join('')}</trkseg></trk></gpx>`,
  );
}

async function newAthlete(page: Page): Promise<void> {
  const email = uniqueEmail('estimates');
  await signedUpAthlete(page, 'Esti Mate', email, 'best-twenty-minutes');
}

test('a new account: each figure once, estimates marked; accepting the FTP estimate changes the FTP', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await newAthlete(page);

  // First sign-in: "Welcome", not "Welcome back".
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Esti Mate' })).toBeVisible();
  // Readiness once, and no made-up number; recovery once (its widget); no "0/5" target without a plan.
  await expect(page.getByTestId('readiness-score')).toHaveCount(1);
  await expect(page.getByTestId('readiness-score')).toHaveText('—');
  await expect(page.getByRole('region', { name: 'Readiness', exact: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Recovery Status' })).toHaveCount(1);
  await expect(page.getByRole('region', { name: 'Key figures' }).getByText('Recovery')).toHaveCount(0);
  await expect(page.getByText('Training Readiness')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Start Workout' })).toHaveCount(0);
  await expect(page.getByText('No sessions planned this week')).toBeVisible();
  await expect(page.getByText('0/5')).toHaveCount(0);
  // Fitness rests on the default thresholds: marked, with a link to set them.
  const tiles = page.getByRole('region', { name: 'Key figures' });
  await expect(tiles.getByText('Estimate', { exact: true })).toBeVisible();
  await expect(tiles.getByRole('link', { name: 'Set thresholds' })).toHaveAttribute(
    'href',
    '/settings/metrics',
  );
  const card = page.getByRole('region', { name: 'Your thresholds' });
  await expect(card.getByText('FTP: 250 W')).toBeVisible();
  await expect(card.getByText('0 of 3 recordings needed for an estimate').first()).toBeVisible();

  // Three rides with power in the last days.
  await page.goto('/activities');
  await expect(page.getByRole('heading', { level: 1, name: 'Activities' })).toBeVisible();
  const files = [260, 280, 270].map((watts, i) => ({
    name: `ride-${watts}.gpx`,
    mimeType: 'application/gpx+xml',
    buffer: gpxRide(new Date(Date.now() - (i + 2) * 86_400_000), watts),
  }));
  await page.getByLabel('Upload activity files').setInputFiles(files);
  const uploads = page.getByRole('list', { name: 'Uploads' });
  await expect(uploads.getByText('Imported')).toHaveCount(3, { timeout: 60_000 });

  // The estimate: 95 % of the best 20-minute power (280 W) = 266 W, from that ride.
  await page.goto('/dashboard');
  await expect(card.getByText(/Your recordings say 266 W \(best of 3, on /)).toBeVisible();
  await expect(
    card.getByRole('link', { name: format(new Date(Date.now() - 3 * 86_400_000), 'MMM d, yyyy') }),
  ).toBeVisible();
  await card.getByRole('button', { name: 'Use 266 W' }).click();
  // The FTP is the athlete's now: the Fitness tile is no longer an estimate, and with nothing left to offer
  // or to warn about the dashboard's card steps aside.
  await expect(tiles.getByText('Estimate', { exact: true })).toHaveCount(0);
  await expect(card).toHaveCount(0);

  // Settings reads the same dated store: the FTP field and its card say 266 W.
  await page.goto('/settings/metrics');
  await expect(page.getByRole('region', { name: 'Your thresholds' }).getByText('FTP: 266 W')).toBeVisible();
  await page.getByRole('tab', { name: 'Cycling' }).click();
  await expect(page.getByLabel('FTP')).toHaveValue('266');
});
