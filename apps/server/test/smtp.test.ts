import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpMailer } from '../src/lib/mailer.ts';
import { APP_URL, createTestApp, type TestApp, uniqueEmail } from './helpers.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** Undoes quoted-printable soft line breaks and escapes, enough to find a link in a body. */
const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const received: Received[] = [];
let server: SMTPServer;
let t: TestApp;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  t = await createTestApp({
    mailer: smtpMailer(`smtp://127.0.0.1:${port}`, 'Stamina <no-reply@stamina.local>', { info: () => {} }),
  });
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('mail over SMTP', () => {
  it('delivers the confirmation mail, with a working link, to a real SMTP server', async () => {
    const email = uniqueEmail('smtp');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Smtp Tester', email, password: 'secret1' },
    });
    expect(res.statusCode).toBe(201);

    const deadline = Date.now() + 5_000;
    while (!received.some((m) => m.to.includes(email)) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 25));
    }
    const message = received.find((m) => m.to.includes(email));
    expect(message, 'a message for the new address').toBeDefined();
    expect(message!.from).toBe('no-reply@stamina.local');
    expect(message!.raw).toMatch(/^Subject: Confirm your Stamina account\r?$/m);

    const body = decodeQuotedPrintable(message!.raw);
    const link = body.match(/http:\/\/localhost:3000\/api\/auth\/confirm\?token=[A-Za-z0-9_-]+/)?.[0];
    expect(link).toBeDefined();
    expect(link!.startsWith(`${APP_URL}/api/auth/confirm?token=`)).toBe(true);

    // Nothing went to the outbox file: SMTP replaces it.
    expect(await t.readOutbox()).toEqual([]);

    const url = new URL(link!);
    const confirm = await t.app.inject({
      method: 'GET',
      url: url.pathname + url.search,
      headers: { accept: 'application/json' },
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().data.user.email).toBe(email);
  });
});
