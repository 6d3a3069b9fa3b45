import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { requireOwner, requireReadAccess } from '../../common/auth/access.js';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { Clock } from '../../common/clock.js';
import { AppError } from '../../common/errors/app-error.js';
import { Messages } from '@zstore/contract/messages';
import { databaseNow } from '../../common/clock-skew.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { JobName, JobStatus, QueueName } from '../../jobs/job.enum.js';
import type { JobOf } from '../../jobs/job.types.js';
import { OnJob } from '../../jobs/on-job.decorator.js';
import { commerceError, CommerceErrorCode } from '../../common/errors/commerce-errors.js';
import { istDate } from '../../common/india-time.js';
import { newBusinessId, userNumber, userUuid } from '../../common/ids.js';
import { toRupees } from '../../common/money.js';
import { UsersService } from '../users/users.service.js';
import { mapWalletTxn, type TopupDto, type TxnStatusDto } from './dto/wallet.dto.js';
import { TopupPayments, topupAnswer } from './topup-payments.js';
import { WalletMovements } from './wallet-movements.service.js';
import { WalletRepository } from './wallet.repository.js';

export { topupJobId } from './topup-payments.js';
const MAX_PAGE = 500;
/** A customer's list answers its newest rows; `?page` and `?limit` (up to `MAX_PAGE`) reach older ones. */
const DEFAULT_PAGE = 50;

/**
 * Z-Coins: balance, history, and top-ups by UPI. A top-up is confirmed only by the gateway's
 * `check_order_status` (triggered by the customer's return, the webhook or the payment job).
 */
@Injectable()
export class WalletService {
  private readonly logger = new Logger('Wallet');

  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly wallet: WalletRepository,
    private readonly movements: WalletMovements,
    private readonly users: UsersService,
    private readonly payments: TopupPayments,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async balance(auth: AuthUser, userid: number) {
    requireReadAccess(auth, userid);
    const user = await this.users.getByUserid(userid);
    if (!user) throw AppError.notFound(Messages.notFound);
    return { balance: toRupees(user.balance) };
  }

  async transactions(auth: AuthUser, userid: number, page = 1, limit = DEFAULT_PAGE) {
    requireReadAccess(auth, userid);
    const size = Math.min(MAX_PAGE, Math.max(1, limit));
    const rows = await this.wallet.listForUser(userid, size, (Math.max(1, page) - 1) * size);
    return rows.map(mapWalletTxn);
  }

  async topup(auth: AuthUser, dto: TopupDto) {
    requireOwner(auth, dto.userid);
    const amount = dto.value * 100;
    const user = await this.users.getById(auth.id);
    if (!user) throw AppError.notFound(Messages.notFound);
    if (!user.mobilenumber) {
      throw commerceError(
        CommerceErrorCode.MobileRequired,
        Messages.mobileRequiredForUpi,
        HttpStatus.BAD_REQUEST,
      );
    }
    const now = this.clock.now();
    const txn = (await this.wallet.insert({
      txnid: newBusinessId('ZT'),
      userId: userUuid(user.id),
      userid: userNumber(user.userid),
      userEmail: user.email,
      type: 'Credit',
      status: 'Created',
      purpose: 'topup',
      amount,
      txnDate: istDate(now),
    }))!;
    // The payment deadline runs on the database's clock, never this process's.
    const expiresAt = new Date(
      (await databaseNow(this.txHost.tx)).getTime() + this.config.upi.paymentTtlMs,
    );
    const links = await this.payments.start(
      { id: txn.txnid, amount, expiresAt },
      {
        pInfo: `Z-Coins top-up ${toRupees(amount)}`,
        customerName: user.name,
        customerEmail: user.email,
        customerMobile: user.mobilenumber,
      },
    );
    return topupAnswer(txn.txnid, links);
  }

  async txnStatus(auth: AuthUser, dto: TxnStatusDto) {
    let txn = await this.wallet.get(dto.client_txn_id);
    if (!txn) throw AppError.notFound(Messages.notFound);
    requireReadAccess(auth, txn.userid);
    // A failed top-up is asked about too: a payment may still arrive, and is then credited.
    if (txn.purpose === 'topup' && ['Created', 'Pending', 'Failed'].includes(txn.status)) {
      await this.verifyTopup(txn.txnid).catch((error: Error) =>
        this.logger.warn(`top-up ${txn!.txnid}: ${error.message}`),
      );
      txn = (await this.wallet.get(dto.client_txn_id))!;
    }
    // An unpaid top-up's payment page and app links stay usable until it expires.
    const open = txn.purpose === 'topup' && ['Created', 'Pending'].includes(txn.status);
    const live = open ? await this.payments.liveLinks(txn.paymentId) : undefined;
    return {
      data: {
        txnid: txn.txnid,
        status: txn.status,
        amount: toRupees(txn.amount),
        paymentUrl: live?.paymentUrl ?? null,
        upiIntent: live?.upiIntent ?? null,
        expiresAt: live?.expiresAt.toISOString() ?? null,
      },
    };
  }

  /** Asks the gateway about a top-up and settles it; see `TopupPayments`. */
  verifyTopup(txnid: string): Promise<'pending' | 'settled'> {
    return this.payments.verify(txnid);
  }

  @OnJob({ name: JobName.WalletTopupVerify, queue: QueueName.Payments })
  handleTopupVerify({ txnid }: JobOf<JobName.WalletTopupVerify>): Promise<JobStatus> {
    return this.payments.verifyAsJob(txnid);
  }

  /** An admin credit (system:admin -> wallet) with its `Credit` row, in the caller's transaction. */
  creditFromAdmin(
    user: { id: string; userid: number; email: string },
    amount: number,
    reference?: string,
  ) {
    return this.movements.creditFromAdmin(user, amount, reference);
  }
}
