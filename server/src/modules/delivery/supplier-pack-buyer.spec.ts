import { jest } from '@jest/globals';
import { Messages } from '@zstore/contract/messages';
import type {
  MooGoldAdapter,
  MooGoldOrderDetail,
} from '../../providers/moogold/moogold.adapter.js';
import type { SmileOneAdapter } from '../../providers/smileone/smileone.adapter.js';
import {
  ClockSkewed,
  SupplierRefusal,
  SupplierUnavailable,
  SupplierUnknownOutcome,
} from '../../providers/supplier-http.js';
import type { Order } from '../orders/orders.repository.js';
import type { KeptAnswers } from './kept-answers.js';
import { MAX_SEND_TRIES, SupplierPackBuyer } from './supplier-pack-buyer.js';
import type {
  SupplierPurchase,
  SupplierPurchasesRepository,
} from './supplier-purchases.repository.js';

const order = { apiType: 'mobilelegends', input1: '12345678', input2: '1234' } as Order;

const pack = (overrides: Partial<SupplierPurchase> = {}): SupplierPurchase => ({
  orderid: 'ZS1001',
  pack: 1,
  supplier: 'smileone',
  productRef: '13',
  reference: 'ZS1001-1',
  supplierReference: null,
  status: 'reserved',
  failure: null,
  tries: 0,
  error: null,
  createdAt: new Date(0),
  updatedAt: new Date(0),
  ...overrides,
});

type Move = SupplierPurchasesRepository['move'];

/**
 * The buyer over fakes: the purchases table is one row whose guarded moves succeed when the row
 * is in one of the `from` states (as the SQL does), the suppliers answer as each test says.
 */
function setUp(row: SupplierPurchase) {
  const state = { status: row.status };
  const move = jest.fn<Move>((_row, from, to) => {
    if (!from.includes(state.status)) return Promise.resolve(false);
    state.status = to;
    return Promise.resolve(true);
  });
  const smileone = { createorder: jest.fn<SmileOneAdapter['createorder']>() };
  const moogold = {
    createOrder: jest.fn<MooGoldAdapter['createOrder']>(),
    orderDetailByPartnerId: jest.fn<MooGoldAdapter['orderDetailByPartnerId']>(),
  };
  const answers = {
    find: jest.fn<KeptAnswers['find']>(() => Promise.resolve(null)),
    keep: jest.fn<KeptAnswers['keep']>(() => Promise.resolve()),
    forget: jest.fn<KeptAnswers['forget']>(() => Promise.resolve()),
  };
  const buyer = new SupplierPackBuyer(
    { move } as unknown as SupplierPurchasesRepository,
    smileone as unknown as SmileOneAdapter,
    moogold as unknown as MooGoldAdapter,
    answers as unknown as KeptAnswers,
  );
  return { buyer, move, smileone, moogold, answers, state };
}

const refusal = (provider: string, code: string, reason: string) =>
  new SupplierRefusal(provider, 'createorder', code, reason);

