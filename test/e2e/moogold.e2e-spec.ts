import { ClockSkew } from '../../server/src/common/clock-skew.js';
import {
  GENSHIN_SERVER_VALUES,
  MooGoldAdapter,
  moogoldAccountFields,
} from '../../server/src/providers/moogold/moogold.adapter.js';
import { ProviderUrls } from '../../server/src/providers/provider-urls.js';
import {
  SupplierRefusal,
  SupplierUnavailable,
  SupplierUnknownOutcome,
} from '../../server/src/providers/supplier-http.js';
import { startTestApp, type TestApp } from '../utils/app.js';
import {
  balances,
  moogoldCall,
  moogoldOrders,
  nowSeconds,
  setFaults,
  waitFor,
} from './supplier.helpers.js';

const PROVIDER_TIMEOUT_MS = 1_000;

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

describe('MooGold adapter against the simulator (PROVIDERS.md 3, 6.3)', () => {
  let app: TestApp;
  let moogold: MooGoldAdapter;
  let sequence = 0;
  const reference = () => {
    sequence += 1;
    return `ZSTEST${Date.now().toString(36).toUpperCase()}${sequence}-1`;
  };
  const player = (suffix = '42') => {
    sequence += 1;
    return `8${String(Date.now() % 1e6).padStart(6, '0')}${String(sequence).padStart(2, '0')}${suffix}`;
  };

  beforeAll(async () => {
    app = await startTestApp({ PROVIDER_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS) });
    moogold = app.store.app.get(MooGoldAdapter);
  });
  afterEach(() => setFaults(app, 'moogold'));
  afterAll(() => app.close());

  describe('authentication: Basic auth, timestamp, HMAC over the exact bytes + timestamp + path', () => {
    const body = JSON.stringify({ path: 'user/balance' });

    it('accepts a correctly signed call', async () => {
      const answer = await moogoldCall(app, 'user/balance', body);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ currency: 'USD', balance: '832.21' });
    });

    it('verifies the bytes sent, not a re-serialisation: extra whitespace signed as sent passes', async () => {
      const spaced = '{ "path" : "user/balance" }';
      expect((await moogoldCall(app, 'user/balance', spaced)).status).toBe(200);
    });

    it('refuses a wrong secret, a stale timestamp, a tampered body and a wrong path', async () => {
      const wrong = await moogoldCall(app, 'user/balance', body, { secret: 'not-the-secret' });
      expect(wrong.status).toBe(401);
      expect(wrong.body).toMatchObject({ err_code: '401' });

      const stale = await moogoldCall(app, 'user/balance', body, { timestamp: nowSeconds() - 301 });
      expect(stale.status).toBe(403);
      expect(stale.body.err_message).toMatch(/timestamp/i);
      const future = await moogoldCall(app, 'user/balance', body, {
        timestamp: nowSeconds() + 301,
      });
      expect(future.status).toBe(403);

      const order = JSON.stringify({
        path: 'order/create_order',
        data: {
          category: 1,
          'product-id': '4690541',
          quantity: 1,
          'User ID': '812345678',
          Server: 'os_usa',
        },
        partnerOrderId: reference(),
      });
      const tampered = await moogoldCall(
        app,
        'order/create_order',
        order.replace('4690541', '4690544'),
        {
          signedBody: order,
        },
      );
      expect(tampered.status).toBe(403);
      expect(tampered.body.err_message).toMatch(/signature/i);

      const signedOtherPath = await moogoldCall(app, 'user/balance', body, {
        signedPath: 'order/create_order',
      });
      expect(signedOtherPath.status).toBe(403);

      const mismatch = await moogoldCall(
        app,
        'user/balance',
        JSON.stringify({ path: 'order/order_detail' }),
      );
      expect(mismatch.body).toMatchObject({ err_code: '418' });
    });

    it("the adapter signed with a wrong secret is refused as the store's fault (401)", async () => {
      const urls = app.store.app.get(ProviderUrls);
      const config = {
        ...app.config,
        moogold: { ...app.config.moogold, secret: 'not-the-secret' },
      };
      const wrong = new MooGoldAdapter(config, urls, app.clock, app.store.app.get(ClockSkew));
      const error = await failure(wrong.balance());
      expect(error).toBeInstanceOf(SupplierRefusal);
      expect(error).toMatchObject({ code: '401', status: 401 });
    });

    it('answers an unknown path with the WordPress rest_no_route', async () => {
      const answer = await moogoldCall(
        app,
        'order/cancel',
        JSON.stringify({ path: 'order/cancel' }),
      );
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ code: 'rest_no_route', data: { status: 404 } });
    });
  });

  describe('catalogue and balance', () => {
    it('lists the Direct Top-up products with their fields, variations and Genshin servers', async () => {
      const products = await moogold.listProducts(50);
      expect(products.map((p) => p.ID)).toEqual(['15145', '428075', '5177311']);
      expect((await moogold.productDetail('15145')).fields).toEqual(['User ID', 'Server ID']);
      const genshin = await moogold.productDetail('428075');
      expect(genshin.fields).toEqual(['User ID', 'Server']);
      expect(genshin.Variation.map((v) => v.variation_id)).toContain(4690540);
      expect((await moogold.productDetail('5177311')).fields).toEqual(['Player ID']);
      expect(Object.keys(await moogold.serverList('428075')).sort()).toEqual(
        Object.values(GENSHIN_SERVER_VALUES).sort(),
      );
      await expect(moogold.balance()).resolves.toEqual({
        currency: 'USD',
        balance: expect.any(String),
      });
    });

    it('names the account fields per game, with the Genshin server values of DESIGN section 13', () => {
      expect(moogoldAccountFields('MOOGOLDMLBB', '10000001', '1001')).toEqual({
        'User ID': '10000001',
        'Server ID': '1001',
      });
      expect(moogoldAccountFields('MOOGOLDGENSHIN', '812345678', 'America')).toEqual({
        'User ID': '812345678',
        Server: 'os_usa',
      });
      expect(
        ['America', 'Asia', 'Europe', 'TW_HK_Mo'].map(
          (server) => moogoldAccountFields('MOOGOLDGENSHIN', '1', server).Server,
        ),
      ).toEqual(['os_usa', 'os_asia', 'os_euro', 'os_cht']);
      expect(moogoldAccountFields('MOOGOLDHOK', '712345678', 'any')).toEqual({
        'Player ID': '712345678',
      });
    });
  });

  describe('create_order and the order lifecycle', () => {
    it('takes our partnerOrderId, starts processing and completes after about a second', async () => {
      const partnerOrderId = reference();
      const before = Number((await balances(app, 'moogold')).USD);
      const { orderId } = await moogold.createOrder({
        partnerOrderId,
        productId: '4690541',
        fields: moogoldAccountFields('MOOGOLDGENSHIN', player(), 'Asia'),
      });
      const detail = await moogold.orderDetailByPartnerId(partnerOrderId);
      expect(detail).toMatchObject({
        order_id: orderId,
        partner_order_id: partnerOrderId,
        order_status: 'processing',
      });
      expect(detail?.item?.[0]).toMatchObject({ variation_id: '4690541', server_id: 'os_asia' });
      const settled = await waitFor(
        () => moogold.orderDetail(orderId),
        (d) => d.order_status !== 'processing',
        5_000,
      );
      expect(settled.order_status).toBe('completed');
      expect(before - Number((await balances(app, 'moogold')).USD)).toBeCloseTo(0.89, 2);
    });

    it('refuses a second order with the same partnerOrderId (420), and buys nothing more', async () => {
      const partnerOrderId = reference();
      const order = { partnerOrderId, productId: '5177311', fields: { 'Player ID': player() } };
      await moogold.createOrder(order);
      const error = await failure(moogold.createOrder(order));
      expect(error).toBeInstanceOf(SupplierRefusal);
      expect(error).toMatchObject({ code: '420' });
      expect(await moogoldOrders(app, { partnerOrderId })).toHaveLength(1);
    });

    it('answers undefined for a reference it never saw', async () => {
      await expect(moogold.orderDetailByPartnerId(reference())).resolves.toBeUndefined();
    });

    it('refunds a player id ending in 13 (incorrect details) and credits the balance back', async () => {
      const partnerOrderId = reference();
      const before = Number((await balances(app, 'moogold')).USD);
      await moogold.createOrder({
        partnerOrderId,
        productId: '15146',
        fields: moogoldAccountFields('MOOGOLDMLBB', player('13'), '1234'),
      });
      const detail = await waitFor(
        () => moogold.orderDetailByPartnerId(partnerOrderId),
        (d) => d?.order_status !== 'processing',
        5_000,
      );
      expect(detail?.order_status).toBe('refunded');
      expect(Number((await balances(app, 'moogold')).USD)).toBeCloseTo(before, 2);
    });

    it('charges a player id ending in 99 and holds the answer: unknown outcome, found by reference', async () => {
      const partnerOrderId = reference();
      const error = await failure(
        moogold.createOrder({
          partnerOrderId,
          productId: '15146',
          fields: moogoldAccountFields('MOOGOLDMLBB', player('99'), '1234'),
        }),
      );
      expect(error).toBeInstanceOf(SupplierUnknownOutcome);
      const found = await moogold.orderDetailByPartnerId(partnerOrderId);
      expect(found?.partner_order_id).toBe(partnerOrderId);
      expect(await moogoldOrders(app, { partnerOrderId })).toHaveLength(1);
    });

    it('refuses bad orders with the documented codes', async () => {
      const base = {
        partnerOrderId: reference(),
        productId: '15146',
        fields: { 'User ID': player(), 'Server ID': '1' },
      };
      await expect(moogold.createOrder({ ...base, quantity: 11 })).rejects.toMatchObject({
        code: '116',
      });
      await expect(moogold.createOrder({ ...base, productId: '999' })).rejects.toMatchObject({
        code: '422',
      });
      await expect(
        moogold.createOrder({ ...base, fields: { 'User ID': player() } }),
      ).rejects.toMatchObject({
        code: '400',
        reason: expect.stringContaining('Server ID'),
      });
      await app.http().post('/sandbox/moogold/balances').send({ balance: 0.5 }).expect(200);
      try {
        await expect(moogold.createOrder(base)).rejects.toMatchObject({ code: '111' });
      } finally {
        await app.http().post('/sandbox/moogold/balances').send({ balance: 832.21 }).expect(200);
      }
      expect(await moogoldOrders(app, { partnerOrderId: base.partnerOrderId })).toEqual([]);
    });
  });

  describe('validate', () => {
    it('answers the player name when enabled, and is reported unavailable when disabled', async () => {
      await expect(
        moogold.validate('15146', moogoldAccountFields('MOOGOLDMLBB', '10000001', '1001')),
      ).resolves.toEqual({
        available: true,
        valid: true,
        message: expect.any(String),
        username: 'SandboxHero',
      });
      await expect(
        moogold.validate('15146', moogoldAccountFields('MOOGOLDMLBB', '11111111', '1')),
      ).resolves.toMatchObject({
        available: true,
        valid: false,
        message: 'USER ID ou Zone ID não existe',
      });
      await expect(
        moogold.validate('4690541', moogoldAccountFields('MOOGOLDGENSHIN', '812345678', 'Europe')),
      ).resolves.toMatchObject({ valid: true, username: 'Player5678' });

      await app.http().post('/sandbox/moogold/validate').send({ enabled: false }).expect(200);
      try {
        await expect(
          moogold.validate('15146', moogoldAccountFields('MOOGOLDMLBB', '10000001', '1001')),
        ).resolves.toEqual({ available: false, message: expect.any(String) });
      } finally {
        await app.http().post('/sandbox/moogold/validate').send({ enabled: true }).expect(200);
      }
    });
  });

  describe('fault modes, as the adapter sees them', () => {
    it('HTML after charging: unknown outcome, and the order exists under our reference', async () => {
      await setFaults(app, 'moogold', { fault: 'html', endpoint: 'order/create_order' });
      const partnerOrderId = reference();
      const error = await failure(
        moogold.createOrder({
          partnerOrderId,
          productId: '5177312',
          fields: { 'Player ID': player() },
        }),
      );
      expect(error).toBeInstanceOf(SupplierUnknownOutcome);
      expect(error).not.toBeInstanceOf(SupplierRefusal);
      await setFaults(app, 'moogold');
      expect((await moogold.orderDetailByPartnerId(partnerOrderId))?.partner_order_id).toBe(
        partnerOrderId,
      );
    });

    it('HTTP 500: retryable, nothing bought', async () => {
      await setFaults(app, 'moogold', { fault: 'http500' });
      const partnerOrderId = reference();
      const error = await failure(
        moogold.createOrder({
          partnerOrderId,
          productId: '5177312',
          fields: { 'Player ID': player() },
        }),
      );
      expect(error).toBeInstanceOf(SupplierUnavailable);
      await setFaults(app, 'moogold');
      expect(await moogoldOrders(app, { partnerOrderId })).toEqual([]);
    });

    it('timeout after charging: unknown outcome, one order in the log', async () => {
      await setFaults(app, 'moogold', {
        fault: 'timeout_after_charge',
        endpoint: 'order/create_order',
      });
      const partnerOrderId = reference();
      const error = await failure(
        moogold.createOrder({
          partnerOrderId,
          productId: '5177312',
          fields: { 'Player ID': player() },
        }),
      );
      expect(error).toBeInstanceOf(SupplierUnknownOutcome);
      expect(await moogoldOrders(app, { partnerOrderId })).toHaveLength(1);
    });
  });
});
