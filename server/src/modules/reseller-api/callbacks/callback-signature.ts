import { createHmac } from 'node:crypto';

/**
 * `X-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`, the scheme
 * Stripe uses (RESELLER-API.md section 4).
 */
export function callbackSignature(secret: string, unixSeconds: number, body: string) {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`, 'utf8').digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}
