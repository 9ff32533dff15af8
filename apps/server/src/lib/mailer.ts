// Outgoing e-mail: SMTP through nodemailer when SMTP_URL is set, else one JSON line per message in DATA_DIR/outbox.jsonl.
import { access, appendFile, constants, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe (docs/notifications.md, "Opting out"); kept in the outbox line too. */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
  /** A cheap check that mail can go out (the testing dashboard's health); resolves to what was found. */
  check?(): Promise<string>;
}

interface Logger {
  info(obj: object, msg: string): void;
}

export function smtpMailer(smtpUrl: string, from: string, log: Logger): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      log.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, 'mail sent over SMTP');
    },
    close: () => transport.close(),
    async check() {
      await transport.verify();
      return 'The SMTP server accepted a connection';
    },
  };
}

export function outboxMailer(outboxPath: string, log: Logger): Mailer {
  let ready: Promise<unknown> | undefined;
  return {
    async send(mail) {
      ready ??= mkdir(dirname(outboxPath), { recursive: true });
      await ready;
      const line = JSON.stringify({ ...mail, sentAt: new Date().toISOString() });
      await appendFile(outboxPath, `${line}\n`, 'utf8');
      // Without SMTP the log is where a developer finds the link, so the text goes in too.
      log.info(
        { to: mail.to, subject: mail.subject, outbox: outboxPath, text: mail.text },
        'mail written to outbox',
      );
    },
    close: () => {},
    async check() {
      await mkdir(dirname(outboxPath), { recursive: true });
      await access(dirname(outboxPath), constants.W_OK);
      return 'No SMTP_URL: mail is written to the outbox file, which is writable';
    },
  };
}
