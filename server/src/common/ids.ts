import { randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `prefix` + 14 Crockford base-32 characters from the CSPRNG (orders `ZS`, wallet `ZT`, reseller sandbox orders `ZX`). */
export function newBusinessId(prefix: 'ZS' | 'ZT' | 'ZX'): string {
  const bytes = randomBytes(14);
  let id = prefix;
  for (const byte of bytes) id += CROCKFORD[byte & 31];
  return id;
}