describe('SupplierPackBuyer, Smile.one', () => {
  it('confirms a pack the supplier sold, keeping its answer until written', async () => {
    const { buyer, smileone, answers, move, state } = setUp(pack());
    smileone.createorder.mockResolvedValue({ orderId: 'SO-77' });
    await expect(buyer.buy(order, pack())).resolves.toEqual({ kind: 'confirmed' });
    expect(smileone.createorder).toHaveBeenCalledWith('mobilelegends', {
      userid: '12345678',
      zoneid: '1234',
      productid: '13',
    });
    expect(answers.keep).toHaveBeenCalledWith('ZS1001-1', 'SO-77');
    expect(move).toHaveBeenLastCalledWith(expect.anything(), ['sent'], 'confirmed', {
      supplierReference: 'SO-77',
    });
    expect(answers.forget).toHaveBeenCalledWith('ZS1001-1');
    expect(state.status).toBe('confirmed');
  });

  it('writes the answer again when the database refuses it for a moment', async () => {
    const sent = pack({ status: 'sent' });
    const { buyer, answers, move, state } = setUp(sent);
    answers.find.mockResolvedValue('SO-77');
    move.mockRejectedValueOnce(new Error('connection terminated'));
    await expect(buyer.buy(order, sent)).resolves.toEqual({ kind: 'confirmed' });
    expect(move).toHaveBeenCalledTimes(2);
    expect(state.status).toBe('confirmed');
  });

  it('blames the player when Smile.one refuses the account', async () => {
    const { buyer, smileone, move } = setUp(pack());
    smileone.createorder.mockRejectedValue(refusal('smileone', '20003', 'user not found'));
    await expect(buyer.buy(order, pack())).resolves.toEqual({
      kind: 'player',
      reason: '20003 user not found',
      refusal: 'unknown-player',
    });
    expect(move).toHaveBeenLastCalledWith(expect.anything(), ['sent'], 'failed', {
      failure: 'player',
      error: '20003 user not found',
    });
  });

  it('blames the store when our balance is too low, with the code the balance alert reads', async () => {
    const { buyer, smileone, state } = setUp(pack());
    smileone.createorder.mockRejectedValue(refusal('smileone', '20010', 'insufficient balance'));
    await expect(buyer.buy(order, pack())).resolves.toEqual({
      kind: 'store',
      reason: '20010 insufficient balance',
      refusal: undefined,
    });
    expect(state.status).toBe('failed');
  });

  it("fails the pack on the store's side when the supplier refuses the signing time", async () => {
    const { buyer, smileone } = setUp(pack());
    smileone.createorder.mockRejectedValue(refusal('smileone', '10002', 'time error'));
    await expect(buyer.buy(order, pack())).resolves.toMatchObject({
      kind: 'store',
      reason: '10002 time error',
    });
  });

  it('puts the pack back to buy again when this clock is too far off to sign', async () => {
    const { buyer, smileone, state } = setUp(pack());
    smileone.createorder.mockRejectedValue(new ClockSkewed('smileone', 'createorder', 400_000));
    await expect(buyer.buy(order, pack())).resolves.toEqual({ kind: 'retry' });
    expect(state.status).toBe('reserved');
  });

  it('gives up on an unreachable supplier after the last send, on the store side', async () => {
    const lastTry = pack({ tries: MAX_SEND_TRIES - 1 });
    const { buyer, smileone, state } = setUp(lastTry);
    smileone.createorder.mockRejectedValue(
      new SupplierUnavailable('smileone', 'createorder', 'ECONNREFUSED'),
    );
    const outcome = await buyer.buy(order, lastTry);
    expect(outcome).toMatchObject({ kind: 'store' });
    expect(outcome).toHaveProperty(
      'reason',
      `${Messages.deliverySupplierUnavailable} (smileone: createorder unavailable: ECONNREFUSED)`,
    );
    expect(state.status).toBe('failed');
  });

  it('never resends a Smile.one pack whose answer was lost (timeout): it is unknown', async () => {
    const { buyer, smileone, state } = setUp(pack());
    smileone.createorder.mockRejectedValue(
      new SupplierUnknownOutcome('smileone', 'createorder', 'timed out'),
    );
    await expect(buyer.buy(order, pack())).resolves.toEqual({
      kind: 'unknown',
      reason: Messages.deliveryUnknown,
    });
    expect(state.status).toBe('unknown');

    const again = setUp(pack({ status: 'sent' }));
    await expect(again.buyer.buy(order, pack({ status: 'sent' }))).resolves.toEqual({
      kind: 'unknown',
      reason: Messages.deliveryUnknown,
    });
    expect(again.smileone.createorder).not.toHaveBeenCalled();
    expect(again.state.status).toBe('unknown');
  });

  it('confirms an unknown pack late from an answer kept by an earlier run', async () => {
    const unknown = pack({ status: 'unknown' });
    const { buyer, smileone, answers, state } = setUp(unknown);
    answers.find.mockResolvedValue('SO-77');
    await expect(buyer.buy(order, unknown)).resolves.toEqual({ kind: 'late-confirmed' });
    expect(smileone.createorder).not.toHaveBeenCalled();
    expect(state.status).toBe('confirmed');
    expect(answers.forget).toHaveBeenCalledWith('ZS1001-1');
  });

  it('stops when another run took the pack first', async () => {
    const { buyer, smileone, state } = setUp(pack());
    state.status = 'sent';
    await expect(buyer.buy(order, pack())).resolves.toEqual({ kind: 'superseded' });
    expect(smileone.createorder).not.toHaveBeenCalled();
  });
});

