import { IllegalMoveError, requireMoves } from '../../common/state-machine.js';
import { canMove, orderTransitions, sourcesOf } from './order-state.js';

describe('order transitions', () => {
  it('lets a UPI order be paid or fail, and a paid order end three ways', () => {
    expect(canMove('Created', 'Processing')).toBe(true);
    expect(canMove('Created', 'Failed')).toBe(true);
    expect(sourcesOf('Refunded')).toEqual(['Processing']);
    expect(sourcesOf('Processing')).toEqual(['Created']);
  });

  it('never leaves a final state', () => {
    for (const final of ['Completed', 'Refunded', 'Failed', 'Cancelled'] as const) {
      expect(orderTransitions[final]).toEqual([]);
    }
    expect(canMove('Created', 'Completed')).toBe(false);
    expect(canMove('Failed', 'Processing')).toBe(false);
  });

  it('refuses an order move the table does not list', () => {
    expect(requireMoves('order', orderTransitions, ['Created'], 'Processing')).toEqual(['Created']);
    expect(() => requireMoves('order', orderTransitions, ['Failed'], 'Processing')).toThrow(
      IllegalMoveError,
    );
    expect(() =>
      requireMoves('order', orderTransitions, ['Created', 'Completed'], 'Refunded'),
    ).toThrow('order: no move from Created | Completed to Refunded');
  });
});
