import { canMove, IllegalMoveError, requireMoves, sourcesOf } from '../../common/state-machine.js';
import { deliveryTransitions } from './delivery-state.js';

describe('delivery transitions', () => {
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
});
