/** Queues split work by its kind, so a slow supplier never holds up an e-mail. */
export enum QueueName {
  Mail = 'mail',
  Maintenance = 'maintenance',
  Payments = 'payments',
  Delivery = 'delivery',
  /** Resellers' bulk orders, placed a chunk at a time, one batch at a time per worker. */
  Batches = 'batches',
  /** Reseller callbacks: a slow receiver holds up only other callbacks. */
  Callbacks = 'callbacks',
}

/** Every job the workers run. Subject first, then the action. */
export enum JobName {
  MailSend = 'MailSend',
  PasswordResetLink = 'PasswordResetLink',
  MailSweepPending = 'MailSweepPending',
  WhatsAppSend = 'WhatsAppSend',
  WhatsAppSweepPending = 'WhatsAppSweepPending',
  AuthPurgeExpired = 'AuthPurgeExpired',
  OrderVerifyPayment = 'OrderVerifyPayment',
  WalletTopupVerify = 'WalletTopupVerify',
  PaymentSweepPending = 'PaymentSweepPending',
  OrderDeliver = 'OrderDeliver',
  DeliverySweepPending = 'DeliverySweepPending',
  SupplierBalanceRefresh = 'SupplierBalanceRefresh',
  AdminAlertsCheck = 'AdminAlertsCheck',
  RetentionPurge = 'RetentionPurge',
  OrderPromiseSweep = 'OrderPromiseSweep',
  ResellerBatchPlace = 'ResellerBatchPlace',
  ResellerBatchSweep = 'ResellerBatchSweep',
  ResellerCallbackSend = 'ResellerCallbackSend',
  ResellerCallbackSweep = 'ResellerCallbackSweep',
  TaxDocumentNumberPending = 'TaxDocumentNumberPending',
}

export enum JobStatus {
  Success = 'success',
  Failed = 'failed',
  Skipped = 'skipped',
  /** Nothing went wrong, the subject is just not ready (an unpaid order): ask again later. */
  Waiting = 'waiting',
}
