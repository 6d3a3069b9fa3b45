import { randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `prefix` + 14 Crockford base-32 characters from the CSPRNG (orders `ZS`, wallet `ZT`, reseller sandbox orders `ZX`). */
export function newBusinessId(prefix: 'ZS' | 'ZT' | 'ZX'): string {
  const bytes = randomBytes(14);
  let id = prefix;
  for (const byte of bytes) id += CROCKFORD[byte & 31];
  return id;
}

/** A customer's numeric id (`userid`, the one the spec's API shows), never mistaken for the uuid. */
export type UserNumber = number & { readonly brand: 'UserNumber' };

/** A customer's uuid (`users.id`, `user_id` elsewhere), never mistaken for the numeric id. */
export type UserUuid = string & { readonly brand: 'UserUuid' };

export const userNumber = (value: number) => value as UserNumber;
export const userUuid = (value: string) => value as UserUuid;
