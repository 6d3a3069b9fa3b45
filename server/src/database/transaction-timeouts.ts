import pg from 'pg';

/** A stuck statement or lock turns into an error instead of a hung request. */
export const TRANSACTION_TIMEOUTS = {
  statement_timeout: 15_000,
  lock_timeout: 10_000,
  idle_in_transaction_session_timeout: 30_000,
};

/** What TypeORM sends to open a transaction (not a savepoint). */
const START = 'START TRANSACTION';

const startWithTimeouts = [
  START,
  ...Object.entries(TRANSACTION_TIMEOUTS).map(([name, ms]) => `SET LOCAL ${name} = ${ms}`),
].join('; ');

/**
 * The pool's client: a transaction starts with its timeouts (`SET LOCAL`) in the same round
 * trip, so they hold on whichever server connection a transaction-mode pooler lends it (a
 * pooler refuses connection-time settings, the `options` startup parameter, or drops them),
 * and cost no round trip of their own. Every other query goes as sent.
 */
export class TransactionTimeoutsClient extends pg.Client {
  override query(...args: unknown[]): never {
    if (args[0] === START) args[0] = startWithTimeouts;
    return (super.query as (...sent: unknown[]) => never)(...args);
  }
}
