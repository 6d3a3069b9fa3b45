import type { JobName } from '../../jobs/job.enum.js';
import type { UpiStatusData } from '../../providers/upigateway/upigateway.adapter.js';
import type { PaymentLinksDto } from './payment-links.js';
import type { PaymentPurpose } from './payment-state.js';

/** A payable (an order, a top-up) as the payment lifecycle hands it to its port. */
export interface Payable {
  /** The payable's business id, the gateway's `client_txn_id`. */
  id: string;
  /** The `payments` row. */
  paymentId: string;
  /** Paise. */
  amount: number;
}

/** A payable whose payment is being created at the gateway. */
export interface StartedPayable {
  id: string;
  /** Paise. */
  amount: number;
  expiresAt: Date | null;
}

/** What a payable did with its money: nothing (it had closed on its own), or settled. */
export type Settled = undefined | { afterCommit?: () => Promise<void> };

export type PaymentCheckJob = JobName.OrderVerifyPayment | JobName.WalletTopupVerify;

/**
 * How a payable plugs into the UPI lifecycle (`UpiPaymentsService`), which owns the payment
 * record, its checks, expiry and late checks. Each hook runs in the transaction of the payment's
 * guarded status move, so exactly one caller settles a payment; hooks stay idempotent anyway.
 */
export interface PaymentPort {
  /** The payment's purpose, `udf1` at the gateway, and the name in logs. */
  readonly purpose: PaymentPurpose;
  /** Where the gateway sends the customer back, under the public URL. */
  readonly returnPath: string;
  readonly checkJob: PaymentCheckJob;
  /** The check job's payload key and the log field of the payable's id. */
  readonly idKey: 'orderid' | 'txnid';
  /** The shape of its ids, which tells the webhook which port a `client_txn_id` belongs to. */
  readonly idPattern: RegExp;
  checkJobId(id: string, generation: number): string;

  /** In the transaction that records the payment: the payable keeps the payment's id. */
  attach(id: string, paymentId: string): Promise<void>;
  /** The answer of the request that started the payment (kept for its Idempotency-Key). */
  startAnswer(payable: StartedPayable, links: PaymentLinksDto): unknown;

  /** Paid: the payable takes the money, or answers undefined when it closed meanwhile. */
  onSucceeded(payable: Payable, data: UpiStatusData, now: Date): Promise<Settled>;
  /** The payment failed, expired, or could not be created (`reason` is the customer's text). */
  onFailed(payable: Payable, reason: string, now: Date): Promise<void>;
  /**
   * A success after the payment failed or the payable closed, whatever its age: credited once
   * (to the wallet; a payer without one would be refunded through the gateway) and flagged.
   */
  onLateSuccess(payable: Payable, data: UpiStatusData, now: Date): Promise<void>;
  /** A success whose amount or id is not the payable's: flagged, never credited. */
  onMismatch(payable: Payable): Promise<void>;
  /** Still waiting, and the gateway says more (a QR being scanned). */
  onWaiting?(payable: Payable, data: UpiStatusData): Promise<void>;
}
