// The testing dashboard (/test, docs/testing-dashboard.md), opened from Settings → Developer tools: a new athlete
// sees their token's header and payload without its signature, the health of each API area, and a request of
// theirs in the recent logs and the live stream, which the browser opens with the token in its query.
import { expect, test } from '@playwright/test';
import { signedUpAthlete, uniqueEmail } from './helpers.ts';

test('an athlete sees their token, the health, and their own request in the recent logs and the live stream', async ({
  page,
}) => {
  const email = uniqueEmail('tess');
  await signedUpAthlete(page, 'Tess Tester', email, 'interval-set-8');

  // Reached from Settings → Developer tools, not only by typing its address.
  await page.goto('/settings');
  const tools = page.getByRole('region', { name: 'Developer tools' });
  await tools.getByRole('link', { name: /Testing Dashboard/ }).click();
  await expect(page).toHaveURL(/\/test$/);
  await expect(page.getByRole('heading', { name: 'Testing Dashboard', level: 1 })).toBeVisible();
  const token = await page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('stamina.session') ?? '{}') as { access_token: string }).access_token,
  );
  const [, , signature] = token.split('.');

  // Token debug: header and payload, never the signature.
  const debug = page.locator('section', { has: page.getByRole('heading', { name: 'Token debug' }) });
  await expect(debug.getByText('"alg": "HS256"')).toBeVisible();
  await expect(debug.getByText(`"email": "${email.toLowerCase()}"`)).toBeVisible();
  await expect(debug.getByText(/Valid: signed in as/)).toBeVisible();
  expect(await page.content()).not.toContain(signature);

  // Health for each API area.
  const areas = page.getByRole('list', { name: 'API areas' });
  await expect(areas.getByRole('listitem')).toHaveCount(5);
  await expect(areas.getByRole('listitem').filter({ hasText: 'Database' })).toContainText('OK');

  // The live stream, opened with the token in its query.
  const streamRequest = page.waitForRequest((r) => r.url().includes('/api/v1/logs/stream?token='));
  await page.getByRole('button', { name: 'Connect' }).click();
  expect((await streamRequest).url()).toContain(`token=${encodeURIComponent(token)}`);
  const stream = page.locator('section', { has: page.getByRole('heading', { name: 'Live log stream' }) });
  await expect(stream.getByText('Live', { exact: true })).toBeVisible();

  // A request of the athlete's, made as the app makes them.
  const requestId = await page.evaluate(async (accessToken) => {
    const res = await fetch('/api/athletes/me', { headers: { authorization: `Bearer ${accessToken}` } });
    return res.headers.get('x-request-id') ?? '';
  }, token);
  expect(requestId).not.toBe('');

  const live = stream
    .getByRole('list', { name: 'Live requests' })
    .getByRole('listitem')
    .filter({ hasText: requestId });
  await expect(live).toContainText('GET');
  await expect(live).toContainText('/api/athletes/me');
  await expect(live).toContainText('Status 200');

  const recent = page.locator('section', { has: page.getByRole('heading', { name: 'Recent logs' }) });
  await recent.getByRole('button', { name: 'Refresh' }).click();
  const listed = recent
    .getByRole('list', { name: 'Recent requests' })
    .getByRole('listitem')
    .filter({ hasText: requestId });
  await expect(listed).toContainText('/api/athletes/me');
  await recent.getByRole('button', { name: 'Last 50 requests' }).click();
  await expect(recent.getByRole('button', { name: 'Last 50 requests' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(listed).toBeVisible();

  await stream.getByRole('button', { name: 'Disconnect' }).click();
  await expect(stream.getByText('Not connected')).toBeVisible();
});
