import { JobName, QueueName } from './job.enum.js';

/** Payloads carry ids and flags only, never entities (a reset request carries the typed e-mail). */
export interface JobPayloads {
  [JobName.MailSend]: { mailId: string };
  [JobName.PasswordResetLink]: { email: string };
  [JobName.MailSweepPending]: Record<string, never>;
  [JobName.WhatsAppSend]: { messageId: string };
  [JobName.WhatsAppSweepPending]: Record<string, never>;
  [JobName.AuthPurgeExpired]: Record<string, never>;
  [JobName.OrderVerifyPayment]: { orderid: string };
  [JobName.WalletTopupVerify]: { txnid: string };
  [JobName.PaymentSweepPending]: Record<string, never>;
  [JobName.OrderDeliver]: { orderid: string; generation: number };
  [JobName.DeliverySweepPending]: Record<string, never>;
  [JobName.SupplierBalanceRefresh]: Record<string, never>;
  [JobName.AdminAlertsCheck]: Record<string, never>;
  [JobName.RetentionPurge]: Record<string, never>;
  [JobName.OrderPromiseSweep]: Record<string, never>;
  [JobName.ResellerBatchPlace]: { batchId: string; run: number };
  [JobName.ResellerBatchSweep]: Record<string, never>;
  [JobName.ResellerCallbackSend]: { eventId: string };
  [JobName.ResellerCallbackSweep]: Record<string, never>;
  [JobName.TaxDocumentNumberPending]: Record<string, never>;
}

export type JobOf<T extends JobName> = JobPayloads[T];

export interface JobDefinition {
  queue: QueueName;
  /** Tries in all, with exponential backoff from `backoffMs`; 1 means never retried by BullMQ. */
  attempts: number;
  backoffMs?: number;
  /** Scheduled jobs run every `SWEEP_INTERVAL_MS` on one worker at a time, under a lease. */
  every?: 'sweep';
}

export const jobDefinitions: Record<JobName, JobDefinition> = {
  [JobName.MailSend]: { queue: QueueName.Mail, attempts: 5, backoffMs: 2_000 },
  // Made after the answer, so the answer's timing cannot tell whether the account exists.
  [JobName.PasswordResetLink]: { queue: QueueName.Mail, attempts: 3, backoffMs: 2_000 },
  [JobName.MailSweepPending]: { queue: QueueName.Maintenance, attempts: 1, every: 'sweep' },
  // WhatsApp messages share the mail queue: both are short sends to a messaging provider.
  [JobName.WhatsAppSend]: { queue: QueueName.Mail, attempts: 5, backoffMs: 2_000 },
  [JobName.WhatsAppSweepPending]: { queue: QueueName.Maintenance, attempts: 1, every: 'sweep' },
  [JobName.AuthPurgeExpired]: { queue: QueueName.Maintenance, attempts: 1, every: 'sweep' },
  // Payment checks poll the gateway with backoff (1 s, 2 s, 4 s ... about an hour in all); the
  // sweep takes over with a new generation once a job has run out of attempts.
  [JobName.OrderVerifyPayment]: { queue: QueueName.Payments, attempts: 12, backoffMs: 1_000 },
  [JobName.WalletTopupVerify]: { queue: QueueName.Payments, attempts: 12, backoffMs: 1_000 },
  [JobName.PaymentSweepPending]: { queue: QueueName.Maintenance, attempts: 1, every: 'sweep' },
  // Supplier purchases (DESIGN section 5): a pack the supplier could not take is tried again
  // after 2 s, 4 s, 8 s, 16 s; the pack row counts its sends, so a fifth failure flags the order.
  [JobName.OrderDeliver]: { queue: QueueName.Delivery, attempts: 5, backoffMs: 2_000 },
  [JobName.DeliverySweepPending]: { queue: QueueName.Maintenance, attempts: 1, every: 'sweep' },
  // Reads the suppliers only when the cached balances are older than SUPPLIER_BALANCE_REFRESH_MS.
  [JobName.SupplierBalanceRefresh]: { queue: QueueName.Maintenance, attempts: 1, every: 'sweep' },
  [JobName.AdminAlertsCheck]: { queue: QueueName.Maintenance, attempts: 1, every: 'sweep' },
  [JobName.RetentionPurge]: { queue: QueueName.Maintenance, attempts: 1, every: 'sweep' },
  // The delivery guarantee: compensations of missed promises, refunds at the hard deadline.
  [JobName.OrderPromiseSweep]: { queue: QueueName.Maintenance, attempts: 1, every: 'sweep' },
  // A chunk of a bulk order's rows; a failed chunk is tried again, its placed rows kept.
  [JobName.ResellerBatchPlace]: { queue: QueueName.Batches, attempts: 5, backoffMs: 2_000 },
  // A batch still placing whose run has no job (its enqueue lost, its retries spent) goes on.
  [JobName.ResellerBatchSweep]: { queue: QueueName.Maintenance, attempts: 1, every: 'sweep' },
  // Queued in the transaction that wrote the event: a run before its commit finds nothing and is
  // tried again; the event's own backoff (minutes to hours) is kept in its row, for the sweep.
  [JobName.ResellerCallbackSend]: { queue: QueueName.Callbacks, attempts: 4, backoffMs: 500 },
  [JobName.ResellerCallbackSweep]: { queue: QueueName.Maintenance, attempts: 1, every: 'sweep' },
  // Documents are numbered right after their commit; the sweep numbers what a stopped process left.
  [JobName.TaxDocumentNumberPending]: { queue: QueueName.Maintenance, attempts: 1, every: 'sweep' },
};

/**
 * How long after its commit a subject's own enqueue may still be on its way (it follows a
 * gateway call); sweeps leave younger subjects alone so they are not queued twice.
 */
export const ENQUEUE_GRACE_MS = 5_000;
