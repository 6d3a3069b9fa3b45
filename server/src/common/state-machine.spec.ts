import { deliveryTransitions } from '../modules/orders/delivery-state.js';
import { orderTransitions } from '../modules/orders/order-state.js';
import { walletTxnTransitions } from '../modules/wallet/wallet-state.js';
import { canMove, IllegalMoveError, requireMoves, sourcesOf } from './state-machine.js';

describe('transition tables', () => {
  it('refuses an order move the table does not list', () => {
    expect(requireMoves('order', orderTransitions, ['Created'], 'Processing')).toEqual(['Created']);
    expect(() => requireMoves('order', orderTransitions, ['Failed'], 'Processing')).toThrow(
      IllegalMoveError,
    );
    expect(() =>
      requireMoves('order', orderTransitions, ['Created', 'Completed'], 'Refunded'),
    ).toThrow('order: no move from Created | Completed to Refunded');
    expect(() => requireMoves('order', orderTransitions, [], 'Failed')).toThrow(IllegalMoveError);
  });

  it('lets a delivery be claimed, flagged, retried and ended, never reopened', () => {
    expect(sourcesOf(deliveryTransitions, 'in_progress')).toEqual(['pending', 'in_progress']);
    expect(sourcesOf(deliveryTransitions, 'pending')).toEqual([
      'pending',
      'in_progress',
      'needs_attention',
    ]);
    expect(canMove(deliveryTransitions, 'needs_attention', 'in_progress')).toBe(false);
    for (const end of ['delivered', 'refunded'] as const) {
      expect(deliveryTransitions[end]).toEqual([]);
      expect(() => requireMoves('delivery', deliveryTransitions, [end], 'pending')).toThrow(
        IllegalMoveError,
      );
    }
  });

  it('lets a top-up succeed late but never fail or reopen after success', () => {
    expect(sourcesOf(walletTxnTransitions, 'Success')).toEqual(['Created', 'Pending', 'Failed']);
    expect(sourcesOf(walletTxnTransitions, 'Failed')).toEqual(['Created', 'Pending']);
    expect(() => requireMoves('wallet', walletTxnTransitions, ['Success'], 'Failed')).toThrow(
      IllegalMoveError,
    );
    expect(() => requireMoves('wallet', walletTxnTransitions, ['Pending'], 'Created')).toThrow(
      IllegalMoveError,
    );
    expect(sourcesOf(walletTxnTransitions, 'Processing')).toEqual([]);
  });
});
