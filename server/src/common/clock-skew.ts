import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { Clock } from './clock.js';

/** How long one measurement of the system clock against the database's is trusted. */
const MEASURE_EVERY_MS = 10_000;

/**
 * How far this process's clock is from the database's, the store's one clock (RELIABILITY rule
 * 14). Suppliers refuse requests signed with a time more than 5 minutes off theirs, so a
 * process too far off signs none (`tooFarOff`) instead of having orders refused one by one.
 */
@Injectable()
export class ClockSkew {
  private readonly logger = new Logger('Clock');
  private measured?: { systemSkewMs: number; at: number };

  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** This process's clock minus the database's, in ms. */
  async skewMs(): Promise<number> {
    const sent = Date.now();
    if (!this.measured || sent - this.measured.at > MEASURE_EVERY_MS) {
      const [{ now }] = await this.db.query<Array<{ now: number }>>(
        'SELECT extract(epoch FROM clock_timestamp()) * 1000 AS now',
      );
      const received = Date.now();
      // The database read its clock about halfway through the round trip.
      this.measured = { systemSkewMs: (sent + received) / 2 - Number(now), at: received };
    }
    // The store's clock is the system clock plus any offset a test gave it.
    return this.clock.now().getTime() - Date.now() + this.measured.systemSkewMs;
  }

  /** The skew when it is beyond the limit (`CLOCK_SKEW_LIMIT_MS`), else undefined. */
  async tooFarOff(): Promise<number | undefined> {
    const skew = await this.skewMs();
    if (Math.abs(skew) <= this.config.clockSkewLimitMs) return undefined;
    this.logger.warn(`this process's clock is ${Math.round(skew / 1000)} s off the database's`);
    return skew;
  }
}

/**
 * The database's time (its transaction's start), the clock every deadline is computed from
 * (RELIABILITY rule 14).
 */
export async function databaseNow(db: {
  query<T>(sql: string, parameters?: unknown[]): Promise<T>;
}): Promise<Date> {
  const [{ now }] = await db.query<Array<{ now: Date }>>('SELECT now() AS now');
  return new Date(now);
}
