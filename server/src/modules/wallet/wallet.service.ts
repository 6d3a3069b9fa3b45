import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { requireOwner, requireReadAccess } from '../../common/auth/access.js';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { Clock } from '../../common/clock.js';
import { RateLimitService } from '../../common/http/rate-limit.service.js';
import { AppError } from '../../common/errors/app-error.js';
import { Messages } from '../../common/messages.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { JobName, JobStatus, QueueName } from '../../jobs/job.enum.js';
import { JobQueueService } from '../../jobs/job-queue.service.js';
import type { JobOf } from '../../jobs/job.types.js';
import { OnJob } from '../../jobs/on-job.decorator.js';
import { UpiGatewayAdapter } from '../../providers/upigateway/upigateway.adapter.js';
import { commerceError, CommerceErrorCode } from '../ledger/commerce-errors.js';
import { IdempotencyService } from '../ledger/idempotency.service.js';
import { LedgerService, SystemAccount, walletAccount } from '../ledger/ledger.service.js';
import { istDate, newBusinessId, toPaise, toRupees } from '../ledger/money.js';
import { UsersRepository } from '../users/users.repository.js';
import { mapWalletTxn, type TopupDto, type TxnStatusDto } from './dto/wallet.dto.js';
import { WalletRepository, type WalletTxnRow } from './wallet.repository.js';

export const topupJobId = (txnid: string, generation: number) => `topup-${txnid}-${generation}`;
const MAX_PAGE = 500;

/**
 * Z-Coins: balance, history, and top-ups by UPI. A top-up is confirmed only by the gateway's
 * `check_order_status` (triggered by the customer's return, the webhook or the payment job).
 */
@Injectable()
export class WalletService {
  private readonly logger = new Logger('Wallet');

