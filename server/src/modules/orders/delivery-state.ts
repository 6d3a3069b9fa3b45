import type { TransitionTable } from '../../common/state-machine.js';

/** Where a paid order's delivery stands (`orders.delivery_status`). */
export type DeliveryStatus =
  'pending' | 'in_progress' | 'delivered' | 'needs_attention' | 'refunded';

/**
 * Every legal move of an order's delivery (DESIGN section 5). A run claims a pending delivery
 * (`in_progress`, claimed again by a later generation after a crash) or hands it back to wait
 * (`pending`, while the supplier's balance cannot pay); a pack it cannot settle
 * flags the order (`needs_attention`, noted again by an admin's ruling on a pack) until an admin
 * retries it; the order's end writes `delivered` or `refunded`.
 */
export const deliveryTransitions: TransitionTable<DeliveryStatus> = {
  pending: ['pending', 'in_progress', 'needs_attention', 'delivered', 'refunded'],
  in_progress: ['pending', 'in_progress', 'needs_attention', 'delivered', 'refunded'],
  needs_attention: ['pending', 'needs_attention', 'delivered', 'refunded'],
  delivered: [],
  refunded: [],
};

/** The states in which a delivery run owns the order (its generation fences the moves). */
export const deliveryOpen: readonly DeliveryStatus[] = ['pending', 'in_progress'];
