import { jest } from '@jest/globals';
import type { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { Messages } from '@zstore/contract/messages';
import { loadConfig } from '../../config/config.js';
import type { CouponsService } from '../coupons/coupons.service.js';
import type { Statement } from '../../database/statement.js';
import type { InvoicesService } from '../invoices/invoices.service.js';
import { claimAttempt, type ClaimAttempt } from '../../common/idempotency/idempotency-claim.js';
import type { WalletMovements } from '../wallet/wallet-movements.service.js';
import { CheckoutWriter, type OrderDraft } from './checkout-writer.js';
import type { OrderTransitions } from './order-transitions.service.js';
import type { NewOrder, Order, OrdersRepository } from './orders.repository.js';

const NOW = new Date('2026-03-01T10:00:00Z');
/** The database's clock, a minute ahead of this process's. */
const DB_NOW = new Date('2026-03-01T10:01:00Z');
const config = loadConfig({ NODE_ENV: 'test' });

const draft = (overrides: Partial<OrderDraft> = {}): OrderDraft =>
  ({
    orderid: 'ZS1001',
    userId: 'user-1',
    userid: 100_001,
    userEmail: 'buyer@example.com',
    price: 11_900,
    paymentMode: 'wallet',
    ...overrides,
  }) as OrderDraft;

const coupon = { id: 'coupon-1' };

function setUp() {
  const orders = {
    unpaidHoldingCoupon: jest.fn<OrdersRepository['unpaidHoldingCoupon']>(() =>
      Promise.resolve([]),
    ),
    insert: jest.fn((order: NewOrder, _companions: Statement[]) => Promise.resolve(order as Order)),
  };
  const coupons = {
    find: jest.fn<CouponsService['find']>(() => Promise.resolve(undefined)),
    take: jest.fn<CouponsService['take']>(),
  };
  const movements = {
    debitForOrder: jest.fn<WalletMovements['debitForOrder']>(() => Promise.resolve()),
  };
  const transitions = {
    failUnpaid: jest.fn<OrderTransitions['failUnpaid']>(() => Promise.resolve(undefined as never)),
  };
  const invoices = {
    invoiceInsert: jest.fn<InvoicesService['invoiceInsert']>((order) => ({
      sql: 'INSERT INTO tax_documents',
      parameters: [order.id],
    })),
  };
  const txHost = {
    withTransaction: <T>(work: () => Promise<T>) => work(),
    tx: { query: () => Promise.resolve([{ now: DB_NOW }]) },
  };
  const writer = new CheckoutWriter(
    txHost as unknown as TransactionHost<TransactionalAdapterTypeOrm>,
    orders as unknown as OrdersRepository,
    coupons as unknown as CouponsService,
    movements as unknown as WalletMovements,
    transitions as unknown as OrderTransitions,
    invoices as unknown as InvoicesService,
    config,
  );
  /** Writes under an Idempotency-Key claim and tells what answer the claim will store. */
  const write = async (order: OrderDraft, couponCode?: string) => {
    const attempt: ClaimAttempt = { userId: 'user-1', key: 'k', token: 't' };
    const written = await claimAttempt.run(attempt, () =>
      writer.write(order, couponCode, NOW, (o) => ({ orderid: o.orderid })),
    );
    return { written, answer: attempt.answer };
  };
  const takeCoupon = (total: number) =>
    coupons.take.mockResolvedValue({
      coupon,
      price: { total, discount: 11_900 - total },
    } as Awaited<ReturnType<CouponsService['take']>>);
  /** The invoices the order's statement carried. */
  const invoicesWritten = () => orders.insert.mock.calls.flatMap(([, companions]) => companions);
  return { write, orders, coupons, movements, transitions, takeCoupon, invoicesWritten };
}

describe('CheckoutWriter', () => {
  it('debits Z-Coins for a wallet order and answers it as paid', async () => {
    const { write, movements, invoicesWritten } = setUp();
    const { written, answer } = await write(draft());
    expect(written).toMatchObject({
      status: 'Processing',
      value: 11_900,
      discount: 0,
      couponId: null,
      paidAt: NOW,
      expiresAt: null,
    });
    expect(written.transactionId).toMatch(/^ZT/);
    expect(movements.debitForOrder).toHaveBeenCalledWith({
      orderid: 'ZS1001',
      txnid: written.transactionId,
      holder: { id: 'user-1', userid: 100_001, email: 'buyer@example.com' },
      amount: 11_900,
    });
    expect(answer).toBe(JSON.stringify({ ok: true, body: { orderid: 'ZS1001' } }));
    expect(invoicesWritten()).toEqual([
      { sql: 'INSERT INTO tax_documents', parameters: [written.id] },
    ]);
  });

  it('leaves a UPI order waiting for its payment until a deadline on the database clock', async () => {
    const { write, movements, invoicesWritten } = setUp();
    const { written, answer } = await write(draft({ paymentMode: 'upi' }));
    expect(written).toMatchObject({ status: 'Created', transactionId: null, paidAt: null });
    expect(written.expiresAt).toEqual(new Date(DB_NOW.getTime() + config.upi.paymentTtlMs));
    expect(movements.debitForOrder).not.toHaveBeenCalled();
    expect(invoicesWritten()).toEqual([]);
    expect(answer).toBeUndefined();
  });

  it('takes a coupon and charges the discounted total', async () => {
    const { write, coupons, movements, takeCoupon } = setUp();
    takeCoupon(9_900);
    const { written } = await write(draft(), 'SAVE20');
    expect(coupons.take).toHaveBeenCalledWith('SAVE20', 'user-1', 11_900);
    expect(written).toMatchObject({ value: 9_900, discount: 2_000, couponId: 'coupon-1' });
    expect(movements.debitForOrder).toHaveBeenCalledWith(
      expect.objectContaining({ amount: 9_900 }),
    );
  });

  it('fails the unpaid UPI orders that hold the coupon before taking it again', async () => {
    const { write, orders, coupons, transitions, takeCoupon } = setUp();
    coupons.find.mockResolvedValue(coupon as Awaited<ReturnType<CouponsService['find']>>);
    orders.unpaidHoldingCoupon.mockResolvedValue([{ orderid: 'ZS0999' }] as Order[]);
    takeCoupon(9_900);
    await write(draft({ paymentMode: 'upi' }), 'SAVE20');
    expect(orders.unpaidHoldingCoupon).toHaveBeenCalledWith('user-1', 'coupon-1');
    expect(transitions.failUnpaid).toHaveBeenCalledWith('ZS0999', Messages.orderReplaced);
  });

  it('writes no order when the coupon is refused', async () => {
    const { write, coupons, orders, movements } = setUp();
    coupons.take.mockRejectedValue(new Error(Messages.couponInvalid));
    await expect(write(draft(), 'NOPE')).rejects.toThrow(Messages.couponInvalid);
    expect(orders.insert).not.toHaveBeenCalled();
    expect(movements.debitForOrder).not.toHaveBeenCalled();
  });

  it.each(['wallet', 'upi'] as const)(
    'pays a %s order a coupon makes free at once, moving no Z-Coins',
    async (paymentMode) => {
      const { write, movements, takeCoupon, invoicesWritten } = setUp();
      takeCoupon(0);
      const { written, answer } = await write(draft({ paymentMode }), 'FREE');
      expect(written).toMatchObject({
        status: 'Processing',
        value: 0,
        transactionId: null,
        paidAt: NOW,
        expiresAt: null,
      });
      expect(movements.debitForOrder).not.toHaveBeenCalled();
      expect(invoicesWritten()).toHaveLength(1);
      expect(answer).toBeDefined();
    },
  );
});
