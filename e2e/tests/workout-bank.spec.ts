// The Workout Bank flows (docs/workout-bank.md, "Web page"): search the library for "threshold", open a template,
// put it on the calendar on a chosen day and find it there, save that workout as a template of one's own and find
// it with the search; the add-workout dialog's Browse Templates picker,
// which adds the chosen template on the dialog's day; Browse opening on the library and Popular listing a template
// the test itself viewed. Each test signs up its own athlete and depends on no other.
import { expect, type Page, test } from '@playwright/test';
import { addDays, format, startOfWeek } from 'date-fns';
import { signedUpAthlete, uniqueEmail } from './helpers.ts';

async function signedIn(page: Page): Promise<void> {
  const email = uniqueEmail('bank');
  await signedUpAthlete(page, 'Bank Browser', email, 'threshold-2x20-bank');
}

const day = (page: Page, date: Date) =>
  page.getByRole('region', { name: new RegExp(`^${format(date, 'EEEE, MMMM d')}`) });

test('search "threshold", open a template and add it to the calendar on a day', async ({ page }) => {
  await signedIn(page);
  const thursday = addDays(startOfWeek(new Date(), { weekStartsOn: 1 }), 3);

  // From the navigation drawer.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Workout Bank' }).click();
  await expect(page).toHaveURL(/\/workout-bank$/);
  await expect(page.getByRole('heading', { name: 'Workout Bank', level: 1 })).toBeVisible();

  // The library (by name) shows first: wait for the search's own answer before reading the first card.
  const searched = page.waitForResponse((r) => r.url().includes('search_query=threshold'));
  await page.getByPlaceholder('Search workouts...').fill('threshold');
  const total = (await (await searched).json()).data.total_count;
  await expect(page.getByText(`Found ${total} workouts`)).toBeVisible();
  await expect(page.getByText(/^\((<1|\d+)ms\)$/)).toBeVisible();
  const first = page.getByRole('tabpanel').getByRole('listitem').first().getByRole('button');
  const name = (await first.getAttribute('aria-label'))?.split(',')[0] ?? '';
  expect(name.toLowerCase()).toContain('threshold');
  await first.click();

  const detail = page.getByRole('dialog', { name });
  await expect(detail.getByRole('heading', { name: 'Intensity profile' })).toBeVisible();
  await expect(detail.getByRole('figure')).toBeVisible();
  await detail.getByLabel('Date').fill(format(thursday, 'yyyy-MM-dd'));
  await detail.getByRole('button', { name: 'Add to calendar' }).click();
  await expect(page.getByText('Added to your calendar')).toBeVisible();
  await expect(detail).toBeHidden();

  await page.goto('/calendar');
  const added = day(page, thursday).getByRole('button', { name: new RegExp(`^${escapeRegExp(name)},`) });
  await expect(added).toBeVisible();

  // Save the workout as a private template of one's own, then find it with the Workout Bank's search.
  await added.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Save as template' }).click();
  const form = page.getByRole('dialog', { name: 'Save as template' });
  await form.getByLabel('Template name').fill('Zanzibar threshold');
  await form.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText('Saved to your templates')).toBeVisible();
  await page.goto('/workout-bank');
  await page.getByPlaceholder('Search workouts...').fill('zanzibar');
  await expect(
    page.getByRole('tabpanel').getByRole('button', { name: /^Zanzibar threshold,/ }),
  ).toBeVisible();
  await page.getByRole('tab', { name: 'Mine' }).click();
  await expect(page.getByRole('tabpanel').getByText('Private')).toBeVisible();
});

test('Browse Templates in the add-workout dialog adds the chosen template on that day', async ({ page }) => {
  await signedIn(page);
  const wednesday = addDays(startOfWeek(new Date(), { weekStartsOn: 1 }), 2);

  await page.goto('/calendar');
  await expect(page.getByRole('heading', { name: 'Training Calendar' })).toBeVisible();
  await day(page, wednesday)
    .getByRole('button', { name: /^Add workout/ })
    .click();
  await page.getByRole('button', { name: /Browse Templates/ }).click();

  const picker = page.getByRole('dialog', { name: 'Workout Bank' });
  await expect(picker.getByText(`Pick a template for ${format(wednesday, 'EEEE, MMMM d')}.`)).toBeVisible();
  await picker.getByPlaceholder('Search workouts...').fill('easy run');
  await expect(picker.getByText(/^Found \d+ workouts$/)).toBeVisible();
  const first = picker.getByRole('tabpanel').getByRole('listitem').first().getByRole('button');
  // The count is shown for the library Browse opens on too: wait until the list is the search's answer.
  await expect(first).toHaveAttribute('aria-label', /easy/i);
  const name = (await first.getAttribute('aria-label'))?.split(',')[0] ?? '';
  await first.click();

  const detail = page.getByRole('dialog', { name });
  await detail.getByRole('button', { name: `Add to ${format(wednesday, 'EEE, MMM d')}` }).click();
  await expect(page.getByText('Added to your calendar')).toBeVisible();
  await expect(picker).toBeHidden();
  await expect(
    day(page, wednesday).getByRole('button', { name: new RegExp(`^${escapeRegExp(name)},`) }),
  ).toBeVisible();
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

test('on a phone the sport chips scroll in their own row, not the page sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedIn(page);
  await page.goto('/workout-bank');
  await expect(page.getByRole('button', { name: 'Recovery', exact: true })).toBeAttached();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('Browse opens on the whole library; Popular lists a template once it has been viewed', async ({
  page,
}) => {
  await signedIn(page);
  await page.goto('/workout-bank');
  // The library, by name, 20 a page: not the popular list, which a new server does not have.
  const found = page.getByText(/^Found \d+ workouts$/);
  await expect(found).toBeVisible();
  expect(Number((await found.textContent())?.match(/\d+/)?.[0])).toBeGreaterThanOrEqual(300);
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await expect(page.getByText('No Popular Workouts')).toBeHidden();
  const cards = page.getByRole('tabpanel').getByRole('listitem');
  await expect(cards).toHaveCount(20);
  const names = await cards.evaluateAll((items) =>
    items.map((item) => item.querySelector('button')?.getAttribute('aria-label')?.split(',')[0] ?? ''),
  );
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));

  // This test views a template itself (opening the detail records a view), then finds it under Popular.
  const viewed = page.getByRole('tabpanel').getByRole('listitem').nth(3).getByRole('button');
  const name = (await viewed.getAttribute('aria-label'))?.split(',')[0] ?? '';
  await viewed.click();
  const detail = page.getByRole('dialog', { name });
  await expect(detail.getByRole('heading', { name: 'Intensity profile' })).toBeVisible();
  await expect(detail.getByText('% FTP').or(detail.getByText('% threshold')).first()).toBeAttached();
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await page.getByRole('tab', { name: 'Popular' }).click();
  await expect(
    page.getByRole('tabpanel').getByRole('button', { name: new RegExp(`^${escapeRegExp(name)},`) }),
  ).toBeVisible();
});