describe('SupplierPackBuyer, MooGold', () => {
  const mooPack = (overrides: Partial<SupplierPurchase> = {}) =>
    pack({ supplier: 'moogold', ...overrides });
  const detail = (order_status: string) =>
    ({ order_id: 9001, order_status }) as unknown as MooGoldOrderDetail;

  it('confirms a pack once MooGold reports it completed', async () => {
    const { buyer, moogold, state } = setUp(mooPack());
    moogold.createOrder.mockResolvedValue({ orderId: '9001' } as never);
    moogold.orderDetailByPartnerId.mockResolvedValue(detail('completed'));
    await expect(buyer.buy(order, mooPack())).resolves.toEqual({ kind: 'confirmed' });
    expect(moogold.orderDetailByPartnerId).toHaveBeenCalledWith('ZS1001-1');
    expect(state.status).toBe('confirmed');
  });

  it.each([
    ['incorrect-details', 'unknown-player'],
    ['refunded', 'details-refused'],
  ])('blames the player when MooGold ends the order %s', async (status, refusal) => {
    const { buyer, moogold, state } = setUp(mooPack({ status: 'sent' }));
    moogold.orderDetailByPartnerId.mockResolvedValue(detail(status));
    await expect(buyer.buy(order, mooPack({ status: 'sent' }))).resolves.toEqual({
      kind: 'player',
      reason: `${Messages.deliveryRefusedByPlayer} (${status})`,
      refusal,
    });
    expect(state.status).toBe('failed');
  });

  it('looks a timed-out order up by our reference instead of calling it unknown', async () => {
    const { buyer, moogold, state } = setUp(mooPack());
    moogold.createOrder.mockRejectedValue(
      new SupplierUnknownOutcome('moogold', 'order/create_order', 'timed out'),
    );
    moogold.orderDetailByPartnerId.mockResolvedValue(detail('completed'));
    await expect(buyer.buy(order, mooPack())).resolves.toEqual({ kind: 'confirmed' });
    expect(state.status).toBe('confirmed');
  });

  it('buys again on the next run an order MooGold never received', async () => {
    const { buyer, moogold, state } = setUp(mooPack({ status: 'sent' }));
    moogold.orderDetailByPartnerId.mockResolvedValue(undefined);
    await expect(buyer.buy(order, mooPack({ status: 'sent' }))).resolves.toEqual({ kind: 'retry' });
    expect(state.status).toBe('reserved');
  });

  it('asks again on the next run when the lookup fails', async () => {
    const { buyer, moogold, state } = setUp(mooPack({ status: 'sent' }));
    moogold.orderDetailByPartnerId.mockRejectedValue(new Error('socket hang up'));
    await expect(buyer.buy(order, mooPack({ status: 'sent' }))).resolves.toEqual({ kind: 'retry' });
    expect(state.status).toBe('sent');
  });

  it('blames the store when MooGold refuses for our balance', async () => {
    const { buyer, moogold, state } = setUp(mooPack());
    moogold.createOrder.mockRejectedValue(refusal('moogold', '111', 'Insufficient balance'));
    await expect(buyer.buy(order, mooPack())).resolves.toEqual({
      kind: 'store',
      reason: '111 Insufficient balance',
      refusal: undefined,
    });
    expect(state.status).toBe('failed');
  });
});
