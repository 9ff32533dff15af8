import type { CoachActionDto, CoachMessageDto, CoachMessageList } from '@stamina/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../src/components/ui/toaster.tsx';
import { CoachPage } from '../src/features/coach/coach-page.tsx';
import { type Call, json, mockFetch } from './calendar-test-utils.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const action = (overrides: Partial<CoachActionDto> = {}): CoachActionDto => ({
  id: '00000000-0000-4000-8000-00000000a001',
  kind: 'move',
  workout_id: '00000000-0000-4000-8000-00000000b001',
  workout_title: 'Long ride',
  workout_date: '2026-11-28',
  summary: "Move 'Long ride' from Sat 28 Nov to Sun 29 Nov",
  reason: 'Moved at your request from Sat 28 Nov to Sun 29 Nov.',
  status: 'proposed',
  change_id: null,
  plan_id: null,
  applied_at: null,
  undone: false,
  ...overrides,
});

let seq = 0;
const message = (overrides: Partial<CoachMessageDto> = {}): CoachMessageDto => ({
  id: `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`,
  role: 'coach',
  text: 'Hello',
  citations: [],
  actions: [],
  source: overrides.role === 'athlete' ? null : 'built_in',
  created_at: '2026-11-26T10:00:00.000Z',
  ...overrides,
});

const page = (items: CoachMessageDto[], extra: Partial<CoachMessageList> = {}): CoachMessageList => ({
  items,
  page: 1,
  page_size: 20,
  total: items.length,
  model: false,
  ...extra,
});

