import type { EnvName } from './env.schema.js';

/**
 * Variables that were renamed, with the name they had: an environment that still sets only the
 * former name keeps its meaning (a store whose deliveries were paused stays paused). The new name
 * wins when both are set. README lists the former names.
 */
export const formerEnvNames: Partial<Record<EnvName, string>> = {
  DELIVERY_ENABLED: 'FULFILMENT_ENABLED',
  WORKER_CONCURRENCY_DELIVERY: 'WORKER_CONCURRENCY_FULFILMENT',
};
