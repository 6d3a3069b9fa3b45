import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { HttpStatus, Injectable } from '@nestjs/common';
import { requireOwner, requireReadAccess } from '../../common/auth/access.js';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { AppError } from '../../common/errors/app-error.js';
import { Messages } from '@zstore/contract/messages';
import { commerceError, CommerceErrorCode } from '../../common/errors/commerce-errors.js';
import { InsufficientFundsError } from '../ledger/ledger.service.js';
import { answerOnCommit } from '../../common/idempotency/idempotency-claim.js';
import { toPoints, toRupees } from '../../common/money.js';
import { UsersService } from '../users/users.service.js';
import type { RedeemDto } from './dto/wallet.dto.js';
import { WalletMovements } from './wallet-movements.service.js';

/** Reward points: 1 % of what a completed order paid; redeemed whole, 1 point = 1 Z-Coin. */
@Injectable()
export class PointsService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly users: UsersService,
    private readonly movements: WalletMovements,
  ) {}

  async balance(auth: AuthUser, userid: number) {
    requireReadAccess(auth, userid);
    const user = await this.users.getByUserid(userid);
    if (!user) throw AppError.notFound(Messages.notFound);
    return { balance: toPoints(user.points) };
  }

  async redeem(auth: AuthUser, dto: RedeemDto) {
    requireOwner(auth, dto.userid);
    const points = dto.value;
    const user = await this.users.getById(auth.id);
    if (!user) throw AppError.notFound(Messages.notFound);
    const hundredths = points * 100;
    const insufficient = (available: number) =>
      commerceError(
        CommerceErrorCode.InsufficientPoints,
        `${Messages.insufficientPointsPrefix}${toPoints(available)} points available.`,
        HttpStatus.CONFLICT,
      );
    if (user.points < hundredths) throw insufficient(user.points);
    try {
      return await this.txHost.withTransaction(async () => {
        await this.movements.redeemPoints(user, hundredths);
        const fresh = (await this.users.getById(auth.id))!;
        const answer = {
          msg: Messages.pointsRedeemed,
          message: Messages.pointsRedeemed,
          points: toPoints(fresh.points),
          balance: toRupees(fresh.balance),
        };
        answerOnCommit(answer);
        return answer;
      });
    } catch (error) {
      if (error instanceof InsufficientFundsError) {
        const fresh = await this.users.getById(auth.id);
        throw insufficient(fresh?.points ?? 0);
      }
      throw error;
    }
  }

  /** Credits 1 % of `paidPaise` for a completed order, once per order (the movement key). */
  creditForOrder(order: { orderid: string; userid: number; value: number }) {
    return this.movements.earnPoints(order);
  }
}
