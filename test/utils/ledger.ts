import type { TransactionHost } from '@nestjs-cls/transactional';
import { LedgerService } from '../../server/src/modules/ledger/ledger.service.js';
import { query } from './database.js';

/**
 * The ledger invariants of `LedgerService.check()` (cached balances match entries, entries
 * balance, nothing negative), run on a test database from outside the store's processes.
 */
export async function ledgerProblems(databaseUrl: string): Promise<string[]> {
  const db = { query: (sql: string, params?: unknown[]) => query(databaseUrl, sql, params) };
  return (await new LedgerService({ tx: db } as unknown as TransactionHost).check()).problems;
}
