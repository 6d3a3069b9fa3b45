import type { TransitionTable } from '../../common/state-machine.js';

export const PAYMENT_PURPOSES = ['order', 'topup', 'guest_order', 'reseller_deposit'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];

export const PAYMENT_STATUSES = [
  'created',
  'pending',
  'succeeded',
  'failed',
  'expired',
  'late_succeeded',
  'refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Still waiting for its money. */
export const OPEN_PAYMENT: PaymentStatus[] = ['created', 'pending'];
/** Ended without money: a success may still arrive (a late payment). */
export const UNPAID_PAYMENT: PaymentStatus[] = ['failed', 'expired'];

/**
 * Every legal move of a payment. `created`: the row exists, the gateway's order is being made
 * (it fails at once when the gateway is down; a quick payer's webhook may settle it before the
 * gateway's order is stored); `pending`: the gateway's order awaits the money.
 * A success after the payment failed or expired, or after its payable closed on its own (an order
 * replaced by a newer one), is a late success, credited once. `refunded` needs a refund through
 * the gateway, which the store does not make yet.
 */
export const paymentTransitions: TransitionTable<PaymentStatus> = {
  created: ['pending', 'succeeded', 'failed', 'expired', 'late_succeeded'],
  pending: ['succeeded', 'failed', 'expired', 'late_succeeded'],
  succeeded: ['refunded'],
  failed: ['late_succeeded'],
  expired: ['late_succeeded'],
  late_succeeded: [],
  refunded: [],
};

/**
 * Who asks for a gateway check: the status routes (`request`), the gateway's webhook, the
 * payment job (also the sweep's late checks), or the sweep settling an expired payment.
 */
export type CheckOrigin = 'request' | 'webhook' | 'job' | 'sweep';

/**
 * The one late-payment rule, for every purpose: a payment that failed or expired is asked about
 * again until 24 h after it was made (UPI banks settle a delayed debit within T+1), the wait
 * between two checks being its age (so checks double apart), within these bounds. A success
 * reported later still (the customer asking, the webhook) is credited too.
 */
export const LATE_CHECKS = { windowMs: 24 * 3600_000, minMs: 30_000, maxMs: 6 * 3600_000 };
