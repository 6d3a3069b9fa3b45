import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from './clock.js';
import { databaseNow } from './clock-skew.js';

/**
 * The database's time, the store's one clock (RELIABILITY rule 14), for decisions a process's
 * own clock must not make: a worker whose clock is off cannot expire a payment still running.
 * Tests move it with the store's `Clock`.
 */
@Injectable()
export class DatabaseClock {
  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
  ) {}

  async now(): Promise<Date> {
    return this.clock.fromDatabase(await databaseNow(this.db));
  }
}
