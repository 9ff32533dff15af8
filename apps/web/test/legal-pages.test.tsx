import type { ClientConfig } from '@stamina/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../src/app/router.tsx';
import { PrivacyPage } from '../src/features/legal/privacy-page.tsx';
import { TermsPage } from '../src/features/legal/terms-page.tsx';
import { makeClientConfig, withClientConfig } from './client-config-fixture.tsx';

const CONFIGURED = makeClientConfig({
  name: 'Riverside Running Club',
  legal_updated: '2026-03-14',
  governing_law: 'the laws of Ireland',
  support_email: 'help@riverside.example',
});

function renderAt(entries: string[], config: ClientConfig = CONFIGURED) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Landing screen</h1> },
      { path: '/signup', element: <h1>Sign-up screen</h1> },
      { path: '/terms', element: <TermsPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  render(withClientConfig(<RouterProvider router={router} />, config));
  return router;
}

afterEach(() => vi.unstubAllGlobals());

/** March 14, 2026 as the browser's locale writes it. */
const MARCH_14 = new Date(Date.UTC(2026, 2, 14)).toLocaleDateString(undefined, {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

const TERMS_HEADINGS = [
  'Acceptance of Terms',
  'Eligibility and Accounts',
  'The Service',
  'Acceptable Use',
  'Health and Safety Disclaimer',
  'Intellectual Property',
  'Privacy',
  'Subscriptions and Billing',
  'Service Availability',
  'Termination',
  'Disclaimers and Limitation of Liability',
  'Governing Law',
  'Dispute Resolution and Arbitration',
  'Class Action Waiver',
  'Changes to These Terms',
];

const PRIVACY_HEADINGS = [
  'Information We Collect',
  'How We Use Your Information',
  'How We Share Your Information',
  'Your Controls and Choices',
  'Data Security',
  'Data Retention',
  'Children’s Privacy',
  'International Data Transfers',
  'Your Rights',
];

describe('Terms of Service', () => {
  it('shows the configured last-updated date in the locale, the operator and the governing law', () => {
    renderAt(['/terms']);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByText(/^Last updated:/)).toHaveTextContent(`Last updated: ${MARCH_14}`);
    expect(document.title).toBe('Terms of Service · Stamina');
    const text = document.body.textContent ?? '';
    expect(text).not.toContain('2026-03-14');
    expect(text).toContain('an agreement between you and Riverside Running Club');
    expect(text).toContain('governed by the laws of Ireland');
    expect(text).toContain('This server is run by Riverside Running Club.');
    expect(screen.getAllByRole('link', { name: 'help@riverside.example' })[0]).toHaveAttribute(
      'href',
      'mailto:help@riverside.example',
    );
    expect(text).not.toMatch(/California|stamina\.app/);
  });

  it('names no date, place or address the operator did not configure', () => {
    renderAt(['/terms'], makeClientConfig());
    expect(screen.queryByText(/^Last updated:/)).toBeNull();
    const text = document.body.textContent ?? '';
    expect(text).toContain('an agreement between you and the operator of this server');
    expect(text).toContain('the mandatory rules of the country where you live');
    expect(text).not.toMatch(/California|stamina\.app|@/);
    expect(text).toMatch(/Tell us at once through the Support page/);
  });

  it("waits for the operator's words instead of showing the neutral ones first", async () => {
    let answer: (config: ClientConfig) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            answer = (config) =>
              resolve(
                new Response(JSON.stringify({ data: config }), {
                  status: 200,
                  headers: { 'content-type': 'application/json' },
                }),
              );
          }),
      ),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter([{ path: '/terms', element: <TermsPage /> }], {
      initialEntries: ['/terms'],
    });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'true');
    const loading = document.body.textContent ?? '';
    expect(loading).not.toContain('the operator of this server');
    expect(loading).not.toContain('Support page');
    answer(CONFIGURED);
    expect(await screen.findByText(/^Last updated:/)).toHaveTextContent(`Last updated: ${MARCH_14}`);
    expect(document.body.textContent).toContain('an agreement between you and Riverside Running Club');
    expect(document.body.textContent).not.toContain('the operator of this server');
  });

  it('renders in the app, outside the signed-in shell, with the configuration it reads', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ data: CONFIGURED }), { status: 200 })),
    );
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/terms'] })} />);
    expect(await screen.findByText(/^Last updated:/)).toHaveTextContent(`Last updated: ${MARCH_14}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeInTheDocument();
    expect(document.body.textContent).toContain('This server is run by Riverside Running Club.');
  });

  it('covers every section the spec requires, each reachable from the contents', () => {
    renderAt(['/terms']);
    const contents = screen.getByRole('navigation', { name: 'Contents' });
    for (const title of TERMS_HEADINGS) {
      const heading = screen.getByRole('heading', { level: 2, name: title });
      expect(within(contents).getByRole('link', { name: title })).toHaveAttribute('href', `#${heading.id}`);
    }
  });

  it('states the spec’s rules in the text', () => {
    renderAt(['/terms']);
    const text = document.body.textContent ?? '';
    expect(text).toContain('at least 13 years old');
    expect(text).toMatch(/13 but under 18.*parent or legal guardian/s);
    expect(text).toContain('one account');
    expect(text).toMatch(/charged at the start of each billing period/);
    expect(text).toMatch(/renews automatically/);
    expect(text).toMatch(/effect at the end of the current billing period/);
    expect(text).toMatch(/refunds or credits for\s+partly used periods/);
    expect(text).toMatch(/price change at least\s+30 days/);
    expect(text).toMatch(/in the 12 months before/);
    expect(text).toMatch(/binding\s+arbitration/);
    expect(text).toMatch(/at least\s+30 days’ notice/);
    expect(text).toContain('99.9%');
  });

  it('jumps to a section from the contents without leaving the page', async () => {
    const user = userEvent.setup();
    const router = renderAt(['/terms']);
    await user.click(
      within(screen.getByRole('navigation', { name: 'Contents' })).getByRole('link', {
        name: 'Class Action Waiver',
      }),
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Class Action Waiver' })).toHaveFocus();
    expect(router.state.location.pathname).toBe('/terms');
  });

  it('goes one step back with the Back button', async () => {
    const user = userEvent.setup();
    renderAt(['/signup', '/terms']);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Sign-up screen' })).toBeInTheDocument();
  });

  it('goes home with the Back button when it was opened directly', async () => {
    const user = userEvent.setup();
    renderAt(['/terms']);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Landing screen' })).toBeInTheDocument();
  });
});

describe('Privacy Policy', () => {
  it('shows the configured last-updated date and sets the page title', () => {
    renderAt(['/privacy']);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText(/^Last updated:/)).toHaveTextContent(`Last updated: ${MARCH_14}`);
    expect(document.body).not.toHaveTextContent(/California/);
    expect(document.title).toBe('Privacy Policy · Stamina');
  });

  it('covers every section the spec requires', () => {
    renderAt(['/privacy']);
    for (const title of PRIVACY_HEADINGS) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    }
    const text = document.body.textContent ?? '';
    expect(text).toMatch(/remove your\s+personal data within 45 days/);
    expect(text).toMatch(/not meant for children under 13/);
  });

  it('links to the Terms of Service', () => {
    renderAt(['/privacy']);
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  });

  it('goes one step back with the Back button', async () => {
    const user = userEvent.setup();
    renderAt(['/signup', '/privacy']);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Sign-up screen' })).toBeInTheDocument();
  });
});
