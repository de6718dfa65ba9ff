import { OTP_TTL_MINUTES } from '@jarog/contracts';
import type { Mail } from '../../lib/mailer';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The sign-up code mail. */
export function codeMail(name: string, email: string, code: string): Mail {
  return {
    to: email,
    subject: 'Your Jarog sign-up code',
    text: `Hello ${name},\n\nYour code to sign up for Jarog is ${code}\n\nIt works for ${OTP_TTL_MINUTES} minutes. If you did not ask for it, you can ignore this mail.\n`,
    html: `<p>Hello ${escapeHtml(name)},</p><p>Your code to sign up for Jarog is</p><p style="font-size:24px;letter-spacing:4px"><b>${code}</b></p><p>It works for ${OTP_TTL_MINUTES} minutes. If you did not ask for it, you can ignore this mail.</p>`,
  };
}

/** Sent instead of a code when the email already has an account: says so only to the mailbox's owner. */
export function accountExistsMail(name: string, email: string): Mail {
  const text =
    'Someone (hopefully you) asked to sign up for Jarog with this email, but it already has an account. ' +
    "Sign in with your password, or use 'Forgot password' in the app to choose a new one.";
  return {
    to: email,
    subject: 'You already have a Jarog account',
    text: `Hello ${name},\n\n${text}\n\nIf you did not ask for this, you can ignore this mail.\n`,
    html: `<p>Hello ${escapeHtml(name)},</p><p>${escapeHtml(text)}</p><p>If you did not ask for this, you can ignore this mail.</p>`,
  };
}
