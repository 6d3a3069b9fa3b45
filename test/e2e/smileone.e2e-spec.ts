import { ClockSkew } from '../../server/src/common/clock-skew.js';
import net from 'node:net';
import { Messages } from '@zstore/contract/messages';
import { ProviderUrls } from '../../server/src/providers/provider-urls.js';
import { SmileOneAdapter } from '../../server/src/providers/smileone/smileone.adapter.js';
import {
  SupplierRefusal,
  SupplierUnavailable,
  SupplierUnknownOutcome,
} from '../../server/src/providers/supplier-http.js';
import { REGION_BAN_TEXT } from '../../server/src/sandbox/suppliers/test-players.js';
import { startTestApp, type TestApp } from '../utils/app.js';
import { balances, nowSeconds, setFaults, smileCall, smileOrders } from './supplier.helpers.js';

const PROVIDER_TIMEOUT_MS = 1_000;

/** Rejects with the error `promise` throws, for assertions on its type and fields. */
async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a failure');
}

describe('Smile.one adapter against the simulator (PROVIDERS.md 2, 6.2)', () => {
  let app: TestApp;
  let smile: SmileOneAdapter;
  let sequence = 0;
  /** A fresh ordinary player id ending in `suffix`, so each test reads its own order log. */
  const player = (suffix = '42') => {
    sequence += 1;
    return `7${String(Date.now() % 1e6).padStart(6, '0')}${String(sequence).padStart(2, '0')}${suffix}`.slice(
      0,
      12,
    );
  };

  beforeAll(async () => {
    app = await startTestApp({ PROVIDER_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS) });
    smile = app.store.app.get(SmileOneAdapter);
  });
  afterEach(() => setFaults(app, 'smileone'));
  afterAll(() => app.close());

  describe('signature and transport', () => {
    it('accepts a form-encoded call signed with the merchant key, and a JSON one', async () => {
      const form = await smileCall(app, '/smilecoin/api/querypoints', { product: 'mobilelegends' });
      expect(form.status).toBe(200);
      expect(form.body).toMatchObject({ status: 200, message: 'success' });
      expect(form.body.smile_points).toMatch(/^\d+\.\d$/);
      const json = await smileCall(
        app,
        '/ph/smilecoin/api/querypoints',
        { product: 'mobilelegends' },
        {
          json: true,
        },
      );
      expect(json.body).toMatchObject({ status: 200, message: 'success' });
    });

    it('refuses a wrong key, a stale time, a tampered parameter and an unknown merchant with HTTP 200', async () => {
      const params = { product: 'mobilelegends' };
      const wrongKey = await smileCall(app, '/smilecoin/api/querypoints', params, {
        key: 'not-the-key',
      });
      expect(wrongKey.status).toBe(200);
      expect(wrongKey.body).toEqual({ status: 10001, message: 'Sign error' });

      const stale = await smileCall(app, '/smilecoin/api/querypoints', params, {
        time: nowSeconds() - 301,
      });
      expect(stale.body.status).toBe(10002);
      const fresh = await smileCall(app, '/smilecoin/api/querypoints', params, {
        time: nowSeconds() - 200,
      });
      expect(fresh.body.status).toBe(200);

      const tampered = await smileCall(
        app,
        '/smilecoin/api/getrole',
        { userid: '10000001', zoneid: '1001', product: 'mobilelegends', productid: '13' },
        { tamper: { userid: '10000002' } },
      );
      expect(tampered.body).toEqual({ status: 10001, message: 'Sign error' });

      const stranger = await smileCall(app, '/smilecoin/api/querypoints', params, {
        tamper: { uid: '999' },
      });
      expect(stranger.body.status).toBe(10003);
    });

    it('signs with the trailing & and the key appended, MD5 twice (a wrong order is refused)', async () => {
      const { uid, email, key } = app.config.smileone;
      const { createHash } = await import('node:crypto');
      const md5 = (text: string) => createHash('md5').update(text).digest('hex');
      const time = String(nowSeconds());
      const sign = md5(md5(`email=${email}&product=mobilelegends&time=${time}&uid=${uid}&${key}`));
      const body = new URLSearchParams({ uid, email, time, product: 'mobilelegends', sign });
      const answer = await fetch(`${app.url}/sandbox/smileone/smilecoin/api/querypoints`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: body.toString(),
      });
      expect(((await answer.json()) as { status: number }).status).toBe(200);

      const unsorted = md5(
        md5(`uid=${uid}&email=${email}&product=mobilelegends&time=${time}&${key}`),
      );
      body.set('sign', unsorted);
      const refused = await fetch(`${app.url}/sandbox/smileone/smilecoin/api/querypoints`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: body.toString(),
      });
      expect(((await refused.json()) as { status: number }).status).toBe(10001);
    });

    it('the adapter signing with a wrong key is refused with the body status', async () => {
      const config = { ...app.config, smileone: { ...app.config.smileone, key: 'not-the-key' } };
      const wrong = new SmileOneAdapter(
        config,
        app.store.app.get(ProviderUrls),
        app.clock,
        app.store.app.get(ClockSkew),
      );
      const error = await failure(wrong.querypoints('SMILEBR'));
      expect(error).toBeInstanceOf(SupplierRefusal);
      expect(error).toMatchObject({ code: '10001', reason: 'Sign error', status: 200 });
    });

    it('answers a refusal as a typed failure with the body status and message', async () => {
      const error = await failure(
        smile.getrole('SMILEBR', { userid: '11111111', zoneid: '1', productid: '13' }),
      );
      expect(error).toBeInstanceOf(SupplierRefusal);
      expect(error).toMatchObject({ code: '20003', reason: 'USER ID ou Zone ID não existe' });
    });
  });

  describe('balances and products', () => {
    it('keeps a balance per region: querypoints on BR and PH differ', async () => {
      const br = await smile.querypoints('SMILEBR');
      const ph = await smile.querypoints('SMILEPH');
      expect(br).toEqual({ status: 200, smilePoints: '60575.0' });
      expect(ph).toEqual({ status: 200, smilePoints: '25000.0' });
    });

    it('lists each region catalogue with the demo pack ids', async () => {
      const br = await smile.productlist('SMILEBR');
      expect(br.map((p) => p.id)).toEqual(expect.arrayContaining(['13', '14', '16642', '103']));
      expect(br.find((p) => p.id === '13')).toMatchObject({
        spu: 'mobilelegends BR 78&8 Diamond',
        price: '6.25',
      });
      const ph = await smile.productlist('SMILEPH');
      expect(ph.map((p) => p.id)).toEqual(expect.arrayContaining(['212', '216', '16641']));
    });
  });

  describe('getrole: the check-id test players (DESIGN section 9)', () => {
    const role = (userid: string, zoneid: string, region: 'SMILEBR' | 'SMILEPH' = 'SMILEBR') =>
      smile.getrole(region, { userid, zoneid, productid: region === 'SMILEBR' ? '13' : '212' });
    const refusal = async (
      userid: string,
      zoneid: string,
      region: 'SMILEBR' | 'SMILEPH' = 'SMILEBR',
    ) => {
      const error = await failure(role(userid, zoneid, region));
      expect(error).toBeInstanceOf(SupplierRefusal);
      const { code, reason } = error as SupplierRefusal;
      return { code, reason };
    };

    it('answers every row of the table', async () => {
      await expect(role('10000001', '1001')).resolves.toMatchObject({
        username: 'SandboxHero',
        use: 'c',
      });
      expect((await role('10000001', '1001')).zone).not.toBe('1001');
      expect(await refusal('10000001', '1002')).toEqual({
        code: '20004',
        reason: 'USER ID não existe',
      });
      expect(await refusal('11111111', '777')).toEqual({
        code: '20003',
        reason: 'USER ID ou Zone ID não existe',
      });
      await expect(role('20000002', '2002')).resolves.toMatchObject({ use: 'b' });
      expect(await refusal('30000003', '3003')).toEqual({ code: '201', reason: REGION_BAN_TEXT });
      expect(await refusal('40000004', '4004')).toEqual({
        code: '202',
        reason: Messages.supplierNoticeMalaysiaLimit,
      });
      expect(await refusal('50000005', '5005')).toEqual({
        code: '202',
        reason: Messages.supplierNoticePhSgFee,
      });
      expect(await refusal('60000006', '6006')).toEqual({
        code: '202',
        reason: Messages.supplierNoticeRechargeFailed,
      });
      await expect(role('123456789', '12')).resolves.toMatchObject({
        username: 'Player6789',
        use: 'c',
      });
    });

    it('applies the regional ban to the Brazilian catalogue only', async () => {
      await expect(role('30000003', '3003', 'SMILEPH')).resolves.toMatchObject({
        username: 'BannedRegion',
      });
    });
  });

  describe('createorder: the delivery test players', () => {
    it('delivers an ordinary player and charges the region once', async () => {
      const userid = player('42');
      const before = await balances(app, 'smileone');
      const { orderId } = await smile.createorder('SMILEBR', {
        userid,
        zoneid: '1234',
        productid: '13',
      });
      expect(orderId).toMatch(/^\d+$/);
      const orders = await smileOrders(app, userid);
      expect(orders).toEqual([
        expect.objectContaining({
          order_id: orderId,
          region: 'SMILEBR',
          productid: '13',
          price: '6.25',
        }),
      ]);
      const after = await balances(app, 'smileone');
      expect(Number(before.SMILEBR) - Number(after.SMILEBR)).toBeCloseTo(6.25, 2);
      expect(after.SMILEPH).toBe(before.SMILEPH);
    });

    it('buys again on every call: createorder is not idempotent', async () => {
      const userid = player('42');
      const first = await smile.createorder('SMILEPH', { userid, zoneid: '55', productid: '212' });
      const second = await smile.createorder('SMILEPH', { userid, zoneid: '55', productid: '212' });
      expect(first.orderId).not.toBe(second.orderId);
      expect(await smileOrders(app, userid)).toHaveLength(2);
    });

    it("refuses a player id ending in 13 as the player's fault, without charging", async () => {
      const userid = player('13');
      const before = await balances(app, 'smileone');
      const error = await failure(
        smile.createorder('SMILEBR', { userid, zoneid: '1', productid: '13' }),
      );
      expect(error).toBeInstanceOf(SupplierRefusal);
      expect(error).toMatchObject({ code: '20003' });
      expect(await smileOrders(app, userid)).toEqual([]);
      expect(await balances(app, 'smileone')).toEqual(before);
    });

    it('charges a player id ending in 99 and then holds the answer: unknown outcome, one charge', async () => {
      const userid = player('99');
      const started = Date.now();
      const error = await failure(
        smile.createorder('SMILEBR', { userid, zoneid: '1', productid: '13' }),
      );
      expect(error).toBeInstanceOf(SupplierUnknownOutcome);
      expect(Date.now() - started).toBeLessThan(PROVIDER_TIMEOUT_MS + 2_000);
      expect(await smileOrders(app, userid)).toHaveLength(1);
    });

    it('refuses a purchase the region balance cannot pay, and an unknown pack', async () => {
      await app
        .http()
        .post('/sandbox/smileone/balances')
        .send({ region: 'SMILEPH', points: 10 })
        .expect(200);
      try {
        const userid = player('42');
        const error = await failure(
          smile.createorder('SMILEPH', { userid, zoneid: '1', productid: '216' }),
        );
        expect(error).toMatchObject({ code: '20010' });
        expect(await smileOrders(app, userid)).toEqual([]);
      } finally {
        await app
          .http()
          .post('/sandbox/smileone/balances')
          .send({ region: 'SMILEPH', points: 25000 });
      }
      const unknown = await failure(
        smile.createorder('SMILEBR', { userid: player(), zoneid: '1', productid: '212' }),
      );
      expect(unknown).toMatchObject({ code: '20005' });
    });

    it('applies the role checks before buying', async () => {
      const error = await failure(
        smile.createorder('SMILEBR', { userid: '30000003', zoneid: '3003', productid: '13' }),
      );
      expect(error).toMatchObject({ code: '201' });
      expect(await smileOrders(app, '30000003')).toEqual([]);
    });
  });

  describe('fault modes, as the adapter sees them', () => {
    it('HTML after charging: unknown outcome, not a refusal, and the log shows the one charge', async () => {
      await setFaults(app, 'smileone', { fault: 'html', endpoint: 'createorder' });
      const userid = player();
      const error = await failure(
        smile.createorder('SMILEBR', { userid, zoneid: '9', productid: '13' }),
      );
      expect(error).toBeInstanceOf(SupplierUnknownOutcome);
      expect(error).not.toBeInstanceOf(SupplierRefusal);
      expect(error.message).toMatch(/HTML/);
      expect(await smileOrders(app, userid)).toHaveLength(1);
    });

    it('HTML on a call that charges nothing is an unknown outcome too', async () => {
      await setFaults(app, 'smileone', { fault: 'html' });
      await expect(smile.querypoints('SMILEBR')).rejects.toBeInstanceOf(SupplierUnknownOutcome);
    });

    it('HTTP 500: a retryable failure, nothing charged', async () => {
      await setFaults(app, 'smileone', { fault: 'http500' });
      const userid = player();
      const error = await failure(
        smile.createorder('SMILEBR', { userid, zoneid: '9', productid: '13' }),
      );
      expect(error).toBeInstanceOf(SupplierUnavailable);
      expect((error as SupplierUnavailable).retryable).toBe(true);
      expect(error).toMatchObject({ status: 500 });
      expect(await smileOrders(app, userid)).toEqual([]);
    });

    it('503 twice then success: a fault can be limited to a number of calls', async () => {
      await setFaults(app, 'smileone', { fault: 'http503', endpoint: 'createorder', count: 2 });
      const userid = player();
      const order = { userid, zoneid: '9', productid: '13' };
      await expect(smile.createorder('SMILEBR', order)).rejects.toBeInstanceOf(SupplierUnavailable);
      await expect(smile.createorder('SMILEBR', order)).rejects.toBeInstanceOf(SupplierUnavailable);
      await expect(smile.createorder('SMILEBR', order)).resolves.toMatchObject({
        orderId: expect.any(String),
      });
      expect(await smileOrders(app, userid)).toHaveLength(1);
    });

    it('timeout after charging: unknown outcome, and the log shows exactly one charge', async () => {
      await setFaults(app, 'smileone', { fault: 'timeout_after_charge', endpoint: 'createorder' });
      const userid = player();
      const error = await failure(
        smile.createorder('SMILEBR', { userid, zoneid: '9', productid: '13' }),
      );
      expect(error).toBeInstanceOf(SupplierUnknownOutcome);
      expect(error.message).toMatch(/no answer within 1000 ms/);
      expect(await smileOrders(app, userid)).toHaveLength(1);
    });

    it('answer dropped after charging: unknown outcome, one charge', async () => {
      await setFaults(app, 'smileone', { fault: 'drop_after_charge', endpoint: 'createorder' });
      const userid = player();
      const error = await failure(
        smile.createorder('SMILEBR', { userid, zoneid: '9', productid: '13' }),
      );
      expect(error).toBeInstanceOf(SupplierUnknownOutcome);
      expect(await smileOrders(app, userid)).toHaveLength(1);
    });

    it('a delay shorter than the timeout only slows the answer; a longer one is unknown', async () => {
      await setFaults(app, 'smileone', { delayMs: 300 });
      const started = Date.now();
      await expect(smile.querypoints('SMILEBR')).resolves.toMatchObject({ status: 200 });
      expect(Date.now() - started).toBeGreaterThanOrEqual(280);
      await setFaults(app, 'smileone', { delayMs: PROVIDER_TIMEOUT_MS + 1_000 });
      await expect(smile.querypoints('SMILEBR')).rejects.toBeInstanceOf(SupplierUnknownOutcome);
    });

    it('a supplier that cannot be reached is retryable', async () => {
      const closed = net.createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const { port } = closed.address() as net.AddressInfo;
      await new Promise((resolve) => closed.close(resolve));
      const config = {
        ...app.config,
        smileone: { ...app.config.smileone, baseUrl: `http://127.0.0.1:${port}` },
      };
      const offline = new SmileOneAdapter(
        config,
        undefined as never,
        app.clock,
        app.store.app.get(ClockSkew),
      );
      await expect(offline.querypoints('SMILEBR')).rejects.toBeInstanceOf(SupplierUnavailable);
    });
  });
});
