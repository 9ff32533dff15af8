import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  NotificationsBell,
  unreadBadgeText,
} from '../src/features/notifications/components/notifications-bell.tsx';
import { json, mockFetch, renderWithProviders } from './calendar-test-utils.tsx';
import { notification } from './dashboard-fixtures.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-11-18T10:00:00.000Z'));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('unread badge', () => {
  it('is hidden at 0, the count up to 9, then 9+', () => {
    expect(unreadBadgeText(0)).toBeNull();
    expect(unreadBadgeText(1)).toBe('1');
    expect(unreadBadgeText(9)).toBe('9');
    expect(unreadBadgeText(10)).toBe('9+');
  });
});

describe('Notifications bell', () => {
  it('shows the real unread count, lists notifications and marks one read on click', async () => {
    const missed = notification({ title: 'Missed session', link: '/calendar' });
    const warning = notification({
      kind: 'recovery_warning',
      title: 'Recovery warning',
      body: 'Your recovery is low today.',
      link: null,
      created_at: '2025-11-17T10:00:00.000Z',
    });
    const read = notification({ title: 'New week plan', read_at: '2025-11-17T12:00:00.000Z' });
    let list = { notifications: [missed, warning, read], unread_count: 2 };
    const calls = mockFetch(({ method, url }) => {
      if (method === 'GET' && url.pathname === '/api/notifications') return json(200, { data: list });
      if (method === 'POST' && url.pathname === `/api/notifications/${warning.id}/read`) {
        list = {
          notifications: [missed, { ...warning, read_at: '2025-11-18T10:00:00.000Z' }, read],
          unread_count: 1,
        };
        return new Response(null, { status: 204 });
      }
      return json(404, { message: 'Not found' });
    });
    renderWithProviders(<NotificationsBell />);

    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(bell).toHaveTextContent('2');
    await userEvent.click(bell);
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(within(panel).getByRole('link', { name: /Missed session/ })).toHaveAttribute('href', '/calendar');
    expect(within(panel).getByText('Your recovery is low today.')).toBeVisible();
    expect(within(panel).getByText('1 day ago')).toBeVisible();
    expect(within(panel).getAllByText('(unread)')).toHaveLength(2);

    await userEvent.click(within(panel).getByRole('button', { name: /Recovery warning/ }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument(),
    );
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname.endsWith(`${warning.id}/read`))).toBe(
      true,
    );
  });

  it('marks all read, hiding the badge, and shows 9+ above nine', async () => {
    const many = Array.from({ length: 12 }, (_, i) => notification({ title: `Note ${i}` }));
    let list = { notifications: many, unread_count: 12 };
    const calls = mockFetch(({ method, url }) => {
      if (method === 'GET' && url.pathname === '/api/notifications') return json(200, { data: list });
      if (method === 'POST' && url.pathname === '/api/notifications/read-all') {
        list = {
          notifications: many.map((n) => ({ ...n, read_at: '2025-11-18T10:00:00.000Z' })),
          unread_count: 0,
        };
        return new Response(null, { status: 204 });
      }
      return json(404, { message: 'Not found' });
    });
    renderWithProviders(<NotificationsBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 12 unread' });
    expect(bell).toHaveTextContent('9+');
    await userEvent.click(bell);
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Notifications' })).not.toHaveTextContent(/\d/),
    );
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/notifications/read-all')).toBe(
      true,
    );
  });
});
