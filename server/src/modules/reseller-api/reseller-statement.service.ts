import { HttpStatus, Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { AppError } from '../../common/errors/app-error.js';
import { WalletMovements } from '../wallet/wallet-movements.service.js';
import type { KeyMode } from './reseller-api-key.entity.js';
import { ResellerErrorCode, ResellerMessages } from './reseller-errors.js';
import { ResellerOrdersService } from './reseller-orders.service.js';
import { ResellerSandboxService } from './reseller-sandbox.service.js';

const DAY_MS = 86_400_000;
/** The longest period one statement covers. */
const MAX_PERIOD_MS = 366 * DAY_MS;
const HEADER = 'txnid,time,type,amount_paise,balance_after_paise,orderid,reference';
/** Ledger kinds whose reference is an order's id. */
const ORDER_KINDS = new Set(['wallet_order', 'refund', 'late_payment']);

interface Line {
  txnid: string;
  time: Date;
  type: string;
  amount: number;
  balanceAfter: number;
  orderid: string | null;
  reference: string | null;
}

/** A CSV field: quoted when it holds a comma, quote or line break; never a formula. */
function field(value: string | number | null) {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@]/.test(text) && typeof value === 'string' ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export interface StatementOwner {
  id: string;
  userid: number;
}

/**
 * The statement: the wallet's movements of a period as CSV, from the ledger (live) or the test
 * balance (test), each with the balance after it and, for API orders, the reseller's reference.
 */
@Injectable()
export class ResellerStatementService {
  constructor(
    private readonly movements: WalletMovements,
    private readonly orders: ResellerOrdersService,
    private readonly sandbox: ResellerSandboxService,
    private readonly clock: Clock,
  ) {}

  /** `from`..`to` as asked (ISO 8601), by default the 30 days up to now. */
  period(from?: string, to?: string) {
    const end = to ? new Date(to) : this.clock.now();
    const start = from ? new Date(from) : new Date(end.getTime() - 30 * DAY_MS);
    if (!(start < end) || end.getTime() - start.getTime() > MAX_PERIOD_MS) {
      throw new AppError(
        ResellerErrorCode.InvalidInput,
        ResellerMessages.invalidPeriod,
        HttpStatus.BAD_REQUEST,
      );
    }
    return { from: start, to: end };
  }

  async csv(owner: StatementOwner, mode: KeyMode, from: Date, to: Date) {
    const lines =
      mode === 'live' ? await this.live(owner, from, to) : await this.test(owner, from, to);
    return (
      [
        HEADER,
        ...lines.map((line) =>
          [
            line.txnid,
            line.time.toISOString(),
            line.type,
            line.amount,
            line.balanceAfter,
            line.orderid,
            line.reference,
          ]
            .map(field)
            .join(','),
        ),
      ].join('\r\n') + '\r\n'
    );
  }

  private async live(owner: StatementOwner, from: Date, to: Date): Promise<Line[]> {
    const entries = await this.movements.statement(owner.userid, from, to);
    const orderids = entries.filter((e) => ORDER_KINDS.has(e.kind)).map((e) => e.reference);
    const references = new Map(
      (await this.orders.referencesOf([...new Set(orderids)])).map((b) => [b.orderid, b.reference]),
    );
    return entries.map((entry) => {
      const orderid = ORDER_KINDS.has(entry.kind) ? entry.reference : null;
      return {
        txnid: entry.movementKey,
        time: entry.createdAt,
        type: entry.kind,
        amount: entry.amount,
        balanceAfter: entry.balanceAfter,
        orderid,
        reference: (orderid && references.get(orderid)) ?? null,
      };
    });
  }

  private async test(owner: StatementOwner, from: Date, to: Date): Promise<Line[]> {
    const movements = await this.sandbox.statement(owner.id, from, to);
    return movements.map((movement) => ({
      txnid: movement.id,
      time: movement.createdAt,
      type: movement.kind,
      amount: movement.amount,
      balanceAfter: movement.balanceAfter,
      orderid: movement.orderid,
      reference: movement.reference,
    }));
  }
}
