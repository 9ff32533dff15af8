import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SupportPage } from '../src/features/support/support-page.tsx';

function renderSupport(entries = ['/support']) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Landing screen</h1> },
      { path: '/dashboard', element: <h1>Dashboard screen</h1> },
      { path: '/support', element: <SupportPage /> },
    ],
    { initialEntries: entries, initialIndex: entries.length - 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('support page', () => {
  it('offers four ways to get help, each opening in a new tab', () => {
    renderSupport();
    const expected: [RegExp, string][] = [
      [/Email Support/, 'mailto:support@stamina.app'],
      [/Join the Community/, 'https://discord.gg/stamina'],
      [/Read the Documentation/, 'https://docs.stamina.app'],
      [/Share Feedback/, 'https://feedback.stamina.app'],
    ];
    const newTabLinks = screen.getAllByRole('link', { name: /opens in a new tab/ });
    expect(newTabLinks).toHaveLength(4);
    for (const [name, href] of expected) {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(document.title).toBe('Support · Stamina');
  });

  it('answers the three frequent questions when opened', async () => {
    const user = userEvent.setup();
    renderSupport();
    const garmin = screen.getByText('How do I connect my Garmin device?');
    expect(garmin.closest('details')).not.toHaveAttribute('open');
    await user.click(garmin);
    expect(garmin.closest('details')).toHaveAttribute('open');
    expect(screen.getByRole('link', { name: 'Settings > Device Connections' })).toHaveAttribute(
      'href',
      '/settings/devices',
    );

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
