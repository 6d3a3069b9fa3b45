import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { HttpStatus, Injectable } from '@nestjs/common';
import { Messages } from '@zstore/contract/messages';
import { inputsValid } from '@zstore/contract/order-inputs';
import { AppError } from '../../../common/errors/app-error.js';
import { isCleanInput } from '../../../common/http/input-shape.js';
import { CatalogService } from '../../catalog/catalog.service.js';
import { UsersService } from '../../users/users.service.js';
import { ResellerErrorCode, ResellerMessages } from '../reseller-errors.js';
import type { ActiveKey } from '../reseller-keys.service.js';
import { ResellerOrderEntity } from '../reseller-order.entity.js';
import { REFERENCE_PATTERN } from '../reseller-order-view.js';
import { ResellerSandboxOrderEntity } from '../reseller-sandbox.entity.js';
import { ResellerSandboxService } from '../reseller-sandbox.service.js';
import { parseBatchCsv } from './batch-csv.js';
import { BatchMessages } from './batch-errors.js';
import { ResellerBatchRowEntity, type RejectedRow } from './reseller-batch.entity.js';

/** A row the pre-check accepted, with what it will cost. */
export interface AcceptedRow {
  row: number;
  reference: string;
  item_id: string;
  input1: string;
  input2: string;
  price_paise: number;
  item_name: string;
  product_name: string;
}

export interface Precheck {
  rows: number;
  accepted: AcceptedRow[];
  rejected: RejectedRow[];
  /** Paise: the accepted rows together. */
  total: number;
  balance: number;
}

const invalidFile = (message: string) =>
  new AppError(ResellerErrorCode.InvalidInput, message, HttpStatus.BAD_REQUEST);

/**
 * Every row of a batch checked before any is placed, as a single API order would be: the pack
 * for sale and in stock, the inputs of the product's shape, the reference well formed, once in
 * the file and never used before (by an order or another batch's row); then the balance.
 */
@Injectable()
export class BatchPrecheck {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly catalog: CatalogService,
    private readonly users: UsersService,
    private readonly sandbox: ResellerSandboxService,
  ) {}

  async check(key: ActiveKey, text: string): Promise<Precheck> {
    const file = parseBatchCsv(text);
    if (!file.ok) throw invalidFile(file.message);
    const packs = new Map(
      (await this.catalog.saleCatalogue()).flatMap(({ product, items }) =>
        items.map((item) => [item.id, { product, item }] as const),
      ),
    );
    const references = file.rows.map((row) => row.fields[0]?.trim() ?? '');
    const used = await this.usedReferences(
      key,
      references.filter((r) => REFERENCE_PATTERN.test(r)),
    );
    const firstRow = new Map<string, number>();
    const accepted: AcceptedRow[] = [];
    const rejected: RejectedRow[] = [];
    for (const { row, fields } of file.rows) {
      const [reference = '', itemId = '', input1 = '', input2 = ''] = fields.map((f) => f.trim());
      const refuse = (code: string, message: string) =>
        rejected.push({ row, reference: reference.slice(0, 64), code, message });
      if (fields.length !== 4 || !fields.every(isCleanInput)) {
        refuse(ResellerErrorCode.InvalidInput, BatchMessages.columns);
        continue;
      }
      if (!REFERENCE_PATTERN.test(reference)) {
        refuse(ResellerErrorCode.InvalidInput, BatchMessages.reference);
        continue;
      }
      const earlier = firstRow.get(reference);
      if (earlier !== undefined) {
        refuse(ResellerErrorCode.ReferenceReused, BatchMessages.duplicateInFile(earlier));
        continue;
      }
      firstRow.set(reference, row);
      if (used.has(reference)) {
        refuse(ResellerErrorCode.ReferenceReused, BatchMessages.referenceUsed);
        continue;
      }
      const pack = packs.get(itemId);
      if (!pack) {
        refuse(ResellerErrorCode.InvalidInput, Messages.selectPackAndDetails);
        continue;
      }
      if (!pack.product.instock || !pack.item.instock) {
        refuse(ResellerErrorCode.OutOfStock, Messages.outOfStock);
        continue;
      }
      if (input1.length > 254 || !inputsValid(pack.product, input1, input2)) {
        refuse(ResellerErrorCode.InvalidInput, Messages.selectPackAndDetails);
        continue;
      }
      accepted.push({
        row,
        reference,
        item_id: itemId,
        input1,
        input2,
        price_paise: pack.item.resellprice,
        item_name: pack.item.name,
        product_name: pack.product.name,
      });
    }
    return {
      rows: file.rows.length,
      accepted,
      rejected,
      total: accepted.reduce((sum, row) => sum + row.price_paise, 0),
      balance: await this.balance(key),
    };
  }

  balance(key: ActiveKey) {
    return key.mode === 'live'
      ? this.users.getById(key.reseller.id).then((user) => user?.balance ?? 0)
      : this.sandbox.balance(key);
  }

  /** The references among these that an order or another batch's row already holds. */
  private async usedReferences(key: ActiveKey, references: string[]) {
    if (references.length === 0) return new Set<string>();
    const params = { userId: key.reseller.id, references, mode: key.mode };
    const orders =
      key.mode === 'live'
        ? this.txHost.tx.getRepository(ResellerOrderEntity).createQueryBuilder('o')
        : this.txHost.tx.getRepository(ResellerSandboxOrderEntity).createQueryBuilder('o');
    const [placed, held] = await Promise.all([
      orders
        .select('o.reference', 'reference')
        .where('o.userId = :userId AND o.reference IN (:...references)', params)
        .getRawMany<{ reference: string }>(),
      this.txHost.tx
        .getRepository(ResellerBatchRowEntity)
        .createQueryBuilder('r')
        .select('r.reference', 'reference')
        .where('r.userId = :userId AND r.mode = :mode AND r.reference IN (:...references)', params)
        .getRawMany<{ reference: string }>(),
    ]);
    return new Set([...placed, ...held].map((row) => row.reference));
  }
}

export const insufficientForBatch = (total: number, balance: number) =>
  new AppError(
    ResellerErrorCode.InsufficientBalance,
    total > 0
      ? BatchMessages.notEnoughForBatch(total, balance)
      : ResellerMessages.insufficientBalance,
    HttpStatus.PAYMENT_REQUIRED,
  );
