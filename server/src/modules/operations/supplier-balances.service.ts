import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { JobName, JobStatus, QueueName } from '../../jobs/job.enum.js';
import { OnJob } from '../../jobs/on-job.decorator.js';
import { MooGoldAdapter } from '../../providers/moogold/moogold.adapter.js';
import {
  SMILE_REGIONS,
  SmileOneAdapter,
  type SmileRegion,
} from '../../providers/smileone/smileone.adapter.js';
import { REDIS } from '../../redis/redis.module.js';

export interface SupplierBalance {
  supplier: 'smileone' | 'moogold';
  /** Smile.one keeps one balance per region; MooGold one per account (`USD`). */
  region: string;
  balance: number;
  /** When the supplier was asked (epoch ms). */
  at: number;
}

/**
 * The suppliers' balances, read by the worker at most once per `SUPPLIER_BALANCE_REFRESH_MS`
 * and kept in Redis, so a metrics scrape or a delivery never waits on a supplier call.
 */
@Injectable()
export class SupplierBalancesService {
  private readonly logger = new Logger('SupplierBalances');

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly smileone: SmileOneAdapter,
    private readonly moogold: MooGoldAdapter,
    private readonly clock: Clock,
  ) {}

  private get key() {
    return `${this.config.redisPrefix}:ops:supplier-balances`;
  }

  async cached(): Promise<SupplierBalance[]> {
    const fields = await this.redis.hgetall(this.key);
    return Object.values(fields).map((raw) => JSON.parse(raw) as SupplierBalance);
  }

  async cachedOne(supplier: SupplierBalance['supplier'], region: string) {
    const raw = await this.redis.hget(this.key, `${supplier}:${region}`);
    return raw ? (JSON.parse(raw) as SupplierBalance) : undefined;
  }

  /** Asks the suppliers again when the cache is older than the refresh period (or `force`). */
  async refresh({ force = false } = {}) {
    const now = this.clock.now().getTime();
    const reads: Array<Promise<void>> = [];
    const smileRegions = this.config.smileone.uid ? Object.keys(SMILE_REGIONS) : [];
    for (const region of smileRegions as SmileRegion[]) {
      reads.push(
        this.read('smileone', region, force, now, async () => {
          const { smilePoints } = await this.smileone.querypoints(region);
          return Number(smilePoints);
        }),
      );
    }
    if (this.config.moogold.partnerId) {
      reads.push(
        this.read('moogold', 'USD', force, now, async () =>
          Number((await this.moogold.balance()).balance),
        ),
      );
    }
    await Promise.all(reads);
  }

  @OnJob({ name: JobName.SupplierBalanceRefresh, queue: QueueName.Maintenance })
  async handleRefresh(): Promise<JobStatus> {
    await this.refresh();
    return JobStatus.Success;
  }

  /** Asks one supplier now (after it refused a purchase for its balance). */
  async refreshOne(supplier: SupplierBalance['supplier'], region: string) {
    const now = this.clock.now().getTime();
    if (supplier === 'smileone') {
      await this.read(supplier, region, true, now, async () =>
        Number((await this.smileone.querypoints(region as SmileRegion)).smilePoints),
      );
    } else {
      await this.read(supplier, region, true, now, async () =>
        Number((await this.moogold.balance()).balance),
      );
    }
    return this.cachedOne(supplier, region);
  }

  private async read(
    supplier: SupplierBalance['supplier'],
    region: string,
    force: boolean,
    now: number,
    ask: () => Promise<number>,
  ) {
    const previous = await this.cachedOne(supplier, region);
    if (!force && previous && now - previous.at < this.config.supplierBalanceRefreshMs) return;
    try {
      const balance = await ask();
      if (!Number.isFinite(balance)) throw new Error('the balance is not a number');
      const entry: SupplierBalance = { supplier, region, balance, at: now };
      await this.redis.hset(this.key, `${supplier}:${region}`, JSON.stringify(entry));
    } catch (error) {
      this.logger.warn(`${supplier} ${region} balance not read: ${(error as Error).message}`);
    }
  }
}
