import type { Logger } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';

/**
 * Completes or refunds an order unless another actor (the admin, a parallel run) already did:
 * the refused move is logged and passed over, anything else is thrown.
 */
export async function settleOnce(logger: Logger, move: () => Promise<unknown>) {
  try {
    await move();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    logger.warn(`settling skipped: ${error.message}`);
  }
}
