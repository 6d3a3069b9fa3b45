import { startTestApp, type TestApp } from '../utils/app.js';
import { insertUser } from './helpers/accounts.js';
import {
  catalogEntry,
  expectLedgerConsistent,
  newShopper,
  orderBody,
  sessionOf,
  type CatalogEntry,
  type Shopper,
} from './money.helpers.js';

type Row = { id: string };
const ids = (rows: Row[]) => rows.map((row) => row.id);

/** The admin's lists on a store bigger than one page: keyset pages, searches, bounded lists. */
describe('admin lists at scale', () => {
  let app: TestApp;
  let admin: Shopper;
  let bgmi: CatalogEntry;
  let shoppers: Shopper[];
  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_USER_ACTIONS: '1000/60' });
    admin = await sessionOf(app, 'admin@example.com');
    bgmi = await catalogEntry(app, 'BGMI', '60 UC');
    shoppers = [
      await newShopper(app, { balance: 100_000 }),
      await newShopper(app, { balance: 100_000 }),
    ];
    for (const shopper of [...shoppers, ...shoppers, ...shoppers]) {
      await app
        .http()
        .post('/api/order/createWalletOrder')
        .set(shopper.auth)
        .send(orderBody(shopper, bgmi, { input1: '51234567', paymentmode: 'wallet' }))
        .expect(200);
    }
  });
  afterAll(async () => {
    await expectLedgerConsistent(app);
    await app.close();
  });

  const asAdmin = (path: string) => app.http().get(path).set(admin.auth);
  const json = (value: unknown) => encodeURIComponent(JSON.stringify(value));
  const rest = (
    resource: string,
    query: { range: [number, number]; sort?: unknown; filter?: unknown; after?: string },
  ) =>
    asAdmin(
      `/api/admin/rest/${resource}?range=${json(query.range)}&sort=${json(query.sort ?? ['createdAt', 'DESC'])}` +
        `&filter=${json(query.filter ?? {})}${query.after ? `&after=${query.after}` : ''}`,
    );

  describe('keyset pages', () => {
    it.each([
      ['alltxn', 'transactions'],
      ['allwallettxn', 'transactions'],
    ])(
      'reads /admin/%s page N after the last id of page N-1 as page N by number',
      async (route, key) => {
        const byNumber: string[][] = [];
        for (let page = 1; page <= 3; page++) {
          const answer = await asAdmin(`/api/admin/${route}?page=${page}&limit=2`).expect(200);
          byNumber.push(ids(answer.body[key]));
        }
        expect(byNumber.flat().length).toBeGreaterThanOrEqual(5);
        for (let page = 2; page <= 3; page++) {
          const after = byNumber[page - 2].at(-1)!;
          const seek = await asAdmin(
            `/api/admin/${route}?page=${page}&limit=2&after=${after}`,
          ).expect(200);
          expect(ids(seek.body[key])).toEqual(byNumber[page - 1]);
          expect(seek.body.currentPage ?? page).toBe(page);
        }
      },
    );

    it.each([
      ['orders', ['createdAt', 'DESC']],
      ['orders', ['value', 'ASC']],
      ['wallet-transactions', ['createdAt', 'DESC']],
      ['wallet-transactions', ['amount', 'DESC']],
    ])('walks rest/%s sorted by %j with after= exactly as by range', async (resource, sort) => {
      const all = await rest(resource, { range: [0, 499], sort }).expect(200);
      const every = ids(all.body);
      expect(every.length).toBeGreaterThanOrEqual(6);
      const walked: string[] = [];
      let after: string | undefined;
      for (let from = 0; from < every.length; from += 2) {
        const page = await rest(resource, { range: [from, from + 1], sort, after }).expect(200);
        expect(page.headers['content-range']).toBe(
          `${resource} ${from}-${from + page.body.length - 1}/${every.length}`,
        );
        walked.push(...ids(page.body));
        after = page.body.at(-1)?.id;
      }
      expect(walked).toEqual(every);
    });

    it('refuses an after that is no id', async () => {
      await asAdmin('/api/admin/alltxn?page=2&limit=2&after=junk').expect(400);
      await rest('orders', { range: [2, 3], after: 'junk' }).expect(400);
    });
  });

  it('answers users_data with the exact number of users as they come, turn and go', async () => {
    const totalCount = async (): Promise<number> =>
      (await asAdmin('/api/admin/users_data?page=2&limit=2').expect(200)).body.totalCount as number;
    const counted = async () =>
      (await app.sql<{ total: number }>('SELECT count(*)::int AS total FROM users'))[0].total;
    expect(await totalCount()).toBe(await counted());
    const joined = await newShopper(app);
    expect(await totalCount()).toBe(await counted());
    await app.sql('UPDATE users SET guest = true WHERE id = $1', [joined.id]);
    await app.sql('UPDATE users SET guest = false WHERE id = $1', [joined.id]);
    expect(await totalCount()).toBe(await counted());
    await app.sql('DELETE FROM users WHERE id = $1', [joined.id]);
    expect(await totalCount()).toBe(await counted());
  });

  describe('search by e-mail or transaction id', () => {
    it('finds the orders and wallet rows of a part of an e-mail, a whole e-mail and an id start', async () => {
      const [shopper] = shoppers;
      const mine = await app.sql<{ id: string; orderid: string; transactionid: string }>(
        'SELECT id, orderid, transactionid FROM orders WHERE userid = $1 ORDER BY created_at DESC, id DESC',
        [shopper.userid],
      );
      expect(mine).toHaveLength(3);
      const orderSearch = async (q: string) =>
        ids((await rest('orders', { range: [0, 49], filter: { q } }).expect(200)).body);
      const part = shopper.email.slice(8, 20);
      expect(await orderSearch(part)).toEqual(ids(mine));
      expect(await orderSearch(shopper.email.toUpperCase())).toEqual(ids(mine));
      expect(await orderSearch(mine[1].orderid.toLowerCase())).toEqual([mine[1].id]);
      expect(await orderSearch(mine[2].orderid.slice(0, -2))).toContain(mine[2].id);
      expect(await orderSearch(mine[0].transactionid)).toEqual([mine[0].id]);
      expect(await orderSearch('no-such-thing%_')).toEqual([]);

      const wallet = await app.sql<{ id: string; txnid: string }>(
        'SELECT id, txnid FROM wallet_transactions WHERE userid = $1 ORDER BY created_at DESC, id DESC',
        [shopper.userid],
      );
      const walletSearch = async (q: string) =>
        ids(
          (await rest('wallet-transactions', { range: [0, 49], filter: { q } }).expect(200)).body,
        );
      expect(await walletSearch(part)).toEqual(ids(wallet));
      expect(await walletSearch(wallet[0].txnid.toLowerCase())).toEqual([wallet[0].id]);
      expect(await walletSearch(wallet[1].txnid.slice(0, -3))).toContain(wallet[1].id);
    });

    it('finds the users whose e-mail contains a text across its @ as a plain search of every user would', async () => {
      const tag = Date.now().toString(36);
      for (const email of [
        `alpha.${tag}@shop.in`,
        `xalpha.${tag}@shop.in`,
        `alpha.${tag}@shop.info`,
        `alpha.${tag}x@shop.in`,
        `alpha_${tag}@shop.in`,
        `beta.${tag}@alpha.${tag}.in`,
      ]) {
        await insertUser(app, { email });
      }
      const found = async (q: string) =>
        (
          (
            await rest('users', { range: [0, 49], sort: ['userid', 'ASC'], filter: { q } }).expect(
              200,
            )
          ).body as Array<{ email: string }>
        )
          .map((user) => user.email)
          .sort();
      const plainly = async (q: string) =>
        (
          await app.sql<{ email: string }>(
            `SELECT email FROM users WHERE strpos(lower(name), lower($1)) > 0
               OR strpos(lower(email), lower($1)) > 0 OR strpos(mobilenumber, $1) > 0
             ORDER BY email`,
            [q],
          )
        )
          .map((user) => user.email)
          .sort();
      for (const q of [
        `alpha.${tag}@shop.in`,
        `ALPHA.${tag.toUpperCase()}@SHOP.IN`,
        `ha.${tag}@sh`,
        `${tag}@`,
        `${tag}x@shop`,
        `_${tag}@`,
        `.${tag}@shop.info`,
        `@shop.in`,
        `@alpha.${tag}`,
        `${tag}@shop.in@`,
        `%${tag}@shop.in`,
      ]) {
        const expected = await plainly(q);
        expect({ q, found: await found(q) }).toEqual({ q, found: expected });
      }
      expect(await found(`alpha.${tag}@shop.in`)).toEqual([
        `alpha.${tag}@shop.in`,
        `alpha.${tag}@shop.info`,
        `xalpha.${tag}@shop.in`,
      ]);
    });

    it('still finds rows under the e-mail they were placed with after the e-mail changed', async () => {
      const shopper = shoppers[1];
      const renamed = `renamed.${shopper.userid}@example.org`;
      await app.sql('UPDATE users SET email = $1 WHERE id = $2', [renamed, shopper.id]);
      const search = async (q: string) =>
        (await rest('orders', { range: [0, 49], filter: { q } }).expect(200)).body as Row[];
      expect(await search(shopper.email)).toHaveLength(3);
      expect(await search(renamed)).toHaveLength(3);
    });
  });

  describe('lists that answered every row', () => {
    const ITEMS = 520;
    beforeAll(async () => {
      await app.sql(
        `INSERT INTO items (name, type, originalprice, discountedprice, resellprice, imgpath)
         SELECT 'Bulk pack ' || n, 'small', 10000, 9000, 8500, '/images/pack.svg'
         FROM generate_series(1, $1::int) AS n`,
        [ITEMS],
      );
    });

    it('answers getallitems 50 at a time, every item reachable by page', async () => {
      const [{ total }] = await app.sql<{ total: number }>(
        'SELECT count(*)::int AS total FROM items WHERE deleted_at IS NULL',
      );
      expect(total).toBeGreaterThan(ITEMS);
      const first = await asAdmin('/api/admin/getallitems').expect(200);
      expect(first.body).toHaveLength(50);
      expect(first.headers['content-range']).toBe(`items 0-49/${total}`);
      const most = await asAdmin('/api/admin/getallitems?limit=500').expect(200);
      expect(most.body).toHaveLength(500);
      const seen: number[] = first.body.map((item: { itemid: number }) => item.itemid);
      for (let page = 2; seen.length < total; page++) {
        const next = await asAdmin(`/api/admin/getallitems?page=${page}`).expect(200);
        expect(next.body.length).toBeGreaterThan(0);
        seen.push(...next.body.map((item: { itemid: number }) => item.itemid));
      }
      const inOrder = await app.sql<{ itemid: string }>(
        'SELECT itemid FROM items WHERE deleted_at IS NULL ORDER BY itemid',
      );
      expect(seen).toEqual(inOrder.map((row) => Number(row.itemid)));
      await asAdmin('/api/admin/getallitems?limit=501').expect(400);
    });

    it.each([
      [
        'getallproducts',
        'products',
        'SELECT id FROM products WHERE deleted_at IS NULL ORDER BY sort_order, productid',
      ],
      [
        'getallcoupon',
        'coupons',
        'SELECT id FROM coupons WHERE deleted_at IS NULL ORDER BY created_at DESC, id',
      ],
      ['imagegallery', 'gallery', 'SELECT id FROM gallery_images ORDER BY created_at DESC, id'],
    ])('answers %s in its order, a page at a time', async (route, resource, sql) => {
      const expected = (await app.sql<Row>(sql)).map((row) => row.id);
      expect(expected.length).toBeLessThanOrEqual(50);
      const whole = await asAdmin(`/api/admin/${route}`).expect(200);
      expect(ids(whole.body)).toEqual(expected);
      expect(whole.headers['content-range']).toBe(
        `${resource} 0-${Math.max(0, expected.length - 1)}/${expected.length}`,
      );
      const paged: string[] = [];
      for (let page = 1; page <= expected.length; page++) {
        paged.push(
          ...ids((await asAdmin(`/api/admin/${route}?page=${page}&limit=1`).expect(200)).body),
        );
      }
      expect(paged).toEqual(expected);
    });

    it("finds the price screen's items by their product's name, a page at a time", async () => {
      const items = await rest('items', {
        range: [0, 49],
        sort: ['itemid', 'ASC'],
        filter: { q: 'philippines' },
      }).expect(200);
      const expected = await app.sql<{ itemid: string }>(
        `SELECT DISTINCT i.itemid FROM items i JOIN products p ON i.itemid = ANY(p.items)
         WHERE p.deleted_at IS NULL AND i.deleted_at IS NULL AND p.name ILIKE '%philippines%'
         ORDER BY i.itemid`,
      );
      expect(expected.length).toBeGreaterThan(0);
      expect(items.body.map((item: { itemid: number }) => item.itemid)).toEqual(
        expected.slice(0, 50).map((row) => Number(row.itemid)),
      );
      const bulk = await rest('items', {
        range: [500, 549],
        sort: ['itemid', 'ASC'],
        filter: { q: 'bulk pack' },
      }).expect(200);
      expect(bulk.body).toHaveLength(ITEMS - 500);
    });
  });

  describe('pages by number and date ranges over several days', () => {
    // Spreads the rows over two to five days back (India time), some updated days after they were
    // placed: row k (by id) placed 2 + k % 4 days back and updated k % 3 days after.
    beforeAll(async () => {
      // Orders awaiting their UPI payment, beside the paid ones: more than one status to filter on.
      const payer = await newShopper(app);
      for (let n = 0; n < 3; n++) {
        await app
          .http()
          .post('/api/order/createOrder')
          .set(payer.auth)
          .send(orderBody(payer, bgmi, { input1: '51234567', paymentmode: 'upi' }))
          .expect(200);
      }
      for (const table of ['orders', 'wallet_transactions']) {
        await app.sql(
          `WITH spread AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM ${table})
           UPDATE ${table} SET created_at = now() - (2 + k % 4) * interval '1 day',
                               updated_at = now() - (2 + k % 4 - k % 3) * interval '1 day'
           FROM spread WHERE spread.id = ${table}.id`,
        );
      }
    });

    const newestFirst = async (table: string, where = 'true', params: unknown[] = []) =>
      ids(
        await app.sql<Row>(
          `SELECT id FROM ${table} WHERE ${where} ORDER BY created_at DESC, id DESC`,
          params,
        ),
      );

    it.each([
      ['alltxn', 'orders', 'transactions'],
      ['allwallettxn', 'wallet_transactions', 'transactions'],
    ])(
      'answers /admin/%s page N by number as the Nth slice, newest first',
      async (route, table, key) => {
        const every = await newestFirst(table);
        const days = await app.sql<{ days: number }>(
          `SELECT count(DISTINCT (created_at AT TIME ZONE 'Asia/Kolkata')::date)::int AS days FROM ${table}`,
        );
        expect(days[0].days).toBeGreaterThan(1);
        const pages = Math.ceil(every.length / 2);
        for (let page = 1; page <= pages + 1; page++) {
          const answer = await asAdmin(`/api/admin/${route}?page=${page}&limit=2`).expect(200);
          expect(ids(answer.body[key])).toEqual(every.slice((page - 1) * 2, page * 2));
        }
      },
    );

    it.each([
      ['orders', 'orders'],
      ['wallet-transactions', 'wallet_transactions'],
    ])(
      'answers rest/%s by range as the slice of the whole list, newest first',
      async (resource, table) => {
        const every = await newestFirst(table);
        for (let from = 0; from <= every.length; from += 3) {
          const page = await rest(resource, { range: [from, from + 2] }).expect(200);
          expect(ids(page.body)).toEqual(every.slice(from, from + 3));
          expect(page.headers['content-range']).toMatch(new RegExp(`/${every.length}$`));
        }
      },
    );

    it.each([
      ['orders', 'orders', ['status']],
      ['wallet-transactions', 'wallet_transactions', ['type', 'status']],
    ])(
      'answers rest/%s filtered on its tallied keys by range as the slice of the matching rows, newest first',
      async (resource, table, keys) => {
        const kinds = await app.sql<Record<string, string>>(
          `SELECT DISTINCT ${keys.join(', ')} FROM ${table}`,
        );
        const filters = [
          ...kinds,
          ...keys.map((key) => ({ [key]: [...new Set(kinds.map((kind) => kind[key]))] })),
        ];
        expect(kinds.length).toBeGreaterThan(1);
        for (const filter of filters) {
          const named = keys.filter((key) => filter[key] !== undefined);
          const where = named.map((key, n) => `${key}::text = ANY($${n + 1}::text[])`);
          const params = named.map((key) => [filter[key]].flat());
          const expected = await newestFirst(table, where.join(' AND '), params);
          expect(expected.length).toBeGreaterThan(0);
          for (let from = 0; from <= expected.length; from += 2) {
            const page = await rest(resource, { range: [from, from + 1], filter }).expect(200);
            expect(ids(page.body)).toEqual(expected.slice(from, from + 2));
            expect(page.headers['content-range']).toMatch(new RegExp(`/${expected.length}$`));
          }
        }
      },
    );

    it.each([
      ['orders', 'orders'],
      ['wallet-transactions', 'wallet_transactions'],
    ])(
      'answers rest/%s in a date range with the rows updated in it, placed before it or not',
      async (resource, table) => {
        const day = (daysAgo: number) =>
          new Date(Date.now() + 5.5 * 3_600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
        for (const [from, to] of [
          [day(3), day(0)],
          [day(2), day(2)],
          [undefined, day(3)],
          [day(2), undefined],
        ]) {
          const range = `updated_at >= coalesce(($1::date)::timestamp AT TIME ZONE 'Asia/Kolkata', '-infinity')
             AND updated_at < coalesce((($2::date) + 1)::timestamp AT TIME ZONE 'Asia/Kolkata', 'infinity')`;
          const expected = await newestFirst(table, range, [from ?? null, to ?? null]);
          const placedBefore = await app.sql(
            `SELECT 1 FROM ${table} WHERE ${range} AND created_at < ($1::date)::timestamp AT TIME ZONE 'Asia/Kolkata'`,
            [from ?? null, to ?? null],
          );
          if (from === day(3)) expect(placedBefore.length).toBeGreaterThan(0);
          const filter = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
          const walked: string[] = [];
          for (let start = 0; start <= expected.length; start += 2) {
            const page = await rest(resource, { range: [start, start + 1], filter }).expect(200);
            expect(page.headers['content-range']).toMatch(new RegExp(`/${expected.length}$`));
            walked.push(...ids(page.body));
          }
          expect(walked).toEqual(expected);
        }
      },
    );
  });
});
