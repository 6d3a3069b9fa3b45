import {
  EventSubscriber,
  type EntitySubscriberInterface,
  type TransactionStartEvent,
} from 'typeorm';

/** A stuck statement or lock turns into an error instead of a hung request. */
export const TRANSACTION_TIMEOUTS = {
  statement_timeout: 15_000,
  lock_timeout: 10_000,
  idle_in_transaction_session_timeout: 30_000,
};

const setLocal = Object.entries(TRANSACTION_TIMEOUTS)
  .map(([name, ms]) => `SET LOCAL ${name} = ${ms}`)
  .join('; ');

/**
 * Sets the timeouts at the start of every transaction (`SET LOCAL`), which holds on whichever
 * server connection a transaction-mode pooler lends it; a pooler refuses connection-time
 * settings (the `options` startup parameter) or drops them.
 *
 * TypeORM silently drops a subscriber class without `@EventSubscriber()`.
 */
@EventSubscriber()
export class TransactionTimeoutsSubscriber implements EntitySubscriberInterface {
  async afterTransactionStart({ queryRunner }: TransactionStartEvent) {
    await queryRunner.query(setLocal);
  }
}
