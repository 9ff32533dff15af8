// The testing dashboard (/test): token debug without the signature, its countdown and 30 s re-check, health per
// area, the athlete's recent requests in lists of 20, 50 or 100, and the live stream over EventSource.
import type { HealthAreas, LogLine } from '@stamina/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestPage } from '../src/features/testing/testing-page.tsx';
import { decodeToken, expiryCountdown } from '../src/features/testing/token.ts';
import { writeSession } from '../src/lib/session-store.ts';
import { type Call, json, mockFetch, renderWithProviders } from './calendar-test-utils.tsx';

const b64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const SIGNATURE = 'c2lnbmF0dXJlLW5ldmVyLXNob3du';
const NOW_S = Math.floor(Date.now() / 1000);
const PAYLOAD = {
  sub: '00000000-0000-4000-8000-000000000001',
  email: 'ada@example.com',
  role: 'authenticated',
  sid: '00000000-0000-4000-8000-0000000000ff',
  iss: 'http://localhost:3000',
  iat: NOW_S,
  nbf: NOW_S,
  exp: NOW_S + 3600,
};
const TOKEN = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(PAYLOAD)}.${SIGNATURE}`;

const user = {
  id: PAYLOAD.sub,
  athlete_id: '00000000-0000-4000-8000-0000000000a1',
  email: 'ada@example.com',
  name: 'Ada',
  user_metadata: {},
  email_confirmed_at: '2026-01-01T00:00:00.000Z',
  created_at: '2026-01-01T00:00:00.000Z',
};

function session(accessToken: string) {
  return {
    access_token: accessToken,
    refresh_token: 'r',
    expires_at: 0,
    token_type: 'bearer' as const,
    user,
  };
}

const line = (n: number, overrides: Partial<LogLine> = {}): LogLine => ({
  request_id: `req-${n}`,
  method: 'GET',
  path: `/api/workouts/${n}`,
  status: 200,
  duration_ms: 4.2,
  time: '2026-11-26T10:00:00.000Z',
  ...overrides,
});

const health: HealthAreas = {
  status: 'degraded',
  version: '1.2.3',
  checked_at: '2026-11-26T10:00:00.000Z',
  areas: [
    { area: 'database', label: 'Database', status: 'ok', detail: 'Answered a query', latency_ms: 1.5 },
    {
      area: 'jobs',
      label: 'Job queue',
      status: 'degraded',
      detail: '3 jobs waiting over a minute',
      latency_ms: 2,
    },
    { area: 'files', label: 'File store', status: 'down', detail: 'check failed', latency_ms: 3000 },
    { area: 'mail', label: 'Mail', status: 'ok', detail: 'Outbox writable', latency_ms: 0.4 },
    { area: 'redis', label: 'Redis', status: 'not_configured', detail: 'REDIS_URL not set', latency_ms: 0 },
  ],
};

/** EventSource as the browser gives it, driven by the test. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  listeners = new Map<string, (event: MessageEvent<string>) => void>();
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    act(() => this.onopen?.());
  }
  send(data: unknown) {
    act(() => this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) })));
  }
  emit(type: string, data: unknown) {
    act(() => this.listeners.get(type)?.(new MessageEvent(type, { data: JSON.stringify(data) })));
  }
  fail(readyState: number) {
    this.readyState = readyState;
    act(() => this.onerror?.());
  }
}

const latestSource = () => FakeEventSource.instances.at(-1)!;

function serve(
  overrides: { recent?: (call: Call) => Response; health?: () => Response; me?: () => Response } = {},
) {
  return mockFetch((call) => {
    const path = call.url.pathname;
    if (path === '/api/auth/me') return overrides.me?.() ?? json(200, { data: user });
    if (path === '/api/v1/health/areas') return overrides.health?.() ?? json(200, { data: health });
    if (path === '/api/v1/logs/recent') {
      if (overrides.recent) return overrides.recent(call);
      const limit = Number(call.url.searchParams.get('limit'));
      return json(200, { data: { lines: Array.from({ length: limit }, (_, i) => line(i)) } });
    }
    return json(404, { message: 'not found', code: 'NOT_FOUND' });
  });
}

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  writeSession(session(TOKEN));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const card = (name: string) => screen.getByRole('heading', { name, level: 2 }).closest('section')!;

describe('token helpers', () => {
  it('decode the header and payload, and nothing of a token that is not a JWT', () => {
    expect(decodeToken(TOKEN)).toEqual({ header: { alg: 'HS256', typ: 'JWT' }, payload: PAYLOAD });
    expect(decodeToken('not-a-token')).toBeNull();
    expect(decodeToken('a.b.c')).toBeNull();
  });

  it('count down to the expiry', () => {
    expect(expiryCountdown(1000, 1000 * 1000)).toBe('expired');
    expect(expiryCountdown(1065, 1000 * 1000)).toBe('1:05');
    expect(expiryCountdown(1000 + 3723, 1000 * 1000)).toBe('1:02:03');
  });
});

describe('Testing dashboard', () => {
  it('shows the token header and payload, never its signature, with the expiry and a valid re-check', async () => {
    serve();
    renderWithProviders(<TestPage />);
    expect(document.title).toBe('Testing Dashboard · Stamina');
    const token = card('Token debug');
    expect(within(token).getByText(/"alg": "HS256"/)).toBeInTheDocument();
    expect(within(token).getByText(/"email": "ada@example.com"/)).toBeInTheDocument();
    for (const claim of ['sub', 'email', 'role', 'iss', 'exp', 'iat', 'nbf']) {
      expect(within(token).getByText(claim, { selector: 'dt' })).toBeInTheDocument();
    }
    expect(within(token).getByText('authenticated', { selector: 'dd' })).toBeInTheDocument();
    expect(within(token).getByText(/^(59:5\d|1:00:00)$/)).toBeInTheDocument();
    expect(document.body.textContent).not.toContain(SIGNATURE);
    expect(document.body.innerHTML).not.toContain(SIGNATURE);
    expect(await within(token).findByText(/Valid: signed in as ada@example.com/)).toBeInTheDocument();
  });

  it('re-checks the token every 30 s and shows a failed check', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer = json(200, { data: user });
    const calls = serve({ me: () => answer.clone() });
    renderWithProviders(<TestPage />);
    await screen.findByText(/Valid: signed in as/);
    const checks = () => calls.filter((c) => c.url.pathname === '/api/auth/me').length;
    expect(checks()).toBe(1);
    answer = json(403, { message: 'This account is locked.', code: 'FORBIDDEN' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    await waitFor(() => expect(checks()).toBe(2));
    expect(await screen.findByText(/Invalid: This account is locked\./)).toBeInTheDocument();
  });

  it('asks the athlete to sign in when no token is stored', () => {
    writeSession(null);
    serve();
    renderWithProviders(<TestPage />);
    expect(within(card('Token debug')).getByRole('alert')).toHaveTextContent('No access token is stored.');
  });

  it('shows the health of each API area', async () => {
    serve();
    renderWithProviders(<TestPage />);
    const list = await screen.findByRole('list', { name: 'API areas' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^DatabaseOKAnswered a query1\.5 ms$/),
      expect.stringMatching(/^Job queueDegraded3 jobs waiting/),
      expect.stringMatching(/^File storeDowncheck failed/),
      expect.stringMatching(/^MailOK/),
      expect.stringMatching(/^RedisNot configured/),
    ]);
    expect(within(card('Health')).getByText('Some areas need attention')).toBeInTheDocument();
  });

  it('says when the health check fails, and tries again', async () => {
    let fail = true;
    serve({
      health: () =>
        fail
          ? json(401, { message: 'Authentication required', code: 'UNAUTHORIZED' })
          : json(200, { data: health }),
    });
    renderWithProviders(<TestPage />);
    expect(await within(card('Health')).findByText('Unable to load health')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(card('Health')).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('list', { name: 'API areas' })).toBeInTheDocument();
  });

  it('lists the last 20 requests, and 50 or 100 on request', async () => {
    const calls = serve();
    const user = userEvent.setup();
    renderWithProviders(<TestPage />);
    const list = await screen.findByRole('list', { name: 'Recent requests' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(first).toHaveTextContent('GET');
    expect(first).toHaveTextContent('/api/workouts/0');
    expect(first).toHaveTextContent('Status 200');
    expect(first).toHaveTextContent('4.2 ms');
    expect(first).toHaveTextContent('Request id req-0');

    await user.click(screen.getByRole('button', { name: 'Last 50 requests' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Recent requests' })).getAllByRole('listitem'),
      ).toHaveLength(50),
    );
    expect(screen.getByRole('button', { name: 'Last 50 requests' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Last 100 requests' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Recent requests' })).getAllByRole('listitem'),
      ).toHaveLength(100),
    );
    const limits = calls
      .filter((c) => c.url.pathname === '/api/v1/logs/recent')
      .map((c) => c.url.searchParams.get('limit'));
    expect(limits).toEqual(['20', '50', '100']);
  }, 30_000);

  it('says when there is no request yet', async () => {
    serve({ recent: () => json(200, { data: { lines: [] } }) });
    renderWithProviders(<TestPage />);
    expect(await within(card('Recent logs')).findByText('No requests yet')).toBeInTheDocument();
    expect(within(card('Recent logs')).getByRole('button', { name: 'Refresh' })).toBeEnabled();
  });

  it('streams new requests over EventSource with the token in the query, once connected', async () => {
    serve();
    renderWithProviders(<TestPage />);
    expect(FakeEventSource.instances).toHaveLength(0);
    expect(within(card('Live log stream')).getByText('Not connected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    const source = latestSource();
    expect(source.url).toBe(`/api/v1/logs/stream?token=${encodeURIComponent(TOKEN)}`);
    const stream = card('Live log stream');
    expect(within(stream).getByText('Connecting…')).toBeInTheDocument();
    source.open();
    expect(within(stream).getByText('Live')).toBeInTheDocument();
    source.send(line(7, { method: 'POST', path: '/api/metrics', status: 201, duration_ms: 12.5 }));
    const item = within(within(stream).getByRole('list', { name: 'Live requests' })).getByRole('listitem');
    expect(item).toHaveTextContent('POST');
    expect(item).toHaveTextContent('/api/metrics');
    expect(item).toHaveTextContent('Status 201');
    expect(item).toHaveTextContent('12.5 ms');
    expect(item).toHaveTextContent('Request id req-7');
  });

  it("shows the spec's error when the stream is refused, and reconnects on request", async () => {
    serve();
    const user = userEvent.setup();
    renderWithProviders(<TestPage />);
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    latestSource().fail(FakeEventSource.CLOSED);
    const stream = card('Live log stream');
    expect(within(stream).getByRole('alert')).toHaveTextContent(/^Log stream connection error$/);
    expect(within(stream).getByText('Disconnected')).toBeInTheDocument();
    await user.click(within(stream).getByRole('button', { name: 'Connect' }));
    expect(FakeEventSource.instances).toHaveLength(2);
    latestSource().open();
    expect(within(stream).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('tells why when the server ends the stream, and opens a new one with a refreshed token', async () => {
    serve();
    renderWithProviders(<TestPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    const first = latestSource();
    first.open();
    first.emit('session-ended', { message: 'Session expired. Please log in again.' });
    expect(within(card('Live log stream')).getByRole('alert')).toHaveTextContent(
      'Log stream connection error: Session expired. Please log in again.',
    );
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    const fresh = `${TOKEN.split('.').slice(0, 2).join('.')}.bmV3`;
    act(() => writeSession(session(fresh)));
    expect(latestSource().url).toContain(encodeURIComponent(fresh));
  });

  it('connects and disconnects the stream from the keyboard', async () => {
    serve();
    const user = userEvent.setup();
    renderWithProviders(<TestPage />);
    within(card('Live log stream')).getByRole('button', { name: 'Connect' }).focus();
    await user.keyboard('{Enter}');
    latestSource().open();
    expect(within(card('Live log stream')).getByText('Live')).toBeInTheDocument();
    within(card('Live log stream')).getByRole('button', { name: 'Disconnect' }).focus();
    await user.keyboard('{Enter}');
    expect(latestSource().readyState).toBe(FakeEventSource.CLOSED);
    expect(within(card('Live log stream')).getByText('Not connected')).toBeInTheDocument();
  });
});
