import type { Redis } from 'ioredis';
import type { AppConfig } from '../../config/config.js';
import { CATALOG_CACHE_MAX_ENTRIES, CatalogCacheService } from './catalog-cache.service.js';

describe('CatalogCacheService', () => {
  // Reading and keeping answers touches neither Redis nor the configuration.
  const cache = () => new CatalogCacheService({} as AppConfig, {} as Redis);

  it('keeps at most its bound, dropping the least recently used first', async () => {
    const service = cache();
    await service.get('home', () => Promise.resolve({ home: true }));
    for (let index = 0; index < CATALOG_CACHE_MAX_ENTRIES + 500; index += 1) {
      await service.get(`product:${index}`, () => Promise.resolve({ index }));
      // The home answer is read all the time, so it is never the least recently used.
      if (index % 1000 === 0) await service.get('home', () => Promise.reject(new Error('rebuilt')));
    }
    expect(service.size).toBe(CATALOG_CACHE_MAX_ENTRIES);
    const home = await service.get('home', () => Promise.reject(new Error('rebuilt')));
    expect(home.json).toBe('{"home":true}');
    const first = await service.get('product:0', () => Promise.resolve({ rebuilt: true }));
    expect(first.json).toBe('{"rebuilt":true}');
  });

  it('answers null for nothing there, and keeps nothing for it', async () => {
    const service = cache();
    let reads = 0;
    const missing = () => {
      reads += 1;
      return Promise.resolve(null);
    };
    expect((await service.get('product:none', missing)).json).toBe('null');
    expect((await service.get('product:none', missing)).json).toBe('null');
    expect(reads).toBe(2);
    expect(service.size).toBe(0);
  });
});
