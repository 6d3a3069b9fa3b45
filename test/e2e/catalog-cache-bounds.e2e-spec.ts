import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { CatalogCacheService } from '../../server/src/modules/catalog/catalog-cache.service.js';
import { startTestApp, type TestApp } from '../utils/app.js';

const UNKNOWN_IDS = 3_000;
const IN_FLIGHT = 20;

/**
 * Anonymous reads of made-up product ids must not grow the API process: the catalogue cache
 * keeps nothing for an id that names no product, and known products still answer from it.
 */
describe('the catalogue cache under reads of unknown ids', () => {
  let app: TestApp;
  let cache: CatalogCacheService;
  let productId: string;
  let name: string;
  const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });

  beforeAll(async () => {
    app = await startTestApp();
    cache = app.store.app.get(CatalogCacheService);
    [{ id: productId, name }] = await app.sql<{ id: string; name: string }>(
      `SELECT id, name FROM products WHERE type = 'GENSHIN'`,
    );
  });
  afterAll(async () => {
    agent.destroy();
    await app.close();
  });

  const status = (path: string) =>
    new Promise<number>((resolve, reject) => {
      http
        .get(new URL(path, app.url), { agent }, (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        })
        .on('error', reject);
    });

  it('keeps nothing for thousands of distinct unknown ids, and still serves known ones from it', async () => {
    await app.http().get(`/api/product/eachproduct/${productId}`).expect(200);
    await app.http().get(`/api/item/${productId}`).expect(200);
    const before = cache.size;

    const ids = Array.from({ length: UNKNOWN_IDS }, () => randomUUID());
    const statuses: number[] = [];
    for (let start = 0; start < ids.length; start += IN_FLIGHT) {
      const batch = ids.slice(start, start + IN_FLIGHT);
      statuses.push(
        ...(await Promise.all(
          batch.flatMap((id) => [
            status(`/api/product/eachproduct/${id}`),
            status(`/api/item/${id}`),
          ]),
        )),
      );
    }
    expect(new Set(statuses)).toEqual(new Set([404]));
    expect(cache.size).toBeLessThanOrEqual(before);

    // A change made behind the cache's back is not seen: the known product is served from it.
    await app.sql(`UPDATE products SET name = 'Renamed behind the cache' WHERE id = $1`, [
      productId,
    ]);
    const known = await app.http().get(`/api/product/eachproduct/${productId}`).expect(200);
    expect(known.body.product.name).toBe(name);
    await app.http().get(`/api/item/${productId}`).expect(200);
  }, 120_000);
});
