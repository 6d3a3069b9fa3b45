import { Messages } from '@zstore/contract/messages';
import { AppError } from '../errors/app-error.js';
import { Role } from './role.js';
import type { AuthUser } from './auth.decorators.js';

/** Reads of `{userid}` data: the owner or an admin. Anyone else is told it does not exist. */
export function requireReadAccess(auth: AuthUser, userid: number) {
  if (auth.role !== Role.Admin && auth.userid !== userid) {
    throw AppError.notFound(Messages.notFound);
  }
}

/** Changes to `{userid}` data: the owner only (admins change users through the admin calls). */
export function requireOwner(auth: AuthUser, userid: number) {
  if (auth.userid !== userid) throw AppError.notFound(Messages.notFound);
}
