// The workouts flow: write a plain-language workout, see it parsed and drawn, save it, find it on the
// calendar, drag it to the next day, mark it done and delete it.
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { addDays, format, startOfWeek } from 'date-fns';
import { signedUpAthlete, uniqueEmail } from './helpers.ts';

const TEXT = 'Warmup: 15min easy, 5x 3min @ Z4 with 2min recovery, cooldown 10min';
const TITLE = 'Threshold fives';

async function signedIn(page: Page): Promise<void> {
  const email = uniqueEmail('cal');
  await signedUpAthlete(page, 'Cal Endurance', email, 'zone-four-5x3');
}

/** A day of the week view, by its full name ('Wednesday, November 25'). */
const day = (page: Page, date: Date) =>
  page.getByRole('region', { name: new RegExp(`^${format(date, 'EEEE, MMMM d')}`) });

test('a workout is written, drawn, saved, moved, completed and deleted', async ({ page }) => {
  await signedIn(page);
  // Wednesday and Thursday of this week are both in the week view whatever day it is today.
  const wednesday = addDays(startOfWeek(new Date(), { weekStartsOn: 1 }), 2);
  const thursday = addDays(wednesday, 1);

  await page.goto('/calendar');
  await expect(page.getByRole('heading', { name: 'Training Calendar' })).toBeVisible();
  await page.getByRole('button', { name: 'Add workout', exact: true }).click();
  await page.getByRole('button', { name: /Create Custom/ }).click();

  const editor = page.getByRole('dialog');
  await editor.getByLabel('Title').fill(TITLE);
  await editor.getByLabel('Date').fill(format(wednesday, 'yyyy-MM-dd'));
  await editor.getByLabel('Workout description').fill(TEXT);

  // The live parse draws the chart and the distribution: 15 of 50 minutes in Z4 is 30%.
  const preview = editor.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('figure')).toContainText('Run intensity profile: 50 min in 12 steps');
  await expect(preview.getByTestId('confidence-level')).toHaveText('High');
  const z4 = preview.getByRole('region', { name: 'Zone Distribution' }).getByRole('listitem').nth(3);
  await expect(z4).toContainText('Z4');
  await expect(z4).toContainText('30%');
  await expect(editor.getByText('Estimated 50 min')).toBeVisible();

  await editor.getByRole('button', { name: 'Create' }).click();
  await expect(editor).toBeHidden();

  // On the calendar on the right day, with its parsed duration and zone.
  const card = (date: Date) =>
    day(page, date).getByRole('button', { name: new RegExp(`^${TITLE}, Run, 50 min`) });
  await expect(card(wednesday)).toBeVisible();

  // Drag it by its handle onto Thursday.
  const handle = day(page, wednesday).getByRole('button', { name: new RegExp(`^Move ${TITLE}`) });
  const from = (await handle.boundingBox())!;
  const to = (await day(page, thursday).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
  await expect(page.getByText(`Workout moved to ${format(thursday, 'EEE, MMM d')}`)).toBeVisible();
  await expect(card(thursday)).toBeVisible();
  await expect(card(wednesday)).toHaveCount(0);

  // The move was saved: it is still on Thursday after a reload.
  await page.reload();
  await expect(card(thursday)).toBeVisible();

  // Mark it done: struck through, tinted and named Completed.
  await card(thursday).click();
  const detail = page.getByRole('dialog');
  await detail.getByRole('button', { name: 'Mark Done' }).click();
  // The optional "How did it go?" form, sent as it is.
  await detail
    .getByRole('form', { name: 'How did it go?' })
    .getByRole('button', { name: 'Mark Done' })
    .click();
  await expect(page.getByText('Workout marked as completed!')).toBeVisible();
  await detail.getByRole('button', { name: 'Close' }).click();
  await expect(
    day(page, thursday).getByRole('button', { name: new RegExp(`^${TITLE}.*Completed\\b`) }),
  ).toBeVisible();

  // Delete it, after the confirm step.
  await card(thursday).click();
  await detail.getByRole('button', { name: 'Delete', exact: true }).click();
  await detail.getByRole('button', { name: 'Delete workout' }).click();
  await expect(page.getByText('Workout deleted successfully')).toBeVisible();
  await expect(card(thursday)).toHaveCount(0);
  await page.reload();
  await expect(day(page, thursday).getByText('No sessions planned')).toBeVisible();
});

