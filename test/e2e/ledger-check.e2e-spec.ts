import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { LedgerService } from '../../server/src/modules/ledger/ledger.service.js';
import { startTestApp, type TestApp } from '../utils/app.js';
import { newShopper, type Shopper } from './money.helpers.js';

/**
 * The ledger check is what every money test trusts afterwards, so it must see each way the
 * books can be wrong. Each case breaks the books inside a transaction, reads the check's report
 * in it, and rolls back.
 */
describe('The ledger check', () => {
  let app: TestApp;
  let txHost: TransactionHost<TransactionalAdapterTypeOrm>;
  let shopper: Shopper;

  beforeAll(async () => {
    app = await startTestApp();
    txHost = app.store.app.get(TransactionHost);
    shopper = await newShopper(app, { balance: 50_000 });
  });
  afterAll(() => app.close());

  const rolledBack = new Error('rolled back on purpose');
  /** The check's problems with `breakBooks` applied, which never commits. */
  async function problemsAfter(breakBooks: string, parameters: unknown[] = []) {
    let problems: string[] = [];
    await txHost
      .withTransaction(async () => {
        await txHost.tx.query(breakBooks, parameters);
        problems = (await app.store.app.get(LedgerService).check()).problems;
        throw rolledBack;
      })
      .catch((error: unknown) => {
        if (error !== rolledBack) throw error;
      });
    return problems;
  }

  /** A movement of the given legs, each `[account, currency, amount]`, written around the ledger. */
  const movementOf = (key: string, legs: Array<[string, string, number]>) =>
    problemsAfter(
      `WITH movement AS (
         INSERT INTO ledger_movements (key, kind, reference) VALUES ($1, 'test', $1) RETURNING key
       )
       INSERT INTO ledger_entries (movement_key, account, currency, amount, kind, reference)
       SELECT movement.key, t.account, t.currency::ledger_currency, t.amount, 'test', movement.key
       FROM movement, unnest($2::text[], $3::text[], $4::bigint[]) AS t(account, currency, amount)`,
      [key, legs.map((leg) => leg[0]), legs.map((leg) => leg[1]), legs.map((leg) => leg[2])],
    );

  it('finds nothing wrong in books kept by the store', async () => {
    expect((await app.store.app.get(LedgerService).check()).problems).toEqual([]);
  });

  it('names a customer whose cached balance differs from their entries', async () => {
    expect(
      await problemsAfter('UPDATE users SET balance = balance + 1 WHERE userid = $1', [
        shopper.userid,
      ]),
    ).toEqual([`user ${shopper.userid}: balance 50001 vs entries 50000, points 0 vs entries 0`]);
  });

  it('names a customer whose points differ from their entries', async () => {
    expect(
      await problemsAfter('UPDATE users SET points = points + 250 WHERE userid = $1', [
        shopper.userid,
      ]),
    ).toEqual([`user ${shopper.userid}: balance 50000 vs entries 50000, points 250 vs entries 0`]);
  });

  it('names a movement whose entries do not sum to zero, and the currency that is off', async () => {
    expect(
      await movementOf('broken-sum', [
        ['system:admin', 'ZCOIN', -700],
        ['system:sales', 'ZCOIN', 500],
      ]),
    ).toEqual(['ZCOIN entries sum to -200', 'movement broken-sum does not balance']);
  });

  it('names entries of a customer account nobody has', async () => {
    expect(
      await movementOf('nobody', [
        ['system:admin', 'ZCOIN', -300],
        ['wallet:987654321', 'ZCOIN', 300],
      ]),
    ).toEqual(['entries for unknown account wallet:987654321']);
  });

  it('keeps amounts beyond 32 bits exact in what it reports', async () => {
    const paise = 1_234_567_890_123;
    expect(
      await problemsAfter('UPDATE users SET balance = $2 WHERE userid = $1', [
        shopper.userid,
        paise,
      ]),
    ).toEqual([`user ${shopper.userid}: balance ${paise} vs entries 50000, points 0 vs entries 0`]);
  });
});
