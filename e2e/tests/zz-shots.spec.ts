import { test } from '@playwright/test';
import { logIn } from './helpers.ts';

const widths = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1440, height: 900 },
];

for (const scheme of ['light', 'dark'] as const) {
  for (const size of widths) {
    test(`shots ${scheme} ${size.name}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto('/login');
      await logIn(page, 'demo@stamina.local', 'stamina-demo');
      const shot = (n: string) =>
        page.screenshot({ path: `/tmp/shots/${n}-${scheme}-${size.name}.png`, fullPage: true });
      await page.goto('/activities');
      await page.waitForTimeout(1500);
      await shot('activities');
      const first = page.getByRole('link').filter({ hasText: /Run|Ride|Swim|Activity/ }).first();
      await first.click();
      await page.waitForTimeout(2000);
      await shot('activity');
      const edit = page.getByRole('button', { name: 'Edit' }).first();
      if (await edit.isVisible()) {
        await edit.click();
        await page.waitForTimeout(600);
        await page.screenshot({ path: `/tmp/shots/activity-edit-${scheme}-${size.name}.png` });
        await page.keyboard.press('Escape');
      }
      await page.goto('/settings/metrics');
      await page.waitForTimeout(1500);
      await shot('metrics-zones');
      await page.goto('/settings/devices');
      await page.waitForTimeout(1500);
      await shot('devices');
    });
  }
}