const ZWO = `<?xml version="1.0" encoding="UTF-8"?>
<workout_file>
  <name>Zwift over-unders</name>
  <sportType>bike</sportType>
  <workout>
    <Warmup Duration="600" PowerLow="0.50" PowerHigh="0.75"/>
    <IntervalsT Repeat="4" OnDuration="240" OffDuration="120" OnPower="1.05" OffPower="0.55"/>
    <Cooldown Duration="300" PowerLow="0.70" PowerHigh="0.45"/>
  </workout>
</workout_file>`;

test('a Zwift file is imported onto the calendar and downloads again as .zwo', async ({ page }) => {
  await signedIn(page);
  await page.goto('/calendar');
  await page.getByRole('button', { name: 'Add workout', exact: true }).click();
  await page
    .getByLabel(/Import File/)
    .setInputFiles({ name: 'over-unders.zwo', mimeType: 'application/xml', buffer: Buffer.from(ZWO) });
  await expect(page.getByText('Workout imported')).toBeVisible();

  // It lands today, with its steps: 10 + 4 × 6 + 5 minutes.
  const card = day(page, new Date()).getByRole('button', { name: /^Zwift over-unders, Bike, 39 min/ });
  await expect(card).toBeVisible();
  await card.click();
  const detail = page.getByRole('dialog');
  await expect(detail.getByRole('figure')).toContainText('Bike intensity profile: 39 min');

  const downloading = page.waitForEvent('download');
  await detail.getByRole('button', { name: 'Download as Zwift .zwo' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.zwo$/);
  const text = (await readFile((await download.path())!)).toString('utf8');
  expect(text).toContain('<name>Zwift over-unders</name>');
  expect(text).toContain('Repeat="4"');
  await expect(page.getByText(`Downloaded ${download.suggestedFilename()}`)).toBeVisible();
});

const SPRINTS_ZWO = `<?xml version="1.0" encoding="UTF-8"?>
<workout_file>
  <name>Anaerobic sprints</name>
  <sportType>bike</sportType>
  <workout>
    <Warmup Duration="600" PowerLow="0.45" PowerHigh="0.75"/>
    <IntervalsT Repeat="6" OnDuration="10" OffDuration="170" OnPower="3.0" OffPower="0.5"/>
    <Cooldown Duration="300" PowerLow="0.7" PowerHigh="0.4"/>
  </workout>
</workout_file>`;

test('a .zwo with 300 % sprints keeps them in the editor and in the exported file', async ({ page }) => {
  await signedIn(page);
  await page.goto('/calendar');
  await page.getByRole('button', { name: 'Add workout', exact: true }).click();
  await page
    .getByLabel(/Import File/)
    .setInputFiles({ name: 'sprints.zwo', mimeType: 'application/xml', buffer: Buffer.from(SPRINTS_ZWO) });
  await expect(page.getByText('Workout imported')).toBeVisible();

  // 10 + 6 × 3 + 5 minutes; an anaerobic session, not the zone of its long recoveries.
  const card = day(page, new Date()).getByRole('button', { name: /^Anaerobic sprints, Bike, 33 min/ });
  await expect(card).toBeVisible();
  await card.click();
  const detail = page.getByRole('dialog');
  await detail.getByRole('button', { name: 'Edit' }).click();

  // The editor's text says 300 % FTP, and the step says why it is zone 5.
  const editor = page.getByRole('dialog');
  await expect(editor.getByLabel('Workout description')).toHaveValue(/10s Z5 300% FTP/);
  const steps = editor.getByRole('list', { name: 'Parsed steps' });
  const sprint = steps.getByRole('button', { name: /Zone 5 .*300% FTP/ }).first();
  // In view first: a tooltip closes when its trigger's scroll container scrolls, as focusing would make it.
  await sprint.scrollIntoViewIfNeeded();
  await sprint.focus();
  // Focus alone left the tooltip shut when the file's earlier flows ran first; the pointer opens it as well.
  await sprint.hover();
  // The tooltip is portalled outside the dialog (which hides the rest of the page from the accessibility tree;
  // the badge's own name carries the same words), so it is found by its text.
  await expect(page.getByText('From its target: 300% FTP').first()).toBeVisible();
  await editor.getByRole('button', { name: 'Cancel' }).click();
  await expect(editor).toBeHidden();

  await card.click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('dialog').getByRole('button', { name: 'Download as Zwift .zwo' }).click();
  const download = await downloading;
  const text = (await readFile((await download.path())!)).toString('utf8');
  expect(text).toContain('Repeat="6"');
  expect(text).toContain('OnPower="3"');
  expect(text).toContain('OffPower="0.5"');
});
