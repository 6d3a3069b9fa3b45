import { Injectable, Logger } from '@nestjs/common';
import { JobName, JobStatus, QueueName } from '../../jobs/job.enum.js';
import { OnJob } from '../../jobs/on-job.decorator.js';
import { IdempotencyService } from '../ledger/idempotency.service.js';
import { OrdersService } from '../orders/orders.service.js';
import { WalletService } from '../wallet/wallet.service.js';

/**
 * The gateway's webhook and the payments sweep. The webhook is unsigned, so it is only a
 * trigger: whatever it says, the order or top-up is checked with `check_order_status`.
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger('Payments');

  constructor(
    private readonly orders: OrdersService,
    private readonly wallet: WalletService,
    private readonly idempotency: IdempotencyService,
  ) {}

  async webhook(body: Record<string, unknown> | undefined) {
    const id = typeof body?.client_txn_id === 'string' ? body.client_txn_id : '';
    try {
      if (/^ZS[0-9A-Z]{14}$/.test(id)) await this.orders.verifyPayment(id);
      else if (/^ZT[0-9A-Z]{14}$/.test(id)) await this.wallet.verifyTopup(id);
    } catch (error) {
      // The payment job and the sweep still check it; the gateway need not retry.
      this.logger.warn(`webhook for ${id}: ${(error as Error).message}`);
    }
    return 'OK';
  }

  @OnJob({ name: JobName.PaymentSweepPending, queue: QueueName.Maintenance })
  async handleSweepPending(): Promise<JobStatus> {
    await this.orders.sweepPayments();
    await this.wallet.sweepTopups();
    await this.idempotency.purgeExpired();
    return JobStatus.Success;
  }
}
