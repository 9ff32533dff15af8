import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { addDays, format, startOfWeek } from 'date-fns';

const base = 'http://localhost:3950';
const email = `shots-${Date.now()}@example.com`;
const post = (url: string, body: unknown, token?: string) =>
  fetch(base + url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
await post('/api/auth/signup', { name: 'Sam Shots', email, password: 'secret12' });
const mail = readFileSync('/tmp/shots/data/outbox.jsonl', 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l))
  .filter((m) => m.to === email)
  .at(-1);
const link = mail.text.match(/https?:\/\/\S+confirm\?token=\S+/)[0];
await fetch(link.replace('http://localhost:3950', base), { headers: { accept: 'application/json' } });
const session = (await (await post('/api/auth/login', { email, password: 'secret12' })).json()).data;
const ws = startOfWeek(new Date());
const items = [
  [
    1,
    'Threshold fives',
    'run',
    'Warmup: 15min easy, 5x 3min @ Z4 with 2min recovery, cooldown 10min',
    'completed',
  ],
  [
    2,
    'Sweet spot',
    'bike',
    'Warmup: 15min Z2\nMain: 3x 12min sweet spot with 4min easy\nCooldown: 10min Z1',
    'planned',
  ],
  [
    3,
    'Swim CSS',
    'swim',
    'Warmup: 300m easy\nMain: 8x 100m Z4 with 20s rest\nCooldown: 200m easy',
    'planned',
  ],
  [3, 'Core strength', 'strength', '30min strength circuit', 'planned'],
  [5, 'Long run', 'run', '1h45 Z2', 'planned'],
  [6, 'Recovery spin', 'bike', '45min Z1', 'planned'],
] as const;
for (const [d, title, sport, text, status] of items) {
  const r = await post(
    '/api/workout-planning/workouts',
    { title, sport, workout_date: format(addDays(ws, d), 'yyyy-MM-dd'), workout_language_text: text, status },
    session.access_token,
  );
  if (r.status !== 201) console.log(await r.text());
}
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
for (const [name, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1366, height: 900 }],
] as const) {
  for (const scheme of ['light', 'dark'] as const) {
    const ctx = await browser.newContext({ viewport, colorScheme: scheme, deviceScaleFactor: 1 });
    await ctx.addInitScript((s) => localStorage.setItem('stamina.session', s), JSON.stringify(session));
    const page = await ctx.newPage();
    const shot = async (label: string) => {
      await page.waitForTimeout(700);
      await page.screenshot({ path: `/tmp/shots/${label}-${name}-${scheme}.png`, fullPage: false });
    };
    await page.goto(base + '/calendar');
    await page.getByRole('heading', { name: 'Training Calendar' }).waitFor();
    await shot('calendar-week');
    await page
      .getByRole('tab', { name: 'Month' })
      .or(page.getByRole('button', { name: 'Month' }))
      .first()
      .click();
    await shot('calendar-month');
    await page
      .getByRole('tab', { name: 'Agenda' })
      .or(page.getByRole('button', { name: 'Agenda' }))
      .first()
      .click();
    await shot('calendar-agenda');
    await page
      .getByRole('button', { name: /^Sweet spot/ })
      .first()
      .click();
    await shot('detail');
    await page.getByRole('button', { name: 'Edit' }).click();
    await shot('editor');
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    await page.goto(base + '/calendar');
    await page.getByRole('button', { name: 'Add workout', exact: true }).click();
    await shot('add-dialog');
    await page.goto(base + '/workouts');
    await shot('workouts');
    await page.goto(base + '/settings/preferences');
    await shot('preferences');
    await ctx.close();
  }
}
await browser.close();
