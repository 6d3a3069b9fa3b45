import { loadConfig } from './config.js';

describe('renamed variables', () => {
  it('still reads FULFILMENT_ENABLED, so a store whose deliveries were paused stays paused', () => {
    expect(loadConfig({ FULFILMENT_ENABLED: 'false' }).delivery.enabled).toBe(false);
    expect(loadConfig({ FULFILMENT_ENABLED: 'false', DELIVERY_ENABLED: 'true' }).delivery).toEqual({
      enabled: true,
    });
    expect(() => loadConfig({ FULFILMENT_ENABLED: 'no' })).toThrow(
      /FULFILMENT_ENABLED: must be true or false, got "no"/,
    );
  });

  it('still reads WORKER_CONCURRENCY_FULFILMENT for the delivery queue', () => {
    const config = loadConfig({ WORKER_CONCURRENCY: '4', WORKER_CONCURRENCY_FULFILMENT: '2' });
    expect(config.jobs.concurrency.delivery).toBe(2);
  });
});
