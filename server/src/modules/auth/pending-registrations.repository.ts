import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';

export interface PendingRegistration {
  mobilenumber: string;
  name: string;
  email: string;
  passwordHash: string;
}

/** Sign-ups waiting for their SMS code, one per mobile number. */
@Injectable()
export class PendingRegistrationsRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** Keeps the details, replacing any earlier ones for the same number. */
  async save(pending: PendingRegistration) {
    await this.txHost.tx.query(
      `INSERT INTO pending_registrations (mobilenumber, name, email, password_hash, created_at)
         VALUES ($1, $2, $3, $4, now())
         ON CONFLICT (mobilenumber) DO UPDATE SET name = $2, email = $3, password_hash = $4, created_at = now()`,
      [pending.mobilenumber, pending.name, pending.email, pending.passwordHash],
    );
  }

  /** The e-mail the number's pending sign-up gave, if there is one. */
  async emailOf(mobilenumber: string): Promise<string | undefined> {
    const pending: Array<{ email: string }> = await this.txHost.tx.query(
      'SELECT email FROM pending_registrations WHERE mobilenumber = $1',
      [mobilenumber],
    );
    return pending[0]?.email;
  }

  async delete(mobilenumber: string) {
    await this.txHost.tx.query('DELETE FROM pending_registrations WHERE mobilenumber = $1', [
      mobilenumber,
    ]);
  }
}
