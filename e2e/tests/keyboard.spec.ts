// The keyboard-only flow: sign in, open the calendar, write a workout, move it to the next day with the card's move
// handle, reschedule it from its detail dialog, and mark it done, with page.keyboard alone (Tab, Shift+Tab,
// Enter, Space, arrows, Escape, typing). No mouse, no clicks, no fill. docs/RELIABILITY.md, "Accessibility and
// keyboard".
import { expect, type Locator, type Page, test } from '@playwright/test';
import { addDays, format, startOfWeek } from 'date-fns';
import { mailedLink, signUp, uniqueEmail } from './helpers.ts';

const TITLE = 'Keyboard tempo';
const TEXT = 'Warmup: 10min Z1\nMain: 3x 8min Z4 with 2min recovery\nCooldown: 5min Z1';
const PASSWORD = 'tab-tab-enter';

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** Presses Tab (or Shift+Tab) until `target` has focus; fails if it is not reached within `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}): Promise<void> {
  await expect(target).toBeVisible();
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  expect(await isFocused(target), `${target} reached by ${back ? 'Shift+Tab' : 'Tab'}`).toBe(true);
}

/** A day of the week view, by its full name ('Wednesday, November 25'). */
const day = (page: Page, date: Date) =>
  page.getByRole('region', { name: new RegExp(`^${format(date, 'EEEE, MMMM d')}`) });
const card = (page: Page, date: Date) =>
  day(page, date).getByRole('button', { name: new RegExp(`^${TITLE},`) });

test('sign in, add, move, reschedule and complete a workout with the keyboard alone', async ({ page }) => {
  // Set-up (not part of the flow): a confirmed athlete. The link is opened as an API client, so the browser is
  // still signed out.
  const email = uniqueEmail('keys');
  await signUp(page, 'Kim Keys', email, PASSWORD);
  expect((await page.request.get(await mailedLink(email, '/api/auth/confirm'))).ok()).toBe(true);

  // Wednesday, Thursday and Friday of this week are in the week view whatever day it is today.
  const wednesday = addDays(startOfWeek(new Date(), { weekStartsOn: 1 }), 2);
  const thursday = addDays(wednesday, 1);
  const friday = addDays(wednesday, 2);

  // Sign in.
  await page.goto('/login');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel('Password'));
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);

  // To the calendar through the menu.
  await tabTo(page, page.getByRole('button', { name: 'Open menu' }));
  await page.keyboard.press('Enter');
  const menu = page.getByRole('dialog');
  await tabTo(page, menu.getByRole('link', { name: 'Calendar' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Training Calendar', level: 1 })).toBeVisible();

  // Add a workout on Wednesday: the day's + button, Create Custom, then the editor's fields.
  await tabTo(
    page,
    page.getByRole('button', { name: `Add workout on ${format(wednesday, 'EEEE, MMMM d')}` }),
  );
  await page.keyboard.press('Enter');
  const add = page.getByRole('dialog', { name: /^Add Workout for/ });
  await tabTo(page, add.getByRole('button', { name: /Create Custom/ }));
  await page.keyboard.press('Enter');
  const editor = page.getByRole('dialog');
  await tabTo(page, editor.getByLabel('Title'));
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(TITLE);
  await expect(editor.getByLabel('Date')).toHaveValue(format(wednesday, 'yyyy-MM-dd'));
  await tabTo(page, editor.getByLabel('Workout description'));
  await page.keyboard.type(TEXT);
  // The live parse has read the text (the save button waits for it).
  await expect(editor.getByRole('region', { name: 'Preview' }).getByRole('figure')).toContainText(
    'Run intensity profile',
  );
  await tabTo(page, editor.getByRole('button', { name: 'Create', exact: true }));
  await page.keyboard.press('Enter');
  await expect(editor).toBeHidden();
  await expect(card(page, wednesday)).toBeVisible();

  // Move it to Thursday with its move handle: Space picks up, the right arrow goes a day on, Space drops.
  const handle = day(page, wednesday).getByRole('button', { name: new RegExp(`^Move ${TITLE}`) });
  await tabTo(page, handle);
  // Each step waits for what it shows or announces, as a person would: @dnd-kit starts listening for the arrow
  // keys only after the pick-up, in a later task, so on a busy machine an arrow pressed at once can be lost; then,
  // like a person hearing nothing happen, the test presses it again.
  await page.keyboard.press('Space');
  await expect(page.locator('[data-drag-overlay]')).toBeVisible();
  const overThursday = page
    .getByRole('status')
    .filter({ hasText: `${TITLE} is over ${format(thursday, 'EEEE, MMMM d')}` });
  for (let attempt = 0; attempt < 3 && !(await overThursday.count()); attempt++) {
    await page.keyboard.press('ArrowRight');
    await overThursday.waitFor({ state: 'attached', timeout: 2_000 }).catch(() => {});
  }
  await expect(overThursday).toBeAttached();
  await page.keyboard.press('Space');
  await expect(page.getByText(`Workout moved to ${format(thursday, 'EEE, MMM d')}`)).toBeVisible();
  await expect(card(page, thursday)).toBeVisible();
  await expect(card(page, wednesday)).toHaveCount(0);
  // Focus stays with the workout, on its handle in its new day.
  await expect(day(page, thursday).getByRole('button', { name: new RegExp(`^Move ${TITLE}`) })).toBeFocused();

  // Reschedule it to Friday from its detail dialog: the date grid takes focus, the right arrow, Enter.
  await page.keyboard.press('Shift+Tab');
  await expect(card(page, thursday)).toBeFocused();
  await page.keyboard.press('Enter');
  const detail = page.getByRole('dialog', { name: TITLE });
  await tabTo(page, detail.getByRole('button', { name: 'Reschedule' }));
  await page.keyboard.press('Enter');
  await expect(detail.getByRole('grid', { name: `Choose a new date for ${TITLE}` })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(detail).toBeHidden();
  await expect(page.getByText(`Workout moved to ${format(friday, 'EEE, MMM d')}`)).toBeVisible();
  await expect(card(page, friday)).toBeVisible();
  await expect(card(page, thursday)).toHaveCount(0);

  // Mark it done from its detail dialog, then close it with Escape.
  await tabTo(page, card(page, friday));
  await page.keyboard.press('Enter');
  await tabTo(page, detail.getByRole('button', { name: 'Mark Done' }));
  await page.keyboard.press('Enter');
  // "How did it go?" takes focus in its first field; Enter there sends it as it is.
  await expect(detail.getByLabel('Actual duration (minutes)')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Workout marked as completed!')).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Mark Done' })).toHaveCount(0);
  // The button went away with focus on it; focus stays in the dialog, so the keys still reach it.
  expect(await detail.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(detail).toBeHidden();
  await expect(
    day(page, friday).getByRole('button', { name: new RegExp(`^${TITLE}.*Completed\\b`) }),
  ).toBeVisible();

  // The changes were saved.
  await page.reload();
  await expect(
    day(page, friday).getByRole('button', { name: new RegExp(`^${TITLE}.*Completed\\b`) }),
  ).toBeVisible();
});
