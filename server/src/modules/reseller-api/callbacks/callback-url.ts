import net from 'node:net';
import { isForbiddenAddress, type AddressPolicy } from './callback-address.js';

/**
 * What is wrong with a callback URL when it is set, or undefined. A host name is checked again
 * after DNS each time an event is sent (`callback-address.ts`); here only what the URL says.
 */
export function callbackUrlProblem(raw: string, policy: AddressPolicy): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'callbackUrl is a URL.';
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && !policy.httpsOnly)) {
    return 'The callback URL must use https.';
  }
  if (url.username || url.password) {
    return 'The callback URL must not carry a user name or password.';
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(host) && isForbiddenAddress(host, policy)) {
    return 'The callback URL must not point at a private or reserved address.';
  }
  if (!policy.sandbox && host.toLowerCase() === 'localhost') {
    return 'The callback URL must not point at a private or reserved address.';
  }
  return undefined;
}
