// Temporary: screenshots and axe at phone and desktop widths (not committed).
import { chromium } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
const base = process.env.BASE ?? 'http://localhost:3295';
const only = process.argv[2];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const ctx0 = await browser.newContext();
const p0 = await ctx0.newPage();
const res = await p0.request.post(`${base}/api/auth/login`, { data: { email: 'demo@stamina.local', password: 'stamina-demo' } });
const body = await res.json();
const session = JSON.stringify(body.data.session ?? body.data);
await ctx0.close();
const pages = (only ? only.split(',') : ['/dashboard', '/calendar', '/calendar?view=month', '/analytics']);
for (const [w, h, label] of [[390, 844, 'phone'], [1280, 900, 'desk']]) {
  for (const theme of ['light', 'dark']) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h }, colorScheme: theme });
    await ctx.addInitScript(([t, s]) => {
      localStorage.setItem('theme', t);
      localStorage.setItem('stamina.session', s);
      sessionStorage.setItem('stamina.onboarding-offered', 'true');
    }, [theme, session]);
    const page = await ctx.newPage();
    page.on('console', (m) => { if (m.type() === 'error') console.log('console error', label, m.text().slice(0, 200)); });
    for (const path of pages) {
      await page.goto(base + path);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(800);
      const name = `${label}-${theme}-${path.replace(/[^a-z]+/gi, '_')}`;
      await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
      if (path === '/analytics') {
        await page.getByRole('region', { name: /^Fitness, Fatigue and Form/ }).screenshot({ path: `/tmp/shots/${name}-pmc.png` });
      }
      if (path === '/dashboard') {
        // Scroll down a little: the This Week bar steps aside.
        await page.mouse.wheel(0, 600);
        await page.waitForTimeout(500);
        await page.screenshot({ path: `/tmp/shots/${name}-scrolled.png` });
        await page.evaluate(() => window.scrollTo(0, 0));
        const start = page.getByRole('button', { name: /^Start (Now|Workout)$/ }).first();
        if (await start.count()) {
          await start.click();
          await page.waitForTimeout(1500);
          await page.screenshot({ path: `/tmp/shots/${name}-guided.png` });
          if (label === 'phone' && theme === 'light') {
            const r = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
            console.log('axe guided', r.violations.map((v) => `${v.id}(${v.impact})`));
          }
          await page.keyboard.press('Escape');
        } else console.log('no start button', label, theme);
      }
      if (theme === 'light' && label === 'phone') {
        const r = await new AxeBuilder({ page }).analyze();
        const bad = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        console.log('axe', label, path, bad.map((v) => `${v.id}(${v.impact}) ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`));
        const minor = r.violations.filter((v) => !(v.impact === 'serious' || v.impact === 'critical'));
        if (minor.length) console.log('  minor', minor.map((v) => v.id));
      }
    }
    await ctx.close();
  }
}
await browser.close();
