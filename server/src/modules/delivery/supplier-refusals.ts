import type { PlayerRefusal } from '../orders/customer-reasons.js';
import {
  SupplierRefusal,
  SupplierUnavailable,
  SupplierUnknownOutcome,
} from '../../providers/supplier-http.js';

/**
 * Whose fault a supplier failure is, as DESIGN section 5's outcome table needs it:
 * - `player`: the account cannot be topped up (unknown id, region ban, a notice on the account);
 * - `store`: our side (balance, credentials, signature, product unavailable, IP not allowed);
 * - `retryable`: nothing was processed (could not connect, 5xx);
 * - `unknown`: sent, but the outcome cannot be read (timeout, dropped answer, HTML).
 */
export type FailureKind = 'player' | 'store' | 'retryable' | 'unknown';

/** Smile.one body statuses that are about the player's account (PROVIDERS.md 2.5). */
const SMILE_PLAYER = new Set(['20003', '20004', '201', '202']);

export function classifySupplierFailure(error: unknown): FailureKind {
  if (error instanceof SupplierUnavailable) return 'retryable';
  if (error instanceof SupplierUnknownOutcome) return 'unknown';
  if (error instanceof SupplierRefusal) {
    if (error.provider === 'smileone' && SMILE_PLAYER.has(error.code)) return 'player';
    return 'store';
  }
  return 'unknown';
}

/** MooGold order states that mean the player's details were refused. */
export const MOOGOLD_PLAYER_STATES = new Set(['refunded', 'incorrect-details']);

/** What a Smile.one refusal about the player means for the customer (PROVIDERS.md 2.5). */
export function playerRefusalOf(error: unknown): PlayerRefusal | undefined {
  if (!(error instanceof SupplierRefusal) || error.provider !== 'smileone') return undefined;
  if (error.code === '20003' || error.code === '20004') return 'unknown-player';
  if (error.code === '201' || error.code === '202') return 'region-blocked';
  return undefined;
}

/** Supplier codes that mean our account's balance cannot pay for the pack. */
const BALANCE_CODES: Record<string, Set<string>> = {
  smileone: new Set(['20010']),
  moogold: new Set(['111', '416']),
};

/** A refusal `"<code> <reason>"` (as a failed pack records it) for our balance being too low. */
export function isBalanceRefusal(supplier: string, reason: string) {
  return BALANCE_CODES[supplier]?.has(reason.split(' ')[0]) ?? false;
}

/**
 * A refusal `"<code> <reason>"` for the time the request was signed with (PROVIDERS.md: both
 * suppliers refuse a time more than 5 minutes off theirs): a clock's fault, not the order's.
 */
export function isClockRefusal(supplier: string, reason: string) {
  const code = reason.split(' ')[0];
  if (supplier === 'smileone') return code === '10002';
  if (supplier === 'moogold') return code === '403' && /timestamp/i.test(reason);
  return false;
}
