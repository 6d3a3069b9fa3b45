import type { JobName } from '../../jobs/job.enum.js';
import type {
  UpiCreatedOrder,
  UpiStatusData,
} from '../../providers/upigateway/upigateway.adapter.js';

/** Something paid for by UPI (an order, a top-up), as the payment lifecycle sees it. */
export interface Payable {
  /** The gateway's `client_txn_id`. */
  id: string;
  /** Paise. */
  amount: number;
  /** The IST date sent to `check_order_status`. */
  txnDate: string;
  /** Still waiting for its payment. */
  open: boolean;
  /**
   * Failed, and no payment seen yet: a success may still arrive (a late payment), whatever its
   * age, and is then credited once.
   */
  failed: boolean;
  expiresAt: Date | null;
}

/** A payable whose payment is being created at the gateway. */
export interface StartedPayable {
  id: string;
  /** Paise. */
  amount: number;
  expiresAt: Date | null;
}

/** An open payable the sweep looks at. */
export interface AwaitedPayment {
  id: string;
  verifyGeneration: number;
  expiresAt: Date | null;
}

/** A failed payable whose next late-payment check is due. */
export interface LateCheck {
  id: string;
  verifyGeneration: number;
}

/**
 * How often the sweep asks the gateway about a failed payable: the wait between two checks is
 * the payable's age (so checks double apart as it ages), within these bounds.
 */
export const LATE_CHECK_BACKOFF = { minMs: 30_000, maxMs: 6 * 3600_000 };

export type PaymentCheckJob = JobName.OrderVerifyPayment | JobName.WalletTopupVerify;

/**
 * How orders and top-ups plug into the UPI lifecycle (`UpiPaymentsService`): what is paid for,
 * and what happens on success, failure and late success. Every hook is idempotent: the
 * lifecycle runs from the return page, the webhook, the payment job and the sweep at once.
 */
export interface PaymentPort {
  /** `udf1` at the gateway, and the name in logs. */
  readonly purpose: 'order' | 'topup';
  /** Where the gateway sends the customer back, under the public URL. */
  readonly returnPath: string;
  readonly checkJob: PaymentCheckJob;
  /** The shape of its ids, which tells the webhook which port a `client_txn_id` belongs to. */
  readonly idPattern: RegExp;
  checkJobPayload(id: string): { orderid: string } | { txnid: string };
  checkJobId(id: string, generation: number): string;

  load(id: string): Promise<Payable | undefined>;
  /**
   * Keeps the gateway's order id, payment page and app links (an unpaid payable can be paid
   * again from them while it lives, never through a second gateway order).
   */
  saveGatewayOrder(payable: StartedPayable, created: UpiCreatedOrder): Promise<void>;
  /** The gateway could not create the payment: the payable fails at once. */
  onUnavailable(id: string): Promise<void>;
  /** Every answer of `check_order_status`, before it is acted on. */
  onAnswer?(payable: Payable, data: UpiStatusData): Promise<void>;
  /** A success whose amount or id is not the payable's: flagged, never credited. */
  onMismatch(payable: Payable, data: UpiStatusData): Promise<void>;
  /** Marks an open payable paid; false when another caller or a failure moved it first. */
  onSuccess(payable: Payable, data: UpiStatusData, now: Date): Promise<boolean>;
  /**
   * A success for a payable that already failed, whatever its age: credited once (to the
   * wallet; a payer without one would be refunded through the gateway) and flagged for the admin.
   */
  onLateSuccess(payable: Payable, data: UpiStatusData, now: Date): Promise<void>;
  /** The payment failed or expired (`reason` is the customer's text). */
  onFailure(
    payable: Payable,
    reason: string,
    data: UpiStatusData | undefined,
    now: Date,
  ): Promise<void>;
  /** Still waiting: the answer may say more (a QR being scanned). */
  onWaiting?(payable: Payable, data: UpiStatusData | undefined): Promise<void>;

  /** Open payables past their own first check: the ones already expired first, then the newest. */
  awaiting(now: Date): Promise<AwaitedPayment[]>;
  /** Takes the next check generation if `generation` is still current (one winner). */
  bumpGeneration(id: string, generation: number): Promise<number | undefined>;
  /** Failed payables whose late-payment check is due, the longest due first. */
  lateChecksDue(now: Date, limit: number): Promise<LateCheck[]>;
  /**
   * Takes the next check generation of a failed payable and moves its next late check further
   * out (`LATE_CHECK_BACKOFF`; none past its late window). Undefined when another caller won.
   */
  takeLateCheck(id: string, generation: number, now: Date): Promise<number | undefined>;
}
