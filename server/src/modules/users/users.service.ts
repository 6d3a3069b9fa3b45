import { Injectable } from '@nestjs/common';
import { requireOwner } from '../../common/auth/access.js';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { AppError } from '../../common/errors/app-error.js';
import { Messages } from '@zstore/contract/messages';
import { EditProfileDto, mapUser } from './dto/user.dto.js';
import { Role } from '../../common/auth/role.js';
import { type GuestContact, type NewUser, UsersRepository } from './users.repository.js';
import type { LanguageUpdateDto } from './dto/user-language.dto.js';

/** Beyond this many customers an e-mail search is too broad to be answered by their ids. */
const EMAIL_SEARCH_MAX_USERS = 2_000;

/** The users table, for this module's routes and for every other module (none reads it itself). */
@Injectable()
export class UsersService {
  constructor(private readonly users: UsersRepository) {}

  /** In the caller's transaction, if one is open. */
  getById(id: string) {
    return this.users.getById(id);
  }

  /** A user by the numeric `userid` of the spec's routes. */
  getPeople(ids: string[]) {
    return this.users.getPeople(ids);
  }

  getByUserid(userid: number) {
    return this.users.getByUserid(userid);
  }

  /**
   * The userids of the customers whose e-mail contains `text` (any case), for the console's
   * searches of orders and wallet transactions; undefined when more than a couple of thousand
   * match, which the caller then searches the slow way.
   */
  async useridsWithEmailContaining(text: string): Promise<number[] | undefined> {
    const userids = await this.users.useridsWithEmailContaining(text, EMAIL_SEARCH_MAX_USERS + 1);
    return userids.length > EMAIL_SEARCH_MAX_USERS ? undefined : userids;
  }

  async editProfile(auth: AuthUser, dto: EditProfileDto) {
    requireOwner(auth, dto.userid);
    const gstin = dto.gstin === undefined ? undefined : dto.gstin || null;
    if (gstin && auth.role !== Role.Reseller) {
      throw AppError.badRequest(Messages.gstinResellersOnly);
    }
    await this.users.updateProfile(auth.id, { name: dto.name, stateCode: dto.state, gstin });
    const user = await this.users.getById(auth.id);
    if (!user) throw AppError.notFound(Messages.notFound);
    return { message: Messages.profileUpdated, user: mapUser(user) };
  }

  /** The caller's own language for e-mails and WhatsApp messages. */
  async setLanguage(auth: AuthUser, dto: LanguageUpdateDto) {
    await this.users.setLanguage(auth.id, dto.language);
    return { language: dto.language };
  }

  // Accounts as the auth module sees them: sign-in lookups, sign-up, verification, passwords.

  /** What the auth guard checks on every request: role, token version, block. */
  getSession(id: string) {
    return this.users.getSession(id);
  }

  getByEmail(email: string) {
    return this.users.getByEmail(email);
  }

  /** The only read that loads the password hash. */
  getByEmailWithPassword(email: string) {
    return this.users.getByEmailWithPassword(email);
  }

  getByMobile(mobilenumber: string) {
    return this.users.getByMobile(mobilenumber);
  }

  getByGoogleSub(googleSub: string) {
    return this.users.getByGoogleSub(googleSub);
  }

  emailOrMobileTaken(email: string, mobilenumber: string) {
    return this.users.emailOrMobileTaken(email, mobilenumber);
  }

  /** Whether anyone has an account yet (an empty database is seeded). */
  hasAny() {
    return this.users.hasAny();
  }

  create(input: NewUser) {
    return this.users.create(input);
  }

  /** The guest row of a guest checkout's contacts (see `UsersRepository.guestFor`). */
  guestFor(contact: GuestContact) {
    return this.users.guestFor(contact);
  }

  /** Guest rows whose mobile or e-mail an account has proven, locked (in the caller's transaction). */
  guestsOf(proven: { mobilenumber: string | null; email: string | null }) {
    return this.users.guestsOf(proven);
  }

  markVerified(id: string) {
    return this.users.markVerified(id);
  }

  /** Claims the right to send a verification mail: at most one a minute per user. */
  claimVerificationSend(id: string, now: Date) {
    return this.users.claimVerificationSend(id, now);
  }

  /** Sets a new password and ends every session the user has. */
  setPassword(id: string, passwordHash: string) {
    return this.users.setPassword(id, passwordHash);
  }

  /** Stores a stronger hash of the same password; sessions stay. */
  replacePasswordHash(id: string, passwordHash: string) {
    return this.users.replacePasswordHash(id, passwordHash);
  }

  /** Links Google; an account whose e-mail was never verified loses its password and mobile. */
  linkGoogle(id: string, googleSub: string) {
    return this.users.linkGoogle(id, googleSub);
  }
}
