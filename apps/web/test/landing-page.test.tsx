import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LandingPage } from '../src/features/landing/landing-page.tsx';
import { QUOTES } from '../src/features/landing/quote-carousel.tsx';
import { makeClientConfig } from './client-config-fixture.tsx';

function renderLanding() {
  const router = createMemoryRouter([{ path: '/', element: <LandingPage /> }], { initialEntries: ['/'] });
  render(<RouterProvider router={router} />);
}

/** The server answers GET /api/v1/client-config with these features. */
function serveFeatures(features: Parameters<typeof makeClientConfig>[1]) {
  const fetch = vi.fn(async (url: string) =>
    url === '/api/v1/client-config'
      ? new Response(JSON.stringify({ data: makeClientConfig({}, features) }), { status: 200 })
      : new Response('{}', { status: 404 }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The quote a sighted visitor sees: the only slide not hidden from the accessibility tree. */
function shownQuote(): HTMLElement {
  const slides = screen.getAllByRole('group', { name: /of 5$/ });
  expect(slides).toHaveLength(1);
  return slides[0]!;
}

function quoteText(index: number): string {
  return QUOTES[index]!.text;
}

function mockReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query.includes('prefers-reduced-motion'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('landing page', () => {
  it('shows the hero, the account buttons and sets the page title', () => {
    renderLanding();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/personalized training/i);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: /Start Training Free/ })).toHaveAttribute('href', '/signup');
    const account = screen.getByRole('navigation', { name: 'Account' });
    expect(within(account).getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(within(account).getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/signup');
    expect(document.title).toContain('Stamina');
  });

  it('marks the made-up figures of the hero preview Demo', () => {
    renderLanding();
    const readiness = screen.getByText('Readiness: ready to train');
    const preview = readiness.closest('[aria-hidden="true"]') as HTMLElement;
    expect(within(preview).getByText('Demo')).toBeInTheDocument();
  });

  it('renders to static HTML without a router, as the build prerenders it', () => {
    const html = renderToString(<LandingPage />);
    expect(html).toContain('Start Training Free');
    expect(html).toContain('Step 1 of 4');
    expect(html).toContain('Ready to Train Smarter?');
    expect(html).toContain(`>${new Date().getFullYear()}</span> Stamina`);
  });

  it('closes with "Ready to Train Smarter?" and a button to sign-up', () => {
    renderLanding();
    const closing = screen.getByRole('region', { name: 'Ready to Train Smarter?' });
    expect(within(closing).getByRole('link', { name: /Create Your Free Account/ })).toHaveAttribute(
      'href',
      '/signup',
    );
  });

  it('lists the features and the pricing promise', () => {
    renderLanding();
    for (const feature of [
      'Dashboard',
      'Calendar',
      'Natural-language workouts',
      'Template library',
      'Metrics & analytics',
    ]) {
      expect(screen.getByRole('heading', { level: 3, name: feature })).toBeInTheDocument();
    }
    for (const point of ['Start free', 'Upgrade later', 'No long contracts']) {
      expect(screen.getByRole('heading', { level: 3, name: point })).toBeInTheDocument();
    }
  });

  it('promises no AI and no device sync until the server says it has them', async () => {
    serveFeatures({ device_providers: [], language_model: false });
    renderLanding();
    expect(await screen.findByRole('heading', { level: 3, name: 'Coach' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Guided onboarding' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 3, name: /AI|Device/ })).toBeNull();
    expect(document.body).not.toHaveTextContent(/\bAI\b|Garmin|Strava|syncing/);
    const html = renderToString(<LandingPage />);
    expect(html).not.toMatch(/AI coach|Device integration|AI onboarding/);
  });

  it('names the AI coach and the device services the server has configured', async () => {
    const fetch = serveFeatures({ device_providers: ['Garmin Connect', 'Strava'], language_model: true });
    renderLanding();
    expect(await screen.findByRole('heading', { level: 3, name: 'AI coach' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'AI onboarding' })).toBeInTheDocument();
    const devices = screen.getByRole('heading', { level: 3, name: 'Device integration' });
    expect(devices.closest('li')).toHaveTextContent('Connect Garmin Connect or Strava once');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('has a footer with the legal pages, a support link and this year’s copyright', () => {
    renderLanding();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(within(footer).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(within(footer).getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/support');
    expect(within(footer).getByText(/^©/)).toHaveTextContent(`© ${new Date().getFullYear()} Stamina`);
  });
});

describe('journey roadmap', () => {
  it('starts at step 1 of 4 when the browser cannot observe scrolling', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    renderLanding();
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();
    for (const step of ['Set your goal', 'Connect your data', 'Get a plan that adapts', 'Race strong']) {
      expect(screen.getByRole('heading', { level: 3, name: step })).toBeInTheDocument();
    }
  });

  it('follows the step that scrolls into view', () => {
    let notify: ((entries: Partial<IntersectionObserverEntry>[]) => void) | undefined;
    const observed: Element[] = [];
    class FakeObserver {
      constructor(callback: (entries: Partial<IntersectionObserverEntry>[]) => void) {
        notify = callback;
      }
      observe(element: Element) {
        observed.push(element);
      }
      disconnect() {}
      unobserve() {}
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    renderLanding();
    expect(observed).toHaveLength(4);
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();

    act(() => notify?.([{ isIntersecting: true, target: observed[2]! }]));
    expect(screen.getByText('Step 3 of 4')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Get a plan that adapts/ })).toHaveAttribute(
      'aria-current',
      'step',
    );

    act(() => notify?.([{ isIntersecting: false, target: observed[3]! }]));
    expect(screen.getByText('Step 3 of 4')).toBeInTheDocument();

    act(() => notify?.([{ isIntersecting: true, target: observed[3]! }]));
    expect(screen.getByText('Step 4 of 4')).toBeInTheDocument();
  });
});

describe('quote carousel', () => {
  it('shows five quotes and advances to the next one every 4 seconds', () => {
    vi.useFakeTimers();
    renderLanding();
    expect(screen.getAllByRole('button', { name: /^Show quote \d of 5$/ })).toHaveLength(5);
    expect(shownQuote()).toHaveTextContent(quoteText(0));

    act(() => vi.advanceTimersByTime(3999));
    expect(shownQuote()).toHaveTextContent(quoteText(0));
    act(() => vi.advanceTimersByTime(1));
    expect(shownQuote()).toHaveTextContent(quoteText(1));
    expect(screen.getByRole('button', { name: 'Show quote 2 of 5' })).toHaveAttribute('aria-current', 'true');

    for (const expected of [2, 3, 4, 0]) {
      act(() => vi.advanceTimersByTime(4000));
      expect(shownQuote()).toHaveTextContent(quoteText(expected));
    }
  });

  it('does not advance while the pointer rests on it', () => {
    vi.useFakeTimers();
    renderLanding();
    const carousel = screen.getByRole('region', { name: 'Athlete quotes' });

    fireEvent.mouseEnter(carousel);
    act(() => vi.advanceTimersByTime(12_000));
    expect(shownQuote()).toHaveTextContent(quoteText(0));

    fireEvent.mouseLeave(carousel);
    act(() => vi.advanceTimersByTime(4000));
    expect(shownQuote()).toHaveTextContent(quoteText(1));
  });

  it('does not advance while keyboard focus is inside it', () => {
    vi.useFakeTimers();
    renderLanding();
    const next = screen.getByRole('button', { name: 'Next quote' });

    act(() => next.focus());
    act(() => vi.advanceTimersByTime(12_000));
    expect(shownQuote()).toHaveTextContent(quoteText(0));

    act(() => next.blur());
    act(() => vi.advanceTimersByTime(4000));
    expect(shownQuote()).toHaveTextContent(quoteText(1));
  });

  it('lets the visitor step through the quotes and pick one', async () => {
    const user = userEvent.setup();
    renderLanding();
    await user.click(screen.getByRole('button', { name: 'Next quote' }));
    expect(shownQuote()).toHaveTextContent(quoteText(1));
    await user.click(screen.getByRole('button', { name: 'Previous quote' }));
    await user.click(screen.getByRole('button', { name: 'Previous quote' }));
    expect(shownQuote()).toHaveTextContent(quoteText(4));
    await user.click(screen.getByRole('button', { name: 'Show quote 3 of 5' }));
    expect(shownQuote()).toHaveTextContent(quoteText(2));
  });

  it('stops rotating when the visitor presses the stop button', () => {
    vi.useFakeTimers();
    renderLanding();
    fireEvent.click(screen.getByRole('button', { name: 'Stop rotating quotes' }));
    expect(screen.getByRole('button', { name: 'Start rotating quotes' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(12_000));
    expect(shownQuote()).toHaveTextContent(quoteText(0));
  });

  it('stays still when the visitor prefers reduced motion', () => {
    mockReducedMotion(true);
    vi.useFakeTimers();
    renderLanding();
    act(() => vi.advanceTimersByTime(20_000));
    expect(shownQuote()).toHaveTextContent(quoteText(0));
    expect(screen.queryByRole('button', { name: /rotating quotes/ })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next quote' }));
    expect(shownQuote()).toHaveTextContent(quoteText(1));
  });
});
