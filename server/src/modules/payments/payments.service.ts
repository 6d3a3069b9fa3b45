import { Injectable } from '@nestjs/common';
import { JobName, JobStatus, QueueName } from '../../jobs/job.enum.js';
import { OnJob } from '../../jobs/on-job.decorator.js';
import { IdempotencyService } from '../../common/idempotency/idempotency.service.js';
import { UpiPaymentsService } from './upi-payments.service.js';

/**
 * The gateway's webhook and the payments sweep. The webhook is unsigned, so it is only a
 * trigger: whatever it says, the order or top-up is checked with `check_order_status`.
 */
@Injectable()
export class PaymentsService {
  constructor(
    private readonly payments: UpiPaymentsService,
    private readonly idempotency: IdempotencyService,
  ) {}

  async webhook(body: Record<string, unknown> | undefined) {
    const id = typeof body?.client_txn_id === 'string' ? body.client_txn_id : '';
    await this.payments.trigger(id);
    return 'OK';
  }

  @OnJob({ name: JobName.PaymentSweepPending, queue: QueueName.Maintenance })
  async handleSweepPending(): Promise<JobStatus> {
    await this.payments.sweep();
    await this.idempotency.purgeExpired();
    return JobStatus.Success;
  }
}
