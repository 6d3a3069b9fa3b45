import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { Messages } from '@zstore/contract/messages';
import { startTestApp, type TestApp } from '../utils/app.js';
import { newShopper, sessionOf, type Shopper } from './money.helpers.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const validProduct = {
  name: 'Test Arena',
  type: 'mlbb',
  category: 'games',
  imgpath: '/uploads/demo/x.png',
  importantnote: 'Enter your id',
  inputs: [{ label: 'User ID' }, { label: 'Zone ID' }],
  items: [],
  istrending: false,
  isApi: false,
  instock: true,
};

const validItem = {
  name: '50 Gems',
  type: 'small',
  originalprice: 120,
  discountedprice: 99.5,
  resellprice: 90,
  isApi: false,
  imgpath: '/uploads/demo/gem.png',
};

const validCoupon = {
  couponCode: 'spring25',
  discountType: 'percentage',
  discountPercentage: 25,
  expiryDate: '2099-12-31',
  minimumItemQuantity: 1,
  minPurchaseAmount: 0,
  maxDiscountAmount: 0,
  usageLimit: 10,
  userLimit: 1,
  isActive: true,
  description: 'Spring sale',
};

describe('admin catalogue, coupons and gallery', () => {
  let app: TestApp;
  let admin: Shopper;
  let shopper: Shopper;
  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_USER_ACTIONS: '1000/60' });
    admin = await sessionOf(app, 'admin@example.com');
    shopper = await newShopper(app);
  });
  afterAll(() => app.close());

  const post = (url: string, body: object = {}) =>
    app.http().post(`/api/admin/${url}`).set(admin.auth).send(body);
  const get = (url: string) => app.http().get(`/api/admin/${url}`).set(admin.auth);
  const audits = (entity: string, id: string) =>
    app.sql<{ action: string }>(
      'SELECT action FROM audit_log WHERE entity = $1 AND entity_id = $2 ORDER BY id',
      [entity, id],
    );
  const publicItems = async (productId: string) =>
    (await app.http().get(`/api/item/${productId}`).expect(200)).body.items as Array<
      Record<string, unknown>
    >;

  async function createItem(body: object = validItem) {
    const response = await post('createitem', body).expect(200);
    return response.body.item as Record<string, unknown> & { itemid: number; _id: string };
  }

  async function createProduct(items: number[]) {
    const response = await post('createproduct', { ...validProduct, items }).expect(200);
    return response.body.product as Record<string, unknown> & { _id: string; productid: number };
  }

  describe('products', () => {
    it('refuses a new product with the spec messages, in the spec order', async () => {
      const steps: Array<[object, string]> = [
        [{ name: '' }, Messages.productNameRequired],
        [{ type: '  ' }, Messages.productTypeRequired],
        [{ category: '' }, Messages.categoryRequired],
        [{ imgpath: '' }, Messages.imagePathRequired],
        [{ inputs: [{ label: 'User ID' }, { label: ' ' }] }, Messages.inputLabelsRequired],
        [{ items: [1001, 'abc'] }, Messages.itemsMustBeNumbers],
        [{ isApi: true, apiType: '' }, Messages.apiTypeRequired],
      ];
      const body: Record<string, unknown> = {};
      for (const [bad] of steps) Object.assign(body, bad);
      for (const [bad, message] of steps) {
        const response = await post('createproduct', body).expect(400);
        expect(response.body.message).toBe(message);
        const field = Object.keys(bad)[0];
        body[field] = (validProduct as Record<string, unknown>)[field];
        if (field === 'isApi') body.isApi = false;
      }
      await post('createproduct', { ...validProduct, type: 'PUBG' }).expect(400);
      await post('createproduct', { ...validProduct, category: 'toys' }).expect(400);
    });

    it('creates a product with its type upper-cased and spaces removed, and audits it', async () => {
      const response = await post('createproduct', { ...validProduct, type: ' gen shin ' }).expect(
        200,
      );
      expect(response.body.message).toBe(Messages.productCreated);
      const product = response.body.product;
      expect(product).toMatchObject({ id: product._id, type: 'GENSHIN', name: 'Test Arena' });
      expect(typeof product.productid).toBe('number');
      expect(await audits('product', product._id)).toEqual([{ action: 'product.create' }]);
      const all = await get('getallproducts').expect(200);
      expect(all.body.map((p: { _id: string }) => p._id)).toContain(product._id);
    });

    it('edits a product with the edit messages and answers the updated product', async () => {
      const product = await createProduct([]);
      let response = await post(`editproduct/${product._id}`, { name: '' }).expect(400);
      expect(response.body.message).toBe(Messages.editProductNameRequired);
      response = await post(`editproduct/${product._id}`, { type: '' }).expect(400);
      expect(response.body.message).toBe(Messages.editProductTypeRequired);
      response = await post(`editproduct/${product._id}`, { category: '' }).expect(400);
      expect(response.body.message).toBe(Messages.categoryRequired);
      response = await post(`editproduct/${product._id}`, {
        ...product,
        name: 'Renamed',
        istrending: 'true',
      }).expect(200);
      expect(response.body).toMatchObject({ _id: product._id, name: 'Renamed', istrending: true });
      const home = await app.http().get('/api/product/gethomeproducts').expect(200);
      expect(home.body.trending.map((p: { _id: string }) => p._id)).toContain(product._id);
      await post('editproduct/00000000-0000-0000-0000-000000000000', { name: 'x' }).expect(404);
    });

    it('changes stock and note through updateproduct, visible on the home page at once', async () => {
      const product = await createProduct([]);
      const home = async () =>
        (
          (await app.http().get('/api/product/gethomeproducts').expect(200)).body.games as Array<{
            _id: string;
            importantnote: string;
          }>
        ).find((p) => p._id === product._id);
      expect(await home()).toBeDefined();
      const response = await post('updateproduct', {
        _id: product._id,
        instock: false,
        importantNote: 'Back soon',
      }).expect(200);
      expect(response.body).toMatchObject({
        message: 'Product instock status updated successfully',
        product: { instock: false, importantnote: 'Back soon' },
      });
      expect(await home()).toBeUndefined();
      await post('updateproduct', { _id: product._id, instock: 'true' }).expect(200);
      expect((await home())?.importantnote).toBe('Back soon');
      expect((await audits('product', product._id)).map((a) => a.action)).toEqual([
        'product.create',
        'product.stock',
        'product.stock',
      ]);
    });

    it('soft-deletes a product that orders may reference: gone from the catalogue and the lists', async () => {
      const item = await createItem();
      const product = await createProduct([item.itemid]);
      await app.http().get(`/api/product/eachproduct/${product._id}`).expect(200);
      const response = await post(`deleteproduct/${product.productid}`).expect(200);
      expect(response.body.message).toBe(Messages.productDeleted);
      await app.http().get(`/api/product/eachproduct/${product._id}`).expect(404);
      await app.http().get(`/api/item/${product._id}`).expect(404);
      const all = await get('getallproducts').expect(200);
      expect(all.body.map((p: { _id: string }) => p._id)).not.toContain(product._id);
      await get(`rest/products/${product._id}`).expect(404);
      await post(`deleteproduct/${product.productid}`).expect(404);
      const [row] = await app.sql<{ deleted: boolean }>(
        'SELECT deleted_at IS NOT NULL AS deleted FROM products WHERE id = $1',
        [product._id],
      );
      expect(row.deleted).toBe(true);
    });
  });

  describe('items', () => {
    it('refuses a new item with the spec messages, in the spec order', async () => {
      const steps: Array<[string, unknown, string]> = [
        ['name', '', Messages.productNameRequired],
        ['originalprice', 'abc', Messages.originalPriceRequired],
        ['discountedprice', -1, Messages.discountedPriceRequired],
        ['resellprice', 1.234, Messages.resellPriceRequired],
        ['isApi', true, Messages.apiTypeRequired],
        ['imgpath', '', Messages.imagePathRequired],
      ];
      const body: Record<string, unknown> = {};
      for (const [field, value] of steps) body[field] = value;
      for (const [field, , message] of steps) {
        const response = await post('createitem', body).expect(400);
        expect(response.body.message).toBe(message);
        body[field] = (validItem as Record<string, unknown>)[field];
      }
      await post('createitem', { ...validItem, type: 'huge' }).expect(400);
    });

    it('creates an item in rupees, stores paise, and edits it by itemid', async () => {
      const item = await createItem();
      expect(item).toMatchObject({
        id: item.itemid,
        originalprice: 120,
        discountedprice: 99.5,
        resellprice: 90,
        inStock: true,
        productId: null,
      });
      const [row] = await app.sql<{ discountedprice: string }>(
        'SELECT discountedprice FROM items WHERE id = $1',
        [item._id],
      );
      expect(Number(row.discountedprice)).toBe(9950);
      const edited = await post(`edititem/${item.itemid}`, { ...item, name: '55 Gems' });
      expect(edited.body.message).toBe(Messages.itemUpdated);
      expect(edited.body.item).toMatchObject({ name: '55 Gems', discountedprice: 99.5 });
      const all = await get('getallitems').expect(200);
      expect(all.body.find((i: { itemid: number }) => i.itemid === item.itemid).name).toBe(
        '55 Gems',
      );
      expect((await audits('item', item._id)).map((a) => a.action)).toEqual([
        'item.create',
        'item.update',
      ]);
    });

    it('updates price, resell price and stock, visible in the public catalogue right after', async () => {
      const item = await createItem();
      const product = await createProduct([item.itemid]);
      expect((await publicItems(product._id))[0]).toMatchObject({ discountedprice: 99.5 });
      const response = await post(`updateitem/${item._id}`, {
        price: 80,
        resellPrice: 70,
        itemInstock: false,
      }).expect(200);
      expect(response.body).toMatchObject({
        message: 'Price updated successfully',
        item: { discountedprice: 80, resellprice: 70, inStock: false, productId: product._id },
      });
      expect((await publicItems(product._id))[0]).toMatchObject({
        discountedprice: 80,
        inStock: false,
      });
      const bad = await post(`updateitem/${item._id}`, { price: 'x' }).expect(400);
      expect(bad.body.message).toBe(Messages.discountedPriceRequired);
      const [audit] = await app.sql<{ before: unknown; after: unknown }>(
        `SELECT before, after FROM audit_log WHERE entity = 'item' AND entity_id = $1 AND action = 'item.price'`,
        [item._id],
      );
      expect(audit).toEqual({
        before: { discountedprice: 9950, resellprice: 9000, instock: true },
        after: { discountedprice: 8000, resellprice: 7000, instock: false },
      });
    });

    it('soft-deletes an item: it leaves its product list and the admin lists', async () => {
      const keep = await createItem();
      const gone = await createItem({ ...validItem, name: 'Gone pack' });
      const product = await createProduct([keep.itemid, gone.itemid]);
      expect((await publicItems(product._id)).map((i) => i.itemid)).toEqual([
        keep.itemid,
        gone.itemid,
      ]);
      const response = await post(`deleteitem/${gone.itemid}`).expect(200);
      expect(response.body.message).toBe(Messages.itemDeleted);
      expect((await publicItems(product._id)).map((i) => i.itemid)).toEqual([keep.itemid]);
      const fresh = await app.http().get(`/api/product/eachproduct/${product._id}`).expect(200);
      expect(fresh.body.product.items).toEqual([keep.itemid]);
      const all = await get('getallitems').expect(200);
      expect(all.body.map((i: { itemid: number }) => i.itemid)).not.toContain(gone.itemid);
      await get(`rest/items/${gone.itemid}`).expect(404);
      await post(`deleteitem/${gone.itemid}`).expect(404);
      expect((await audits('item', gone._id)).map((a) => a.action)).toContain('item.delete');
    });
  });

  describe('REST products and items', () => {
    it('lists products with Content-Range, filters and getMany', async () => {
      const product = await createProduct([]);
      const response = await get(
        `rest/products?sort=${encodeURIComponent('["name","ASC"]')}&range=[0,1]&filter=${encodeURIComponent(
          JSON.stringify({ q: 'test arena', category: 'games', type: 'MLBB' }),
        )}`,
      ).expect(200);
      expect(response.headers['content-range']).toMatch(/^products 0-1\/\d+$/);
      expect(response.body).toHaveLength(2);
      for (const p of response.body) expect(p).toMatchObject({ category: 'games', type: 'MLBB' });
      const many = await get(
        `rest/products?filter=${encodeURIComponent(JSON.stringify({ id: [product._id] }))}`,
      ).expect(200);
      expect(many.body.map((p: { id: string }) => p.id)).toEqual([product._id]);
      expect(many.headers['content-range']).toBe('products 0-0/1');
    });

    it('creates, reads, updates and deletes through the REST surface', async () => {
      const created = await app
        .http()
        .post('/api/admin/rest/products')
        .set(admin.auth)
        .send({ ...validProduct, name: 'Rest Product' })
        .expect(201);
      const id = created.body.id as string;
      const item = await app
        .http()
        .post('/api/admin/rest/items')
        .set(admin.auth)
        .send({ ...validItem, productId: id })
        .expect(201);
      expect(item.body).toMatchObject({ productId: id, id: item.body.itemid });
      const items = await get(
        `rest/items?filter=${encodeURIComponent(JSON.stringify({ productId: id }))}`,
      ).expect(200);
      expect(items.body.map((i: { id: number }) => i.id)).toEqual([item.body.id]);
      expect(items.headers['content-range']).toBe('items 0-0/1');
      // Found by its product's name, and named with its product in the list.
      const byProductName = await get(
        `rest/items?filter=${encodeURIComponent(JSON.stringify({ q: 'rest prod' }))}`,
      ).expect(200);
      expect(byProductName.body).toEqual([
        expect.objectContaining({ id: item.body.id, productId: id }),
      ]);
      const notAProduct = await get(
        `rest/items?filter=${encodeURIComponent(JSON.stringify({ productId: 'not-a-product' }))}`,
      ).expect(200);
      expect(notAProduct.body).toEqual([]);
      const updated = await app
        .http()
        .put(`/api/admin/rest/items/${item.body.id}`)
        .set(admin.auth)
        .send({ ...item.body, apiType: 'smileph', isApi: true })
        .expect(200);
      expect(updated.body).toMatchObject({ apiType: 'SMILEPH', isApi: true });
      const byApi = await get(
        `rest/items?filter=${encodeURIComponent(JSON.stringify({ apiType: 'SMILEPH', q: '50 gems' }))}`,
      ).expect(200);
      expect(byApi.body.map((i: { id: number }) => i.id)).toContain(item.body.id);
      await app
        .http()
        .put(`/api/admin/rest/products/${id}`)
        .set(admin.auth)
        .send({ ...created.body, name: 'Rest Renamed' })
        .expect(200);
      expect((await get(`rest/products/${id}`).expect(200)).body.name).toBe('Rest Renamed');
      await app.http().delete(`/api/admin/rest/items/${item.body.id}`).set(admin.auth).expect(200);
      await app.http().delete(`/api/admin/rest/products/${id}`).set(admin.auth).expect(200);
      await get(`rest/products/${id}`).expect(404);
    });
  });

  describe('coupons', () => {
    it('refuses a new coupon with the spec messages, in order', async () => {
      const steps: Array<[string, unknown, string]> = [
        ['couponCode', '', 'Coupon Code is required'],
        ['expiryDate', '', 'Expiry Date is required'],
        ['minimumItemQuantity', '', 'Minimum Item Quantity is required'],
        ['minPurchaseAmount', null, 'Minimum Purchase Amount is required'],
        ['maxDiscountAmount', -1, 'Maximum Discount Amount is required'],
        ['usageLimit', 0, 'Usage Limit is required'],
        ['userLimit', '', 'User Limit is required'],
        ['discountPercentage', 101, Messages.couponPercentageInvalid],
      ];
      const body: Record<string, unknown> = { ...validCoupon };
      for (const [field, value] of steps) body[field] = value;
      for (const [field, , message] of steps) {
        const response = await post('createcoupon', body).expect(400);
        expect(response.body.message).toBe(message);
        body[field] = (validCoupon as Record<string, unknown>)[field];
      }
      const fixed = await post('createcoupon', {
        ...validCoupon,
        discountType: 'fixed',
        discountAmount: -5,
      }).expect(400);
      expect(fixed.body.message).toBe(Messages.couponAmountInvalid);
    });

    it('creates a coupon with its code upper-cased, usable at once; a duplicate is a 409', async () => {
      const response = await post('createcoupon', validCoupon).expect(200);
      expect(response.body.message).toBe(Messages.couponCreated);
      const coupon = response.body.coupon;
      expect(coupon).toMatchObject({
        id: coupon._id,
        couponCode: 'SPRING25',
        discountPercentage: 25,
        expiryDate: '2099-12-31',
        usedCount: 0,
      });
      const duplicate = await post('createcoupon', {
        ...validCoupon,
        couponCode: 'Spring25',
      }).expect(409);
      expect(duplicate.body.message).toBe(Messages.couponCodeTaken);

      const item = await createItem({ ...validItem, discountedprice: 100 });
      const applied = await app
        .http()
        .post('/api/coupon/validatecoupon')
        .set(shopper.auth)
        .send({ couponCode: 'spring25', item_id: item._id })
        .expect(200);
      expect(applied.body).toMatchObject({ success: true, appliedDiscount: 25, finalPrice: 75 });

      const list = await get('getallcoupon').expect(200);
      expect(list.body.map((c: { couponCode: string }) => c.couponCode)).toContain('SPRING25');
      expect(await audits('coupon', coupon._id)).toEqual([{ action: 'coupon.create' }]);
    });

    it('edits a coupon with the edit messages and answers { message }', async () => {
      const { body } = await post('createcoupon', { ...validCoupon, couponCode: 'EDITME' }).expect(
        200,
      );
      const id = body.coupon._id as string;
      let response = await post(`editcoupon/${id}`, {
        ...body.coupon,
        discountPercentage: -1,
      }).expect(400);
      expect(response.body.message).toBe(Messages.couponPercentageInvalid);
      response = await post(`editcoupon/${id}`, { ...body.coupon, expiryDate: '' }).expect(400);
      expect(response.body.message).toBe(Messages.couponExpiryRequired);
      response = await post(`editcoupon/${id}`, {
        ...body.coupon,
        discountType: 'fixed',
        discountAmount: 30,
        isActive: false,
      }).expect(200);
      expect(response.body.message).toBe(Messages.couponEdited);
      expect((await get(`rest/coupons/${id}`).expect(200)).body).toMatchObject({
        discountType: 'fixed',
        discountAmount: 30,
        isActive: false,
      });
      expect((await audits('coupon', id)).map((a) => a.action)).toEqual([
        'coupon.create',
        'coupon.update',
      ]);
    });

    it('soft-deletes a coupon: unusable, hidden, and its code free again', async () => {
      const { body } = await post('createcoupon', { ...validCoupon, couponCode: 'BYEBYE' }).expect(
        200,
      );
      const id = body.coupon._id as string;
      await app.sql('UPDATE coupons SET used_count = 1 WHERE id = $1', [id]);
      const response = await post(`deletecoupon/${id}`).expect(200);
      expect(response.body).toEqual({ message: 'Coupon deleted successfully' });
      const item = await createItem();
      const refused = await app
        .http()
        .post('/api/coupon/validatecoupon')
        .set(shopper.auth)
        .send({ couponCode: 'BYEBYE', item_id: item._id })
        .expect(400);
      expect(refused.body.error).toBe(Messages.couponInvalid);
      const list = await get('getallcoupon').expect(200);
      expect(list.body.map((c: { _id: string }) => c._id)).not.toContain(id);
      await post(`deletecoupon/${id}`).expect(404);
      await post('createcoupon', { ...validCoupon, couponCode: 'byebye' }).expect(200);
    });

    it('lists coupons over REST with Content-Range and the code filter', async () => {
      const response = await get(
        `rest/coupons?range=[0,9]&filter=${encodeURIComponent(JSON.stringify({ q: 'spring' }))}`,
      ).expect(200);
      expect(response.headers['content-range']).toBe('coupons 0-0/1');
      expect(response.body[0]).toMatchObject({ couponCode: 'SPRING25' });
    });
  });

  describe("the console's loose forms", () => {
    const put = (url: string, body: object) =>
      app.http().put(`/api/admin/${url}`).set(admin.auth).send(body);

    it('takes text flags, numbers as text and unknown fields, and drops the unknown ones', async () => {
      const item = await createItem({
        ...validItem,
        originalprice: '120',
        discountedprice: ' 99.50 ',
        resellprice: 90,
        isApi: 'false',
        type: ' Weekly ',
        suggestedTask: '  ',
        itemidarray: [' 13 ', 7, ''],
        inStock: 'false',
        instock: 'not looked at',
        id: 999,
        createdAt: '2026-01-01T00:00:00.000Z',
      });
      expect(item).toMatchObject({
        originalprice: 120,
        discountedprice: 99.5,
        type: 'weekly',
        suggestedTask: null,
        itemidarray: ['13', '7'],
        inStock: false,
      });
      expect(item.id).not.toBe(999);
      const product = await post('createproduct', {
        ...validProduct,
        type: ' hok ',
        category: ' ott ',
        inputs: [{ label: ' Player ID ', id: 'x' }],
        items: [String(item.itemid), item.itemid],
        istrending: 'true',
        instock: '',
        importantnote: null,
        productid: 1,
        createdAt: 'yesterday',
      }).expect(200);
      expect(product.body.product).toMatchObject({
        type: 'HOK',
        category: 'ott',
        inputs: [{ label: 'Player ID' }],
        items: [item.itemid],
        istrending: true,
        instock: true,
        importantnote: '',
      });
    });

    it('keeps what an edit leaves out and checks a change of Is API against the stored type', async () => {
      const product = await createProduct([]);
      const edited = await post(`editproduct/${product._id}`, { name: ' Kept Rest ' }).expect(200);
      expect(edited.body).toMatchObject({
        name: 'Kept Rest',
        type: 'MLBB',
        importantnote: 'Enter your id',
      });
      const refused = await post(`editproduct/${product._id}`, { isApi: 'true' }).expect(400);
      expect(refused.body.message).toBe(Messages.apiTypeRequired);
      await post(`editproduct/${product._id}`, { isApi: true, apiType: 'moogold hok' }).expect(200);
      const off = await post(`editproduct/${product._id}`, { apiType: '' }).expect(400);
      expect(off.body.message).toBe(Messages.apiTypeRequired);
      await post(`editproduct/${product._id}`, { isApi: 'false', apiType: null }).expect(200);
      const item = await createItem();
      const price = await put(`rest/items/${item.itemid}`, { resellprice: '85.25', id: 1 }).expect(
        200,
      );
      expect(price.body).toMatchObject({
        name: '50 Gems',
        resellprice: 85.25,
        discountedprice: 99.5,
      });
      const nullPrice = await put(`rest/items/${item.itemid}`, { originalprice: null }).expect(400);
      expect(nullPrice.body.message).toBe(Messages.originalPriceRequired);
    });

    it('refuses bad values with the field message, whatever else the body carries', async () => {
      const cases: Array<[string, object, string]> = [
        ['createproduct', { ...validProduct, istrending: 'yes' }, Messages.flagInvalid],
        ['createproduct', { ...validProduct, apiType: 'junk' }, Messages.apiTypeInvalid],
        ['createproduct', { ...validProduct, category: 'c'.repeat(33) }, Messages.categoryRequired],
        ['createproduct', { ...validProduct, importantnote: 5 }, Messages.textTooLong],
        ['createproduct', { ...validProduct, inputs: 'User ID' }, Messages.inputLabelsRequired],
        ['createitem', { ...validItem, itemidarray: [{}] }, Messages.itemIdsMustBeStrings],
        ['createitem', { ...validItem, type: 'huge', inStock: 'no' }, Messages.itemTypeInvalid],
        ['createitem', { ...validItem, suggestedTask: 's'.repeat(201) }, Messages.textTooLong],
        ['createitem', { ...validItem, inStock: 'no', instock: true }, Messages.flagInvalid],
        [
          'createcoupon',
          { ...validCoupon, expiryDate: '2099-02-30' },
          Messages.couponExpiryRequired,
        ],
        ['createcoupon', { ...validCoupon, isActive: 'no' }, Messages.flagInvalid],
        [
          'createcoupon',
          { ...validCoupon, discountType: 'Fixed' },
          Messages.couponDiscountTypeRequired,
        ],
        ['createcoupon', { ...validCoupon, userLimit: 1.5 }, Messages.couponUserLimitRequired],
      ];
      for (const [url, body, message] of cases) {
        const response = await post(url, body);
        expect({ url, body, status: response.status, message: response.body.message }).toEqual({
          url,
          body,
          status: 400,
          message,
        });
      }
    });

    it('takes a coupon with numbers as text, an ISO instant and unknown fields', async () => {
      const created = await app
        .http()
        .post('/api/admin/rest/coupons')
        .set(admin.auth)
        .send({
          ...validCoupon,
          couponCode: ' loose form ',
          discountType: 'fixed',
          discountAmount: '40',
          discountPercentage: 'ignored',
          expiryDate: '2099-03-01T18:30:00.000Z',
          minimumItemQuantity: ' 2 ',
          usageLimit: '5',
          isActive: 'false',
          description: null,
          usedCount: 99,
          id: 'x',
        })
        .expect(201);
      expect(created.body).toMatchObject({
        couponCode: 'LOOSEFORM',
        discountAmount: 40,
        discountPercentage: 0,
        expiryDate: '2099-03-02',
        minimumItemQuantity: 2,
        usageLimit: 5,
        isActive: false,
        description: '',
        usedCount: 0,
      });
      const kept = await put(`rest/coupons/${created.body.id}`, { description: ' kept ' }).expect(
        200,
      );
      expect(kept.body).toMatchObject({
        couponCode: 'LOOSEFORM',
        discountAmount: 40,
        description: 'kept',
      });
      const stored = await put(`rest/coupons/${created.body.id}`, { discountAmount: -1 }).expect(
        400,
      );
      expect(stored.body.message).toBe(Messages.couponAmountInvalid);
      await put(`rest/coupons/${created.body.id}`, { discountPercentage: -1 }).expect(200);
    });
  });

  describe('gallery', () => {
    const upload = (fields: Record<string, string>, file?: { data: Buffer; name: string }) => {
      const request = app.http().post('/api/admin/uploadimage').set(admin.auth);
      for (const [name, value] of Object.entries(fields)) void request.field(name, value);
      if (file) void request.attach('images', file.data, file.name);
      return request;
    };

    it('uploads an image, serves it at its URL, lists it and deletes it with its file', async () => {
      const response = await upload(
        { title: 'Big sale', type: 'CarouselPc', redirectUrl: '/product/x' },
        { data: PNG, name: 'sale.png' },
      ).expect(200);
      const { message, ...image } = response.body;
      expect(message).toBe(Messages.imageUploaded);
      expect(image).toMatchObject({
        title: 'Big sale',
        type: 'CarouselPc',
        redirectUrl: '/product/x',
      });
      expect(image.url).toMatch(/^\/uploads\/gallery\/[0-9a-f]{32}\.png$/);
      const served = await app.http().get(image.url).expect(200);
      expect(served.headers['content-type']).toBe('image/png');
      // Stored as decoded and encoded again: the same pixels, not the same bytes.
      expect(await sharp(served.body as Buffer).metadata()).toMatchObject({
        format: 'png',
        width: 1,
        height: 1,
      });

      const slides = await app.http().get('/api/gallery/images').expect(200);
      expect(slides.body.CarouselPc.map((s: { url: string }) => s.url)).toContain(image.url);
      const all = await get('imagegallery').expect(200);
      expect(all.body.map((i: { id: string }) => i.id)).toContain(image.id);
      const rest = await get(
        `rest/gallery?filter=${encodeURIComponent(JSON.stringify({ type: 'CarouselPc' }))}`,
      ).expect(200);
      expect(rest.headers['content-range']).toMatch(/^gallery 0-\d+\/\d+$/);
      expect(rest.body.every((i: { type: string }) => i.type === 'CarouselPc')).toBe(true);
      expect((await get(`rest/gallery/${image.id}`).expect(200)).body).toEqual(image);

      const file = path.join(app.config.dataDir, image.url);
      expect(fs.existsSync(file)).toBe(true);
      const deleted = await post(`deleteimage/${image.id}`).expect(200);
      expect(deleted.body.message).toBe(Messages.imageDeleted);
      expect(fs.existsSync(file)).toBe(false);
      await app.http().get(image.url).expect(404);
      const after = await app.http().get('/api/gallery/images').expect(200);
      expect(after.body.CarouselPc.map((s: { url: string }) => s.url)).not.toContain(image.url);
      await post(`deleteimage/${image.id}`).expect(404);
      expect((await audits('gallery', image.id)).map((a) => a.action)).toEqual([
        'gallery.upload',
        'gallery.delete',
      ]);
    });

    it('refuses missing fields, other file types (SVG included) and files over 2 MB', async () => {
      const missing = await upload({ title: 'No file', type: 'Banner' }).expect(400);
      expect(missing.body.message).toBe(Messages.galleryFieldsRequired);
      const noType = await upload({ title: 'x' }, { data: PNG, name: 'a.png' }).expect(400);
      expect(noType.body.message).toBe(Messages.galleryFieldsRequired);
      await upload({ title: 'x', type: 'Poster' }, { data: PNG, name: 'a.png' }).expect(400);
      const svg = Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      );
      const refused = await upload(
        { title: 'x', type: 'Banner' },
        { data: svg, name: 'a.svg' },
      ).expect(415);
      expect(refused.body.message).toBe(Messages.galleryFileType);
      const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
      const tooBig = await upload(
        { title: 'x', type: 'Banner' },
        { data: big, name: 'big.png' },
      ).expect(413);
      expect(tooBig.body.message).toBe(Messages.galleryFileTooLarge);
      const json = await app
        .http()
        .post('/api/admin/uploadimage')
        .set(admin.auth)
        .send({ title: 'x' });
      expect(json.status).toBe(400);
      const files = fs.readdirSync(path.join(app.config.dataDir, 'uploads', 'gallery'));
      expect(files).toEqual([]);
    });
    it('takes as redirect URL a path of the store or an https address, nothing that leaves the site', async () => {
      for (const redirectUrl of [
        '//evil.example/x',
        '/\\evil.example',
        '/..//evil.example',
        '/\t/evil.example',
        'http://shop.example/sale',
        'https://shop.example@evil.example/',
        'javascript:alert(1)',
      ]) {
        const refused = await upload(
          { title: 'Sale', type: 'CarouselPc', redirectUrl },
          { data: PNG, name: 'sale.png' },
        );
        expect({ redirectUrl, status: refused.status, message: refused.body.message }).toEqual({
          redirectUrl,
          status: 400,
          message: Messages.galleryRedirectInvalid,
        });
      }
      for (const [typed, stored] of [
        ['/product/x?from=sale', '/product/x?from=sale'],
        [' https://shop.example/sale ', 'https://shop.example/sale'],
      ]) {
        const taken = await upload(
          { title: 'Sale', type: 'Popup', redirectUrl: typed },
          { data: PNG, name: 'sale.png' },
        ).expect(200);
        expect(taken.body.redirectUrl).toBe(stored);
      }
    });

    it('serves no off-site link from a row stored under an older rule', async () => {
      for (const redirectUrl of ['//evil.example/x', '/\\evil.example', 'http://evil.example/']) {
        await app.sql(
          `INSERT INTO gallery_images (title, type, url, redirect_url, created_at)
           VALUES ('Old', 'CarouselMb', '/uploads/demo/old.png', $1, now())`,
          [redirectUrl],
        );
      }
      // An upload clears the catalogue cache, so the rows above are read.
      await upload({ title: 'New', type: 'Banner' }, { data: PNG, name: 'new.png' }).expect(200);
      const slides = await app.http().get('/api/gallery/images').expect(200);
      const old = slides.body.CarouselMb.filter(
        (slide: { url: string }) => slide.url === '/uploads/demo/old.png',
      );
      expect(old.map((slide: { redirectUrl: string }) => slide.redirectUrl)).toEqual(['', '', '']);
    });
  });

  describe('access', () => {
    const routes: Array<[string, string]> = [
      ['POST', 'createproduct'],
      ['GET', 'getallproducts'],
      ['POST', 'editproduct/00000000-0000-0000-0000-000000000000'],
      ['POST', 'updateproduct'],
      ['POST', 'deleteproduct/1'],
      ['POST', 'createitem'],
      ['GET', 'getallitems'],
      ['POST', 'edititem/1001'],
      ['POST', 'updateitem/00000000-0000-0000-0000-000000000000'],
      ['POST', 'deleteitem/1001'],
      ['GET', 'getallcoupon'],
      ['POST', 'createcoupon'],
      ['POST', 'editcoupon/00000000-0000-0000-0000-000000000000'],
      ['POST', 'deletecoupon/00000000-0000-0000-0000-000000000000'],
      ['GET', 'imagegallery'],
      ['POST', 'uploadimage'],
      ['POST', 'deleteimage/00000000-0000-0000-0000-000000000000'],
      ['GET', 'rest/products'],
      ['GET', 'rest/items'],
      ['GET', 'rest/coupons'],
      ['GET', 'rest/gallery'],
      ['DELETE', 'rest/products/00000000-0000-0000-0000-000000000000'],
      ['DELETE', 'rest/items/1001'],
      ['DELETE', 'rest/coupons/00000000-0000-0000-0000-000000000000'],
      ['DELETE', 'rest/gallery/00000000-0000-0000-0000-000000000000'],
    ];

    it('refuses every call to a plain user (403) and a visitor (401), changing nothing', async () => {
      const before = await app.sql<{ count: number }>(
        'SELECT count(*)::int AS count FROM audit_log',
      );
      for (const [method, url] of routes) {
        const call = () => {
          const http = app.http();
          const full = `/api/admin/${url}`;
          return method === 'GET'
            ? http.get(full)
            : method === 'POST'
              ? http.post(full)
              : http.delete(full);
        };
        const anonymous = await call().send({});
        expect({ url, status: anonymous.status }).toEqual({ url, status: 401 });
        const user = await call().set(shopper.auth).send({});
        expect({ url, status: user.status }).toEqual({ url, status: 403 });
      }
      const after = await app.sql<{ count: number }>(
        'SELECT count(*)::int AS count FROM audit_log',
      );
      expect(after).toEqual(before);
    });
  });
});
