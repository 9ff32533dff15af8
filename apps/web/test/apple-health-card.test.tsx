// The Apple Health card on /settings/devices (docs/devices.md, "Apple Health"): choosing the export uploads it
// with an idempotency key and shows its progress; the import's outcome comes as a toast with the server's
// message. A failed import says why. Google Fit's card says how to bring its files in.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../src/app/router.tsx';
import { writeSession } from '../src/lib/session-store.ts';
import { json, mockFetch } from './calendar-test-utils.tsx';
import { signIn } from './dashboard-fixtures.ts';
import { stubXhr } from './xhr-stub.ts';

afterEach(() => {
  writeSession(null);
  vi.unstubAllGlobals();
});

const queued = {
  batch_id: 'b-apple',
  done: false,
  files: [{ name: 'export.zip', status: 'queued', message: null, activity_id: null, activity_ids: [] }],
};

function serve(final: { status: 'imported' | 'failed'; message: string }) {
  let polls = 0;
  return mockFetch(({ url }) => {
    if (url.pathname === '/api/devices') return json(200, { data: [] });
    if (url.pathname === '/api/activities/imports/b-apple') {
      polls++;
      const done = polls > 1;
      return json(200, {
        data: {
          batch_id: 'b-apple',
          done,
          files: [
            {
              name: 'export.zip',
              status: done ? final.status : 'processing',
              message: done ? final.message : null,
              activity_id: null,
              activity_ids: [],
            },
          ],
        },
      });
    }
    return json(404, { message: 'Not found' });
  });
}

const open = () =>
  render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/settings/devices'] })} />);

describe('Apple Health card', { timeout: 20_000 }, () => {
  it('uploads the export with progress, then toasts what was imported', async () => {
    signIn();
    serve({
      status: 'imported',
      message:
        '2 workouts imported; HRV (SDNN) on 30 days, resting heart rate on 30 days, sleep on 28 nights',
    });
    const sent = stubXhr({ status: 202, body: { data: queued } }, 200);
    open();
    const card = await screen.findByRole('region', { name: 'Apple Health' });
    expect(within(card).getByText('Disconnected')).toBeVisible();
    expect(within(card).getByText('Never')).toBeVisible();
    const input = within(card).getByLabelText('Upload export.zip');
    await userEvent.upload(input, new File([new Uint8Array(200)], 'export.zip'));

    const bar = await within(card).findByRole('progressbar', {
      name: 'Uploading the Apple Health export',
    });
    expect(bar).toHaveAttribute('aria-valuenow', '25');
    expect(await screen.findByText('Apple Health Imported', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/2 workouts imported; HRV \(SDNN\) on 30 days/)).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/activities/import/apple-health');
    expect(sent[0]!.headers['Idempotency-Key'] ?? sent[0]!.headers['idempotency-key']).toMatch(/\w{8}/);
    expect((sent[0]!.body!.get('file') as File).name).toBe('export.zip');
  });

  it('toasts the reason when the import fails', async () => {
    signIn();
    serve({
      status: 'failed',
      message: 'The zip holds no export.xml: upload the export.zip Apple Health made',
    });
    stubXhr({ status: 202, body: { data: queued } }, 200);
    open();
    const card = await screen.findByRole('region', { name: 'Apple Health' });
    await userEvent.upload(within(card).getByLabelText('Upload export.zip'), new File(['PK'], 'export.zip'));
    expect(await screen.findByText('Import Failed', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText(/The zip holds no export\.xml/)).toBeInTheDocument();
  });

  it('Google Fit says how to bring its files in', async () => {
    signIn();
    serve({ status: 'imported', message: '' });
    open();
    const card = await screen.findByRole('region', { name: 'Google Fit' });
    expect(within(card).getByText(/Google Takeout/)).toBeVisible();
    expect(within(card).getByRole('link', { name: 'Upload on Activities' })).toHaveAttribute(
      'href',
      '/activities',
    );
    expect(within(card).getByRole('button', { name: 'Connect' })).toBeDisabled();
  });
});
