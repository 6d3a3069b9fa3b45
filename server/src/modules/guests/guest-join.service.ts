import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AuditService } from '../audit/audit.service.js';
import { InvoicesService } from '../invoices/invoices.service.js';
import { LedgerService, pointsAccount, walletAccount } from '../ledger/ledger.service.js';
import { OrdersService } from '../orders/orders.service.js';
import { AccountProofs, type ProvenAccount, type ProvenContacts } from '../users/account-proofs.js';
import { UsersService } from '../users/users.service.js';

/**
 * A guest's orders join the account that proved the guest's mobile (an SMS code) or e-mail (a
 * link, Google), never one that only typed them: the orders, their tax documents and any Z-Coins
 * and points the guest holds (a refund) move in one transaction, with the guest rows locked, and
 * the move is audited.
 */
@Injectable()
export class GuestJoinService implements OnModuleInit {
  private readonly logger = new Logger('Guests');

  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly proofs: AccountProofs,
    private readonly users: UsersService,
    private readonly orders: OrdersService,
    private readonly invoices: InvoicesService,
    private readonly ledger: LedgerService,
    private readonly audit: AuditService,
  ) {}

  onModuleInit() {
    this.proofs.listen((account, proven) => this.join(account, proven));
  }

  async join(account: ProvenAccount, proven: ProvenContacts) {
    const moved = await this.txHost.withTransaction(async () => {
      const guests = await this.users.guestsOf(proven);
      let orders = 0;
      for (const guest of guests) {
        const count = await this.orders.moveOwner(guest.id, account);
        await this.invoices.moveOwner(guest.id, account.id);
        await this.moveMoney(guest, account);
        if (count === 0 && guest.balance === 0 && guest.points === 0) continue;
        orders += count;
        await this.audit.record({
          actorId: account.id,
          action: 'guest.joined',
          entity: 'user',
          entityId: account.id,
          before: { guest: guest.userid, balance: guest.balance, points: guest.points },
          after: {
            orders: count,
            by: proven.mobilenumber === guest.mobilenumber ? 'mobile' : 'email',
          },
        });
      }
      return orders;
    });
    if (moved > 0) this.logger.log(`${moved} guest orders joined account ${account.userid}`);
  }

  /** A guest's refunded Z-Coins and points, from the guest's row (locked) to the account. */
  private async moveMoney(
    guest: { userid: number; balance: number; points: number },
    account: ProvenAccount,
  ) {
    const legs = [
      { account: walletAccount(guest.userid), currency: 'ZCOIN' as const, amount: -guest.balance },
      { account: walletAccount(account.userid), currency: 'ZCOIN' as const, amount: guest.balance },
      { account: pointsAccount(guest.userid), currency: 'POINT' as const, amount: -guest.points },
      { account: pointsAccount(account.userid), currency: 'POINT' as const, amount: guest.points },
    ].filter((leg) => leg.amount !== 0);
    if (legs.length === 0) return;
    await this.ledger.post({
      key: `guest-join:${guest.userid}:${randomUUID()}`,
      kind: 'guest_join',
      reference: String(guest.userid),
      legs,
    });
  }
}
