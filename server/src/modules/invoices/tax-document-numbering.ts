import { Injectable, Logger } from '@nestjs/common';
import { JobName, JobStatus, QueueName } from '../../jobs/job.enum.js';
import { OnJob } from '../../jobs/on-job.decorator.js';
import { TaxDocumentsRepository } from './tax-documents.repository.js';

/** Documents numbered per statement: a burst of payments is numbered a few statements at a time. */
const BATCH = 500;

/**
 * Gives committed tax documents their numbers, the oldest issued of those waiting first: right after a
 * paid or refunded order commits (`numberSoon`), on the maintenance sweep for any a stopped
 * process left, and before a document without one is shown (`numberNow`). Each run takes every
 * waiting document, so a burst of commits costs a few runs, not one lock per payer.
 */
@Injectable()
export class TaxDocumentNumbering {
  private readonly logger = new Logger('Invoices');
  private running?: Promise<void>;
  private again = false;

  constructor(private readonly documents: TaxDocumentsRepository) {}

  /** Numbers what waits, soon, without holding up the caller; runs coalesce. */
  numberSoon() {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: Error) => this.logger.warn(`tax documents not numbered yet: ${error.message}`))
      .finally(() => (this.running = undefined));
  }

  /** Numbers every document that waits, now. */
  async numberNow() {
    await this.running;
    await this.drain();
  }

  @OnJob({ name: JobName.TaxDocumentNumberPending, queue: QueueName.Maintenance })
  async handleSweep(): Promise<JobStatus> {
    await this.numberNow();
    return JobStatus.Success;
  }

  private async drain() {
    do {
      this.again = false;
      while ((await this.documents.numberPending(BATCH)) === BATCH);
    } while (this.again);
  }
}
