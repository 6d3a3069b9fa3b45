import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import { PendingRegistrationEntity } from './pending-registration.entity.js';

export type PendingRegistration = Pick<
  PendingRegistrationEntity,
  'mobilenumber' | 'name' | 'email' | 'passwordHash'
>;

/** Sign-ups waiting for their SMS code, one per mobile number. */
@Injectable()
export class PendingRegistrationsRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  private get registrations() {
    return this.txHost.tx.getRepository(PendingRegistrationEntity);
  }

  /** Keeps the details, replacing any earlier ones for the same number. */
  async save(pending: PendingRegistration) {
    await this.registrations.upsert(
      {
        mobilenumber: pending.mobilenumber,
        name: pending.name,
        email: pending.email,
        passwordHash: pending.passwordHash,
        createdAt: () => 'now()',
      },
      ['mobilenumber'],
    );
  }

  /** The e-mail the number's pending sign-up gave, if there is one. */
  async emailOf(mobilenumber: string): Promise<string | undefined> {
    const pending = await this.registrations.findOne({
      select: { email: true },
      where: { mobilenumber },
    });
    return pending?.email;
  }

  async delete(mobilenumber: string) {
    await this.registrations.delete({ mobilenumber });
  }
}
