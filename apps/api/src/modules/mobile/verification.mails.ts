import { OTP_TTL_MINUTES } from '@jarog/contracts';
import { escapeHtml, plainName } from '../../lib/mail-text';
import type { Mail } from '../../lib/mailer';

/** The sign-up code mail. */
export function codeMail(rawName: string, email: string, code: string): Mail {
  const name = plainName(rawName);
  return {
    to: email,
    subject: 'Your Jarog sign-up code',
    text: `Hello ${name},\n\nYour code to sign up for Jarog is ${code}\n\nIt works for ${OTP_TTL_MINUTES} minutes. If you did not ask for it, you can ignore this mail.\n`,
    html: `<p>Hello ${escapeHtml(name)},</p><p>Your code to sign up for Jarog is</p><p style="font-size:24px;letter-spacing:4px"><b>${code}</b></p><p>It works for ${OTP_TTL_MINUTES} minutes. If you did not ask for it, you can ignore this mail.</p>`,
  };
}

/** Sent instead of a code when the email already has an account: says so only to the mailbox's owner. */
export function accountExistsMail(rawName: string, email: string): Mail {
  const name = plainName(rawName);
  const text =
    'Someone (hopefully you) asked to sign up for Jarog with this email, but it already has an account. ' +
    "Sign in with your password, or use 'Forgot password' to choose a new one.";
  return {
    to: email,
    subject: 'You already have a Jarog account',
    text: `Hello ${name},\n\n${text}\n\nIf you did not ask for this, you can ignore this mail.\n`,
    html: `<p>Hello ${escapeHtml(name)},</p><p>${escapeHtml(text)}</p><p>If you did not ask for this, you can ignore this mail.</p>`,
  };
}
