import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { QueueName } from '../../server/src/jobs/job.enum.js';
import { REDIS_URL } from './env.js';
import { waitFor } from './wait.js';

/** Jobs of `queue` (under a store's Redis `prefix`) that are running or still to run. */
export async function openJobs(prefix: string, queue: QueueName): Promise<number> {
  const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  const jobs = new Queue(queue, { connection, prefix });
  try {
    const counts = await jobs.getJobCounts('active', 'waiting', 'delayed', 'prioritized');
    return Object.values(counts).reduce((sum, count) => sum + count, 0);
  } finally {
    await jobs.close();
    connection.disconnect();
  }
}

/**
 * Waits until `queue` has nothing running or waiting: after it, no job of that queue (a retry,
 * a stalled job's re-run) is left that could still act, so a negative check can be made.
 */
export async function queueDrained(prefix: string, queue: QueueName, timeoutMs = 20_000) {
  await waitFor(
    async () => (await openJobs(prefix, queue)) === 0,
    timeoutMs,
    `the ${queue} queue to drain`,
  );
}
