import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotFoundPage } from '../src/features/errors/not-found-page.tsx';
import { RouteErrorPage } from '../src/features/errors/route-error-page.tsx';

let flakyPageBroken = true;

/** A page that crashes while rendering until the test repairs it. */
function FlakyPage() {
  if (flakyPageBroken) throw new Error('Cannot read properties of undefined');
  return <h1>Calendar screen</h1>;
}

describe('404 page', () => {
  it('tells the visitor the page does not exist and offers the dashboard', async () => {
    const router = createMemoryRouter(
      [
        { path: '/', element: <h1>Landing screen</h1> },
        { path: '*', element: <NotFoundPage /> },
      ],
      { initialEntries: ['/no/such/page'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(
      screen.getByText("The page you're looking for doesn't exist or has been moved."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(document.title).toBe('Page Not Found · Stamina');
  });
});

describe('route error screen', () => {
  let loaderCalls = 0;

  beforeEach(() => {
    loaderCalls = 0;
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  function renderFailingRoute(message = 'Database exploded <script>alert(1)</script>', failures = Infinity) {
    const router = createMemoryRouter(
      [
        {
          path: '/dashboard',
          loader: () => {
            loaderCalls += 1;
            if (loaderCalls <= failures) throw new Error(message);
            return null;
          },
          element: <h1>Dashboard screen</h1>,
          hydrateFallbackElement: <p>Loading</p>,
          errorElement: <RouteErrorPage />,
        },
        { path: '/support', element: <h1>Support screen</h1> },
      ],
      { initialEntries: ['/dashboard'] },
    );
    render(<RouterProvider router={router} />);
    return router;
  }

  function shownErrorId(): string {
    const label = screen.getByText('Error ID');
    const value = label.nextElementSibling?.querySelector('span')?.textContent ?? '';
    return value;
  }

  it('shows the title, the route and a 9-character error ID', async () => {
    renderFailingRoute();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Oops! Something went wrong' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Route').nextElementSibling).toHaveTextContent('/dashboard');
    expect(shownErrorId()).toMatch(/^[0-9a-z]{9}$/);
    await waitFor(() => expect(document.title).toBe('Something went wrong · Stamina'));
  });

  it('copies a report with the ID, route, message, stack, component stack and time', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderFailingRoute();
    await screen.findByRole('heading', { name: 'Oops! Something went wrong' });
    const id = shownErrorId();

    await user.click(screen.getByRole('button', { name: 'Copy error details' }));

    expect(writeText).toHaveBeenCalledTimes(1);
    const copied = writeText.mock.calls[0]![0] as string;
    expect(copied).toContain(`Error ID: ${id}`);
    expect(copied).toContain('Route: /dashboard');
    expect(copied).toContain('Message: Database exploded <script>alert(1)</script>');
    expect(copied).toMatch(/Stack:\n(Error: Database exploded|.*at )/);
    expect(copied).toContain('Component stack:\nn/a');
    expect(copied).toMatch(/Time: \d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/);
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(shownErrorId()).toBe(id);
  });

  it('shows the error message as text, never as markup', async () => {
    renderFailingRoute();
    await screen.findByRole('heading', { name: 'Oops! Something went wrong' });
    expect(screen.getByText(/Message: Database exploded <script>alert\(1\)<\/script>/)).toBeInTheDocument();
    expect(document.querySelector('main script')).toBeNull();
  });

  it('opens the technical details when the clipboard is not available', async () => {
    const user = userEvent.setup();
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    renderFailingRoute();
    await screen.findByRole('heading', { name: 'Oops! Something went wrong' });
    await user.click(screen.getByRole('button', { name: 'Copy error details' }));
    expect(screen.getByText(/Could not copy/)).toBeInTheDocument();
    expect(screen.getByText('Technical details').closest('details')).toHaveAttribute('open');
  });

  it('offers a way forward: try again, dashboard, report issue, quick fixes and support', async () => {
    renderFailingRoute();
    await screen.findByRole('heading', { name: 'Oops! Something went wrong' });
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: 'Report Issue' })).toHaveAttribute('href', '/support');
    expect(screen.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/support');
    const fixes = within(screen.getByRole('list'))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(fixes).toEqual([
      'Refresh the page',
      'Check your internet connection',
      'Clear your browser cache',
      'Try again in a few minutes',
    ]);
  });

  it('loads the page again with Try Again', async () => {
    const user = userEvent.setup();
    renderFailingRoute('Temporary glitch', 1);
    await screen.findByRole('heading', { name: 'Oops! Something went wrong' });
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard screen' })).toBeInTheDocument();
    expect(loaderCalls).toBe(2);
  });

  it('renders a page again with Try Again after it crashed while drawing', async () => {
    const user = userEvent.setup();
    flakyPageBroken = true;
    const router = createMemoryRouter(
      [{ path: '/calendar', element: <FlakyPage />, errorElement: <RouteErrorPage /> }],
      {
        initialEntries: ['/calendar?week=3'],
      },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Oops! Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Route').nextElementSibling).toHaveTextContent('/calendar');

    flakyPageBroken = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Calendar screen' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?week=3');
  });

  it('leads to support with Report Issue', async () => {
    const user = userEvent.setup();
    renderFailingRoute();
    await screen.findByRole('heading', { name: 'Oops! Something went wrong' });
    await user.click(screen.getByRole('link', { name: 'Report Issue' }));
    expect(await screen.findByRole('heading', { name: 'Support screen' })).toBeInTheDocument();
  });
});
