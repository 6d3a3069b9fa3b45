import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { AppError } from '../../common/errors/app-error.js';
import { istIsoDate } from '../../common/india-time.js';
import { toRupees } from '../../common/money.js';
import type { PromiseFiguresDto, PromiseReportDto } from './dto/promise-report.dto.js';
import { OrderPromisesRepository, type PromiseRow } from './order-promises.repository.js';

const DEFAULT_DAYS = 30;
const MAX_DAYS = 366;
const DAY_MS = 86_400_000;

type Sums = Pick<PromiseRow, 'ended' | 'late' | 'compensated' | 'compensation'>;

const zero = (): Sums => ({ ended: 0, late: 0, compensated: 0, compensation: 0 });

function add(into: Sums, row: Sums) {
  into.ended += row.ended;
  into.late += row.late;
  into.compensated += row.compensated;
  into.compensation += row.compensation;
}

function figures(sums: Sums): PromiseFiguresDto {
  return {
    ended: sums.ended,
    late: sums.late,
    onTimeRate:
      sums.ended > 0 ? Math.round(((sums.ended - sums.late) / sums.ended) * 1000) / 10 : null,
    compensated: sums.compensated,
    compensation: toRupees(sums.compensation),
  };
}

/**
 * The console's report of delivery promises over India days of payment: totals, each day, and
 * each supplier and product, from the running tally (a range of its key, never the orders).
 */
@Injectable()
export class PromiseReportService {
  constructor(
    private readonly promises: OrderPromisesRepository,
    private readonly clock: Clock,
  ) {}

  async report(query: { from?: string; to?: string }): Promise<PromiseReportDto> {
    const to = query.to ?? istIsoDate(this.clock.now());
    const from = query.from ?? istIsoDate(new Date(Date.parse(to) - (DEFAULT_DAYS - 1) * DAY_MS));
    const span = (Date.parse(to) - Date.parse(from)) / DAY_MS;
    if (!(span >= 0 && span < MAX_DAYS)) {
      throw AppError.badRequest(`Choose a period of 1 to ${MAX_DAYS} days.`);
    }
    const rows = await this.promises.report(from, to);
    const total = zero();
    const days = new Map<string, Sums>();
    const products = new Map<
      string,
      Sums & Pick<PromiseRow, 'supplier' | 'productId' | 'productName'>
    >();
    for (const row of rows) {
      add(total, row);
      if (!days.has(row.day)) days.set(row.day, zero());
      add(days.get(row.day)!, row);
      const key = `${row.supplier}\u0000${row.productId}\u0000${row.productName}`;
      if (!products.has(key)) {
        products.set(key, {
          ...zero(),
          supplier: row.supplier,
          productId: row.productId,
          productName: row.productName,
        });
      }
      add(products.get(key)!, row);
    }
    return {
      from,
      to,
      total: figures(total),
      days: [...days].map(([day, sums]) => ({ day, ...figures(sums) })),
      products: [...products.values()].map((product) => ({
        supplier: product.supplier,
        productId: product.productId,
        productName: product.productName,
        ...figures(product),
      })),
    };
  }
}
