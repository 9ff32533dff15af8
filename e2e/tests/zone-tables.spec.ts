// Edited zone tables drive the parse (docs/zones.md, "Editing zones"; docs/workout-parser.md, "Edited zone
// tables"): a planned run written "40min @ 150 bpm" is zone 3 with the default heart-rate zones (79 % of the
// default max HR 190). The athlete turns Auto-calculate zones off on Settings → Metrics & Zones and edits the
// running heart-rate table so that zone 2 is 140-155 bpm: the save lists the run re-labelled Z3 → Z2, the calendar
// and the workout follow and say why (the edited range), and the editor's live preview of "30min Z2 HR" targets
// 140-155 bpm. The zones page in that state passes axe in the light and the dark theme.
import { expect, type Page, test } from '@playwright/test';
import { format } from 'date-fns';
import { axeViolations, signedUpAthlete, uniqueEmail } from './helpers.ts';

const TITLE = 'Steady forty';

/** The running heart-rate table the athlete writes: 150 bpm in zone 2 (it was zone 3). */
const EDITED = [
  [95, 139],
  [140, 155],
  [156, 165],
  [166, 175],
  [176, 190],
] as const;

async function signedIn(page: Page): Promise<string> {
  return signedUpAthlete(page, 'Zed Tables', uniqueEmail('zonetables'), 'my-watch-zones');
}

const card = (page: Page, day: Date) =>
  page
    .getByRole('region', { name: new RegExp(`^${format(day, 'EEEE, MMMM d')}`) })
    .getByRole('button', { name: new RegExp(`^${TITLE}, Run`) });

const hrInput = (page: Page, zone: number, key: 'min' | 'max') =>
  page.getByLabel(`running Heart Rate Zones: zone ${zone} ${key}`, { exact: true });

test('an edited running heart-rate table re-labels a planned run and drives the live parse', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const token = await signedIn(page);
  const today = new Date();

  const created = await page.request.post('/api/workout-planning/workouts', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title: TITLE,
      workout_date: format(today, 'yyyy-MM-dd'),
      sport: 'run',
      workout_language_text: '40min @ 150 bpm',
    },
  });
  expect(created.status()).toBe(201);

  await page.goto('/calendar');
  await expect(card(page, today)).toHaveAccessibleName(/Zone 3/);

  // Settings → Metrics & Zones: the derived tables cannot be edited until auto-calculate is off.
  await page.goto('/settings/metrics');
  await expect(page.getByRole('heading', { name: 'Metrics & Zones' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Running' })).toHaveAttribute('aria-selected', 'true');
  await expect(hrInput(page, 2, 'min')).toBeDisabled();
  const auto = page.getByRole('switch', { name: 'Auto-calculate zones' });
  await expect(auto).toBeChecked();
  await auto.click();
  await expect(auto).not.toBeChecked();
  await expect(hrInput(page, 2, 'min')).toBeEnabled();
  for (const [i, [min, max]] of EDITED.entries()) {
    await hrInput(page, i + 1, 'min').fill(String(min));
    await hrInput(page, i + 1, 'max').fill(String(max));
  }
  await page.getByRole('button', { name: 'Save Metrics & Zones' }).click();
  await expect(page.getByText('Metrics & Zones saved')).toBeVisible();
  await expect(page.getByText('1 planned workout was re-labelled:')).toBeVisible();
  // The day as the app shows days (lib/dates.ts formatDay; the browser's en-US locale here).
  await expect(page.getByText(`${format(today, 'MMM d, yyyy')}: ${TITLE}, Z3 → Z2`)).toBeVisible();
  const table = page.getByRole('region', { name: /^running Heart Rate Zones/ });
  await expect(table.getByText('Edited', { exact: true })).toBeVisible();

  // The zones page in that state passes axe, light and dark (the theme follows the system's).
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html.dark')).toHaveCount(colorScheme === 'dark' ? 1 : 0);
    expect(await axeViolations(page), `zones page (${colorScheme})`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // Kept: after a reload auto-calculate is still off and the table is the athlete's.
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Auto-calculate zones' })).not.toBeChecked();
  await expect(hrInput(page, 2, 'min')).toHaveValue('140');
  await expect(hrInput(page, 2, 'max')).toHaveValue('155');

  // The calendar's badge follows; the workout says why it is zone 2, naming the edited range.
  await page.goto('/calendar');
  await expect(card(page, today)).toHaveAccessibleName(/Zone 2/);
  await card(page, today).click();
  const detail = page.getByRole('dialog', { name: TITLE });
  // The zone named in the detail's figures (the intensity chart's legend, caption and screen-reader table name it
  // too, once the lazily loaded chart is drawn).
  await expect(detail.locator('dl').getByText('Aerobic (Base)', { exact: true })).toBeVisible();
  await detail.getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByRole('dialog');
  await expect(editor.getByLabel('Workout description')).toHaveValue('40min @ 150 bpm');
  await expect(
    editor.getByRole('list', { name: 'Parsed steps' }).getByRole('button', {
      name: 'Zone 2 Aerobic (Base). From its target: 150 bpm = zone 2 of your heart-rate zones (140-155 bpm)',
    }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();

  // A new run's live preview: "30min Z2 HR" targets the edited zone 2.
  await page.getByRole('button', { name: 'Add workout', exact: true }).click();
  await page.getByRole('button', { name: /Create Custom/ }).click();
  await expect(editor.getByRole('radio', { name: 'Run' })).toBeChecked();
  await editor.getByLabel('Workout description').fill('30min Z2 HR');
  const preview = editor.getByRole('region', { name: 'Preview' });
  await expect(
    preview
      .getByRole('table', { name: 'Workout steps' })
      .getByRole('cell', { name: 'Heart rate: 140-155 bpm' }),
  ).toBeAttached();
  await expect(
    editor
      .getByRole('list', { name: 'Parsed steps' })
      .getByRole('button', { name: /^Zone 2 Aerobic \(Base\)/ }),
  ).toBeVisible();
});
