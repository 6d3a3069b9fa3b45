import type { TransitionTable } from '../../common/state-machine.js';
import type { PurchaseStatus } from './supplier-purchase.entity.js';

/**
 * Every legal move of one pack's purchase (DESIGN section 5). A pack is `reserved` before it is
 * bought and `sent` while the supplier is asked (the supplier's reference is kept on `sent`);
 * a lost answer makes it `unknown` until a late answer or an admin's ruling settles it; a
 * refusal that is about the store (our balance, our clock) or an admin's retry opens a failed
 * pack again.
 */
export const purchaseTransitions: TransitionTable<PurchaseStatus> = {
  reserved: ['sent', 'failed'],
  sent: ['sent', 'reserved', 'confirmed', 'failed', 'unknown'],
  unknown: ['confirmed', 'failed'],
  failed: ['reserved'],
  confirmed: [],
};
