import { Injectable, Logger } from '@nestjs/common';
import type { User } from './user.js';

/** What an account has proven it holds: a mobile by an SMS code, an e-mail by a link or Google. */
export interface ProvenContacts {
  mobilenumber: string | null;
  email: string | null;
}

export type ProvenAccount = Pick<User, 'id' | 'userid' | 'email' | 'mobilenumber' | 'verified'>;

type Listener = (account: ProvenAccount, proven: ProvenContacts) => Promise<void>;

/**
 * Tells other modules (guest orders joining the account) that an account proved its contacts.
 * Every account's mobile came through an SMS code at registration; its e-mail counts once
 * verified. A listener's failure is logged and never fails the sign-in.
 */
@Injectable()
export class AccountProofs {
  private readonly logger = new Logger('Users');
  private readonly listeners: Listener[] = [];

  listen(listener: Listener) {
    this.listeners.push(listener);
  }

  /** The account signed in, registered or verified its e-mail: what it has proven so far. */
  async proven(account: ProvenAccount) {
    const proven: ProvenContacts = {
      mobilenumber: account.mobilenumber,
      email: account.verified ? account.email : null,
    };
    for (const listener of this.listeners) {
      await listener(account, proven).catch((error: Error) =>
        this.logger.warn(`after account ${account.userid} proved its contacts: ${error.message}`),
      );
    }
  }
}
