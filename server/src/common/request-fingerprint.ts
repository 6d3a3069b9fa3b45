import { createHash } from 'node:crypto';
import stringify from 'safe-stable-stringify';

/**
 * What an `Idempotency-Key` is bound to: the route and its validated body as canonical JSON
 * (keys sorted at every depth), hashed. The same request sent again, fields in any order,
 * has the same fingerprint.
 */
export function requestFingerprint(route: string, body: unknown): string {
  return createHash('sha256')
    .update(`${route}\n${stringify(body)}`)
    .digest('hex');
}
