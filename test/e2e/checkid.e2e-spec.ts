import { Messages } from '@zstore/contract/messages';
import { CatalogService } from '../../server/src/modules/catalog/catalog.service.js';
import { REGION_BAN_TEXT } from '../../server/src/sandbox/suppliers/test-players.js';
import {
  INDO_ID_REFUSED,
  interpretCheckId,
  REGION_REFUSED,
} from '@zstore/contract/check-id-message';
import { startTestApp, type TestApp } from '../utils/app.js';
import { setFaults } from './supplier.helpers.js';

interface Pack {
  selectedProduct: string;
  selectedItem: string;
}

/** The first in-stock pack of a demo product. */
async function packOf(app: TestApp, productName: string): Promise<Pack> {
  const [row] = await app.sql<{ product_id: string; item_id: string }>(
    `SELECT p.id AS product_id, i.id AS item_id FROM products p JOIN items i ON i.itemid = ANY(p.items)
     WHERE p.name = $1 AND i.instock ORDER BY i.itemid LIMIT 1`,
    [productName],
  );
  if (!row) throw new Error(`no demo pack for ${productName}`);
  return { selectedProduct: row.product_id, selectedItem: row.item_id };
}

/** An API-backed MLBB product sold through MooGold (the demo has none). */
async function mooGoldMlbbPack(app: TestApp): Promise<Pack> {
  const catalog = app.store.app.get(CatalogService);
  const item = await catalog.createItem({
    name: '86 Diamonds (MooGold)',
    originalprice: 13500,
    discountedprice: 11900,
    resellprice: 11200,
    isApi: true,
    apiType: 'MOOGOLDMLBB',
    itemidarray: ['15146'],
  });
  const product = await catalog.createProduct(
    {
      name: `Mobile Legends (MooGold ${item.itemid})`,
      type: 'MLBB',
      category: 'instant-games',
      imgpath: '/x.svg',
      inputs: [{ label: 'User ID' }, { label: 'Zone ID' }],
      isApi: true,
      apiType: 'MOOGOLDMLBB',
    },
    [item.itemid],
  );
  return { selectedProduct: product.id, selectedItem: item.id };
}