  constructor(
    private readonly db: DataSource,
    private readonly wallet: WalletRepository,
    private readonly ledger: LedgerService,
    private readonly users: UsersRepository,
    private readonly upi: UpiGatewayAdapter,
    private readonly jobs: JobQueueService,
    private readonly idempotency: IdempotencyService,
    private readonly limits: RateLimitService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async balance(auth: AuthUser, userid: number) {
    requireReadAccess(auth, userid);
    const user = await this.users.getByUserid(userid);
    if (!user) throw AppError.notFound(Messages.notFound);
    return { balance: toRupees(user.balance) };
  }

  async transactions(auth: AuthUser, userid: number, page = 1, limit = MAX_PAGE) {
    requireReadAccess(auth, userid);
    const size = Math.min(MAX_PAGE, Math.max(1, limit));
    const rows = await this.wallet.listForUser(userid, size, (Math.max(1, page) - 1) * size);
    return rows.map(mapWalletTxn);
  }

  topup(auth: AuthUser, idempotencyKey: string | undefined, dto: TopupDto) {
    requireOwner(auth, dto.userid);
    return this.idempotency.run(auth, idempotencyKey, 'wallet/topup', dto, () =>
      this.startTopup(auth, dto.value * 100),
    );
  }

  private async startTopup(auth: AuthUser, amount: number) {
    // Each top-up opens a gateway order.
    await this.limits.hit(`topup:user:${auth.id}`, this.config.rateLimits.topup);
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
    const txn = (await this.wallet.insert(this.db.manager, {
      txnid: newBusinessId('ZT'),
      userId: user.id,
      userid: user.userid,
      useremail: user.email,
      type: 'Credit',
      status: 'Created',
      purpose: 'topup',
      amount,
      txnDate: istDate(now),
      expiresAt: new Date(now.getTime() + this.config.upi.paymentTtlMs),
    }))!;
    let paymentUrl: string;
    try {
      const created = await this.upi.createOrder({
        clientTxnId: txn.txnid,
        amount,
        pInfo: `Z-Coins top-up ${toRupees(amount)}`,
        customerName: user.name,
        customerEmail: user.email,
        customerMobile: user.mobilenumber,
        redirectUrl: `${this.config.publicUrl}/walletconfirmation`,
        udf1: 'topup',
      });
      paymentUrl = created.paymentUrl;
      await this.wallet.setGateway(txn.txnid, created.orderId);
    } catch (error) {
      this.logger.warn(`top-up ${txn.txnid}: ${(error as Error).message}`);
      await this.wallet.move(this.db.manager, txn.txnid, ['Created'], 'Failed');
      throw commerceError(
        CommerceErrorCode.PaymentUnavailable,
        Messages.paymentUnavailable,
        HttpStatus.SERVICE_UNAVAILABLE,
      );
    }
    await this.jobs.queueSoon(
      JobName.WalletTopupVerify,
      { txnid: txn.txnid },
      topupJobId(txn.txnid, 0),
    );
    return { status: true, data: { payment_url: paymentUrl, txnid: txn.txnid } };
  }

  async txnStatus(auth: AuthUser, dto: TxnStatusDto) {
    let txn = await this.wallet.get(dto.client_txn_id);
    if (!txn) throw AppError.notFound(Messages.notFound);
    requireReadAccess(auth, Number(txn.userid));
    if (txn.purpose === 'topup' && (txn.status === 'Created' || txn.status === 'Pending')) {
      await this.verifyTopup(txn.txnid).catch((error: Error) =>
        this.logger.warn(`top-up ${txn!.txnid}: ${error.message}`),
      );
      txn = (await this.wallet.get(dto.client_txn_id))!;
    }
    return { data: { txnid: txn.txnid, status: txn.status, amount: toRupees(txn.amount) } };
  }

  /**
   * Asks the gateway about a top-up and settles it. Idempotent: the guarded status change and
   * the ledger movement key (`topup-<txnid>`) each let exactly one caller credit the wallet.
   * Answers whether the top-up is still waiting.
   */
  async verifyTopup(txnid: string): Promise<'pending' | 'settled'> {
    const txn = await this.wallet.get(txnid);
    if (!txn || txn.purpose !== 'topup') return 'settled';
    const lateWindow =
      txn.status === 'Failed' &&
      this.clock.now().getTime() - new Date(txn.created_at).getTime() < 24 * 3600_000;
    if (txn.status !== 'Created' && txn.status !== 'Pending' && !lateWindow) return 'settled';
    const data = await this.upi.checkStatus(txn.txnid, txn.txn_date);
    const now = this.clock.now();
    if (data?.status === 'success') {
      if (toPaise(data.amount) !== Number(txn.amount) || data.client_txn_id !== txn.txnid) {
        await this.wallet.saveGatewayData(txn.txnid, data);
        await this.wallet.flag(txn.txnid, Messages.paymentMismatch);
        return 'settled';
      }
      await this.db.transaction(async (manager) => {
        const late = txn.status === 'Failed';
        const moved = await this.wallet.move(
          manager,
          txn.txnid,
          ['Created', 'Pending', 'Failed'],
          'Success',
          {
            upiTxnId: data.upi_txn_id ?? null,
            gatewayData: data,
            attention: late ? Messages.latePaymentCredited : null,
          },
        );
        if (!moved) return;
        await this.ledger.post(manager, {
          key: `topup-${txn.txnid}`,
          kind: 'topup',
          reference: txn.txnid,
          legs: [
            { account: SystemAccount.Upi, currency: 'ZCOIN', amount: -Number(txn.amount) },
            {
              account: walletAccount(Number(txn.userid)),
              currency: 'ZCOIN',
              amount: Number(txn.amount),
            },
          ],
        });
      });
      return 'settled';
    }
    if (txn.status === 'Failed') return 'settled';
    if (data?.status === 'failure') {
      await this.wallet.move(this.db.manager, txn.txnid, ['Created', 'Pending'], 'Failed', {
        gatewayData: data,
      });
      return 'settled';
    }
    if (txn.expires_at && now.getTime() > new Date(txn.expires_at).getTime()) {
      await this.wallet.move(this.db.manager, txn.txnid, ['Created', 'Pending'], 'Failed', {
        gatewayData: data ?? null,
      });
      return 'settled';
    }
    if (data?.status === 'scanning') {
      await this.wallet.move(this.db.manager, txn.txnid, ['Created'], 'Pending', {
        gatewayData: data,
      });
    }
    return 'pending';
  }

  @OnJob({ name: JobName.WalletTopupVerify, queue: QueueName.Payments })
  async handleTopupVerify({ txnid }: JobOf<JobName.WalletTopupVerify>): Promise<JobStatus> {
    return (await this.verifyTopup(txnid)) === 'pending' ? JobStatus.Waiting : JobStatus.Success;
  }

  /** For the payments sweep: settles expired top-ups and re-enqueues any whose job is gone. */
  async sweepTopups() {
    const now = this.clock.now().getTime();
    for (const open of await this.wallet.openTopups()) {
      if (open.expires_at && now > new Date(open.expires_at).getTime()) {
        await this.verifyTopup(open.txnid).catch((error: Error) =>
          this.logger.warn(`top-up ${open.txnid}: ${error.message}`),
        );
        continue;
      }
      if (
        await this.jobs.isLive(QueueName.Payments, topupJobId(open.txnid, open.verify_generation))
      ) {
        continue;
      }
      const generation = await this.wallet.bumpGeneration(open.txnid, open.verify_generation);
      if (generation !== undefined) {
        await this.jobs.queueSoon(
          JobName.WalletTopupVerify,
          { txnid: open.txnid },
          topupJobId(open.txnid, generation),
        );
      }
    }
  }

  /** An admin credit (system:admin -> wallet) with its `Credit` row, in the caller's transaction. */
  async creditFromAdmin(
    manager: EntityManager,
    user: { id: string; userid: number; email: string },
    amount: number,
    reference?: string,
  ) {
    const txnid = newBusinessId('ZT');
    await this.wallet.insert(manager, {
      txnid,
      userId: user.id,
      userid: user.userid,
      useremail: user.email,
      type: 'Credit',
      status: 'Success',
      purpose: 'admin',
      amount,
      txnDate: istDate(this.clock.now()),
    });
    await this.ledger.post(manager, {
      key: `admin-${txnid}`,
      kind: 'admin_credit',
      reference: reference ?? txnid,
      legs: [
        { account: SystemAccount.Admin, currency: 'ZCOIN', amount: -amount },
        { account: walletAccount(user.userid), currency: 'ZCOIN', amount },
      ],
    });
    return txnid;
  }

  /** Records a wallet row in the caller's transaction (orders, refunds, redemptions). */
  record(
    manager: EntityManager,
    txn: Parameters<WalletRepository['insert']>[1],
    onceForOrder = false,
  ): Promise<WalletTxnRow | undefined> {
    return this.wallet.insert(manager, txn, onceForOrder);
  }
}
