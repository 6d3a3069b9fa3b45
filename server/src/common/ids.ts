import { randomFillSync } from 'node:crypto';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const ID_LENGTH = 14;

/** CSPRNG bytes drawn 256 ids at a time: one call into the CSPRNG costs about as much as 256 reads. */
const pool = Buffer.alloc(ID_LENGTH * 256);
let used = pool.length;

/** `prefix` + 14 Crockford base-32 characters from the CSPRNG (orders `ZS`, wallet `ZT`, reseller sandbox orders `ZX`). */
export function newBusinessId(prefix: 'ZS' | 'ZT' | 'ZX'): string {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  let id = prefix;
  for (let i = used; i < used + ID_LENGTH; i++) id += CROCKFORD[pool[i] & 31];
  used += ID_LENGTH;
  return id;
}

/** A customer's numeric id (`userid`, the one the spec's API shows), never mistaken for the uuid. */
export type UserNumber = number & { readonly brand: 'UserNumber' };

/** A customer's uuid (`users.id`, `user_id` elsewhere), never mistaken for the numeric id. */
export type UserUuid = string & { readonly brand: 'UserUuid' };

export const userNumber = (value: number) => value as UserNumber;
export const userUuid = (value: string) => value as UserUuid;
