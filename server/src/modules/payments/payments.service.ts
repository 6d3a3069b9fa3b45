import { Inject, Injectable, Logger } from '@nestjs/common';
import { RateLimitService } from '../../common/http/rate-limit.service.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
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
    private readonly limits: RateLimitService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async webhook(body: Record<string, unknown> | undefined) {
    const id = typeof body?.client_txn_id === 'string' ? body.client_txn_id : '';
    if (!/^Z[ST][0-9A-Z]{14}$/.test(id)) return 'OK';
    // However often it comes, it costs at most one gateway check per order in the window; a
    // call inside a spent window gets one check at its end, so a real payment is not missed.
    const { allowed, windowEndsInMs } = await this.limits.take(
      `webhook-check:${id}`,
      this.config.rateLimits.webhookCheck,
    );
    if (allowed) await this.check(id);
    else if (await this.limits.once(`webhook-later:${id}`, windowEndsInMs)) {
      const later = () =>
        this.webhook(body).catch((error: Error) =>
          this.logger.warn(`webhook for ${id}: ${error.message}`),
        );
      setTimeout(() => void later(), windowEndsInMs + 10).unref();
    }
    return 'OK';
  }

  private async check(id: string) {
    try {
      if (id.startsWith('ZS')) await this.orders.verifyPayment(id);
      else await this.wallet.verifyTopup(id);
    } catch (error) {
      // The payment job and the sweep still check it; the gateway need not retry.
      this.logger.warn(`webhook for ${id}: ${(error as Error).message}`);
    }
  }

  @OnJob({ name: JobName.PaymentSweepPending, queue: QueueName.Maintenance })
  async handleSweepPending(): Promise<JobStatus> {
    await this.orders.sweepPayments();
    await this.wallet.sweepTopups();
    await this.idempotency.purgeExpired();
    return JobStatus.Success;
  }
}
