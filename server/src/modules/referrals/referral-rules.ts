import { normalizeEmail } from '@zstore/contract/email-address';

/**
 * The mailbox an address delivers to: `+tags` dropped everywhere, and for Gmail the dots of
 * the local part and the googlemail.com alias too, so `a.b+x@gmail.com` is `ab@gmail.com`.
 */
export function mailboxOf(email: string): string {
  const [local, domain = ''] = normalizeEmail(email).split('@');
  const untagged = local.split('+')[0];
  if (domain === 'gmail.com' || domain === 'googlemail.com') {
    return `${untagged.replaceAll('.', '')}@gmail.com`;
  }
  return `${untagged}@${domain}`;
}

/** A friend's name as another customer may see it: the first letter of each word. */
export function maskName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `${[...word][0]}***`)
    .join(' ');
}

/** The first-party cookie naming a browser, and what a value of it may look like. */
export const DEVICE_COOKIE = 'zs_device';
export const DEVICE_ID = /^[A-Za-z0-9_-]{16,64}$/;