describe('POST /api/order/checkid (spec 000 sections 7 and 8, DESIGN sections 9 and 13)', () => {
  let app: TestApp;
  let brazil: Pack;
  let philippines: Pack;
  let genshin: Pack;
  let manual: Pack;

  const check = (pack: Pack, userid: string, zoneid: string) =>
    app
      .http()
      .post('/api/order/checkid')
      .send({ userid, zoneid, ...pack });

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_CHECKID: '1000/60' });
    brazil = await packOf(app, 'Mobile Legends (Brazil server)');
    philippines = await packOf(app, 'Mobile Legends (Philippines server)');
    genshin = await packOf(app, 'Genshin Impact');
    manual = await packOf(app, 'BGMI');
  });
  afterEach(() => setFaults(app, 'smileone'));
  afterAll(() => app.close());

  // Each test player of DESIGN section 9, what the store answers, and what the storefront shows.
  const table: Array<
    [
      userid: string,
      zoneid: string,
      answer: Record<string, string>,
      shown: string,
      verified: boolean,
    ]
  > = [
    [
      '10000001',
      '1001',
      { message: 'success', use: 'c', username: 'SandboxHero' },
      'Username: SandboxHero',
      true,
    ],
    [
      '10000001',
      '1002',
      { message: 'USER ID não existe', use: '', username: '' },
      'USER ID não existe',
      false,
    ],
    [
      '11111111',
      '4321',
      { message: 'USER ID ou Zone ID não existe', use: '', username: '' },
      'USER ID ou Zone ID não existe',
      false,
    ],
    [
      '20000002',
      '2002',
      { message: 'success', use: 'b', username: 'IndoPlayer' },
      INDO_ID_REFUSED,
      false,
    ],
    [
      '30000003',
      '3003',
      { message: REGION_BAN_TEXT, use: '', username: '' },
      REGION_REFUSED,
      false,
    ],
    [
      '40000004',
      '4004',
      { message: Messages.supplierNoticeMalaysiaLimit, use: '', username: '' },
      REGION_REFUSED,
      false,
    ],
    [
      '50000005',
      '5005',
      { message: Messages.supplierNoticePhSgFee, use: '', username: '' },
      REGION_REFUSED,
      false,
    ],
    [
      '60000006',
      '6006',
      { message: Messages.supplierNoticeRechargeFailed, use: '', username: '' },
      REGION_REFUSED,
      false,
    ],
    [
      '987654321',
      '77',
      { message: 'success', use: 'c', username: 'Player4321' },
      'Username: Player4321',
      true,
    ],
  ];

  it.each(table)(
    'answers %s / %s on the Brazilian product as the table says, and the storefront maps it',
    async (userid, zoneid, answer, shown, verified) => {
      const response = await check(brazil, userid, zoneid).expect(200);
      expect(response.body).toEqual(answer);
      expect(interpretCheckId(response.body)).toMatchObject({ verified, text: shown });
    },
  );

  it('asks the Philippine catalogue for a SMILEPH product (no Brazilian ban there)', async () => {
    const response = await check(philippines, '30000003', '3003').expect(200);
    expect(response.body).toEqual({ message: 'success', use: 'c', username: 'BannedRegion' });
  });

  it('accepts numeric ids, as the spec clients may send them', async () => {
    const response = await app
      .http()
      .post('/api/order/checkid')
      .send({ userid: 10000001, zoneid: 1001, ...brazil })
      .expect(200);
    expect(response.body.username).toBe('SandboxHero');
  });

  it('uses MooGold validate for MOOGOLDMLBB, and Smile.one PH getrole when validate is off', async () => {
    const pack = await mooGoldMlbbPack(app);
    const viaMooGold = await check(pack, '10000001', '1001').expect(200);
    expect(viaMooGold.body).toEqual({ message: 'success', use: '', username: 'SandboxHero' });
    const refused = await check(pack, '11111111', '1').expect(200);
    expect(refused.body.message).toBe('USER ID ou Zone ID não existe');

    await app.http().post('/sandbox/moogold/validate').send({ enabled: false }).expect(200);
    try {
      const viaSmile = await check(pack, '20000002', '2002').expect(200);
      expect(viaSmile.body).toEqual({ message: 'success', use: 'b', username: 'IndoPlayer' });
    } finally {
      await app.http().post('/sandbox/moogold/validate').send({ enabled: true }).expect(200);
    }
  });

  it('checks a Genshin UID through MooGold validate with the mapped server', async () => {
    const response = await check(genshin, '812345678', 'Asia').expect(200);
    expect(response.body).toEqual({ message: 'success', use: '', username: 'Player5678' });
  });

  it('refuses a product with no supplier check, and a pack that is not the product’s', async () => {
    const manualAnswer = await check(manual, '5123456789', 'Someone').expect(400);
    expect(manualAnswer.body.message).toBe(Messages.checkIdNotAvailable);
    const mixed = await check(
      { selectedProduct: brazil.selectedProduct, selectedItem: philippines.selectedItem },
      '10000001',
      '1001',
    ).expect(400);
    expect(mixed.body.message).toBe(Messages.selectPackAndDetails);
    const missing = await app
      .http()
      .post('/api/order/checkid')
      .send({ userid: '10000001' })
      .expect(400);
    expect(missing.body.message).toBe(Messages.selectPackAndDetails);
  });

  it('answers 503 without blaming the player when the supplier fails', async () => {
    await setFaults(app, 'smileone', { fault: 'http500' });
    const failed = await check(brazil, '10000001', '1001').expect(503);
    expect(failed.body.message).toBe(Messages.checkIdUnavailable);
    expect(interpretCheckId({ message: failed.body.message }).verified).toBe(false);
    await setFaults(app, 'smileone', { fault: 'html' });
    await check(brazil, '10000001', '1001').expect(503);
  });
});

describe('checkid throttling (DESIGN section 13: 20 a minute per IP by default)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('answers 429 with Retry-After after 20 checks from one address in a minute', async () => {
    const pack = await packOf(app, 'Mobile Legends (Brazil server)');
    const body = { userid: '10000001', zoneid: '1001', ...pack };
    for (let i = 0; i < 20; i += 1) {
      await app.http().post('/api/order/checkid').send(body).expect(200);
    }
    const limited = await app.http().post('/api/order/checkid').send(body).expect(429);
    expect(limited.body.message).toBe(Messages.tooManyRequests);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
