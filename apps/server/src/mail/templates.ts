// The texts of the mails the server sends: plain text with the full link.
import { PRODUCT_NAME } from '@marquee/contracts/constants';
import type { Mail } from './mailer.ts';

type Recipient = { username: string; email: string; full_name?: string };

/** Users are greeted by their full name when they have one. */
const greeting = (user: Recipient) => `Hello ${user.full_name?.trim() || user.username},`;

const hours = (ms: number) => {
  const h = Math.round((ms / 3_600_000) * 10) / 10;
  return `${h} hour${h === 1 ? '' : 's'}`;
};

export function activationMail(
  publicUrl: string,
  user: Recipient,
  link: { key: string; hash: string },
  lifetimeMs: number,
): Mail {
  const url = `${publicUrl}/activate/${encodeURIComponent(link.key)}/${encodeURIComponent(link.hash)}`;
  return {
    to: user.email,
    subject: `Activate your ${PRODUCT_NAME} account`,
    text: [
      greeting(user),
      '',
      `an account was created for you in ${PRODUCT_NAME}. Open this link to choose your password and activate it:`,
      '',
      url,
      '',
      `The link works once and expires in ${hours(lifetimeMs)}.`,
    ].join('\n'),
  };
}

export function resetMail(publicUrl: string, user: Recipient, token: string, lifetimeMs: number): Mail {
  const url = `${publicUrl}/password/reset/${encodeURIComponent(token)}`;
  return {
    to: user.email,
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: [
      greeting(user),
      '',
      `someone asked to reset your ${PRODUCT_NAME} password. Open this link to choose a new one:`,
      '',
      url,
      '',
      `The link works once and expires in ${hours(lifetimeMs)}. If you did not ask for it, ignore this mail.`,
    ].join('\n'),
  };
}
