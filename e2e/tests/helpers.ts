// Shared e2e helpers: unique users and the confirmation link read from the real outbox file.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { DATA_DIR } from '../playwright.config.ts';

// The server runs from the repository root, so DATA_DIR is relative to it.
const outbox = join(import.meta.dirname, '..', '..', DATA_DIR, 'outbox.jsonl');

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  sentAt: string;
}

/** The newest link of the given kind mailed to `to`, waiting for the mail to arrive. */
export async function mailedLink(to: string, pathPart: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        if (!existsSync(outbox)) return undefined;
        // Only complete lines: a read can catch the last mail half-written.
        const mails = readFileSync(outbox, 'utf8')
          .split('\n')
          .slice(0, -1)
          .filter(Boolean)
          .map((line) => JSON.parse(line) as OutboxMail)
          .filter((mail) => mail.to === to.toLowerCase());
        const text = mails.at(-1)?.text ?? '';
        link = text.match(new RegExp(`https?://\\S*${pathPart}\\S*`))?.[0];
        return link;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return link!;
}

/**
 * The offer of the onboarding dialog on sign-in is for this browser session already made, as after the athlete
 * closed it once: flows that are not about onboarding then see their pages without it (onboarding.spec.ts
 * covers the offer and the dialog).
 */
export async function skipOnboardingOffer(page: Page): Promise<void> {
  await page.addInitScript(() => sessionStorage.setItem('stamina.onboarding-offered', 'true'));
}

/**
 * Signs up through the form, as a new athlete does, and waits for the check-your-email message
 * (accounts.spec.ts's flows). Other flows start from `signUp`, which skips the form.
 */
export async function signUpThroughForm(
  page: Page,
  name: string,
  email: string,
  password: string,
  { offerOnboarding = false }: { offerOnboarding?: boolean } = {},
): Promise<void> {
  if (!offerOnboarding) await skipOnboardingOffer(page);
  await page.goto('/signup');
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Check your email for the confirmation link!')).toBeVisible();
}

/**
 * Signs up through the API, with the browser's time zone as the form sends it: the confirmation mail is sent
 * as for the form. The form itself is accounts.spec.ts's; here it would cost every flow a page load and
 * 3-5 s (docs/performance.md, "CI time").
 */
export async function signUp(
  page: Page,
  name: string,
  email: string,
  password: string,
  { offerOnboarding = false }: { offerOnboarding?: boolean } = {},
): Promise<void> {
  if (!offerOnboarding) await skipOnboardingOffer(page);
  const timezone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const response = await page.request.post('/api/auth/signup', { data: { name, email, password, timezone } });
  expect(response.status(), await response.text()).toBe(201);
}

export async function logIn(
  page: Page,
  email: string,
  password: string,
  { offerOnboarding = false }: { offerOnboarding?: boolean } = {},
): Promise<void> {
  // The init script runs from the next page load on; this one is already loaded, so set it here too.
  if (!offerOnboarding) {
    await skipOnboardingOffer(page);
    await page.evaluate(() => sessionStorage.setItem('stamina.onboarding-offered', 'true'));
  }
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
}

/**
 * A new athlete, signed up and confirmed through the mailed link, on the dashboard; answers their access token
 * (for setting things up through the API).
 */
export async function signedUpAthlete(
  page: Page,
  name: string,
  email: string,
  password: string,
  options: { offerOnboarding?: boolean } = {},
): Promise<string> {
  await signUp(page, name, email, password, options);
  await page.goto(await mailedLink(email, '/api/auth/confirm'));
  await expect(page).toHaveURL(/\/dashboard$/);
  const stored = await page.evaluate(() => localStorage.getItem('stamina.session'));
  return (JSON.parse(stored ?? '{}') as { access_token: string }).access_token;
}

/**
 * Every rule axe has (WCAG A and AA, and its best practices), on the page or on the part given, as
 * "rule (impact): targets" so a failure names what to fix. Fade-ins are let finish first: axe computes contrast
 * with the opacity of the moment, and a half-faded widget or toast is not what the athlete reads. Endless
 * animations (spinners) are not waited for.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  // No transition or animation is running (an endless spinner aside), and none has started 300 ms later: a toast
  // that mounts just after a first quiet check is otherwise scanned half faded in, at a contrast it never shows.
  const settled = () =>
    page.waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (a) =>
            a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
        ),
    );
  await settled();
  await page.waitForTimeout(300);
  await settled();
  // Only violations are read: axe then builds a unique selector for the nodes of violations alone, not for each
  // of the hundreds of nodes that pass (the same rules run; docs/performance.md, "CI time").
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} (${n.failureSummary ?? ''})`).join(', ')}`,
  );
}
