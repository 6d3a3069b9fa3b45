import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { AuditService } from '../audit/audit.service.js';
import { InvoicesService } from '../invoices/invoices.service.js';
import { OrdersService } from '../orders/orders.service.js';
import { AccountProofs, type ProvenAccount, type ProvenContacts } from '../users/account-proofs.js';
import { UsersService } from '../users/users.service.js';
import { WalletMovements } from '../wallet/wallet-movements.service.js';

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
    private readonly wallet: WalletMovements,
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
        await this.wallet.moveGuestMoney(guest, account);
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
}
