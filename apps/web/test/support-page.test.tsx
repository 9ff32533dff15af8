import type { ClientConfig } from '@stamina/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SupportPage } from '../src/features/support/support-page.tsx';
import { makeClientConfig, withClientConfig } from './client-config-fixture.tsx';

const CONFIGURED = makeClientConfig(
  {
    support_email: 'help@club.example',
    support_url: 'https://club.example/help',
    community_url: 'https://forum.club.example',
    docs_url: 'https://docs.club.example',
    feedback_url: 'https://club.example/ideas',
  },
  { device_providers: ['Garmin Connect', 'Strava'] },
);

function renderSupport(entries = ['/support'], config: ClientConfig = CONFIGURED) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Landing screen</h1> },
      { path: '/dashboard', element: <h1>Dashboard screen</h1> },
      { path: '/support', element: <SupportPage /> },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  render(withClientConfig(<RouterProvider router={router} />, config));
  return router;
}

describe('support page', () => {
  it('offers the ways to get help the operator configured, each opening in a new tab', () => {
    renderSupport();
    const expected: [RegExp, string][] = [
      [/Email Support/, 'mailto:help@club.example'],
      [/Get Help/, 'https://club.example/help'],
      [/Join the Community/, 'https://forum.club.example'],
      [/Read the Documentation/, 'https://docs.club.example'],
      [/Share Feedback/, 'https://club.example/ideas'],
    ];
    const newTabLinks = screen.getAllByRole('link', { name: /opens in a new tab/ });
    expect(newTabLinks).toHaveLength(5);
    for (const [name, href] of expected) {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(document.title).toBe('Support · Stamina');
    expect(screen.getByText(/Still stuck\? Email/)).toHaveTextContent('help@club.example');
  });

  it('hides every link the operator left unset, and never shows a made-up address', () => {
    renderSupport(['/support'], makeClientConfig({ docs_url: 'https://docs.club.example' }));
    expect(screen.getAllByRole('link', { name: /opens in a new tab/ })).toHaveLength(1);
    expect(screen.getByRole('link', { name: /Read the Documentation/ })).toHaveAttribute(
      'href',
      'https://docs.club.example',
    );
    expect(
      screen.queryByRole('link', { name: /Email Support|Join the Community|Share Feedback/ }),
    ).toBeNull();
    expect(screen.queryByText(/Still stuck/)).toBeNull();
    expect(document.body).not.toHaveTextContent(/stamina\.app|discord/i);
  });

  it('lists no contact options and no device question on a server with nothing configured', () => {
    renderSupport(['/support'], makeClientConfig());
    expect(screen.queryByRole('heading', { name: 'Contact options' })).toBeNull();
    expect(screen.queryAllByRole('link', { name: /opens in a new tab/ })).toHaveLength(0);
    expect(screen.queryByText('How do I connect my device?')).toBeNull();
    expect(screen.getByText('Can I use Stamina without a coach?')).toBeInTheDocument();
  });

  it('answers the three frequent questions when opened', async () => {
    const user = userEvent.setup();
    renderSupport();
    const garmin = screen.getByText('How do I connect my device?');
    expect(garmin.closest('details')).not.toHaveAttribute('open');
    await user.click(garmin);
    expect(garmin.closest('details')).toHaveAttribute('open');
    expect(screen.getByRole('link', { name: 'Settings > Device Connections' })).toHaveAttribute(
      'href',
      '/settings/devices',
    );
    expect(garmin.closest('details')).toHaveTextContent('Connect next to Garmin Connect or Strava');

    await user.click(screen.getByText('Can I use Stamina without a coach?'));
    expect(screen.getByText(/^Yes\. Stamina is built for self-coached athletes/)).toBeVisible();

    await user.click(screen.getByText('How often does my training plan update?'));
    expect(
      screen.getByText(/^Automatically\. Your plan adjusts based on your performance and recovery data/),
    ).toBeVisible();
  });

  it('goes one step back with the Back button', async () => {
    const user = userEvent.setup();
    renderSupport(['/dashboard', '/support']);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard screen' })).toBeInTheDocument();
  });

  it('goes home with the Back button when it was opened directly', async () => {
    const user = userEvent.setup();
    renderSupport();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Landing screen' })).toBeInTheDocument();
  });
});
