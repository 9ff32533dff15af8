// The texts of the account e-mails. User-supplied text is escaped before it enters HTML.
import type { Mail } from '../../lib/mailer.ts';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

function layout(heading: string, body: string, link: string, action: string): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:auto;padding:24px">
<h1 style="font-size:20px">${heading}</h1>
<p>${body}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#ea580c;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${action}</a></p>
<p style="font-size:13px;color:#475569">Or paste this address into your browser:<br>${escapeHtml(link)}</p>
<p style="font-size:13px;color:#475569">If you did not ask for this, you can ignore this e-mail.</p>
</body></html>`;
}

export function confirmationMail(to: string, name: string, link: string): Mail {
  return {
    to,
    subject: 'Confirm your Stamina account',
    text: `Hi ${name},\n\nWelcome to Stamina! Confirm your e-mail address to start training:\n\n${link}\n\nThe link works once and expires in 24 hours.\n\nIf you did not sign up, you can ignore this e-mail.`,
    html: layout(
      `Welcome to Stamina, ${escapeHtml(name)}!`,
      'Confirm your e-mail address to start training. The link works once and expires in 24 hours.',
      link,
      'Confirm my e-mail',
    ),
  };
}

export function passwordResetMail(to: string, name: string, link: string): Mail {
  return {
    to,
    subject: 'Reset your Stamina password',
    text: `Hi ${name},\n\nSomeone asked to reset the password of your Stamina account. Choose a new password here:\n\n${link}\n\nThe link works once and expires in 1 hour. Setting a new password signs you out everywhere.\n\nIf it was not you, ignore this e-mail: your password stays as it is.`,
    html: layout(
      'Reset your password',
      `Hi ${escapeHtml(name)}, choose a new password for your Stamina account. The link works once and expires in 1 hour. Setting a new password signs you out everywhere.`,
      link,
      'Choose a new password',
    ),
  };
}
