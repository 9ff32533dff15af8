// The texts of the account e-mails. User-supplied text is escaped before it enters HTML.
import type { Mail } from '../../lib/mailer.ts';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

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

/**
 * To the owner of an address someone tried to sign up with again. Sign-up answers the same either way, so that it
 * does not tell who has an account (docs/auth.md); the owner learns of it here. An account that was never
 * confirmed gets a fresh confirmation link; a confirmed one the way to log in or reset the password.
 */
export function signupAttemptMail(
  to: string,
  name: string,
  links: { confirm: string } | { login: string; reset: string },
): Mail {
  const subject = 'Someone tried to sign up with your e-mail address';
  const intro =
    'Someone, maybe you, tried to create a Stamina account with this e-mail address, which already has one. No new account was made and nothing about your account changed.';
  if ('confirm' in links) {
    return {
      to,
      subject,
      text: `Hi ${name},\n\n${intro}\n\nYour account is not confirmed yet. Confirm your address here:\n\n${links.confirm}\n\nThe link works once and expires in 24 hours.\n\nIf it was not you, you can ignore this e-mail.`,
      html: layout(
        'Someone tried to sign up with your address',
        `Hi ${escapeHtml(name)}. ${intro} Your account is not confirmed yet: the link below confirms it. It works once and expires in 24 hours.`,
        links.confirm,
        'Confirm my e-mail',
      ),
    };
  }
  return {
    to,
    subject,
    text: `Hi ${name},\n\n${intro}\n\nIf it was you, log in here:\n\n${links.login}\n\nForgot your password? Choose a new one here:\n\n${links.reset}\n\nIf it was not you, you can ignore this e-mail: your account is safe.`,
    html: layout(
      'Someone tried to sign up with your address',
      `Hi ${escapeHtml(name)}. ${intro} If it was you, log in below. Forgot your password? <a href="${escapeHtml(links.reset)}">Choose a new one</a>.`,
      links.login,
      'Log in',
    ),
  };
}

/** To a new address the athlete entered in Settings → Profile: following the link moves the account to it. */
export function emailChangeMail(to: string, name: string, link: string): Mail {
  return {
    to,
    subject: 'Confirm your new Stamina e-mail address',
    text: `Hi ${name},\n\nYou asked to use this address for your Stamina account. Confirm it here:\n\n${link}\n\nThe link works once and expires in 24 hours. Until you follow it, you sign in with your old address.\n\nIf you did not ask for this, you can ignore this e-mail: nothing changes.`,
    html: layout(
      'Confirm your new e-mail address',
      `Hi ${escapeHtml(name)}, you asked to use this address for your Stamina account. The link works once and expires in 24 hours. Until you follow it, you sign in with your old address.`,
      link,
      'Use this address',
    ),
  };
}

/**
 * To the address an account just moved away from (docs/profile.md, "Changing the email"): if the owner did not
 * make the change, this is how they learn of it while they can still act.
 */
export function emailChangedMail(to: string, name: string, newEmail: string, resetLink: string): Mail {
  const body = `The e-mail address of your Stamina account was changed to ${newEmail}. You now sign in with that address, and mail from Stamina goes there.`;
  return {
    to,
    subject: 'Your Stamina e-mail address was changed',
    text: `Hi ${name},\n\n${body}\n\nIf you did not make this change, reset your password here straight away and then contact support:\n\n${resetLink}`,
    html: layout(
      'Your e-mail address was changed',
      `Hi ${escapeHtml(name)}. ${escapeHtml(body)} If you did not make this change, reset your password straight away and then contact support.`,
      resetLink,
      'Reset password',
    ),
  };
}

/**
 * To the owner of an address another account asked to move to. The change answers the same either way, so that
 * it does not tell who has an account (docs/profile.md, "Changing the email"); nothing changes.
 */
export function emailTakenMail(to: string, name: string, loginLink: string): Mail {
  const body =
    'Someone asked to move another Stamina account to this e-mail address, which already belongs to your account. Nothing changed: your account and its address stay as they are.';
  return {
    to,
    subject: 'Someone tried to use your e-mail address on Stamina',
    text: `Hi ${name},\n\n${body}\n\nYou can log in as usual here:\n\n${loginLink}\n\nIf it was you, change the address of your other account to one that is not in use.`,
    html: layout('Your address is already in use', `Hi ${escapeHtml(name)}. ${body}`, loginLink, 'Log in'),
  };
}

/** To an athlete who deleted their account: when everything goes, and how to change their mind before then. */
export function accountDeletionMail(to: string, name: string, purgeDate: string, loginLink: string): Mail {
  const body = `Your Stamina account is scheduled for deletion. You have been signed out everywhere. On ${purgeDate} every record and file of your account will be removed for good. Until then, logging in offers to cancel the deletion.`;
  return {
    to,
    subject: 'Your Stamina account will be deleted',
    text: `Hi ${name},\n\n${body}\n\nChanged your mind? Log in here before ${purgeDate}:\n\n${loginLink}\n\nIf you did not ask for this, log in and cancel the deletion, then change your password.`,
    html: layout(
      'Your account will be deleted',
      `Hi ${escapeHtml(name)}. ${body}`,
      loginLink,
      'Log in to cancel',
    ),
  };
}
