import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Injectable } from '@nestjs/common';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { AppError } from '../../common/errors/app-error.js';
import {
  choiceFilter,
  containsPattern,
  idFilter,
  isUuid,
  istDayRange,
  textFilter,
  textSearch,
} from '../../common/http/list-filters.js';
import type { ListQuery } from '../../common/http/simple-rest.js';
import { Messages } from '@zstore/contract/messages';
import { AuditService } from '../audit/audit.service.js';
import { answerOnCommit } from '../../common/idempotency/idempotency-claim.js';
import { toPaise, toRupees } from '../../common/money.js';
import { UsersService } from '../users/users.service.js';
import { mapWalletTxn } from './dto/wallet.dto.js';
import type { AddUserBalanceDto } from './dto/wallet-admin.dto.js';
import { WALLET_TXN_SORT_COLUMNS, WalletAdminRepository } from './wallet-admin.repository.js';
import type { WalletTxnStatus, WalletTxnType } from './wallet.repository.js';
import { WalletService } from './wallet.service.js';

export const WALLET_TXN_SORTABLE = Object.keys(WALLET_TXN_SORT_COLUMNS);
const TYPES: readonly WalletTxnType[] = ['Credit', 'Debit', 'Refunded'];
const STATUSES: readonly WalletTxnStatus[] = [
  'Created',
  'Pending',
  'Success',
  'Failed',
  'Processing',
];
/** ₹1,00,000: a larger admin credit is far more likely a typo than an intent. */
const MAX_CREDIT_PAISE = 10_000_000;

/** Spec 002's wallet calls (add balance, all wallet transactions) and the console's table. */
@Injectable()
export class WalletAdminService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly wallet: WalletService,
    private readonly repository: WalletAdminRepository,
    private readonly users: UsersService,
    private readonly audit: AuditService,
  ) {}

  /** Z-Coins from `system:admin` to the user's wallet, its `Credit` row and the audit, at once. */
  async addBalance(auth: AuthUser, dto: AddUserBalanceDto) {
    const paise = toPaise(dto.amount);
    if (paise === undefined || paise < 1 || paise > MAX_CREDIT_PAISE) {
      throw AppError.badRequest(Messages.adminCreditAmount);
    }
    const user = await this.users.getByUserid(dto.userId);
    if (!user) throw AppError.notFound(Messages.adminCreditUserUnknown);
    if (user.email.toLowerCase() !== dto.email.trim().toLowerCase()) {
      throw AppError.badRequest(Messages.adminCreditEmailMismatch);
    }
    return this.txHost.withTransaction(async () => {
      const txnid = await this.wallet.creditFromAdmin(user, paise);
      await this.audit.record({
        actorId: auth.id,
        action: 'wallet.credit',
        entity: 'user',
        entityId: user.id,
        before: { balance: toRupees(user.balance) },
        after: { credited: toRupees(paise), txnid },
      });
      const answer = {
        message: Messages.balanceAdded,
        balance: toRupees((await this.users.getById(user.id))!.balance),
      };
      answerOnCommit(answer);
      return answer;
    });
  }

  /** Spec 002's numbered page, newest first; `after` is the last id of page `page - 1`. */
  async page(page = 1, limit = 50, after?: string) {
    const { rows, total } = await this.repository.list(
      {},
      { column: 'created_at', order: 'DESC' },
      (page - 1) * limit,
      limit,
      after,
    );
    return {
      transactions: rows.map(mapWalletTxn),
      currentPage: page,
      totalPages: Math.max(1, Math.ceil(total / limit)),
      totalItems: total,
    };
  }

  async list(query: ListQuery) {
    const { filter } = query;
    const q = textFilter(filter, 'q');
    const orderid = textFilter(filter, 'orderid');
    const { from, until } = istDayRange(filter);
    const { rows, total } = await this.repository.list(
      {
        ids: idFilter(filter),
        q: q ? textSearch(q, await this.users.useridsWithEmailContaining(q)) : undefined,
        type: choiceFilter(filter, 'type', TYPES),
        status: choiceFilter(filter, 'status', STATUSES),
        orderid: orderid && containsPattern(orderid),
        updatedFrom: from,
        updatedUntil: until,
      },
      { column: WALLET_TXN_SORT_COLUMNS[query.sortField], order: query.sortOrder },
      query.offset,
      query.limit,
      query.after,
    );
    return { transactions: rows.map(mapWalletTxn), total };
  }

  async get(id: string) {
    const row = isUuid(id) ? await this.repository.getById(id) : undefined;
    if (!row) throw AppError.notFound(Messages.notFound);
    return mapWalletTxn(row);
  }
}
