import type { TransitionTable } from '../../common/state-machine.js';

import type { WalletTxnStatus } from '@zstore/contract/statuses';

export type { WalletTxnStatus };

/**
 * Every legal move of a wallet transaction. A top-up starts `Created`, may be seen `Pending`
 * (the QR is being scanned), then succeeds or fails; a failed top-up still succeeds when its
 * payment arrives late. Every other row is written `Success` and never moves. `Processing` is
 * in the spec's list of statuses but no move leads to it.
 */
export const walletTxnTransitions: TransitionTable<WalletTxnStatus> = {
  Created: ['Pending', 'Success', 'Failed'],
  Pending: ['Success', 'Failed'],
  Failed: ['Success'],
  Success: [],
  Processing: [],
};
