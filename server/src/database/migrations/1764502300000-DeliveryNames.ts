import { MigrationInterface, QueryRunner } from 'typeorm';

/** Old name, new name: the columns, index and check of an order's delivery. */
const COLUMNS = [
  ['fulfilment_status', 'delivery_status'],
  ['fulfil_generation', 'delivery_generation'],
] as const;
const INDEXES = [
  ['orders_fulfilment_open', 'orders_delivery_open'],
  ['orders_open_fulfilment', 'orders_open_delivery_status'],
] as const;
const CHECKS = [['orders_fulfilment_status_check', 'orders_delivery_status_check']] as const;

/**
 * One word for delivery: the order's delivery columns, indexes and check take the delivery
 * names the code uses. Renames only (catalogue changes, no rows rewritten), but the code of the
 * release before reads the old names: stop every process of that release before the first
 * process of this one starts (docs/releases.md).
 */
export class DeliveryNames1764502300000 implements MigrationInterface {
  name = 'DeliveryNames1764502300000';

  async up(db: QueryRunner): Promise<void> {
    await rename(db, (pair) => pair);
  }

  async down(db: QueryRunner): Promise<void> {
    await rename(db, ([from, to]) => [to, from]);
  }
}

async function rename(
  db: QueryRunner,
  direction: (pair: readonly [string, string]) => readonly [string, string],
) {
  for (const [from, to] of COLUMNS.map(direction)) {
    await db.query(`ALTER TABLE orders RENAME COLUMN ${from} TO ${to}`);
  }
  for (const [from, to] of INDEXES.map(direction)) {
    await db.query(`ALTER INDEX ${from} RENAME TO ${to}`);
  }
  for (const [from, to] of CHECKS.map(direction)) {
    await db.query(`ALTER TABLE orders RENAME CONSTRAINT ${from} TO ${to}`);
  }
}