function sse(events: Array<[string, unknown]>): Response {
  const body = events.map(([name, data]) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`).join('');
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

function renderCoach(state?: unknown) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(
    [
      { path: '/coach', element: <CoachPage /> },
      { path: '/metrics', element: <p>Metrics page</p> },
    ],
    { initialEntries: [{ pathname: '/coach', state }] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { router };
}

const input = () => screen.getByPlaceholderText('Ask your coach anything...');

describe('Coach page', () => {
  it('shows the conversation with citations as links, the quick suggestions and the quiet no-model note', async () => {
    mockFetch(({ url }) =>
      url.pathname === '/api/coach/messages'
        ? json(200, {
            data: page([
              message({ role: 'athlete', text: 'how ready am i?' }),
              message({
                text: 'Your readiness today is 48 out of 100: Take It Easy.',
                citations: [{ label: 'Readiness', value: '48 (Take It Easy)', path: '/metrics' }],
              }),
            ]),
          })
        : json(404, { message: 'Not found' }),
    );
    const { router } = renderCoach();
    expect(await screen.findByText('how ready am i?')).toBeVisible();
    const list = screen.getByRole('list', { name: 'Messages' });
    const link = within(list).getByRole('link', { name: 'Readiness: 48 (Take It Easy)' });
    expect(link).toHaveAttribute('href', '/metrics');
    const suggestions = screen.getByRole('complementary', { name: 'Quick suggestions' });
    expect(within(suggestions).getByRole('button', { name: 'Why did my workout change?' })).toBeVisible();
    expect(screen.getByTestId('coach-no-model')).toHaveTextContent('No AI model is connected');
    await userEvent.click(link);
    expect(router.state.location.pathname).toBe('/metrics');
  });

  it('says under each coach answer whether the built-in rules or the language model understood it', async () => {
    mockFetch(() =>
      json(200, {
        data: page(
          [
            message({ role: 'athlete', text: 'sat long ride → sunday?' }),
            message({ text: 'I can move it to Sunday.', source: 'built_in' }),
            message({ role: 'athlete', text: 'I feel sick' }),
            message({ text: 'Rest today and tomorrow.', source: 'model' }),
          ],
          { model: true },
        ),
      }),
    );
    renderCoach();
    const rules = (await screen.findByText('I can move it to Sunday.')).closest('article')!;
    expect(within(rules).getByText('Answered by the built-in rules')).toBeVisible();
    const model = screen.getByText('Rest today and tomorrow.').closest('article')!;
    expect(within(model).getByText('Answered by the language model')).toBeVisible();
    // The athlete's own messages say nothing of the kind.
    const mine = screen.getAllByRole('article', { name: 'You' });
    expect(mine).toHaveLength(2);
    for (const m of mine) expect(within(m).queryByText(/^Answered by/)).toBeNull();
    expect(screen.getAllByText(/^Answered by/)).toHaveLength(2);
  });

  it('does not show the no-model note when a model answers', async () => {
    mockFetch(() => json(200, { data: page([], { model: true }) }));
    renderCoach();
    await screen.findByText(/No messages yet/);
    expect(screen.queryByTestId('coach-no-model')).toBeNull();
  });

  it('sends on Enter, makes a new line with Shift+Enter, and never sends an empty message', async () => {
    let stored: CoachMessageDto[] = [];
    const calls = mockFetch(({ method, body }) => {
      if (method === 'GET') return json(200, { data: page(stored) });
      const text = (body as { text: string }).text;
      const reply = message({ text: `You asked: ${text}` });
      stored = [message({ role: 'athlete', text }), reply];
      return sse([
        ['delta', { text: 'You asked: ' }],
        ['delta', { text }],
        [
          'done',
          { data: { reply: reply.text, citations: [], actions: [], source: 'built_in', messages: stored } },
        ],
      ]);
    });
    renderCoach();
    await screen.findByText(/No messages yet/);
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();

    await userEvent.type(input(), '   {Enter}');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.clear(input());
    await userEvent.type(input(), 'first line{Shift>}{Enter}{/Shift}second line');
    expect(input()).toHaveValue('first line\nsecond line');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.type(input(), '{Enter}');
    const posts = () => calls.filter((c: Call) => c.method === 'POST');
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.url.pathname).toBe('/api/coach/messages');
    expect(posts()[0]!.url.searchParams.get('stream')).toBe('true');
    expect(posts()[0]!.body).toEqual({ text: 'first line\nsecond line' });
    expect(
      await screen.findByText('You asked: first line second line', {
        normalizer: (s) => s.replace(/\s+/g, ' '),
      }),
    ).toBeVisible();
    expect(input()).toHaveValue('');
  });

  it('asks a quick suggestion with one click', async () => {
    const calls = mockFetch(({ method }) =>
      method === 'GET'
        ? json(200, { data: page([]) })
        : sse([
            ['done', { data: { reply: 'ok', citations: [], actions: [], source: 'built_in', messages: [] } }],
          ]),
    );
    renderCoach();
    await userEvent.click(await screen.findByRole('button', { name: "Move Saturday's long ride to Sunday" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        text: "Move Saturday's long ride to Sunday",
      }),
    );
  });

  it('confirms a proposed action, then offers Undo through the plan change', async () => {
    let current = action();
    const calls = mockFetch(({ method, url }) => {
      if (method === 'GET' && url.pathname === '/api/coach/messages')
        return json(200, { data: page([message({ text: 'I can move it.', actions: [current] })]) });
      if (method === 'POST' && url.pathname === `/api/coach/actions/${current.id}/confirm`) {
        current = action({
          status: 'applied',
          change_id: '00000000-0000-4000-8000-00000000c001',
          plan_id: '00000000-0000-4000-8000-00000000d001',
          applied_at: '2026-11-26T10:01:00.000Z',
        });
        return json(200, { data: current });
      }
      if (method === 'POST' && url.pathname.endsWith('/undo')) {
        current = { ...current, undone: true };
        return json(200, { data: {} });
      }
      return json(200, { data: [] });
    });
    renderCoach();
    const confirm = await screen.findByRole('button', {
      name: "Confirm: Move 'Long ride' from Sat 28 Nov to Sun 29 Nov",
    });
    await userEvent.click(confirm);
    expect(await screen.findByText('Applied')).toBeVisible();
    const undo = screen.getByRole('button', { name: /^Undo:/ });
    await userEvent.click(undo);
    expect(await screen.findByText('Undone')).toBeVisible();
    expect(
      calls.some((c) => c.method === 'POST' && c.url.pathname === `/api/coach/actions/${current.id}/undo`),
    ).toBe(true);
    expect(screen.queryByRole('button', { name: /^Undo:/ })).toBeNull();
  });

  it('opens with the plan as the topic from the Journey page, and with readiness from "Ask why"', async () => {
    mockFetch(() => json(200, { data: page([]) }));
    renderCoach({ topic: 'plan', planId: 'p1' });
    expect(await screen.findByText('Topic: your training plan')).toBeVisible();
    expect(input()).toHaveValue('How does my plan look this week?');
  });

  it('keeps the message and says why when sending fails', async () => {
    mockFetch(({ method }) =>
      method === 'GET'
        ? json(200, { data: page([]) })
        : json(400, { message: 'Write a message first', code: 'VALIDATION_FAILED' }),
    );
    renderCoach({ topic: 'readiness' });
    await screen.findByText('Topic: today’s readiness');
    await userEvent.type(input(), '{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Write a message first');
    expect(input()).toHaveValue('Why is my readiness what it is today?');
  });

  it('shows an error with Try Again when the conversation cannot load', async () => {
    mockFetch(() => json(400, { message: 'page must be at least 1', code: 'VALIDATION_FAILED' }));
    renderCoach();
    expect(await screen.findByText('Could not load your conversation')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeVisible();
  });
});
