import { IllegalMoveError, requireMoves, sourcesOf } from '../../common/state-machine.js';
import { walletTxnTransitions } from './wallet-state.js';

describe('wallet transaction transitions', () => {
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
